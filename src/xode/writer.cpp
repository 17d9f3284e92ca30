// Canonical XODE writer and structural comparison of documents.
#include "genokit/core/text.hpp"
#include "genokit/xode/document.hpp"

namespace genokit::xode {

namespace {

// Comment text is kept as read (pugixml accepts "--" inside comments, so retained documents may
// have it). Only "-->", which can come from code, would end the comment early; it is broken up.
std::string safe_comment(std::string_view s) {
  std::string r;
  r.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    r += s[i];
    if (s[i] == '-' && s.substr(i, 3) == "-->") r += ' ';  // "-->" becomes "- ->"
  }
  return r;
}

void write(std::string& out, const XmlNode& n, int level, const WriteOptions& opt, bool pretty) {
  std::string pad = pretty ? std::string(static_cast<std::size_t>(level * opt.indent), ' ') : std::string();
  const char* nl = pretty ? "\n" : "";
  switch (n.kind()) {
    case NodeKind::comment:
      out += pad + "<!--" + safe_comment(n.value()) + "-->" + nl;
      return;
    case NodeKind::pi:
      out += pad + "<?";
      out += n.name();
      if (!n.value().empty()) out += ' ';
      out += n.value();
      out += std::string("?>") + nl;
      return;
    case NodeKind::doctype:
      out += pad + "<!DOCTYPE ";
      out += n.value();
      out += std::string(">") + nl;
      return;
    case NodeKind::cdata:
      out += pad + "<![CDATA[";
      out += n.value();
      out += std::string("]]>") + nl;
      return;
    case NodeKind::text:
      out += pad;
      append_xml_escaped(out, n.value(), false);
      out += nl;
      return;
    case NodeKind::element:
      break;
  }
  if (std::string_view raw = n.raw(); !raw.empty()) {  // retained extension data: byte for byte
    out += pad;
    out += raw;
    out += nl;
    return;
  }
  out += pad + "<";
  out += n.name();
  for (XmlAttr a : n.attrs()) {
    out += ' ';
    out += a.name();
    out += "=\"";
    append_xml_escaped(out, a.value(), true);
    out += '"';
  }
  if (n.children().empty()) {
    out += std::string("/>") + nl;
    return;
  }
  // Mixed content (text among elements) is written inline so no whitespace is added to it.
  bool mixed = false;
  for (XmlNode c : n.children())
    if (c.kind() == NodeKind::text || c.kind() == NodeKind::cdata) mixed = true;
  out += ">";
  if (mixed || !pretty) {
    for (XmlNode c : n.children()) write(out, c, 0, opt, false);
  } else {
    out += "\n";
    for (XmlNode c : n.children()) write(out, c, level + 1, opt, true);
    out += pad;
  }
  out += "</";
  out += n.name();
  out += std::string(">") + nl;
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
  for (XmlNode n : doc.prolog()) write(out, n, 0, opt, true);
  if (XmlNode r = doc.root()) write(out, r, 0, opt, true);
  for (XmlNode n : doc.epilog()) write(out, n, 0, opt, true);
  return out;
}

bool equal_nodes(const XmlNode& a, const XmlNode& b, std::string* why) {
  auto differ = [&](const std::string& what) {
    if (why) *why = what;
    return false;
  };
  std::string an(a.name());
  if (a.kind() != b.kind()) return differ("node kinds differ at <" + an + ">");
  if (a.name() != b.name()) return differ("<" + an + "> vs <" + std::string(b.name()) + ">");
  if (a.value() != b.value()) return differ("text differs in <" + an + ">");
  auto ia = a.attrs().begin(), ib = b.attrs().begin();
  for (; ia != a.attrs().end() && ib != b.attrs().end(); ++ia, ++ib)
    if ((*ia).name() != (*ib).name() || (*ia).value() != (*ib).value())
      return differ("attribute " + std::string((*ia).name()) + " differs in <" + an + ">");
  if ((ia == a.attrs().end()) != (ib == b.attrs().end()))
    return differ("attribute count differs in <" + an + ">");
  auto ca = a.children().begin(), cb = b.children().begin();
  for (; ca != a.children().end() && cb != b.children().end(); ++ca, ++cb)
    if (!equal_nodes(*ca, *cb, why)) return false;
  if ((ca == a.children().end()) != (cb == b.children().end()))
    return differ("child count differs in <" + an + ">");
  return true;
}

bool equal_documents(const Document& a, const Document& b, std::string* why) {
  std::vector<XmlNode> pa = a.prolog(), pb = b.prolog(), ea = a.epilog(), eb = b.epilog();
  if (pa.size() != pb.size() || ea.size() != eb.size()) {
    if (why) *why = "prolog/epilog differ";
    return false;
  }
  for (std::size_t i = 0; i < pa.size(); ++i)
    if (!equal_nodes(pa[i], pb[i], why)) return false;
  for (std::size_t i = 0; i < ea.size(); ++i)
    if (!equal_nodes(ea[i], eb[i], why)) return false;
  if (!a.root() || !b.root()) {
    if (static_cast<bool>(a.root()) == static_cast<bool>(b.root())) return true;
    if (why) *why = "only one document has a root element";
    return false;
  }
  return equal_nodes(a.root(), b.root(), why);
}

}  // namespace genokit::xode
