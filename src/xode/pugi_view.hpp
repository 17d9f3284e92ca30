// Read-only steps through pugixml's tree without a library call per step.
//
// pugixml's accessors (first_child(), next_sibling(), name(), attribute values, ...) are out-of-line
// functions of the shared library, so every step is a call through the PLT: walking the PyBrain
// corpus that way costs more than parsing it. pugixml's nodes are plain structs (pugixml.cpp,
// default non-compact build), which the functions below read directly (with memcpy, so no type
// is punned). The layout is checked once, at the first use, against the public API on a probe
// document covering every node kind; if anything differs (another pugixml build), every function
// here goes through the public API instead. Either way the results are the API's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <pugixml.hpp>
#include <string_view>

namespace genokit::xode::pv {

using Node = pugi::xml_node_struct*;
using Attr = pugi::xml_attribute_struct*;

namespace detail {
// pugixml 1.x (pugixml.cpp): the low 4 bits of `header` are the node type.
struct NodeLayout {
  std::uintptr_t header;
  char* name;
  char* value;
  pugi::xml_node_struct* parent;
  pugi::xml_node_struct* first_child;
  pugi::xml_node_struct* prev_sibling_c;
  pugi::xml_node_struct* next_sibling;
  pugi::xml_attribute_struct* first_attribute;
};
struct AttrLayout {
  std::uintptr_t header;
  char* name;
  char* value;
  pugi::xml_attribute_struct* prev_attribute_c;
  pugi::xml_attribute_struct* next_attribute;
};
inline constexpr std::uintptr_t kTypeMask = 15;

// True when the layout above is pugixml's (checked once; see pugi_view.cpp).
bool check_layout();
inline const bool kDirect = check_layout();

template <class T, class S>
inline T field(const S* p, std::size_t offset) {
  T v;
  std::memcpy(&v, reinterpret_cast<const char*>(p) + offset, sizeof v);
  return v;
}
}  // namespace detail

#define GENOKIT_PV_NODE(n, member) \
  detail::field<decltype(detail::NodeLayout::member)>(n, offsetof(detail::NodeLayout, member))
#define GENOKIT_PV_ATTR(a, member) \
  detail::field<decltype(detail::AttrLayout::member)>(a, offsetof(detail::AttrLayout, member))

inline Node first_child(Node n) {
  if (detail::kDirect) return GENOKIT_PV_NODE(n, first_child);
  return pugi::xml_node(n).first_child().internal_object();
}
inline Node next_sibling(Node n) {
  if (detail::kDirect) return GENOKIT_PV_NODE(n, next_sibling);
  return pugi::xml_node(n).next_sibling().internal_object();
}
inline Node parent(Node n) {
  if (detail::kDirect) return GENOKIT_PV_NODE(n, parent);
  return pugi::xml_node(n).parent().internal_object();
}
inline pugi::xml_node_type type(Node n) {
  if (detail::kDirect)
    return static_cast<pugi::xml_node_type>(GENOKIT_PV_NODE(n, header) & detail::kTypeMask);
  return pugi::xml_node(n).type();
}
inline bool is_element(Node n) {
  return type(n) == pugi::node_element;
}
inline const char* name(Node n) {
  if (detail::kDirect) {
    const char* s = GENOKIT_PV_NODE(n, name);
    return s ? s : "";
  }
  return pugi::xml_node(n).name();
}
inline const char* value(Node n) {
  if (detail::kDirect) {
    const char* s = GENOKIT_PV_NODE(n, value);
    return s ? s : "";
  }
  return pugi::xml_node(n).value();
}
inline Attr first_attribute(Node n) {
  if (detail::kDirect) return GENOKIT_PV_NODE(n, first_attribute);
  return pugi::xml_node(n).first_attribute().internal_object();
}
inline Attr next_attribute(Attr a) {
  if (detail::kDirect) return GENOKIT_PV_ATTR(a, next_attribute);
  return pugi::xml_attribute(a).next_attribute().internal_object();
}
namespace detail {
const char* attr_name_api(Attr a);  // the API fallbacks, out of line
const char* attr_value_api(Attr a);
}  // namespace detail
inline const char* name(Attr a) {
  if (detail::kDirect) {
    const char* s = GENOKIT_PV_ATTR(a, name);
    return s ? s : "";
  }
  return detail::attr_name_api(a);
}
inline const char* value(Attr a) {
  if (detail::kDirect) {
    const char* s = GENOKIT_PV_ATTR(a, value);
    return s ? s : "";
  }
  return detail::attr_value_api(a);
}

#undef GENOKIT_PV_NODE
#undef GENOKIT_PV_ATTR

// The first element child / the next element sibling (nullptr when there is none). The direct
// reads inline (the walks of the builders run through here); the API fallback out of line.
namespace detail {
Node first_element_api(Node n);
Node next_element_api(Node c);
inline Node skip_to_element(Node c) {
  while (c && (field<std::uintptr_t>(c, offsetof(NodeLayout, header)) & kTypeMask) != pugi::node_element)
    c = field<Node>(c, offsetof(NodeLayout, next_sibling));
  return c;
}
}  // namespace detail
inline Node first_element(Node n) {
  if (detail::kDirect)
    return detail::skip_to_element(detail::field<Node>(n, offsetof(detail::NodeLayout, first_child)));
  return detail::first_element_api(n);
}
inline Node next_element(Node c) {
  if (detail::kDirect)
    return detail::skip_to_element(detail::field<Node>(c, offsetof(detail::NodeLayout, next_sibling)));
  return detail::next_element_api(c);
}

// `s` (one of pugixml's NUL-terminated names or values) equals `n`: compared in place, without
// measuring `s` (its NUL stops the loop before anything past it is read).
inline bool equals(const char* s, std::string_view n) {
  for (std::size_t i = 0; i < n.size(); ++i)
    if (s[i] != n[i] || s[i] == '\0') return false;
  return s[n.size()] == '\0';
}

// The first attribute of `e` called `n` / its value (nullptr when there is none).
inline Attr find_attribute(Node e, std::string_view n) {
  for (Attr a = first_attribute(e); a; a = next_attribute(a))
    if (equals(name(a), n)) return a;
  return nullptr;
}
inline const char* attribute_value(Node e, std::string_view n) {
  Attr a = find_attribute(e, n);
  return a ? value(a) : nullptr;
}

}  // namespace genokit::xode::pv
