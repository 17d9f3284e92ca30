// A text form of a tree as the PyODE-mode builder reads it (elements with their attributes in
// order, element children, and the comments after the root), read through pugi_view.hpp: equal
// texts mean equal trees for the builder. For tests and fuzzers comparing a FastTree with
// pugixml's tree.
#pragma once

#include <string>

#include "xode/pugi_view.hpp"

namespace genokit::xode {

inline void dump_elements(pv::Node e, std::string& out) {
  out += '<';
  out += pv::name(e);
  for (pv::Attr a = pv::first_attribute(e); a; a = pv::next_attribute(a)) {
    out += ' ';
    out += pv::name(a);
    out += "=[";
    out += pv::value(a);
    out += ']';
  }
  out += '>';
  for (pv::Node c = pv::first_element(e); c; c = pv::next_element(c)) dump_elements(c, out);
  out += "</>";
}

// The root element's tree, then the comments that follow the root.
inline std::string dump_tree(pv::Node root) {
  std::string out;
  dump_elements(root, out);
  for (pv::Node c = pv::next_sibling(root); c; c = pv::next_sibling(c))
    if (pv::type(c) == pugi::node_comment) out += std::string("<!--") + pv::value(c) + "-->";
  return out;
}

}  // namespace genokit::xode
