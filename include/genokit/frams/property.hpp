// One property of a Framsticks property table (the SDK's ParamEntry): the one table type behind the
// f0 element tables, the neuron class parameters, the f1 stick properties and the object file
// schemas. Tables are data (arrays of Property, declared once) and drive readers, writers,
// validators and docs. A table owns nothing: its strings are views into static data, or into
// storage its owner keeps (frams::ClassSchema keeps the strings of tables read from files).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace genokit::frams {

// ParamInterface flag bits (SDK param.h).
enum PropFlag : std::uint32_t {
  kFlagReadonly = 1,         // never set from text
  kFlagDontSave = 2,         // never written
  kFlagUserReadonly = 16,    // read-only in user interfaces
  kFlagUserHidden = 32,      // hidden in user interfaces
  kFlagNoStatic = 256,       // not in static (class-level) listings
  kFlagConst = 512,          // constant
  kFlagCanOmitName = 1024,   // an unnamed value may fill this slot without a warning
  kFlagDontLoad = 2048,      // never read from files
  kFlagNoIsolation = 4096,   // (script isolation)
  kFlagDeprecated = 8192,    // kept for old files
  kFlagLineComment = 16384,  // written as a line comment
  kFlagObjectSet = 32768,    // an object set
};

struct Property {
  constexpr Property() = default;
  // The common form of a table row: {"in", 'f', true, 0, 1, 0.8, "inertia"}.
  constexpr Property(std::string_view id_, char type_, bool ranged_ = false, double min_ = 0, double max_ = 0,
                     double def_ = 0, std::string_view name_ = {})
      : id(id_), type(type_), ranged(ranged_), min(min_), max(max_), def(def_), name(name_) {}
  // Copies with one more member set, for table builders.
  constexpr Property with_flags(std::uint32_t f) const {
    Property p = *this;
    p.flags = f;
    return p;
  }
  constexpr Property with_tag(std::uint16_t t) const {
    Property p = *this;
    p.tag = t;
    return p;
  }
  constexpr Property with_default_text(std::string_view t) const {
    Property p = *this;
    p.def_text = t;
    return p;
  }

  std::string_view id;  // as written in files and genotypes ("x", "fr", "in")
  // The SDK type letter: 'd' integer, 'f' number, 's' string, 'x' untyped, 'o' object,
  // 'p' procedure (0: none).
  char type = 0;
  // min/max enforced (values outside are clamped with a warning). For strings, as in the SDK,
  // min is the multi-line hint (0/1) and max the maximum length (0 = any).
  bool ranged = false;
  double min = 0, max = 0;
  double def = 0;              // numeric default
  std::string_view name;       // short human-readable name ("position x", "inertia")
  std::string_view def_text;   // string default (for numbers: the default as written, if any)
  std::uint32_t flags = 0;     // PropFlag bits
  std::string_view help;       // longer description
  std::string_view group;      // group name (tables read from prop: objects)
  std::string_view type_text;  // the SDK type string, when the table came from one ("d 0 3 ~a~b")
  std::uint16_t tag = 0;       // the owner's: f0 model field, f1 stick property, ...

  constexpr bool can_omit_name() const { return flags & kFlagCanOmitName; }
  constexpr bool readonly() const { return flags & kFlagReadonly; }
  constexpr bool is_number() const { return type == 'd' || type == 'f'; }
};

// Index of the first property named `id` (the SDK's findId), or -1.
constexpr int find_property(std::span<const Property> props, std::string_view id) {
  for (std::size_t i = 0; i < props.size(); ++i)
    if (props[i].id == id) return static_cast<int>(i);
  return -1;
}

}  // namespace genokit::frams
