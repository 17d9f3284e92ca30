// Canonical XODE writer and the small tree-editing helpers used to build documents in code.
#include "genokit/core/numbers.hpp"
#include "genokit/xode/document.hpp"

namespace genokit::xode {

const XmlAttr* XmlNode::attr(std::string_view n) const {
  for (const auto& a : attrs)
    if (a.name == n) return &a;
  return nullptr;
}

std::string_view XmlNode::attr_or(std::string_view n, std::string_view fallback) const {
  const XmlAttr* a = attr(n);
  return a ? std::string_view(a->value) : fallback;
}

XmlNode& XmlNode::set(std::string_view n, std::string_view v) {
  raw.clear();
  for (auto& a : attrs)
    if (a.name == n) {
      a.value = std::string(v);
      return *this;
    }
  attrs.push_back(XmlAttr{std::string(n), std::string(v), kNoOffset});
  return *this;
}

XmlNode& XmlNode::set(std::string_view n, double v) {
  return set(n, format_double(v));
}

XmlNode& XmlNode::add(std::string_view element_name) {
  raw.clear();
  children.push_back(make_element(element_name));
  return children.back();
}

XmlNode& XmlNode::add_comment(std::string_view text) {
  raw.clear();
  XmlNode c;
  c.kind = NodeKind::comment;
  c.value = std::string(text);
  children.push_back(std::move(c));
  return *this;
}

std::vector<const XmlNode*> XmlNode::elements() const {
  std::vector<const XmlNode*> out;
  for (const auto& c : children)
    if (c.is_element()) out.push_back(&c);
  return out;
}

XmlNode make_element(std::string_view name) {
  XmlNode n;
  n.kind = NodeKind::element;
  n.name = std::string(name);
  return n;
}

Document new_document(std::string_view name) {
  Document d;
  d.root = make_element("xode");
  d.root.set("version", "1.0r22");
  if (!name.empty()) d.root.set("name", name);
  return d;
}

namespace {

void escape(std::string& out, std::string_view s, bool attribute) {
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        if (attribute)
          out += "&quot;";
        else
          out += c;
        break;
      case '\n':
        if (attribute)
          out += "&#10;";
        else
          out += c;
        break;
      case '\r':
        out += "&#13;";
        break;
      case '\t':
        if (attribute)
          out += "&#9;";
        else
          out += c;
        break;
      default:
        out += c;
    }
  }
}

// Comment text is kept as read (pugixml accepts "--" inside comments, so retained documents may
// have it). Only "-->", which can come from code, would end the comment early; it is broken up.
std::string safe_comment(std::string_view s) {
  std::string r(s);
  for (std::size_t p = r.find("-->"); p != std::string::npos; p = r.find("-->", p + 2)) r.insert(p + 1, " ");
  return r;
}

void write(std::string& out, const XmlNode& n, int level, const WriteOptions& opt, bool pretty) {
  std::string pad = pretty ? std::string(static_cast<std::size_t>(level * opt.indent), ' ') : std::string();
  const char* nl = pretty ? "\n" : "";
  switch (n.kind) {
    case NodeKind::comment:
      out += pad + "<!--" + safe_comment(n.value) + "-->" + nl;
      return;
    case NodeKind::pi:
      out += pad + "<?" + n.name + (n.value.empty() ? "" : " ") + n.value + "?>" + nl;
      return;
    case NodeKind::doctype:
      out += pad + "<!DOCTYPE " + n.value + ">" + nl;
      return;
    case NodeKind::cdata:
      out += pad + "<![CDATA[" + n.value + "]]>" + nl;
      return;
    case NodeKind::text:
      out += pad;
      escape(out, n.value, false);
      out += nl;
      return;
    case NodeKind::element:
      break;
  }
  if (!n.raw.empty()) {  // retained extension data: byte for byte
    out += pad + n.raw + nl;
    return;
  }
  out += pad + "<" + n.name;
  for (const auto& a : n.attrs) {
    out += ' ';
    out += a.name;
    out += "=\"";
    escape(out, a.value, true);
    out += '"';
  }
  if (n.children.empty()) {
    out += std::string("/>") + nl;
    return;
  }
  // Mixed content (text among elements) is written inline so no whitespace is added to it.
  bool mixed = false;
  for (const auto& c : n.children)
    if (c.kind == NodeKind::text || c.kind == NodeKind::cdata) mixed = true;
  out += ">";
  if (mixed || !pretty) {
    for (const auto& c : n.children) write(out, c, 0, opt, false);
  } else {
    out += "\n";
    for (const auto& c : n.children) write(out, c, level + 1, opt, true);
    out += pad;
  }
  out += "</" + n.name + ">" + nl;
}

}  // namespace

std::string write_node(const XmlNode& n, const WriteOptions& opt) {
  std::string out;
  write(out, n, 0, opt, true);
  return out;
}

std::string write_document(const Document& doc, const WriteOptions& opt) {
  std::string out;
  if (opt.declaration) out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  for (const auto& n : doc.prolog) write(out, n, 0, opt, true);
  write(out, doc.root, 0, opt, true);
  for (const auto& n : doc.epilog) write(out, n, 0, opt, true);
  return out;
}

bool equal_nodes(const XmlNode& a, const XmlNode& b, std::string* why) {
  auto differ = [&](const std::string& what) {
    if (why) *why = what;
    return false;
  };
  if (a.kind != b.kind) return differ("node kinds differ at <" + a.name + ">");
  if (a.name != b.name) return differ("<" + a.name + "> vs <" + b.name + ">");
  if (a.value != b.value) return differ("text differs in <" + a.name + ">");
  if (a.attrs.size() != b.attrs.size()) return differ("attribute count differs in <" + a.name + ">");
  for (std::size_t i = 0; i < a.attrs.size(); ++i)
    if (a.attrs[i].name != b.attrs[i].name || a.attrs[i].value != b.attrs[i].value)
      return differ("attribute " + a.attrs[i].name + " differs in <" + a.name + ">");
  if (a.children.size() != b.children.size()) return differ("child count differs in <" + a.name + ">");
  for (std::size_t i = 0; i < a.children.size(); ++i)
    if (!equal_nodes(a.children[i], b.children[i], why)) return false;
  return true;
}

bool equal_documents(const Document& a, const Document& b, std::string* why) {
  if (a.prolog.size() != b.prolog.size() || a.epilog.size() != b.epilog.size()) {
    if (why) *why = "prolog/epilog differ";
    return false;
  }
  for (std::size_t i = 0; i < a.prolog.size(); ++i)
    if (!equal_nodes(a.prolog[i], b.prolog[i], why)) return false;
  for (std::size_t i = 0; i < a.epilog.size(); ++i)
    if (!equal_nodes(a.epilog[i], b.epilog[i], why)) return false;
  return equal_nodes(a.root, b.root, why);
}

}  // namespace genokit::xode
