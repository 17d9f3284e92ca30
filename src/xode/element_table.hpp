// The elements the validator walked, as a flat table the standard builder reads instead of
// pugixml's tree: each element's id, children and attributes are looked up once (by the
// validator, which visits them all anyway), and number attributes are converted once. The
// builder's Node handles then need no call into pugixml and no string measuring.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "xode/build_common.hpp"

namespace genokit::xode {

inline constexpr std::uint32_t kNoElement = 0xFFFFFFFFu;

struct TableAttr {
  const char* name;
  const char* value;
  std::uint32_t key;  // detail::prefix_of(name)
  // The value as a number: 0 not converted yet, 1 converted into `number`, 2 not a number.
  mutable std::uint8_t state = 0;
  mutable double number = 0;

  // The value as number_value reads it (converted on first use), std::nullopt when not a number.
  std::optional<double> as_number() const {
    if (state == 0) state = number_value(value, number) ? 1 : 2;
    return state == 1 ? std::optional<double>(number) : std::nullopt;
  }
};

struct TableElement {
  pugi::xml_node node;
  El id;
  std::uint32_t first_child = kNoElement, next = kNoElement;  // element children, in order
  std::uint32_t attr_begin = 0, attr_end = 0;                 // in ElementTable::attrs
};

struct ElementTable {
  DocumentData* data = nullptr;
  std::vector<TableElement> elements;  // in document order; [0] is the root
  std::vector<TableAttr> attrs;
};

// Validates (validate_document) and fills `table` with the elements walked: every element the
// schema knows, down to unknown elements and <ext> (recorded without children).
void validate_document(const Document& doc, Diagnostics& diags, ElementTable& table);

// An element of a table (null: i == kNoElement).
class Node {
 public:
  Node() = default;
  Node(const ElementTable* t, std::uint32_t i) : t_(t), i_(i) {}
  explicit operator bool() const { return i_ != kNoElement; }
  bool operator==(const Node& o) const { return i_ == o.i_; }
  El id() const { return el().id; }
  XmlNode xml() const { return Access::node(t_->data, el().node); }
  std::string_view name() const { return el().node.name(); }
  std::size_t offset() const { return xml().offset(); }

  class iterator {
   public:
    iterator(const ElementTable* t, std::uint32_t i) : t_(t), i_(i) {}
    Node operator*() const { return {t_, i_}; }
    iterator& operator++() {
      i_ = t_->elements[i_].next;
      return *this;
    }
    bool operator!=(const iterator& o) const { return i_ != o.i_; }

   private:
    const ElementTable* t_;
    std::uint32_t i_;
  };
  struct Range {
    iterator b, e;
    iterator begin() const { return b; }
    iterator end() const { return e; }
  };
  Range elements() const { return {{t_, el().first_child}, {t_, kNoElement}}; }
  // The first child element with that id.
  Node child(El id) const {
    for (Node c : elements())
      if (c.id() == id) return c;
    return {};
  }

  const TableAttr* attrs_begin() const { return t_->attrs.data() + el().attr_begin; }
  const TableAttr* attrs_end() const { return t_->attrs.data() + el().attr_end; }
  // The first attribute called `n` (nullptr when there is none).
  const TableAttr* find(std::string_view n) const {
    const std::uint32_t key = detail::prefix_of(n);
    for (const TableAttr* a = attrs_begin(); a != attrs_end(); ++a)
      if (a->key == key && (n.size() < 4 || same_text(a->name + 4, n.substr(4)))) return a;
    return nullptr;
  }
  bool has_attr(std::string_view n) const { return find(n) != nullptr; }
  std::string_view attr_or(std::string_view n, std::string_view fallback) const {
    const TableAttr* a = find(n);
    return a ? std::string_view(a->value) : fallback;
  }
  // The attribute as a number (blanks around it allowed), `def` when missing or malformed.
  double number(std::string_view n, double def = 0) const {
    const TableAttr* a = find(n);
    return a ? number_of(*a, def) : def;
  }
  static double number_of(const TableAttr& a, double def) { return a.as_number().value_or(def); }

 private:
  const TableElement& el() const { return t_->elements[i_]; }
  const ElementTable* t_ = nullptr;
  std::uint32_t i_ = kNoElement;
};

inline El element_id(const Node& n) {
  return n.id();
}

// numbers_of() for a table element.
template <std::size_t N>
inline std::array<double, N> numbers_of(const Node& e, const char* const (&names)[N], double def = 0) {
  std::array<double, N> out;
  for (std::size_t i = 0; i < N; ++i) out[i] = e.number(names[i], def);
  return out;
}
inline double attr_number(const Node& e, std::string_view n, double def = 0) {
  return e.number(n, def);
}
inline void axis_params(const Node& axis, std::vector<AxisParam>& out) {
  axis_params_of(
      [&](auto&& f) {
        for (const TableAttr* a = axis.attrs_begin(); a != axis.attrs_end(); ++a)
          f(a->name, [a] { return a->as_number(); });
      },
      out);
}

}  // namespace genokit::xode
