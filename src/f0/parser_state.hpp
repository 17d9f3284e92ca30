// Internal: the f0 parser's state. Its member functions live in parser.cpp (lines, elements,
// references and the fast path for the common field shapes) and property_line.cpp (the SDK's
// general field rules through frams::sdk::load_single_line, values, clamping).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "f0/property_index.hpp"
#include "frams/sdk_param.hpp"
#include "genokit/core/diagnostics.hpp"
#include "genokit/f0/parser.hpp"

namespace genokit::f0::detail {

class Parser {
 public:
  Parser(std::string_view text, Diagnostics& diags, const ParseOptions& opt)
      : text_(text), diags_(diags), opt_(opt), od_(order_data(opt.order, opt.joints)) {}

  Model run();

  // ---- used by the general field path (property_line.cpp) -------------------------------------
  Location loc(std::size_t off) const {
    const SourcePos s = src_pos(off);
    Location l;
    l.line = s.line, l.column = s.column, l.offset = s.offset;
    return l;
  }
  void warn(std::string code, std::string msg, std::size_t off) {
    if (model_->warn_pos < 0) model_->warn_pos = sdk_pos_;
    diags_.warning(std::move(code), std::move(msg), loc(off));
  }
  void fail(std::string code, std::string msg, std::size_t off) {
    if (model_->error_pos < 0) model_->error_pos = model_->warn_pos = sdk_pos_;
    diags_.error(std::move(code), std::move(msg), loc(off));
    failed_ = true;
  }
  // Sets property k of the element at `base` from a field's text (Param::set, strict).
  void set(const TableData& td, int k, std::string_view value, std::size_t off, void* base);

 private:
  // Reads the fields of an element line starting at `pos` straight into the element at `base`
  // (a default-constructed Model, Part, Joint, Neuron or Connection): the common shapes on the
  // fast path, the rest on the general path. Returns the line end (the '\n' or the end of the
  // text). Sets failed_ on errors.
  std::size_t read_fields(const TableData& td, std::size_t pos, void* base);
  bool fast_fields(const TableData& td, std::size_t& pos, int& idx, void* base);
  [[gnu::noinline]] std::size_t general_fields(const TableData& td, std::size_t pos, int idx, void* base);
  void store_int(const TableData& td, int k, std::int64_t x, std::size_t off, void* base) {
    const FastProp& p = td.props[k];
    if (x < p.imin || x > p.imax) x = clamp_int(td, k, x, off);
    if (p.slot.type == SlotType::integer) int_at(base, p.slot) = static_cast<int>(x);
    if (p.given_bit) given_ |= p.given_bit;
  }
  void store_real(const TableData& td, int k, double x, std::size_t off, void* base) {
    const FastProp& p = td.props[k];
    double* slot = p.slot.type == SlotType::real ? &real_at(base, p.slot) : nullptr;
    if (!(x >= p.min && x <= p.max)) x = clamp_real(td, k, x, off, slot);  // also NaN
    // (Param.set keeps an equal current value; but the SDK's joint delta starts as a sentinel, not
    // 0, so the first dx/dy/dz of a line always sets.)
    constexpr std::uint64_t kDelta = field_bit(Field::j_dx) | field_bit(Field::j_dy) | field_bit(Field::j_dz);
    if (slot && (p.given_bit & kDelta & ~given_))
      *slot = x;
    else if (slot)
      frams::sdk::set_unless_equal(*slot, x);
    if (p.given_bit) given_ |= p.given_bit;
  }
  // The rare path of store_*: out-of-range values, clamped with the SDK's warning.
  [[gnu::noinline, gnu::cold]] std::int64_t clamp_int(const TableData& td, int k, std::int64_t x,
                                                      std::size_t off);
  // (`current`: the slot's value, which the message names when the clamped value equals it)
  [[gnu::noinline, gnu::cold]] double clamp_real(const TableData& td, int k, double x, std::size_t off,
                                                 const double* current);
  bool given(Field f) const { return given_ & field_bit(f); }
  // Reads one element line of class `cls` into a new element of target_ (removed again when the
  // line or its references fail).
  void element(char cls, const TableData& td, std::size_t line_off, std::size_t fields_off, std::size_t& eol);
  // (every element gets one: no Location, whose file name is a string, on the way)
  SourcePos src_pos(std::size_t off) const {
    return {line_no_, static_cast<std::uint32_t>(off - line_start_ + 1), static_cast<std::int64_t>(off), 0};
  }
  [[gnu::noinline, gnu::cold]] void ref_error(const char* what, std::int64_t k, std::size_t off);
  // Counts the element lines so the model's vectors are allocated once.
  void reserve(std::size_t pos);

  std::string_view text_;
  Diagnostics& diags_;
  const ParseOptions& opt_;
  Model main_;
  Model* model_ = &main_;       // positions and verdict
  Model* target_ = &main_;      // where elements go (a checkpoint model after checkpoint:)
  std::uint32_t line_no_ = 1;   // physical line in text_
  std::size_t line_start_ = 0;  // offset of that line in text_
  std::size_t body_off_ = 0;
  std::size_t fast_end_ = 0;   // lines starting before this end with '\n' (fast_fields)
  std::int64_t sdk_pos_ = 0;   // SDK position: body offset where reading this element started
  std::size_t body_line_ = 0;  // "line #N" of the SDK (lines after the header)
  bool failed_ = false;        // the current line failed
  bool build_error_ = false;   // any build error so far (no final check then)
  ShapeType checkpoint_shape_ = ShapeType::unknown;  // the main model's at the first checkpoint:
  std::int64_t checkpoint_pos_ = -1;                 // sdk_pos_ there
  std::uint64_t given_ = 0;  // the kTrackedFields the current line set (bit per Field)
  std::string scratch_;      // string values without a model slot
  std::string unquoted_;     // quoted values of the general path
  const OrderData& od_;      // tables and defaults of opt_.order
};

static_assert(kFieldCount <= 64, "given_ is a 64-bit set");

}  // namespace genokit::f0::detail
