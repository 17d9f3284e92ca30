// What a Document owns behind its handles: pugixml's DOM, the decoded source text the offsets
// refer to, and the few facts the DOM cannot hold (offsets of elements made by lenient repairs,
// <ext> elements edited in code).
#pragma once

#include <pugixml.hpp>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "genokit/xode/document.hpp"

namespace genokit::xode {

struct DocumentData {
  pugi::xml_document dom;
  std::string text;
  // Elements made by the reader's repairs (the <xode> wrapped around a <world> root) take the
  // offset of what they replace.
  std::unordered_map<const pugi::xml_node_struct*, std::size_t> offsets;
  // <ext> elements changed in code no longer have source bytes to write back.
  std::unordered_set<const pugi::xml_node_struct*> edited;
  // Elements in the document as read (a size hint for the scene builders; 0 when built in code).
  std::size_t element_count = 0;
  // `text` is a well-formed document that pugixml has not parsed yet (xode::load's fast path);
  // Document::data() parses it on first use.
  bool dom_pending = false;

  XmlNode node(const pugi::xml_node& n) { return XmlNode(this, n.internal_object()); }
  static pugi::xml_node pugi_node(const XmlNode& n) { return pugi::xml_node(n.n_); }
  // Marks `n` and its <ext> ancestors as edited.
  void touch(pugi::xml_node n);
};

// pugixml's parse options for XODE: comments, PIs, the doctype, CDATA and the XML declaration
// are kept; whitespace-only text between elements is not. (The reader rejects malformed
// declarations, which pugixml reads past their end.)
inline constexpr unsigned kParseFlags = pugi::parse_full & ~pugi::parse_ws_pcdata;

}  // namespace genokit::xode
