// The reader of the retained XML tree. pugixml parses (non-recursively) and checks
// well-formedness; this file decodes the bytes, bounds the tree's depth and size, and applies the
// lenient repairs for published files (<world> root, self-closed <xode/>, undeclared Latin-1).
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <pugixml.hpp>

#include "genokit/xode/document.hpp"
#include "xode/document_data.hpp"
#include "xode/reader.hpp"

namespace genokit::xode {
namespace {

std::string lower(std::string_view s) {
  std::string r(s);
  for (auto& c : r) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return r;
}

// Most files are plain ASCII: a word-at-a-time check spares the UTF-8 validation.
bool is_ascii(std::string_view s) {
  std::size_t i = 0;
  std::uint64_t acc = 0;
  // 32 bytes per step in two 16-byte registers (GCC/Clang vector extension: SSE2 on x86-64).
  using V = std::uint64_t __attribute__((vector_size(16)));
  V a0{}, a1{};
  for (; i + 32 <= s.size(); i += 32) {
    V w0, w1;
    std::memcpy(&w0, s.data() + i, 16);
    std::memcpy(&w1, s.data() + i + 16, 16);
    a0 |= w0;
    a1 |= w1;
  }
  a0 |= a1;
  acc = a0[0] | a0[1];
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

// Element count and nesting depth, checked over pugixml's tree in pre-order without recursion
// (the order of pugixml's traverse()): pugixml parses deep input without recursing, but our
// consumers recurse, so depth is bounded here.
struct Limits {
  std::size_t elements = 0;
  bool too_deep = false, too_many = false;
  pugi::xml_node at;
};
Limits check_limits(pugi::xml_node dom, std::size_t max_depth, std::size_t max_elements) {
  Limits r;
  std::size_t depth = 0;  // of n; the document's children are at depth 0
  pugi::xml_node n = dom.first_child();
  while (n) {
    // Elements count from 1 at depth 0.
    if (n.type() == pugi::node_element && (depth + 1 > max_depth || ++r.elements > max_elements)) {
      (depth + 1 > max_depth ? r.too_deep : r.too_many) = true;
      r.at = n;
      return r;
    }
    if (pugi::xml_node c = n.first_child()) {
      n = c;
      ++depth;
      continue;
    }
    while (!n.next_sibling()) {
      n = n.parent();
      if (n == dom) return r;
      --depth;
    }
    n = n.next_sibling();
  }
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

// A self-closed root (<xode .../>) followed by the content and a closing </xode> is a common
// publishing mistake. Told from what pugixml read before it stopped: its first element, when
// named xode..., ends its start tag with "/>", and "</xode" follows. `slash` receives the
// position of the '/'.
bool self_closed_root(const DocumentData& d, std::size_t& slash) {
  pugi::xml_node root = first_element(d.dom);
  if (!root || std::strncmp(root.name(), "xode", 4) != 0) return false;
  const std::size_t gt = start_tag_end(d, root);
  if (gt == kNoOffset || gt < 2 || d.text[gt - 2] != '/' || d.text.find("</xode", gt) == std::string::npos)
    return false;
  slash = gt - 2;
  return true;
}

}  // namespace

bool read_into(Document& doc, std::string_view bytes, Diagnostics& diags, const ReadOptions& opt) {
  doc.file = opt.file;
  DocumentData& data = Access::data(doc);
  std::string& text = data.text;
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
    text = std::string(body);
    return fail("xode.unsupported-encoding", "UTF-16 files are not supported; convert the file to UTF-8", 0);
  }
  doc.declared_encoding = declared_encoding(body);
  std::size_t bad = is_ascii(body) ? std::string_view::npos : find_invalid_utf8(body);
  if (is_latin1_name(doc.declared_encoding)) {
    text = latin1_to_utf8(body);
  } else if (bad != std::string_view::npos) {
    if (!opt.lenient) {
      text = std::string(body);
      return fail("xode.invalid-utf8",
                  "the file is not valid UTF-8 and declares no other encoding (use --lenient to read it as "
                  "ISO-8859-1)",
                  bad);
    }
    text = latin1_to_utf8(body);
    doc.repairs.push_back("read as ISO-8859-1 (the file is not valid UTF-8)");
    diags.warning("xode.undeclared-latin1", "the file is not valid UTF-8; it was read as ISO-8859-1",
                  at(bad));
  } else {
    text = std::string(body);
  }
  if (doc.had_bom)
    diags.note("xode.bom", "the file starts with a UTF-8 byte order mark (it is dropped when writing)",
               doc.locate(0));

  pugi::xml_parse_result r = data.parse();
  // The self-closed root mistake is repaired only when the file does not read as it is (a
  // "</xode" may also sit in a comment; found by the fuzzer). Replacing the '/' by a blank keeps
  // every offset valid.
  std::size_t slash = 0;
  const bool self_closed = !r && self_closed_root(data, slash);
  if (self_closed && opt.lenient) {
    const std::size_t root_lt = node_offset(data, first_element(data.dom));
    text[slash] = ' ';
    diags.warning("xode.self-closed-root",
                  "<xode .../> is self-closed but the content and </xode> follow; read as if it were open",
                  at(root_lt));
    doc.repairs.push_back("un-self-closed <xode .../> followed by content");
    r = data.parse();
  }
  if (!r) {
    std::string hint;
    if (self_closed && !opt.lenient)
      hint = " (<xode .../> is self-closed but followed by the content; --lenient repairs it)";
    return fail("xode.malformed-xml",
                std::string("the file is not well-formed XML: ") + r.description() + hint,
                static_cast<std::size_t>(std::max<std::ptrdiff_t>(0, r.offset)));
  }
  Limits lim = check_limits(data.dom, opt.max_depth, opt.max_elements);
  data.element_count = lim.elements;
  if (lim.too_deep)
    return fail("xode.too-deep",
                "elements are nested more than " + std::to_string(opt.max_depth) + " levels deep",
                node_offset(data, lim.at));
  if (lim.too_many)
    return fail("xode.too-many-elements",
                "the file has more than " + std::to_string(opt.max_elements) + " elements",
                node_offset(data, lim.at));

  pugi::xml_node first, second;  // the first two top-level elements
  for (pugi::xml_node c = data.dom.first_child(); c; c = c.next_sibling()) {
    if (c.type() == pugi::node_declaration) {
      // pugixml turns the '?' of the declaration's first "?>" into '/' in its buffer and then reads
      // the declaration's attributes up to the first "/>" or ">": in a malformed one (a '>' before
      // its "?>") the rewritten byte ends up in later content, which then differs from the source
      // (found by the fuzzer). The source text is untouched, so the check is made on it.
      std::ptrdiff_t name = c.offset_debug();  // of "xml", after "<?"
      std::size_t lt = name >= 2 ? static_cast<std::size_t>(name) - 2 : 0;
      if (c != data.dom.first_child())
        return fail("xode.malformed-xml",
                    "the file is not well-formed XML: an XML declaration may only open the file", lt);
      std::size_t gt = text.find('>', lt + 2);
      if (gt < text.find("?>", lt + 2))
        return fail("xode.malformed-xml",
                    "the file is not well-formed XML: the XML declaration does not end with ?>", gt);
    }
    if (c.type() == pugi::node_doctype &&
        std::string_view(c.value()).find("<!ENTITY") != std::string_view::npos)
      diags.warning("xode.doctype-entities",
                    "the DOCTYPE declares entities; genokit does not expand them (entity references stay "
                    "literal text)",
                    at(0));
    if (c.type() != pugi::node_element) continue;
    if (!first)
      first = c;
    else if (!second)
      second = c;
  }
  if (!first) return fail("xode.no-root", "the file has no root element", data.text.size());

  // More than one top-level element is the self-closed <xode .../> mistake (or junk).
  XmlNode root = Access::node(data, first);
  if (second) {
    if (opt.lenient && root.name() == "xode" && root.children().empty()) {
      diags.warning("xode.self-closed-root",
                    "<xode .../> is self-closed but followed by more elements; they were read as its content",
                    at(root.offset()));
      doc.repairs.push_back("content after a self-closed <xode/> moved into it");
      // Everything after the root up to the last element moves inside; trailing comments stay
      // in the epilog.
      pugi::xml_node last = data.dom.last_child();
      while (last.type() != pugi::node_element) last = last.previous_sibling();
      for (pugi::xml_node n = first.next_sibling(); n;) {
        pugi::xml_node next = n.next_sibling();
        bool is_last = n == last;
        if (n.type() != pugi::node_declaration) first.append_move(n);
        if (is_last) break;
        n = next;
      }
    } else {
      XmlNode other = Access::node(data, second);
      return fail("xode.content-after-root",
                  "junk after the document element: <" + std::string(other.name()) +
                      "> follows the root element <" + std::string(root.name()) + ">" +
                      (root.name() == "xode" && root.children().empty()
                           ? " (is <xode .../> self-closed by mistake? --lenient repairs it)"
                           : ""),
                  other.offset());
    }
  }
  if (root.name() == "world") {
    if (!opt.lenient) {
      diags.error("xode.root-not-xode",
                  "root element must be <xode>, found <world> (--lenient wraps it in <xode>)",
                  at(root.offset()));
      return true;  // the tree is still usable for inspection
    }
    diags.warning("xode.world-root", "root element is <world>; it was wrapped in <xode>", at(root.offset()));
    doc.repairs.push_back("root element <world> wrapped in <xode>");
    pugi::xml_node x = data.dom.insert_child_before(pugi::node_element, first);
    x.set_name("xode");
    x.append_attribute("version").set_value("1.0r22");
    data.offsets[x.internal_object()] = root.offset();
    x.append_move(first);
  } else if (root.name() != "xode") {
    diags.error("xode.root-not-xode", "root element must be <xode>, found <" + std::string(root.name()) + ">",
                at(root.offset()));
  }
  return true;
}

std::optional<Document> read_document(std::string_view bytes, Diagnostics& diags, const ReadOptions& opt) {
  Document doc;
  if (!read_into(doc, bytes, diags, opt)) return std::nullopt;
  return doc;
}

}  // namespace genokit::xode
