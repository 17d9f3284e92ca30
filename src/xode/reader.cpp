// pugixml-based reader into the retained XML tree. pugixml parses (non-recursively) and checks
// well-formedness; this file decodes the bytes, converts pugixml's nodes into XmlNode (keeping
// byte offsets for line:column diagnostics), copies <ext> source bytes verbatim and applies the
// lenient repairs for published files (<world> root, self-closed <xode/>, undeclared Latin-1).
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <pugixml.hpp>

#include "genokit/xode/document.hpp"
#include "xode/xml_scan.hpp"

namespace genokit::xode {
namespace {

std::string lower(std::string_view s) {
  std::string r(s);
  for (auto& c : r) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return r;
}

// encoding="..." of a leading XML declaration, or "".
std::string declared_encoding(std::string_view text) {
  if (text.substr(0, 5) != "<?xml") return {};
  std::size_t end = text.find("?>");
  if (end == std::string_view::npos) return {};
  std::string_view decl = text.substr(0, end);
  std::size_t p = decl.find("encoding");
  if (p == std::string_view::npos) return {};
  p = decl.find_first_of("\"'", p);
  if (p == std::string_view::npos) return {};
  std::size_t q = decl.find(decl[p], p + 1);
  if (q == std::string_view::npos) return {};
  return std::string(decl.substr(p + 1, q - p - 1));
}

// Most files are plain ASCII: a word-at-a-time check spares the UTF-8 validation.
bool is_ascii(std::string_view s) {
  std::size_t i = 0;
  std::uint64_t acc = 0;
  for (; i + 8 <= s.size(); i += 8) {
    std::uint64_t w;
    std::memcpy(&w, s.data() + i, 8);
    acc |= w;
  }
  for (; i < s.size(); ++i) acc |= static_cast<unsigned char>(s[i]);
  return (acc & 0x8080808080808080ULL) == 0;
}

std::string latin1_to_utf8(std::string_view s) {
  std::string out;
  out.reserve(s.size() + s.size() / 8);
  for (unsigned char c : s) {
    if (c < 0x80) {
      out.push_back(static_cast<char>(c));
    } else {
      out.push_back(static_cast<char>(0xC0 | (c >> 6)));
      out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
    }
  }
  return out;
}

bool is_latin1_name(const std::string& enc) {
  std::string e = lower(enc);
  return e == "iso-8859-1" || e == "latin1" || e == "latin-1" || e == "iso8859-1" || e == "iso_8859-1";
}

struct Converter {
  const std::string& text;
  std::size_t max_depth;
  std::size_t max_elements;
  std::size_t elements = 0;
  bool too_deep = false, too_many = false;
  std::size_t stop_offset = 0;
  std::size_t element_offset(const pugi::xml_node& n) const {
    std::ptrdiff_t off = n.offset_debug();
    if (off < 0) return kNoOffset;
    auto o = static_cast<std::size_t>(off);
    // offset_debug points at the name; step back to the '<'.
    while (o > 0 && text[o] != '<') --o;
    return o;
  }

  // Recursion is bounded by max_depth, so deeply nested input cannot overflow the stack.
  bool convert(const pugi::xml_node& src, XmlNode& dst, std::size_t depth) {
    switch (src.type()) {
      case pugi::node_element: {
        if (depth > max_depth || ++elements > max_elements) {
          (depth > max_depth ? too_deep : too_many) = true;
          stop_offset = element_offset(src);
          return false;
        }
        dst.kind = NodeKind::element;
        dst.name = src.name();
        dst.offset = element_offset(src);
        // Attribute offsets are found on demand (Document::attr_offset): only diagnostics need them.
        std::size_t na = 0;
        for (auto a = src.first_attribute(); a; a = a.next_attribute()) ++na;
        dst.attrs.reserve(na);
        for (auto a = src.first_attribute(); a; a = a.next_attribute())
          dst.attrs.push_back(XmlAttr{a.name(), a.value(), kNoOffset});
        if (dst.name == "ext" && dst.offset != kNoOffset) {
          std::size_t end = scan_element_end(text, dst.offset);
          if (end != kNoOffset) dst.raw = text.substr(dst.offset, end - dst.offset);
        }
        std::size_t nc = 0;
        for (auto c = src.first_child(); c; c = c.next_sibling()) ++nc;
        dst.children.reserve(nc);
        for (auto c = src.first_child(); c; c = c.next_sibling()) {
          dst.children.emplace_back();
          if (!convert(c, dst.children.back(), depth + 1)) dst.children.pop_back();
          if (too_deep || too_many) return false;
        }
        return true;
      }
      case pugi::node_pcdata: {
        std::string v = src.value();
        if (trim(v).empty()) return false;  // layout whitespace is not content
        dst.kind = NodeKind::text;
        dst.value = std::move(v);
        return true;
      }
      case pugi::node_cdata:
        dst.kind = NodeKind::cdata;
        dst.value = src.value();
        return true;
      case pugi::node_comment:
        dst.kind = NodeKind::comment;
        dst.value = src.value();
        dst.offset = src.offset_debug() >= 0 ? static_cast<std::size_t>(src.offset_debug()) : kNoOffset;
        return true;
      case pugi::node_pi:
        dst.kind = NodeKind::pi;
        dst.name = src.name();
        dst.value = src.value();
        return true;
      case pugi::node_doctype:
        dst.kind = NodeKind::doctype;
        dst.value = src.value();
        return true;
      default:
        return false;
    }
  }
};

}  // namespace

bool read_document(std::string_view bytes, const ReadOptions& opt, Document& doc, Diagnostics& diags) {
  doc = Document{};
  doc.file = opt.file;
  auto at = [&](std::size_t off) { return doc.locate(off); };
  auto fail = [&](std::string code, std::string msg, std::size_t off) {
    diags.error(std::move(code), std::move(msg), at(off));
    return false;
  };

  std::string_view body = bytes;
  if (body.substr(0, 3) == "\xEF\xBB\xBF") {
    doc.had_bom = true;
    body.remove_prefix(3);
  }
  if (body.substr(0, 2) == "\xFF\xFE" || body.substr(0, 2) == "\xFE\xFF") {
    doc.text = std::string(body);
    return fail("xode.unsupported-encoding", "UTF-16 files are not supported; convert the file to UTF-8", 0);
  }
  doc.declared_encoding = declared_encoding(body);
  std::size_t bad = is_ascii(body) ? std::string_view::npos : find_invalid_utf8(body);
  if (is_latin1_name(doc.declared_encoding)) {
    doc.text = latin1_to_utf8(body);
  } else if (bad != std::string_view::npos) {
    if (!opt.lenient) {
      doc.text = std::string(body);
      return fail("xode.invalid-utf8",
                  "the file is not valid UTF-8 and declares no other encoding (use --lenient to read it as "
                  "ISO-8859-1)",
                  bad);
    }
    doc.text = latin1_to_utf8(body);
    doc.repairs.push_back("read as ISO-8859-1 (the file is not valid UTF-8)");
    diags.warning("xode.undeclared-latin1", "the file is not valid UTF-8; it was read as ISO-8859-1",
                  at(bad));
  } else {
    doc.text = std::string(body);
  }
  if (doc.had_bom)
    diags.note("xode.bom", "the file starts with a UTF-8 byte order mark (it is dropped when writing)",
               at(0));

  // A self-closed root (<xode .../>) followed by the content and a closing </xode> is a common
  // publishing mistake. Replacing the '/' by a blank keeps every offset valid.
  bool self_closed_root = false;
  std::size_t root_lt = scan_root_start(doc.text);
  if (root_lt != std::string::npos && doc.text.compare(root_lt, 5, "<xode") == 0) {
    bool sc = false;
    std::size_t gt = scan_start_tag_end(doc.text, root_lt, sc);
    if (sc && doc.text.find("</xode", gt) != std::string::npos) {
      self_closed_root = true;
      if (opt.lenient) {
        doc.text[gt - 2] = ' ';
        diags.warning(
            "xode.self-closed-root",
            "<xode .../> is self-closed but the content and </xode> follow; read as if it were open",
            at(root_lt));
        doc.repairs.push_back("un-self-closed <xode .../> followed by content");
      }
    }
  }

  pugi::xml_document px;
  unsigned flags = pugi::parse_full & ~pugi::parse_ws_pcdata;
  pugi::xml_parse_result r = px.load_buffer(doc.text.data(), doc.text.size(), flags, pugi::encoding_utf8);
  if (!r) {
    std::string hint;
    if (self_closed_root && !opt.lenient)
      hint = " (<xode .../> is self-closed but followed by the content; --lenient repairs it)";
    return fail("xode.malformed-xml",
                std::string("the file is not well-formed XML: ") + r.description() + hint,
                static_cast<std::size_t>(std::max<std::ptrdiff_t>(0, r.offset)));
  }
  Converter conv{doc.text, opt.max_depth, opt.max_elements};
  std::vector<XmlNode> tops;
  bool seen_root = false;
  for (const auto& c : px.children()) {
    if (c.type() == pugi::node_declaration) continue;
    XmlNode n;
    bool kept = conv.convert(c, n, 1);
    if (conv.too_deep)
      return fail("xode.too-deep",
                  "elements are nested more than " + std::to_string(opt.max_depth) + " levels deep",
                  conv.stop_offset);
    if (conv.too_many)
      return fail("xode.too-many-elements",
                  "the file has more than " + std::to_string(opt.max_elements) + " elements",
                  conv.stop_offset);
    if (!kept) continue;
    if (n.kind == NodeKind::doctype) {
      if (n.value.find("<!ENTITY") != std::string::npos)
        diags.warning("xode.doctype-entities",
                      "the DOCTYPE declares entities; genokit does not expand them (entity references stay "
                      "literal text)",
                      at(0));
    }
    tops.push_back(std::move(n));
    if (tops.back().is_element()) seen_root = true;
  }
  if (!seen_root) return fail("xode.no-root", "the file has no root element", doc.text.size());

  // Split into prolog / root / epilog; more than one top-level element is the self-closed
  // <xode .../> mistake (or junk).
  std::size_t first = 0;
  while (!tops[first].is_element()) ++first;
  std::size_t second = first + 1;
  while (second < tops.size() && !tops[second].is_element()) ++second;
  if (second < tops.size()) {
    XmlNode& root = tops[first];
    if (opt.lenient && root.name == "xode" && root.children.empty()) {
      diags.warning("xode.self-closed-root",
                    "<xode .../> is self-closed but followed by more elements; they were read as its content",
                    at(root.offset));
      doc.repairs.push_back("content after a self-closed <xode/> moved into it");
      // Everything after the root up to the last element moves inside; trailing comments stay
      // in the epilog.
      std::size_t last = tops.size() - 1;
      while (!tops[last].is_element()) --last;
      for (std::size_t i = first + 1; i <= last; ++i) root.children.push_back(std::move(tops[i]));
      tops.erase(tops.begin() + static_cast<std::ptrdiff_t>(first + 1),
                 tops.begin() + static_cast<std::ptrdiff_t>(last + 1));
    } else {
      return fail("xode.content-after-root",
                  "junk after the document element: <" + tops[second].name + "> follows the root element <" +
                      root.name + ">" +
                      (root.name == "xode" && root.children.empty()
                           ? " (is <xode .../> self-closed by mistake? --lenient repairs it)"
                           : ""),
                  tops[second].offset);
    }
  }
  for (std::size_t i = 0; i < tops.size(); ++i) {
    if (i < first)
      doc.prolog.push_back(std::move(tops[i]));
    else if (i == first)
      doc.root = std::move(tops[i]);
    else
      doc.epilog.push_back(std::move(tops[i]));
  }
  if (doc.root.name == "world") {
    if (!opt.lenient) {
      diags.error("xode.root-not-xode",
                  "root element must be <xode>, found <world> (--lenient wraps it in <xode>)",
                  at(doc.root.offset));
      return true;  // the tree is still usable for inspection
    }
    diags.warning("xode.world-root", "root element is <world>; it was wrapped in <xode>",
                  at(doc.root.offset));
    doc.repairs.push_back("root element <world> wrapped in <xode>");
    XmlNode x = make_element("xode");
    x.set("version", "1.0r22");
    x.offset = doc.root.offset;
    x.children.push_back(std::move(doc.root));
    doc.root = std::move(x);
  } else if (doc.root.name != "xode") {
    diags.error("xode.root-not-xode", "root element must be <xode>, found <" + doc.root.name + ">",
                at(doc.root.offset));
  }
  return true;
}

std::size_t Document::attr_offset(const XmlNode& e, std::string_view name) const {
  if (const XmlAttr* a = e.attr(name); a && a->offset != kNoOffset) return a->offset;
  if (e.offset == kNoOffset || e.offset >= text.size()) return e.offset;
  std::vector<std::size_t> offs = scan_attribute_offsets(text, e.offset);
  for (std::size_t i = 0; i < offs.size() && i < e.attrs.size(); ++i)
    if (e.attrs[i].name == name) return offs[i];
  return e.offset;
}

Location Document::locate(std::size_t offset) const {
  Location loc;
  if (offset != kNoOffset) {
    if (indexed_size_ != text.size()) {
      lines_ = LineIndex(text);
      indexed_size_ = text.size();
    }
    loc = lines_.locate(offset);
  }
  loc.file = file;
  return loc;
}

}  // namespace genokit::xode
