// What a Document owns behind its handles: pugixml's DOM, the decoded source text the offsets
// refer to, and the few facts the DOM cannot hold (offsets of elements made by lenient repairs,
// <ext> elements edited in code). Everything here uses pugixml's public API only.
#pragma once

#include <cstring>
#include <memory>
#include <pugixml.hpp>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "genokit/xode/document.hpp"

namespace genokit::xode {

// pugixml's parse options for XODE: comments, PIs, the doctype, CDATA and the XML declaration
// are kept; whitespace-only text between elements is not. (The reader rejects malformed
// declarations, which pugixml reads past their end.)
inline constexpr unsigned kParseFlags = pugi::parse_full & ~pugi::parse_ws_pcdata;

namespace detail {

struct DocumentData {
  // pugixml parses in place: names and values point into this copy of `text` (with a NUL after
  // it), which is how an attribute's position in the text is known. Declared before `dom`, which
  // refers to it and is destroyed first.
  std::unique_ptr<char[]> parse_buffer;
  std::size_t parse_size = 0;
  pugi::xml_document dom;
  std::string text;
  // Elements made by the reader's repairs (the <xode> wrapped around a <world> root) take the
  // offset of what they replace.
  std::unordered_map<const pugi::xml_node_struct*, std::size_t> offsets;
  // <ext> elements changed in code no longer have source bytes to write back.
  std::unordered_set<const pugi::xml_node_struct*> edited;
  // Elements in the document as read (a size hint for the scene builders; 0 when built in code).
  std::size_t element_count = 0;

  // Parses `text` (a copy of it) in place; the result is pugixml's.
  pugi::xml_parse_result parse();
  // Offset in `text` of a name or value pugixml read from it, kNoOffset for one made in code.
  std::size_t text_offset(const char* p) const {
    const auto a = reinterpret_cast<std::uintptr_t>(p),
               b = reinterpret_cast<std::uintptr_t>(parse_buffer.get());
    return p && a >= b && a - b < parse_size ? static_cast<std::size_t>(a - b) : kNoOffset;
  }
  // Marks `n` and its <ext> ancestors as edited.
  void touch(pugi::xml_node n);
};

// The way from the public handles to pugixml and back.
struct Access {
  static DocumentData& data(const Document& d) { return *d.d_; }
  static DocumentData* data(const XmlNode& n) { return n.d_; }
  static pugi::xml_node pugi(const XmlNode& n) { return pugi::xml_node(raw(n.n_)); }
  static pugi::xml_attribute pugi(const XmlAttr& a) {
    return pugi::xml_attribute(reinterpret_cast<pugi::xml_attribute_struct*>(a.a_));
  }
  static XmlNode node(DocumentData* d, pugi::xml_node n) { return XmlNode(d, record(n.internal_object())); }
  static XmlNode node(DocumentData& d, pugi::xml_node n) { return node(&d, n); }
  static XmlAttr attr(pugi::xml_attribute a) {
    return XmlAttr(reinterpret_cast<AttrRecord*>(a.internal_object()));
  }
  static XmlNodeRange range(DocumentData* d, pugi::xml_node first, bool elements_only) {
    return XmlNodeRange(XmlNodeRange::iterator(d, record(first.internal_object()), elements_only));
  }
  static XmlAttrRange attrs(pugi::xml_attribute first) { return XmlAttrRange(attr(first)); }
  static pugi::xml_node pugi(const XmlNodeRange::iterator& i) { return pugi::xml_node(raw(i.n_)); }
  static void set(XmlNodeRange::iterator& i, pugi::xml_node n) { i.n_ = record(n.internal_object()); }
  static bool elements_only(const XmlNodeRange::iterator& i) { return i.elements_only_; }

 private:
  static pugi::xml_node_struct* raw(NodeRecord* n) { return reinterpret_cast<pugi::xml_node_struct*>(n); }
  static NodeRecord* record(pugi::xml_node_struct* n) { return reinterpret_cast<NodeRecord*>(n); }
};

}  // namespace detail

using detail::Access;
using detail::DocumentData;

// pugixml's NUL-terminated name or value `s` equals `n` (compared in place, without measuring s).
inline bool same_text(const char* s, std::string_view n) {
  for (std::size_t i = 0; i < n.size(); ++i)
    if (s[i] != n[i] || s[i] == '\0') return false;
  return s[n.size()] == '\0';
}

// The first attribute of `e` called `n` (null when there is none).
inline pugi::xml_attribute find_attribute(pugi::xml_node e, std::string_view n) {
  for (pugi::xml_attribute a = e.first_attribute(); a; a = a.next_attribute())
    if (same_text(a.name(), n)) return a;
  return {};
}
// Its value, or nullptr.
inline const char* attribute_value(pugi::xml_node e, std::string_view n) {
  pugi::xml_attribute a = find_attribute(e, n);
  return a ? a.value() : nullptr;
}

// The first element child / the next element sibling (null when there is none).
inline pugi::xml_node first_element(pugi::xml_node n) {
  pugi::xml_node c = n.first_child();
  while (c && c.type() != pugi::node_element) c = c.next_sibling();
  return c;
}
inline pugi::xml_node next_element(pugi::xml_node c) {
  c = c.next_sibling();
  while (c && c.type() != pugi::node_element) c = c.next_sibling();
  return c;
}

// XmlNode::offset() for a pugixml node of the document: the '<' of an element (pugixml gives its
// name), the text of other nodes, the recorded offset of an element made by a repair.
std::size_t node_offset(const DocumentData& d, pugi::xml_node n);

// The end (one past the '>') in `text` of the element `e` read from it, from where pugixml put
// its last node: the element's own subtree only, so repairs and edits elsewhere do not matter.
// kNoOffset when it cannot be told (an element made in code).
std::size_t element_end(const DocumentData& d, pugi::xml_node e);
// One past the '>' that ends the start tag of `e` (after its last attribute pugixml read).
std::size_t start_tag_end(const DocumentData& d, pugi::xml_node e);

}  // namespace genokit::xode
