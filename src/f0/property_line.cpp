// The general path of f0 element lines: the SDK's Param::loadSingleLine (frams::sdk, written once)
// with f0's messages, strict values (Param::set: frams::sdk numbers) and range clamping.
#include <cstring>
#include <string>

#include "f0/parser_state.hpp"
#include "frams/sdk_number.hpp"
#include "genokit/f0/writer.hpp"

namespace genokit::f0::detail {
namespace {

std::string full_name(const TableData& td, int k) {
  return std::string(td.table->class_id) + "." + std::string(td.prop(k).id);
}

// What the walk's fields do on an f0 element line.
struct LineFields {
  Parser& parser;
  const TableData& td;
  void* base;
  std::size_t off0;  // offset of the walked text in the genotype
  std::string_view cls() const { return td.table->class_id; }
  // A legacy property the SDK's table no longer has (p:m) is unknown to the SDK.
  bool sdk_unknown(int k) const {
    return k >= 0 && is_legacy(td.prop(k)) && static_cast<std::size_t>(k) >= td.positional;
  }

  int find(std::string_view name) {
    const int k = td.lookup(name);
    return sdk_unknown(k) ? -1 : k;
  }
  void unknown_name(std::string_view name, std::size_t at) {
    const int k = td.lookup(name);
    if (sdk_unknown(k))  // (positioned at the value, as for the properties the SDK knows)
      parser.warn("f0.legacy-property",
                  "Property '" + full_name(td, k) + "' is from older f0 tables and is ignored (" +
                      std::string(td.prop(k).name) + ")",
                  off0 + at + name.size() + 1);
    else
      parser.warn("f0.unknown-property",
                  "Unknown property '" + std::string(cls()) + "." + std::string(name) + "' (ignored)",
                  off0 + at);
  }
  void missing_name(int k, std::size_t at) {
    parser.warn("f0.missing-name",
                "Missing property name in '" + std::string(cls()) + "' (assuming '" +
                    std::string(td.prop(k).id) + "')",
                off0 + at);
  }
  void after_last(std::size_t at) {
    parser.warn("f0.value-after-last", "Value after the last property of '" + std::string(cls()) + "'",
                off0 + at);
  }
  void after_unknown(std::string_view field, std::size_t at) {
    parser.warn("f0.value-after-unknown",
                "Value '" + std::string(field) + "' follows an unknown property of '" + std::string(cls()) +
                    "' and is ignored",
                off0 + at);
  }
  void set(int k, std::string_view value, std::size_t at) { parser.set(td, k, value, off0 + at, base); }
};

}  // namespace

// Fields from `pos` to the line end, SDK Param::loadSingleLine; `idx` is the slot the fast path
// reached. The line's trailing CRs are not part of it (the SDK strips them).
std::size_t Parser::general_fields(const TableData& td, std::size_t pos, int idx, void* base) {
  const char* s = text_.data();
  const std::size_t n = text_.size();
  const void* nl = std::memchr(s + pos, '\n', n - pos);
  const std::size_t eol = nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - s) : n;
  std::size_t end = eol;
  while (end > pos && s[end - 1] == '\r') --end;
  LineFields h{*this, td, base, pos};
  frams::sdk::load_single_line(text_.substr(pos, end - pos), td.line(), h, unquoted_, idx);
  return eol;
}

void Parser::set(const TableData& td, int k, std::string_view v, std::size_t off, void* base) {
  const FastProp& fp = td.props[k];
  const PropDef& p = td.prop(k);
  const std::string_view cid = td.table->class_id;
  if (p.readonly()) {
    // The SDK drops the value silently, but an integer one is still read (strictly) first, and
    // a text that is no integer rejects the element like any other (n:getInputCount=W).
    if (p.type == 'd' && !frams::sdk::parse_int_strict(v))
      fail("f0.bad-integer",
           "Could not parse '" + std::string(v) + "' as an integer for " + full_name(td, k) +
               " (strict; a read-only property, whose value is otherwise ignored); the " + std::string(cid) +
               ": element is rejected",
           off);
    return;
  }
  if (p.type == 's') {
    std::string& dst = fp.slot.type == SlotType::text ? text_at(base, fp.slot) : scratch_;
    dst.assign(v.data(), v.size());
    given_ |= fp.given_bit;
    return;
  }
  if (p.type == 'd') {
    const auto x = frams::sdk::parse_int_strict(v);
    if (!x) {
      fail("f0.bad-integer",
           "Could not parse '" + std::string(v) + "' as an integer for " + full_name(td, k) +
               " (strict); the " + std::string(cid) + ": element is rejected",
           off);
      return;
    }
    if (!is_legacy(p)) store_int(td, k, *x, off, base);
  } else {
    const auto x = frams::sdk::parse_double(v);
    if (!x) {
      fail("f0.bad-number",
           "Could not parse '" + std::string(v) + "' as a number for " + full_name(td, k) + "; the " +
               std::string(cid) + ": element is rejected",
           off);
      // The SDK still sets the property, to 0 (only visible for m:, whose model stays: a later
      // field on the line may set it again).
      if (fp.slot.type == SlotType::real) real_at(base, fp.slot) = 0;
      return;
    }
    if (!is_legacy(p)) store_real(td, k, *x, off, base);
  }
  if (is_legacy(p))  // (the spec order keeps p:m in its sequence)
    warn("f0.legacy-property",
         "Property '" + full_name(td, k) + "' is from older f0 tables and is ignored (" +
             std::string(p.name) + ")",
         off);
}

std::int64_t Parser::clamp_int(const TableData& td, int k, std::int64_t x, std::size_t off) {
  const FastProp& fp = td.props[k];
  if (x != static_cast<std::int32_t>(x)) {  // (the fast path's digits): not an integer for the SDK
    fail("f0.bad-integer",
         "Could not parse '" + std::to_string(x) + "' as an integer for " + full_name(td, k) +
             " (strict); the " + std::string(td.table->class_id) + ": element is rejected",
         off);
    return fp.imin;
  }
  const bool big = x > fp.imax;
  const std::int64_t adj = big ? fp.imax : fp.imin;
  warn("f0.value-clamped",
       frams::sdk::clamp_message(td.table->class_id, td.prop(k).id, std::to_string(x), big,
                                 std::to_string(adj)),
       off);
  return adj;
}

double Parser::clamp_real(const TableData& td, int k, double x, std::size_t off, const double* current) {
  const FastProp& fp = td.props[k];
  if (!(x < fp.min || x > fp.max)) return x;  // NaN passes (no comparison holds)
  const bool big = x > fp.max;
  double adj = big ? fp.max : fp.min;
  if (current && *current == adj) adj = *current;  // kept, and named, as it is (-0.0)
  warn(
      "f0.value-clamped",
      frams::sdk::clamp_message(td.table->class_id, td.prop(k).id, format_number(x), big, format_number(adj)),
      off);
  return adj;
}

}  // namespace genokit::f0::detail
