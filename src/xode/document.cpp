// Node and attribute handles over pugixml's DOM, the Document that owns it, and the editing
// helpers used to build documents in code.
#include <cstring>

#include "genokit/core/numbers.hpp"
#include "genokit/core/text.hpp"
#include "xode/document_data.hpp"

namespace genokit::xode {
namespace {

// Nodes a range yields: every element, and the other kinds unless only elements are asked for.
// The XML declaration is not part of the tree (the writer writes its own); text that is only
// blanks (form feeds or vertical tabs, which pugixml keeps) is layout, not content.
bool kept(pugi::xml_node n, bool elements_only) {
  switch (n.type()) {
    case pugi::node_element:
      return true;
    case pugi::node_pcdata:
      return !elements_only && !trim(n.value()).empty();
    case pugi::node_cdata:
    case pugi::node_comment:
    case pugi::node_pi:
    case pugi::node_doctype:
      return !elements_only;
    default:
      return false;
  }
}

pugi::xml_node skip(pugi::xml_node n, bool elements_only) {
  while (n && !kept(n, elements_only)) n = n.next_sibling();
  return n;
}

}  // namespace

// ---- XmlAttr ---------------------------------------------------------------------------------

std::string_view XmlAttr::name() const {
  return a_ ? std::string_view(Access::pugi(*this).name()) : std::string_view();
}
std::string_view XmlAttr::value() const {
  return a_ ? std::string_view(Access::pugi(*this).value()) : std::string_view();
}
XmlAttr XmlAttr::next() const {
  return a_ ? Access::attr(Access::pugi(*this).next_attribute()) : XmlAttr();
}

// ---- ranges ----------------------------------------------------------------------------------

XmlNodeRange::iterator& XmlNodeRange::iterator::operator++() {
  pugi::xml_node n = Access::pugi(*this);
  Access::set(*this, n ? skip(n.next_sibling(), Access::elements_only(*this)) : pugi::xml_node());
  return *this;
}

// ---- XmlNode ---------------------------------------------------------------------------------

NodeKind XmlNode::kind() const {
  switch (Access::pugi(*this).type()) {
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
  return Access::pugi(*this).type() == pugi::node_element;
}

std::string_view XmlNode::name() const {
  return Access::pugi(*this).name();
}

std::string_view XmlNode::value() const {
  return Access::pugi(*this).value();
}

std::size_t XmlNode::offset() const {
  return n_ ? node_offset(*d_, Access::pugi(*this)) : kNoOffset;
}

std::string_view XmlNode::raw() const {
  if (!n_ || !is_element() || name() != "ext" || d_->edited.count(Access::pugi(*this).internal_object()))
    return {};
  const std::size_t lt = offset();
  const std::string& t = d_->text;
  if (lt == kNoOffset || lt >= t.size() || t[lt] != '<') return {};
  const std::size_t end = element_end(*d_, Access::pugi(*this));
  if (end == kNoOffset || end <= lt || end > t.size()) return {};
  return std::string_view(t).substr(lt, end - lt);
}

XmlAttrRange XmlNode::attrs() const {
  return Access::attrs(Access::pugi(*this).first_attribute());
}

XmlAttr XmlNode::attr(std::string_view n) const {
  return Access::attr(find_attribute(Access::pugi(*this), n));
}

std::string_view XmlNode::attr_or(std::string_view n, std::string_view fallback) const {
  XmlAttr a = attr(n);
  return a ? a.value() : fallback;
}

XmlNodeRange XmlNode::children() const {
  return Access::range(d_, skip(Access::pugi(*this).first_child(), false), false);
}

XmlNodeRange XmlNode::elements() const {
  return Access::range(d_, xode::first_element(Access::pugi(*this)), true);
}

XmlNode XmlNode::first_element() const {
  return Access::node(d_, xode::first_element(Access::pugi(*this)));
}

XmlNode XmlNode::child(std::string_view element_name) const {
  for (pugi::xml_node c = xode::first_element(Access::pugi(*this)); c; c = next_element(c))
    if (same_text(c.name(), element_name)) return Access::node(d_, c);
  return {};
}

XmlNode XmlNode::parent() const {
  pugi::xml_node p = Access::pugi(*this).parent();
  if (!p || p.type() == pugi::node_document) return {};
  return Access::node(d_, p);
}

XmlNode XmlNode::set(std::string_view n, std::string_view v) const {
  pugi::xml_node e = Access::pugi(*this);
  d_->touch(e);
  std::string value(v);
  pugi::xml_attribute a = find_attribute(e, n);
  if (!a) a = e.append_attribute(std::string(n).c_str());
  a.set_value(value.c_str(), value.size());
  return *this;
}

XmlNode XmlNode::set(std::string_view n, double v) const {
  return set(n, std::string_view(format_double(v)));
}

XmlNode XmlNode::add(std::string_view element_name) const {
  pugi::xml_node e = Access::pugi(*this);
  d_->touch(e);
  pugi::xml_node c = e.append_child(pugi::node_element);
  c.set_name(std::string(element_name).c_str());
  return Access::node(d_, c);
}

XmlNode XmlNode::add_comment(std::string_view text) const {
  pugi::xml_node e = Access::pugi(*this);
  d_->touch(e);
  std::string t(text);
  e.append_child(pugi::node_comment).set_value(t.c_str(), t.size());
  return *this;
}

// ---- DocumentData ----------------------------------------------------------------------------

pugi::xml_parse_result DocumentData::parse() {
  // The text and a NUL, as pugixml's own copy would be (load_buffer parses such a copy).
  parse_size = text.size() + 1;
  parse_buffer = std::make_unique_for_overwrite<char[]>(parse_size);
  std::memcpy(parse_buffer.get(), text.data(), text.size());
  parse_buffer[text.size()] = '\0';
  return dom.load_buffer_inplace(parse_buffer.get(), parse_size, kParseFlags, pugi::encoding_utf8);
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

XmlNode Document::root() const {
  pugi::xml_node c = first_element(d_->dom);
  return c ? Access::node(*d_, c) : XmlNode();
}

std::vector<XmlNode> Document::prolog() const {
  std::vector<XmlNode> out;
  for (pugi::xml_node c = d_->dom.first_child(); c; c = c.next_sibling()) {
    if (c.type() == pugi::node_element) break;
    if (kept(c, false)) out.push_back(Access::node(*d_, c));
  }
  return out;
}

std::vector<XmlNode> Document::epilog() const {
  std::vector<XmlNode> out;
  bool after = false;
  for (pugi::xml_node c = d_->dom.first_child(); c; c = c.next_sibling()) {
    if (after && kept(c, false)) out.push_back(Access::node(*d_, c));
    if (c.type() == pugi::node_element) after = true;
  }
  return out;
}

std::string_view Document::text() const {
  return d_->text;
}

std::size_t Document::attr_offset(const XmlNode& e, std::string_view name) const {
  const std::size_t lt = e.offset();
  if (lt == kNoOffset || lt >= d_->text.size()) return lt;
  pugi::xml_attribute a = find_attribute(Access::pugi(e), name);
  const std::size_t at = a ? d_->text_offset(a.name()) : kNoOffset;
  return at == kNoOffset ? lt : at;
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
  DocumentData& data = Access::data(d);
  pugi::xml_node root = data.dom.append_child(pugi::node_element);
  root.set_name("xode");
  XmlNode r = Access::node(data, root);
  r.set("version", "1.0r22");
  if (!name.empty()) r.set("name", name);
  return d;
}

}  // namespace genokit::xode
