// Node and attribute handles over pugixml's DOM, the Document that owns it, and the editing
// helpers used to build documents in code. The read-only steps go through pugi_view.hpp (no call
// into the library per step; the validator and the standard builder walk every node this way).
#include <cstring>

#include "genokit/core/numbers.hpp"
#include "genokit/core/text.hpp"
#include "xode/document_data.hpp"
#include "xode/pugi_view.hpp"
#include "xode/xml_scan.hpp"

namespace genokit::xode {
namespace {

pugi::xml_node px(pugi::xml_node_struct* n) {
  return pugi::xml_node(n);
}

// Nodes a range yields: every element, and the other kinds unless only elements are asked for.
// The XML declaration is not part of the tree (the writer writes its own); text that is only
// blanks (form feeds or vertical tabs, which pugixml keeps) is layout, not content.
bool kept(pugi::xml_node_struct* n, bool elements_only) {
  switch (pv::type(n)) {
    case pugi::node_element:
      return true;
    case pugi::node_pcdata:
      return !elements_only && !trim(pv::value(n)).empty();
    case pugi::node_cdata:
    case pugi::node_comment:
    case pugi::node_pi:
    case pugi::node_doctype:
      return !elements_only;
    default:
      return false;
  }
}

pugi::xml_node_struct* skip(pugi::xml_node_struct* n, bool elements_only) {
  if (elements_only) {
    if (n && !pv::is_element(n)) n = pv::next_element(n);
    return n;
  }
  while (n && !kept(n, false)) n = pv::next_sibling(n);
  return n;
}

}  // namespace

// ---- XmlAttr ---------------------------------------------------------------------------------

std::string_view XmlAttr::name() const {
  return a_ ? std::string_view(pv::name(a_)) : std::string_view();
}
std::string_view XmlAttr::value() const {
  return a_ ? std::string_view(pv::value(a_)) : std::string_view();
}
XmlAttr XmlAttr::next() const {
  return XmlAttr(a_ ? pv::next_attribute(a_) : nullptr);
}

// ---- ranges ----------------------------------------------------------------------------------

XmlNodeRange::iterator& XmlNodeRange::iterator::operator++() {
  n_ = n_ ? skip(pv::next_sibling(n_), elements_only_) : nullptr;
  return *this;
}

// ---- XmlNode ---------------------------------------------------------------------------------

NodeKind XmlNode::kind() const {
  switch (n_ ? pv::type(n_) : pugi::node_null) {
    case pugi::node_pcdata:
      return NodeKind::text;
    case pugi::node_cdata:
      return NodeKind::cdata;
    case pugi::node_comment:
      return NodeKind::comment;
    case pugi::node_pi:
      return NodeKind::pi;
    case pugi::node_doctype:
      return NodeKind::doctype;
    default:
      return NodeKind::element;
  }
}

bool XmlNode::is_element() const {
  return n_ && pv::is_element(n_);
}

std::string_view XmlNode::name() const {
  return n_ ? std::string_view(pv::name(n_)) : std::string_view();
}

std::string_view XmlNode::value() const {
  return n_ ? std::string_view(pv::value(n_)) : std::string_view();
}

std::size_t XmlNode::offset() const {
  if (!n_) return kNoOffset;
  pugi::xml_node x(n_);
  std::ptrdiff_t off = x.offset_debug();
  if (off < 0) {
    auto it = d_->offsets.find(n_);
    return it == d_->offsets.end() ? kNoOffset : it->second;
  }
  // pugixml gives the offset of the element's name; the '<' is just before it.
  return x.type() == pugi::node_element && off > 0 ? static_cast<std::size_t>(off) - 1
                                                   : static_cast<std::size_t>(off);
}

std::string_view XmlNode::raw() const {
  if (!n_ || !is_element() || name() != "ext" || d_->edited.count(n_)) return {};
  std::size_t lt = offset();
  const std::string& t = d_->text;
  if (lt == kNoOffset || lt >= t.size() || t[lt] != '<') return {};
  std::size_t end = scan_element_end(t, lt);
  if (end == kNoOffset) return {};
  return std::string_view(t).substr(lt, end - lt);
}

XmlAttrRange XmlNode::attrs() const {
  return XmlAttrRange(XmlAttr(n_ ? pv::first_attribute(n_) : nullptr));
}

XmlAttr XmlNode::attr(std::string_view n) const {
  if (!n_) return XmlAttr();
  return XmlAttr(pv::find_attribute(n_, n));
}

std::string_view XmlNode::attr_or(std::string_view n, std::string_view fallback) const {
  XmlAttr a = attr(n);
  return a ? a.value() : fallback;
}

XmlAttr XmlNode::attr(const char* n) const {
  return attr(std::string_view(n));
}

std::string_view XmlNode::attr_or(const char* n, std::string_view fallback) const {
  XmlAttr a = attr(n);
  return a ? a.value() : fallback;
}

XmlNodeRange XmlNode::children() const {
  return XmlNodeRange(XmlNodeRange::iterator(d_, n_ ? skip(pv::first_child(n_), false) : nullptr, false));
}

XmlNodeRange XmlNode::elements() const {
  return XmlNodeRange(XmlNodeRange::iterator(d_, n_ ? pv::first_element(n_) : nullptr, true));
}

XmlNode XmlNode::first_element() const {
  return XmlNode(d_, n_ ? pv::first_element(n_) : nullptr);
}

XmlNode XmlNode::child(std::string_view element_name) const {
  if (n_)
    for (pv::Node c = pv::first_element(n_); c; c = pv::next_element(c))
      if (pv::equals(pv::name(c), element_name)) return XmlNode(d_, c);
  return {};
}

XmlNode XmlNode::parent() const {
  pugi::xml_node p = px(n_).parent();
  if (!p || p.type() == pugi::node_document) return {};
  return XmlNode(d_, p.internal_object());
}

XmlNode XmlNode::set(std::string_view n, std::string_view v) const {
  d_->touch(px(n_));
  std::string value(v);
  if (XmlAttr a = attr(n)) {
    pugi::xml_attribute(a.a_).set_value(value.c_str(), value.size());
    return *this;
  }
  pugi::xml_attribute a = px(n_).append_attribute(std::string(n).c_str());
  a.set_value(value.c_str(), value.size());
  return *this;
}

XmlNode XmlNode::set(std::string_view n, double v) const {
  return set(n, std::string_view(format_double(v)));
}

XmlNode XmlNode::add(std::string_view element_name) const {
  d_->touch(px(n_));
  pugi::xml_node c = px(n_).append_child(pugi::node_element);
  c.set_name(std::string(element_name).c_str());
  return XmlNode(d_, c.internal_object());
}

XmlNode XmlNode::add_comment(std::string_view text) const {
  d_->touch(px(n_));
  std::string t(text);
  px(n_).append_child(pugi::node_comment).set_value(t.c_str(), t.size());
  return *this;
}

void DocumentData::touch(pugi::xml_node n) {
  for (; n && n.type() == pugi::node_element; n = n.parent())
    if (std::strcmp(n.name(), "ext") == 0) edited.insert(n.internal_object());
}

// ---- Document --------------------------------------------------------------------------------

Document::Document() : d_(std::make_unique<DocumentData>()) {}
Document::~Document() = default;
Document::Document(Document&&) noexcept = default;
Document& Document::operator=(Document&&) noexcept = default;

void Document::reset() {
  if (d_) {
    d_->dom.reset();
    d_->text.clear();
    d_->offsets.clear();
    d_->edited.clear();
    d_->element_count = 0;
    d_->dom_pending = false;
  } else {
    d_ = std::make_unique<DocumentData>();
  }
  file.clear();
  declared_encoding.clear();
  had_bom = false;
  repairs.clear();
  lines_.reset();
  indexed_size_ = static_cast<std::size_t>(-1);
}

DocumentData& Document::data() const {
  if (d_->dom_pending) {
    // The text was read by the fast path, which accepts only documents pugixml reads as they are
    // (fast_tree.hpp): the same parse as read_document's, without its repairs and checks.
    d_->dom_pending = false;
    d_->dom.load_buffer(d_->text.data(), d_->text.size(), kParseFlags, pugi::encoding_utf8);
  }
  return *d_;
}

XmlNode Document::root() const {
  DocumentData& d = data();
  for (pugi::xml_node c = d.dom.first_child(); c; c = c.next_sibling())
    if (c.type() == pugi::node_element) return d.node(c);
  return {};
}

std::vector<XmlNode> Document::prolog() const {
  std::vector<XmlNode> out;
  for (pugi::xml_node c = data().dom.first_child(); c; c = c.next_sibling()) {
    if (c.type() == pugi::node_element) break;
    if (kept(c.internal_object(), false)) out.push_back(d_->node(c));
  }
  return out;
}

std::vector<XmlNode> Document::epilog() const {
  std::vector<XmlNode> out;
  bool after = false;
  for (pugi::xml_node c = data().dom.first_child(); c; c = c.next_sibling()) {
    if (after && kept(c.internal_object(), false)) out.push_back(d_->node(c));
    if (c.type() == pugi::node_element) after = true;
  }
  return out;
}

std::string_view Document::text() const {
  return d_->text;
}

std::size_t Document::attr_offset(const XmlNode& e, std::string_view name) const {
  std::size_t lt = e.offset();
  const std::string& text = d_->text;
  if (lt == kNoOffset || lt >= text.size()) return lt;
  std::vector<std::size_t> offs = scan_attribute_offsets(text, lt);
  std::size_t i = 0;
  for (XmlAttr a : e.attrs()) {
    if (i >= offs.size()) break;
    if (a.name() == name) return offs[i];
    ++i;
  }
  return lt;
}

Location Document::locate(std::size_t offset) const {
  Location loc;
  std::string_view text = d_->text;
  if (offset != kNoOffset && indexed_size_ != text.size() && offset <= text.size() &&
      text.substr(0, offset).find('\n') == std::string_view::npos) {
    // On the first line (the BOM note, one-line documents): no index needed.
    loc.line = 1;
    loc.column = static_cast<std::uint32_t>(offset + 1);
    loc.offset = static_cast<std::int64_t>(offset);
  } else if (offset != kNoOffset) {
    if (indexed_size_ != d_->text.size()) {
      lines_.emplace(d_->text);
      indexed_size_ = d_->text.size();
    }
    loc = lines_->locate(offset);
  }
  loc.file = file;
  return loc;
}

Document new_document(std::string_view name) {
  Document d;
  pugi::xml_node root = d.data().dom.append_child(pugi::node_element);
  root.set_name("xode");
  XmlNode r = d.data().node(root);
  r.set("version", "1.0r22");
  if (!name.empty()) r.set("name", name);
  return d;
}

}  // namespace genokit::xode
