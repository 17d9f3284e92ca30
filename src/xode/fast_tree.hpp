// The element tree of a plain XODE file, read without pugixml, for the --compat pyode/pybrain
// load (src/xode/fast_load.cpp), which then needs pugixml's DOM only if someone asks for it.
//
// Only a strict subset of XML is read here: ASCII text (which is also UTF-8); an optional <?xml ...?>
// declaration at the very start; comments; elements with quoted attributes; whitespace between them. Anything
// else (text content, CDATA, PIs, a DOCTYPE, entity or character references, CR, tabs or newlines in
// attribute values, a root other than <xode>, a self-closed root, anything malformed, too deep or
// too many elements) makes scan() return false, and the caller reads the file with pugixml as
// before. Everything the scan accepts pugixml reads as well-formed into the same elements and
// attributes (tests/xode/fast_tree_test.cpp and fuzz/fuzz_xode_fast_tree.cpp compare the two).
//
// The nodes have the layout pugi_view.hpp reads (its NodeLayout/AttrLayout), so the PyODE-mode
// builder walks them exactly as it walks pugixml's tree. The tree holds the elements and the
// comments after the root (PyBrain reads its parameters from one); comments inside elements are
// not kept (the builder skips them). Names and values are NUL-terminated in a copy of the text
// at the same offsets, so a node's offset is its name's address minus buffer() minus one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "xode/pugi_view.hpp"

namespace genokit::xode {

class FastTree {
 public:
  // Reads `text` (without a BOM). False when the text is outside the subset; the tree is then
  // unusable.
  bool scan(std::string_view text, std::size_t max_depth, std::size_t max_elements);

  pv::Node root() const { return root_; }  // the <xode> element
  std::uintptr_t buffer() const { return reinterpret_cast<std::uintptr_t>(buf_.data()); }
  std::size_t size() const { return size_; }
  std::size_t element_count() const { return elements_; }
  // Drops large allocations (kept otherwise for the next file).
  void trim();

 private:
  using NodeL = pv::detail::NodeLayout;
  using AttrL = pv::detail::AttrLayout;
  static constexpr std::size_t kBlock = 256;
  // Nodes or attributes in blocks that stay in place (and are reused by the next scan).
  template <class T>
  struct Pool {
    std::vector<std::unique_ptr<T[]>> blocks;
    std::size_t used = 0;  // blocks handed out
    T* next = nullptr;
    std::size_t left = 0;  // in the current block
    T* take() {
      if (left == 0) return next_block();
      --left;
      return next++;
    }
    T* next_block();
    void reset() { used = left = 0; }
    void trim(std::size_t keep);
  };
  std::string buf_;  // the text, with NULs written after names and values
  std::size_t size_ = 0;
  Pool<NodeL> nodes_;
  Pool<AttrL> attrs_;
  std::size_t elements_ = 0;
  NodeL document_{};
  pv::Node root_ = nullptr;
  NodeL* new_node(std::uintptr_t type, char* name, NodeL* parent);
  char* end_ = nullptr;  // of the text in buf_ (its NUL)
  bool run(std::size_t max_depth, std::size_t max_elements);
  char* elements(char* s, std::size_t max_depth, std::size_t max_elements);
};

// The calling thread's FastTree (its blocks are reused from file to file).
FastTree& thread_fast_tree();

}  // namespace genokit::xode
