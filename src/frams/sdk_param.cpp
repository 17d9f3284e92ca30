// Param::set from a text (sdk_param.hpp).
#include "frams/sdk_param.hpp"

namespace genokit::frams::sdk {

SetNumber set_number(const Property& p, std::string_view text, bool strict) {
  SetNumber r;
  double v;
  if (p.type == 'd') {
    if (strict) {
      const auto i = parse_int_strict(text);
      r.parsed = i.has_value();
      v = i ? *i : p.def;
    } else {
      const auto i = parse_int(text);
      r.parsed = i.has_value();
      if (i) r.int_overflow = *i;
      v = i ? i->value : 0;  // (SDK r909: "X[Fuzzy,nr:abc]" has nr=0, not its default 1)
    }
  } else {
    const auto d = parse_double(text);
    r.parsed = d.has_value();
    v = d ? *d : p.def;
  }
  r.given = v;
  if (r.parsed && p.ranged) {  // NaN passes (no comparison holds)
    if (v < p.min)
      v = p.min, r.clamped = -1;
    else if (v > p.max)
      v = p.max, r.clamped = 1;
  }
  r.value = v;
  return r;
}

std::string value_text(const Property& p, double v) {
  return p.type == 'd' ? std::to_string(static_cast<long long>(v)) : format_double(v);
}

std::string clamp_message(std::string_view cls, const Property& p, const SetNumber& r) {
  return clamp_message(cls, p.id, value_text(p, r.given), r.clamped > 0, value_text(p, r.value));
}

}  // namespace genokit::frams::sdk
