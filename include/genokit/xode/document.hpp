// XODE documents as a retained XML tree (+retain): element and attribute order, unknown
// attributes and elements, comments, `ext` subtrees (verbatim source bytes) and whatever follows
// the root element are all kept, so a document read and written back says the same thing.
//
// A Document owns the parsed tree; XmlNode and XmlAttr are light handles into it (two pointers,
// copied by value, valid as long as the Document lives; moving the Document keeps them valid).
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "genokit/core/diagnostics.hpp"
#include "genokit/core/text.hpp"

namespace genokit::xode {

inline constexpr std::string_view kSupportString = "XODE 1.0r22 +retain";
inline constexpr std::size_t kNoOffset = static_cast<std::size_t>(-1);

namespace detail {
struct DocumentData;  // what a Document owns (src/xode/document_data.hpp)
struct NodeRecord;    // a node of the tree, opaque
struct AttrRecord;    // an attribute, opaque
struct Access;        // the library's way in (src/xode/document_data.hpp)
}  // namespace detail

// An attribute of an element; a null handle (false) when absent.
class XmlAttr {
 public:
  XmlAttr() = default;
  explicit operator bool() const { return a_ != nullptr; }
  bool operator==(const XmlAttr& o) const { return a_ == o.a_; }
  std::string_view name() const;
  std::string_view value() const;
  XmlAttr next() const;  // the following attribute of the same element (null after the last)

 private:
  friend struct detail::Access;
  explicit XmlAttr(detail::AttrRecord* a) : a_(a) {}
  detail::AttrRecord* a_ = nullptr;
};

enum class NodeKind { element, text, cdata, comment, pi, doctype };

class XmlNode;

// Forward ranges over the children or attributes of a node (no allocation).
class XmlNodeRange {
 public:
  class iterator {
   public:
    using value_type = XmlNode;
    using difference_type = std::ptrdiff_t;
    iterator() = default;
    XmlNode operator*() const;
    iterator& operator++();
    iterator operator++(int) {
      iterator t = *this;
      ++*this;
      return t;
    }
    bool operator==(const iterator& o) const { return n_ == o.n_; }

   private:
    friend struct detail::Access;
    iterator(detail::DocumentData* d, detail::NodeRecord* n, bool elements_only)
        : d_(d), n_(n), elements_only_(elements_only) {}
    detail::DocumentData* d_ = nullptr;
    detail::NodeRecord* n_ = nullptr;
    bool elements_only_ = false;
  };
  iterator begin() const { return begin_; }
  iterator end() const { return {}; }
  bool empty() const { return begin_ == iterator(); }

 private:
  friend struct detail::Access;
  explicit XmlNodeRange(iterator b) : begin_(b) {}
  iterator begin_;
};

class XmlAttrRange {
 public:
  class iterator {
   public:
    using value_type = XmlAttr;
    using difference_type = std::ptrdiff_t;
    iterator() = default;
    explicit iterator(XmlAttr a) : a_(a) {}
    XmlAttr operator*() const { return a_; }
    iterator& operator++() {
      a_ = a_.next();
      return *this;
    }
    iterator operator++(int) {
      iterator t = *this;
      ++*this;
      return t;
    }
    bool operator==(const iterator& o) const { return a_ == o.a_; }

   private:
    XmlAttr a_;
  };
  iterator begin() const { return iterator(first_); }
  iterator end() const { return iterator(); }
  bool empty() const { return !first_; }

 private:
  friend struct detail::Access;
  explicit XmlAttrRange(XmlAttr first) : first_(first) {}
  XmlAttr first_;
};

// A node of a Document (element, text, CDATA, comment, processing instruction or doctype); a
// null handle (false) stands for "no node".
class XmlNode {
 public:
  XmlNode() = default;
  explicit operator bool() const { return n_ != nullptr; }
  bool operator==(const XmlNode& o) const { return n_ == o.n_; }

  NodeKind kind() const;
  bool is_element() const;
  std::string_view name() const;   // element or processing-instruction name
  std::string_view value() const;  // text, comment, PI or doctype content
  // Byte offset of the '<' in Document::text() (comments: of their text); kNoOffset for nodes
  // built in code.
  std::size_t offset() const;
  // For an <ext> element read from a file and not edited since: its exact source bytes (written
  // back verbatim). Empty otherwise.
  std::string_view raw() const;

  XmlAttrRange attrs() const;
  XmlAttr attr(std::string_view n) const;
  bool has_attr(std::string_view n) const { return static_cast<bool>(attr(n)); }
  std::string_view attr_or(std::string_view n, std::string_view fallback) const;

  XmlNodeRange children() const;  // kept nodes in order (no blank text, no XML declaration)
  XmlNodeRange elements() const;  // element children only
  XmlNode first_element() const;
  XmlNode child(std::string_view element_name) const;  // first element child with that name
  XmlNode parent() const;

  // Editing (documents built or changed in code). Sets (or adds, at the end) an attribute;
  // returns *this for chaining. Numbers are written in the shortest form that reads back exactly.
  XmlNode set(std::string_view n, std::string_view v) const;
  XmlNode set(std::string_view n, const char* v) const { return set(n, std::string_view(v)); }
  XmlNode set(std::string_view n, double v) const;
  // Appends a child element and returns it.
  XmlNode add(std::string_view element_name) const;
  // Appends a comment; returns *this.
  XmlNode add_comment(std::string_view text) const;

 private:
  friend struct detail::Access;
  friend class XmlNodeRange::iterator;
  XmlNode(detail::DocumentData* d, detail::NodeRecord* n) : d_(d), n_(n) {}
  detail::DocumentData* d_ = nullptr;
  detail::NodeRecord* n_ = nullptr;
};

inline XmlNode XmlNodeRange::iterator::operator*() const {
  return XmlNode(d_, n_);
}

class Document {
 public:
  Document();
  ~Document();
  Document(Document&&) noexcept;
  Document& operator=(Document&&) noexcept;

  XmlNode root() const;                 // the document element (null when there is none)
  std::vector<XmlNode> prolog() const;  // comments, PIs, doctype before the root (not the XML declaration)
  std::vector<XmlNode> epilog() const;  // comments and PIs after the root (PyBrain keeps parameters there)
  // The decoded (UTF-8) source the offsets refer to ("" for documents built in code).
  std::string_view text() const;

  std::string file;               // for diagnostics
  std::string declared_encoding;  // as written in the XML declaration, "" if none
  bool had_bom = false;
  std::vector<std::string> repairs;  // what lenient reading changed (also reported as warnings)

  // line:column of a byte offset of `text()` (the line index is built on first use: most reads
  // never need it, so a Document is not read from two threads at once before that).
  Location locate(std::size_t offset) const;
  Location locate(const XmlNode& n) const { return locate(n.offset()); }
  // Byte offset of attribute `name` of `e` in `text()` (the element's offset when the attribute
  // was not read from the text).
  std::size_t attr_offset(const XmlNode& e, std::string_view name) const;

 private:
  friend struct detail::Access;
  std::unique_ptr<detail::DocumentData> d_;
  mutable std::optional<LineIndex> lines_;  // made on first use
  mutable std::size_t indexed_size_ = static_cast<std::size_t>(-1);
};

struct ReadOptions {
  std::string file;      // for diagnostics
  bool lenient = false;  // accept <world> roots, self-closed <xode/>, undeclared Latin-1 (with warnings)
  std::size_t max_depth = 256;
  std::size_t max_elements = 5'000'000;
};

// Parses XML. Returns std::nullopt (with diagnostics) when the bytes are not a usable XML
// document. A document whose root is not <xode> is returned with an error (it can still be
// inspected). Never throws for bad input.
std::optional<Document> read_document(std::string_view bytes, Diagnostics& diags,
                                      const ReadOptions& opt = {});

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

// A new empty document <xode version="1.0r22"> for building scenes in code (add elements with
// root().add(...)).
Document new_document(std::string_view name = {});

// Element counts and other facts about a document (`genokit info`), as JSON text.
std::string info_json(const Document& d);

}  // namespace genokit::xode
