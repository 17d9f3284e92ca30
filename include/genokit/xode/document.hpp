// XODE documents as a retained XML tree (+retain): element and attribute order, unknown
// attributes and elements, comments, `ext` subtrees (verbatim source bytes) and whatever follows
// the root element are all kept, so a document read and written back says the same thing.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "genokit/core/diagnostics.hpp"
#include "genokit/core/text.hpp"

namespace genokit::xode {

inline constexpr std::string_view kSupportString = "XODE 1.0r22 +retain";
inline constexpr std::size_t kNoOffset = static_cast<std::size_t>(-1);

struct XmlAttr {
  std::string name;
  std::string value;
  std::size_t offset = kNoOffset;  // set by code that knows it; see Document::attr_offset
};

enum class NodeKind { element, text, cdata, comment, pi, doctype };

struct XmlNode {
  NodeKind kind = NodeKind::element;
  std::string name;   // element or processing-instruction name
  std::string value;  // text, comment, PI or doctype content
  std::vector<XmlAttr> attrs;
  std::vector<XmlNode> children;
  std::size_t offset = kNoOffset;  // byte offset of the '<' in Document::text (kNoOffset = built in code)
  // For <ext> elements read from a file: the element's exact source bytes, written back verbatim.
  // Cleared by editing helpers; empty for elements built in code.
  std::string raw;

  bool is_element() const { return kind == NodeKind::element; }
  const XmlAttr* attr(std::string_view n) const;
  bool has_attr(std::string_view n) const { return attr(n) != nullptr; }
  std::string_view attr_or(std::string_view n, std::string_view fallback) const;
  // Sets (or adds, at the end) an attribute; returns *this for chaining.
  XmlNode& set(std::string_view n, std::string_view v);
  XmlNode& set(std::string_view n, double v);
  // Appends a child element and returns it (references stay valid until the next append).
  XmlNode& add(std::string_view element_name);
  XmlNode& add_comment(std::string_view text);
  // Element children only, in order.
  std::vector<const XmlNode*> elements() const;
};

XmlNode make_element(std::string_view name);

struct Document {
  std::vector<XmlNode> prolog;  // comments, PIs, doctype before the root (the XML declaration is not kept)
  XmlNode root;
  std::vector<XmlNode> epilog;    // comments and PIs after the root (PyBrain keeps parameters there)
  std::string declared_encoding;  // as written in the XML declaration, "" if none
  bool had_bom = false;
  std::vector<std::string> repairs;  // what lenient reading changed (also reported as warnings)
  // The decoded (UTF-8) source the offsets refer to.
  std::string text;
  std::string file;

  // line:column of a byte offset of `text` (the line index is built on first use: most reads
  // never need it).
  Location locate(std::size_t offset) const;
  Location locate(const XmlNode& n) const { return locate(n.offset); }
  // Byte offset of attribute `name` of `e` in `text` (found by scanning the start tag; the
  // element's offset when it cannot be found).
  std::size_t attr_offset(const XmlNode& e, std::string_view name) const;

 private:
  mutable LineIndex lines_;
  mutable std::size_t indexed_size_ = static_cast<std::size_t>(-1);
};

struct ReadOptions {
  std::string file;      // for diagnostics
  bool lenient = false;  // accept <world> roots, self-closed <xode/>, undeclared Latin-1 (with warnings)
  std::size_t max_depth = 256;
  std::size_t max_elements = 5'000'000;
};

// Parses XML into `doc`. Returns false (with diagnostics) when the bytes are not a usable XML
// document. Never throws for bad input.
bool read_document(std::string_view bytes, const ReadOptions& opt, Document& doc, Diagnostics& diags);

struct WriteOptions {
  int indent = 2;
  bool declaration = true;
};
// Canonical XODE text: UTF-8 declaration, one element per line, `indent` spaces per level,
// attributes in their stored order, comments kept, <ext> written verbatim when read from a file.
std::string write_document(const Document& doc, const WriteOptions& opt = {});
std::string write_node(const XmlNode& n, const WriteOptions& opt = {});

// Structural equality (kinds, names, attributes in order, values, children); offsets and raw text
// are ignored. On difference `why` (if given) receives a short description.
bool equal_nodes(const XmlNode& a, const XmlNode& b, std::string* why = nullptr);
bool equal_documents(const Document& a, const Document& b, std::string* why = nullptr);

// A new empty document <xode version="1.0r22"> for building scenes in code.
Document new_document(std::string_view name = {});

}  // namespace genokit::xode
