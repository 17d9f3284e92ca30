// f0 parsing and building (notes §5.2-5.4): line classes, Param::loadSingleLine's field rules
// driven by the property tables, strict numbers with clamping, references, checkpoints.
#include "genokit/f0/parser.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>

#if defined(__x86_64__)
#include <immintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "f0/build.hpp"
#include "f0/field_slots.hpp"
#include "genokit/core/fast_decimal.hpp"
#include "genokit/core/numbers.hpp"
#include "genokit/f0/lint.hpp"
#include "genokit/f0/neuron_classes.hpp"
#include "genokit/f0/writer.hpp"
#include "genokit/frams/genotype_header.hpp"

namespace genokit::f0 {
namespace {

// Character classes by table: one load instead of a chain of compares in the field loops.
enum : std::uint8_t { kBlank = 1, kNameChar = 2, kNameStart = 4 };
constexpr std::array<std::uint8_t, 256> kCharClass = [] {
  std::array<std::uint8_t, 256> t{};
  t[' '] = t['\t'] = t['\r'] = kBlank;
  for (int c = 0; c < 256; ++c) {
    const bool digit = c >= '0' && c <= '9';
    const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    if (digit || letter) t[static_cast<std::size_t>(c)] |= kNameChar;
    if (letter) t[static_cast<std::size_t>(c)] |= kNameStart;
  }
  return t;
}();
inline bool char_is(char c, std::uint8_t cls) {
  return kCharClass[static_cast<unsigned char>(c)] & cls;
}
inline bool is_blank(char c) {
  return char_is(c, kBlank);
}

std::string_view trim_blanks(std::string_view s) {
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && (is_blank(s.back()) || s.back() == '\n')) s.remove_suffix(1);
  return s;
}

// Strict number parsing of the SDK (ExtValue::parseDouble/parseInt in strict mode): the whole text
// must be a number; hex 0x.. is accepted for both; inf/nan for doubles.
bool parse_hex(std::string_view s, double& out) {
  bool neg = false;
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) neg = s[0] == '-', s.remove_prefix(1);
  if (s.size() < 3 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X')) return false;
  std::uint64_t v = 0;
  auto [p, ec] = std::from_chars(s.data() + 2, s.data() + s.size(), v, 16);
  if (p != s.data() + s.size()) return false;
  if (ec == std::errc::result_out_of_range)
    v = UINT64_MAX;
  else if (ec != std::errc())
    return false;
  out = neg ? -static_cast<double>(v) : static_cast<double>(v);
  return true;
}

bool strict_double(std::string_view s, double& out) {
  if (s.empty()) return false;
  {  // fast path: a plain decimal number
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    if (ec == std::errc() && p == s.data() + s.size()) return true;
  }
  if (parse_hex(s, out)) return true;
  if (auto v = parse_double(s)) {
    out = *v;
    return true;
  }
  return false;
}

bool strict_int(std::string_view s, std::int64_t& out) {
  if (s.empty()) return false;
  if (s.size() <= 18) {  // fast path: plain digits cannot overflow
    std::size_t i = s[0] == '-' || s[0] == '+';
    if (i < s.size()) {
      std::int64_t v = 0;
      std::size_t k = i;
      for (; k < s.size() && s[k] >= '0' && s[k] <= '9'; ++k) v = v * 10 + (s[k] - '0');
      if (k == s.size()) {
        out = s[0] == '-' ? -v : v;
        return true;
      }
    }
  }
  double h;
  if (parse_hex(s, h)) {
    out = h > 9e18 ? INT64_MAX : h < -9e18 ? INT64_MIN : static_cast<std::int64_t>(h);
    return true;
  }
  std::string_view d = s;
  if (!d.empty() && (d[0] == '+' || d[0] == '-')) d.remove_prefix(1);
  if (d.empty()) return false;
  for (char c : d)
    if (c < '0' || c > '9') return false;
  if (auto v = parse_int(s)) {
    out = *v;
    return true;
  }
  out = s[0] == '-' ? INT64_MIN : INT64_MAX;  // too many digits: saturate, the range clamps it
  return true;
}

// Reads a quoted value starting at s[0] == '"' with C escapes; returns the unescaped text.
void unquote_into(std::string_view s, std::string& out) {
  // Most quoted values have no escapes: copied in one go up to the closing quote.
  std::size_t stop = 1;
  while (stop < s.size() && s[stop] != '"' && s[stop] != '\\') ++stop;
  if (stop == s.size() || s[stop] == '"') {
    out.assign(s.data() + 1, stop - 1);
    return;
  }
  out.assign(s.data() + 1, stop - 1);
  for (std::size_t i = stop; i < s.size(); ++i) {
    char c = s[i];
    if (c == '"') break;
    if (c == '\\' && i + 1 < s.size()) {
      char e = s[++i];
      switch (e) {
        case 'n':
          out += '\n';
          break;
        case 't':
          out += '\t';
          break;
        case 'r':
          out += '\r';
          break;
        case '"':
          out += '"';
          break;
        case '\\':
          out += '\\';
          break;
        default:
          out += '\\', out += e;
          break;
      }
      continue;
    }
    out += c;
  }
}

// The fields whose presence on a line matters beyond their value: dx/dy/dz make a delta joint;
// m:Vstyle is kept only when given. Only these are recorded in the parser's given-set.
constexpr Field kTrackedFields[] = {Field::j_dx, Field::j_dy, Field::j_dz, Field::m_vstyle};
constexpr std::uint64_t bit(Field f) {
  return std::uint64_t{1} << static_cast<unsigned>(f);
}

// One property of a table as the field loops need it: compact (no names or texts), with the
// model slot its value goes to.
struct FastProp {
  PropType type = PropType::readonly;
  FieldSlot slot;               // none: read, checked and dropped (legacy p:m)
  bool can_omit = false;        // flag 1024
  std::uint64_t given_bit = 0;  // this Field's bit in the given-set, if the parser asks about it
  double min = 0, max = 0;      // accepted range; a legacy property gets an empty one (always warns)
  std::int64_t imin = 0, imax = 0;
};

// Per property order and table, built once: the compiled properties, a first-byte index of names
// for lookup(), and the element defaults that differ from the table's (normally none: the model's
// initialisers are the tables' defaults, tests/f0 checks it).
struct TableData {
  const ClassTable* table = nullptr;
  std::size_t positional = 0;
  FastProp props[64];
  std::int16_t head[256];
  std::int16_t next[64];
  struct Override {
    FieldSlot slot;
    double real;
    std::string_view text;
  };
  std::vector<Override> overrides;
};

struct OrderData {
  TableData t[5];  // m, p, j, n, c
};

template <class E>
void collect_overrides(TableData& td) {
  const E e;
  for (const PropDef& p : td.table->props) {
    const FieldSlot fs = field_slot(p.field);
    if (fs.type == SlotType::real && real_at(&e, fs) != p.def)
      td.overrides.push_back({fs, p.def, {}});
    else if (fs.type == SlotType::integer && int_at(&e, fs) != static_cast<int>(p.def))
      td.overrides.push_back({fs, p.def, {}});
    else if (fs.type == SlotType::text && text_at(&e, fs) != p.def_text)
      td.overrides.push_back({fs, 0, p.def_text});
  }
}

OrderData make_order_data(PropertyOrder order) {
  OrderData d;
  const char* ids[5] = {"m", "p", "j", "n", "c"};
  for (int i = 0; i < 5; ++i) {
    TableData& td = d.t[i];
    const ClassTable& t = *find_table(ids[i], order);
    td.table = &t;
    td.positional = t.positional;
    for (auto& h : td.head) h = -1;
    for (auto& n : td.next) n = -1;
    // The compiled arrays hold 64 properties (the largest table has 27).
    if (t.props.size() > std::size(td.props)) throw std::logic_error("f0 property table too large");
    const std::size_t np = t.props.size();
    for (std::size_t k = np; k-- > 0;) {  // backwards, so chains run in table order
      const PropDef& p = t.props[k];
      FastProp& fp = td.props[k];
      fp.type = p.type;
      fp.slot = field_slot(p.field);
      fp.can_omit = p.flags & kCanOmitName;
      for (Field f : kTrackedFields)
        if (p.field == f) fp.given_bit = bit(f);
      const double inf = std::numeric_limits<double>::infinity();
      fp.min = p.ranged ? p.min : -inf;
      fp.max = p.ranged ? p.max : inf;
      if (p.kind == PropKind::legacy) fp.min = inf, fp.max = -inf;
      // Integers are stored as int: the range must keep them there (all integer properties are
      // ranged today; an unranged one is kept within int).
      fp.imin = static_cast<std::int64_t>(std::max<double>(p.ranged ? p.min : INT32_MIN, INT32_MIN));
      fp.imax = static_cast<std::int64_t>(std::min<double>(p.ranged ? p.max : INT32_MAX, INT32_MAX));
      auto& h = td.head[static_cast<unsigned char>(p.id[0])];
      td.next[k] = h, h = static_cast<std::int16_t>(k);
    }
    switch (i) {
      case 0:
        collect_overrides<Model>(td);
        break;
      case 1:
        collect_overrides<Part>(td);
        break;
      case 2:
        collect_overrides<Joint>(td);
        break;
      case 3:
        collect_overrides<Neuron>(td);
        break;
      default:
        collect_overrides<Connection>(td);
        break;
    }
  }
  return d;
}

const OrderData& order_data(PropertyOrder order) {
  static const OrderData sdk = make_order_data(PropertyOrder::sdk);
  static const OrderData spec = make_order_data(PropertyOrder::spec);
  return order == PropertyOrder::spec ? spec : sdk;
}

// find_prop() through the first-byte index; -1 when unknown.
int lookup(const TableData& td, std::string_view name) {
  if (name.empty()) return -1;
  const ClassTable& t = *td.table;
  // Names are a few bytes and their first byte already matches: an inline loop, not memcmp.
  for (int k = td.head[static_cast<unsigned char>(name[0])]; k >= 0; k = td.next[k]) {
    const std::string_view id = t.props[static_cast<std::size_t>(k)].id;
    if (id.size() != name.size()) continue;
    std::size_t i = 1;
    while (i < id.size() && id[i] == name[i]) ++i;
    if (i == id.size()) return k;
  }
  return -1;
}

inline bool is_name_char(char c) {
  return char_is(c, kNameChar);
}

#if defined(__x86_64__)
// reserve()'s line count 64 bytes at a time where the CPU has AVX-512BW: "\nX:" starts found by
// masks, and counted per class by population count (no loop over the starts). Returns where it
// stopped (the caller counts the rest).
[[gnu::target("avx512bw,popcnt")]] std::size_t count_element_lines_avx512(const unsigned char* t,
                                                                          std::size_t i, std::size_t n,
                                                                          std::size_t counts[5]) {
  const __m512i nl = _mm512_set1_epi8('\n'), colon = _mm512_set1_epi8(':');
  const __m512i cp = _mm512_set1_epi8('p'), cj = _mm512_set1_epi8('j'), cn = _mm512_set1_epi8('n'),
                cc = _mm512_set1_epi8('c');
  for (; i + 66 <= n; i += 64) {
    const __m512i a = _mm512_loadu_si512(t + i), b = _mm512_loadu_si512(t + i + 1),
                  c = _mm512_loadu_si512(t + i + 2);
    const __mmask64 starts = _mm512_mask_cmpeq_epi8_mask(_mm512_cmpeq_epi8_mask(a, nl), c, colon);
    if (!starts) continue;
    counts[0] += static_cast<std::size_t>(__builtin_popcountll(_mm512_mask_cmpeq_epi8_mask(starts, b, cp)));
    counts[1] += static_cast<std::size_t>(__builtin_popcountll(_mm512_mask_cmpeq_epi8_mask(starts, b, cj)));
    counts[2] += static_cast<std::size_t>(__builtin_popcountll(_mm512_mask_cmpeq_epi8_mask(starts, b, cn)));
    counts[3] += static_cast<std::size_t>(__builtin_popcountll(_mm512_mask_cmpeq_epi8_mask(starts, b, cc)));
  }
  return i;
}
#endif

class Parser {
 public:
  Parser(std::string_view text, Diagnostics& diags, const ParseOptions& opt)
      : text_(text), diags_(diags), opt_(opt), od_(order_data(opt.order)) {}

  Model run();

 private:
  // ---- positions -----------------------------------------------------------------------------
  Location loc(std::size_t off) const {
    Location l;
    l.line = line_no_;
    l.column = static_cast<std::uint32_t>(off - line_start_ + 1);
    l.offset = static_cast<std::int64_t>(off);
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

  // Reads the fields of an element line starting at `pos` straight into the element at `base`
  // (a default-constructed Model, Part, Joint, Neuron or Connection): the common shapes on the
  // fast path, the rest on the general path. Returns the line end (the '\n' or the end of the
  // text). Sets failed_ on errors.
  std::size_t read_fields(const TableData& td, std::size_t pos, void* base) {
    given_ = 0;
    int idx = 0;  // next positional slot; -1 after an unknown name
    if (pos < fast_end_ && fast_fields(td, pos, idx, base)) return pos;
    return general_fields(td, pos, idx, base);
  }
  [[gnu::always_inline]] inline bool fast_fields(const TableData& td, std::size_t& pos, int& idx, void* base);
  [[gnu::noinline]] std::size_t general_fields(const TableData& td, std::size_t pos, int idx, void* base);
  void set(const TableData& td, int k, std::string_view raw, std::size_t off, void* base);
  void store_int(const TableData& td, int k, std::int64_t x, std::size_t off, void* base) {
    const FastProp& p = td.props[k];
    if (x < p.imin || x > p.imax) x = clamp_int(td, k, x, off);
    if (p.slot.type == SlotType::integer) int_at(base, p.slot) = static_cast<int>(x);
    if (p.given_bit) given_ |= p.given_bit;
  }
  void store_real(const TableData& td, int k, double x, std::size_t off, void* base) {
    const FastProp& p = td.props[k];
    if (!(x >= p.min && x <= p.max)) x = clamp_real(td, k, x, off);  // also NaN and legacy
    if (p.slot.type == SlotType::real) real_at(base, p.slot) = x;
    if (p.given_bit) given_ |= p.given_bit;
  }
  // The rare paths of store_*: out-of-range values (clamped with a warning), legacy properties.
  [[gnu::noinline, gnu::cold]] std::int64_t clamp_int(const TableData& td, int k, std::int64_t x,
                                                      std::size_t off);
  [[gnu::noinline, gnu::cold]] double clamp_real(const TableData& td, int k, double x, std::size_t off);
  bool given(Field f) const { return given_ & bit(f); }
  // Reads one element line of class `cls` into a new element of target_ (removed again when the
  // line or its references fail).
  [[gnu::always_inline]] inline void element(char cls, const TableData& td, std::size_t line_off,
                                             std::size_t fields_off, std::size_t& eol);
  SourcePos src_pos(std::size_t off) const {
    SourcePos src;
    src.line = line_no_;
    src.column = static_cast<std::uint32_t>(off - line_start_ + 1);
    src.offset = static_cast<std::int64_t>(off);
    return src;
  }
  [[gnu::noinline, gnu::cold]] void ref_error(const char* what, std::int64_t k, std::size_t off);
  // Counts the element lines so the model's vectors are allocated once.
  void reserve(std::size_t pos) {
    // Line starts are "\nX:". With AVX-512BW, 64 positions at a time (see above); with SSE2, 16
    // positions are tested at once and only the (few) line starts found are looked at; a per-line
    // memchr costs far more on 20-byte lines. Indented element lines are not counted: their
    // vectors just grow.
    static constexpr auto slot = [] {
      std::array<std::uint8_t, 256> s{};
      s.fill(4);
      s['p'] = 0, s['j'] = 1, s['n'] = 2, s['c'] = 3;
      return s;
    }();
    std::size_t counts[5] = {0, 0, 0, 0, 0};
    const std::size_t n = text_.size();
    const unsigned char* t = reinterpret_cast<const unsigned char*>(text_.data());
    while (pos < n && is_blank(text_[pos])) ++pos;
    if (pos + 1 < n && t[pos + 1] == ':') ++counts[slot[t[pos]]];  // the first line has no '\n'
    std::size_t i = pos;
#if defined(__x86_64__)
    static const bool avx512 = __builtin_cpu_supports("avx512bw");
    if (avx512) i = count_element_lines_avx512(t, i, n, counts);
#endif
#if defined(__SSE2__)
    const __m128i nl = _mm_set1_epi8('\n'), colon = _mm_set1_epi8(':');
    for (; i + 18 <= n; i += 16) {
      const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(t + i));
      const __m128i c = _mm_loadu_si128(reinterpret_cast<const __m128i*>(t + i + 2));
      auto m = static_cast<unsigned>(
          _mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(a, nl), _mm_cmpeq_epi8(c, colon))));
      for (; m; m &= m - 1) ++counts[slot[t[i + static_cast<unsigned>(__builtin_ctz(m)) + 1]]];
    }
#endif
    for (; i + 2 < n; ++i)
      if (t[i] == '\n' && t[i + 2] == ':') ++counts[slot[t[i + 1]]];
    main_.parts.reserve(counts[0]);
    main_.joints.reserve(counts[1]);
    main_.neurons.reserve(counts[2]);
    main_.connections.reserve(counts[3]);
  }

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
  std::uint64_t given_ = 0;    // the kTrackedFields the current line set (bit per Field)
  std::string scratch_;
  const OrderData& od_;  // tables and defaults of opt_.order
};

static_assert(kFieldCount <= 64, "given_ is a 64-bit set");

void Parser::set(const TableData& td, int k, std::string_view raw, std::size_t off, void* base) {
  const FastProp& fp = td.props[k];
  const PropDef& p = td.table->props[static_cast<std::size_t>(k)];
  std::string_view v = raw;
  if (fp.type == PropType::readonly) return;
  if (fp.type == PropType::string) {
    std::string& dst = fp.slot.type == SlotType::text ? text_at(base, fp.slot) : scratch_;
    if (!v.empty() && v.front() == '"')
      unquote_into(v, dst);
    else
      dst.assign(v.data(), v.size());
    given_ |= fp.given_bit;
    return;
  }
  if (!v.empty() && v.front() == '"') {
    unquote_into(v, scratch_);
    v = scratch_;
  }
  const std::string_view cid = td.table->class_id;
  switch (fp.type) {
    case PropType::readonly:
    case PropType::string:
      return;
    case PropType::integer: {
      std::int64_t x = 0;
      if (!strict_int(trim_blanks(v), x)) {
        fail("f0.bad-integer",
             "Could not parse '" + std::string(v) + "' as an integer for " + std::string(cid) + "." +
                 std::string(p.id) + " (strict); the " + std::string(cid) + ": element is rejected",
             off);
        return;
      }
      store_int(td, k, x, off, base);
      return;
    }
    case PropType::real: {
      double x = 0;
      if (!strict_double(trim_blanks(v), x)) {
        fail("f0.bad-number",
             "Could not parse '" + std::string(v) + "' as a number for " + std::string(cid) + "." +
                 std::string(p.id) + "; the " + std::string(cid) + ": element is rejected",
             off);
        return;
      }
      store_real(td, k, x, off, base);
      return;
    }
  }
}

std::int64_t Parser::clamp_int(const TableData& td, int k, std::int64_t x, std::size_t off) {
  const FastProp& fp = td.props[k];
  const PropDef& p = td.table->props[static_cast<std::size_t>(k)];
  const bool big = x > fp.imax;
  const std::int64_t adj = big ? fp.imax : fp.imin;
  warn("f0.value-clamped",
       "Setting " + std::string(td.table->class_id) + "." + std::string(p.id) + " = '" + std::to_string(x) +
           "' exceeded allowed range (too " + (big ? "big" : "small") + "). Adjusted to '" +
           std::to_string(adj) + "'.",
       off);
  return adj;
}

double Parser::clamp_real(const TableData& td, int k, double x, std::size_t off) {
  const PropDef& p = td.table->props[static_cast<std::size_t>(k)];
  const std::string_view cid = td.table->class_id;
  if (p.ranged && (x < p.min || x > p.max)) {
    const bool big = x > p.max;
    const double adj = big ? p.max : p.min;
    warn("f0.value-clamped",
         "Setting " + std::string(cid) + "." + std::string(p.id) + " = '" + format_number(x) +
             "' exceeded allowed range (too " + (big ? "big" : "small") + "). Adjusted to '" +
             format_number(adj) + "'.",
         off);
    x = adj;
  }
  if (p.kind == PropKind::legacy)
    warn("f0.legacy-property",
         "Property '" + std::string(cid) + "." + std::string(p.id) +
             "' is from older f0 tables and is ignored (" + std::string(p.meaning) + ")",
         off);
  return x;
}

// The common field shapes read in one pass, on a line known to end with '\n' (so no end test per
// byte): an unnamed or `name=` number (`1.5`, `-2`) for a numeric property, an unnamed or `name=`
// text (`"..."` without escapes, or plain text without quotes) for a text property, with nothing
// else on the field. The result is the general path's. Stops at the first field of another shape
// with pos and idx on it, for the general path; returns true when the line is done (pos on its
// '\n').
bool Parser::fast_fields(const TableData& td, std::size_t& pos, int& idx, void* base) {
  const char* const s = text_.data();
  const char* const limit = s + text_.size();
  const char* p = s + pos;
  const char* field;
  while (true) {
    while (is_blank(*p)) ++p;
    field = p;
    if (*p == '\n') {
      pos = static_cast<std::size_t>(p - s);
      return true;
    }
    int k;
    if (char_is(*p, kNameStart)) {
      const char* nb = p;
      do ++p;
      while (is_name_char(*p));
      const std::string_view name(nb, static_cast<std::size_t>(p - nb));
      while (is_blank(*p)) ++p;
      if (*p != '=') break;
      k = lookup(td, name);
      if (k < 0) break;
      ++p;
      while (is_blank(*p)) ++p;
    } else {
      if (static_cast<unsigned>(idx) >= td.positional) break;  // (idx -1: after an unknown name)
      k = idx;
      if (!td.props[k].can_omit) break;
    }
    const FastProp& fp = td.props[k];
    const char* const v = p;
    if (fp.type == PropType::real) {
      double x;
      const std::size_t used = scan_plain_decimal_terminated(p, limit, x);
      if (used == 0) break;
      p += used;
      while (is_blank(*p)) ++p;
      if (*p != ',' && *p != '\n') break;
      store_real(td, k, x, static_cast<std::size_t>(v - s), base);
    } else if (fp.type == PropType::integer) {
      std::int64_t x;
      const std::size_t used = scan_plain_int_terminated(p, x);
      if (used == 0) break;
      p += used;
      while (is_blank(*p)) ++p;
      if (*p != ',' && *p != '\n') break;
      store_int(td, k, x, static_cast<std::size_t>(v - s), base);
    } else if (fp.type == PropType::string) {
      const char *b, *e;
      if (*p == '"') {
        b = ++p;
        while (*p != '"' && *p != '\\' && *p != '\n') ++p;
        if (*p != '"') break;  // escapes or no closing quote
        e = p++;
        while (is_blank(*p)) ++p;
        if (*p != ',' && *p != '\n') break;
      } else {
        b = p;
        while (*p != ',' && *p != '\n' && *p != '"') ++p;
        if (*p == '"') break;
        e = p;
        while (e > b && is_blank(e[-1])) --e;
      }
      std::string& dst = fp.slot.type == SlotType::text ? text_at(base, fp.slot) : scratch_;
      dst.assign(b, static_cast<std::size_t>(e - b));
      given_ |= fp.given_bit;
    } else {
      break;  // read-only: the general path warns
    }
    idx = k + 1;
    if (*p == ',') ++p;
  }
  pos = static_cast<std::size_t>(field - s);
  return false;
}

// Param::loadSingleLine: fields separated by commas (outside quotes); `name=` jumps; unnamed values
// continue the sequence; empty unnamed fields skip a slot.
std::size_t Parser::general_fields(const TableData& td, std::size_t pos, int idx, void* base) {
  const std::string_view cls = td.table->class_id;
  const char* s = text_.data();
  const std::size_t n = text_.size();
  // The rest of the line, field by field.
  const void* nl = std::memchr(s + pos, '\n', n - pos);
  const std::size_t end = nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - s) : n;
  while (true) {
    while (pos < end && is_blank(s[pos])) ++pos;
    if (pos >= end) break;
    // Field end: the next comma outside quotes.
    std::size_t e = pos, eq = std::string_view::npos;
    bool inq = false, seen_quote = false;
    for (; e < end; ++e) {
      char c = s[e];
      if (inq) {
        if (c == '\\' && e + 1 < end)
          ++e;
        else if (c == '"')
          inq = false;
      } else if (c == '"') {
        inq = seen_quote = true;
      } else if (c == ',') {
        break;
      } else if (c == '=' && eq == std::string_view::npos && !seen_quote) {
        eq = e;
      }
    }
    const std::size_t fstart = pos;
    pos = e + 1;  // past the comma (or end)
    std::string_view field(s + fstart, e - fstart);
    int k;
    std::string_view value;
    std::size_t voff = fstart;
    if (eq != std::string_view::npos) {
      std::string_view name = trim_blanks(std::string_view(s + fstart, eq - fstart));
      k = lookup(td, name);
      if (k < 0 || td.props[k].type == PropType::readonly) {
        warn("f0.unknown-property",
             "Unknown property '" + std::string(cls) + "." + std::string(name) + "' (ignored)", fstart);
        idx = -1;
        continue;
      }
      voff = eq + 1;
      while (voff < e && is_blank(s[voff])) ++voff;
      value = trim_blanks(std::string_view(s + eq + 1, e - eq - 1));
    } else {
      value = trim_blanks(field);
      if (value.empty()) {  // an empty field skips a slot
        if (idx >= 0) ++idx;
        continue;
      }
      if (idx < 0) {
        warn("f0.value-after-unknown",
             "Value '" + std::string(value) + "' follows an unknown property of '" + std::string(cls) +
                 "' and is ignored",
             fstart);
        continue;
      }
      if (static_cast<std::size_t>(idx) >= td.positional) {
        warn("f0.value-after-last", "Value after the last property of '" + std::string(cls) + "'", fstart);
        ++idx;
        continue;
      }
      k = idx;
      if (!td.props[k].can_omit)
        warn("f0.missing-name",
             "Missing property name in '" + std::string(cls) + "' (assuming '" +
                 std::string(td.table->props[static_cast<std::size_t>(k)].id) + "')",
             fstart);  // (a legacy property is warned about by set())
    }
    set(td, k, value, voff, base);
    idx = k + 1;
  }
  return end;
}

void Parser::ref_error(const char* what, std::int64_t k, std::size_t off) {
  fail(std::string("f0.bad-") + what + "-ref",
       std::string("Invalid reference to ") +
           (what[0] == 'p'   ? "Part"
            : what[0] == 'j' ? "Joint"
                             : "Neuro") +
           " #" + std::to_string(k) + ", line #" + std::to_string(body_line_),
       off);
  build_error_ = true;
}

// Applies the table defaults that the element's own initialisers do not give (normally none).
void apply_overrides(const TableData& td, void* base) {
  for (const auto& o : td.overrides) {
    if (o.slot.type == SlotType::real)
      real_at(base, o.slot) = o.real;
    else if (o.slot.type == SlotType::integer)
      int_at(base, o.slot) = static_cast<int>(o.real);
    else
      text_at(base, o.slot).assign(o.text.data(), o.text.size());
  }
}

void Parser::element(char cls, const TableData& td, std::size_t off, std::size_t at, std::size_t& eol) {
  auto outside = [](int k, int n) { return k < 0 || k >= n; };  // a reference to no element
  Model& m = *target_;
  failed_ = false;
  if (cls == 'm') {
    Model tmp;  // m: lines are rare; read aside so a failed line changes nothing
    if (!td.overrides.empty()) apply_overrides(td, &tmp);
    eol = read_fields(td, at, &tmp);
    if (failed_) {
      build_error_ = true;
      return;
    }
    m.se = tmp.se;
    if (given(Field::m_vstyle)) m.vstyle = std::move(tmp.vstyle);
    return;
  }
  void* base;
  switch (cls) {
    case 'p':
      base = &m.parts.emplace_back();
      break;
    case 'j':
      base = &m.joints.emplace_back();
      break;
    case 'n':
      base = &m.neurons.emplace_back();
      break;
    default:
      base = &m.connections.emplace_back();
      break;
  }
  if (!td.overrides.empty()) apply_overrides(td, base);
  eol = read_fields(td, at, base);
  switch (cls) {
    case 'p': {
      if (failed_) {  // a line that fails leaves no element behind
        m.parts.pop_back();
        break;
      }
      Part& p = m.parts.back();
      if (p.rot.x != 0 || p.rot.y != 0 || p.rot.z != 0)  // (a new Part is unrotated)
        p.orient = orient_from_rotation(p.rot);
      p.src = src_pos(off);
      return;
    }
    case 'j': {
      if (failed_) {
        m.joints.pop_back();
        break;
      }
      Joint& j = m.joints.back();
      const int np = static_cast<int>(m.parts.size());
      if (outside(j.p1, np) || outside(j.p2, np)) {
        const int bad = outside(j.p1, np) ? j.p1 : j.p2;
        m.joints.pop_back();
        return ref_error("part", bad, off);
      }
      j.use_delta = given_ & (bit(Field::j_dx) | bit(Field::j_dy) | bit(Field::j_dz));
      j.src = src_pos(off);
      return;
    }
    case 'n': {
      if (failed_) {
        m.neurons.pop_back();
        break;
      }
      Neuron& n = m.neurons.back();
      const int pp = n.part, jj = n.joint;
      if ((pp >= 0 && pp >= static_cast<int>(m.parts.size())) ||
          (jj >= 0 && jj >= static_cast<int>(m.joints.size()))) {
        const bool bad_part = pp >= 0 && pp >= static_cast<int>(m.parts.size());
        m.neurons.pop_back();
        return bad_part ? ref_error("part", pp, off) : ref_error("joint", jj, off);
      }
      n.part = pp < 0 || jj >= 0 ? -1 : pp;  // a joint attachment wins (SDK)
      n.joint = jj < 0 ? -1 : jj;
      set_neuron_class(n);
      n.src = src_pos(off);
      return;
    }
    default: {  // 'c'
      if (failed_) {
        m.connections.pop_back();
        break;
      }
      Connection& c = m.connections.back();
      const int nn = static_cast<int>(m.neurons.size());
      if (outside(c.target, nn) || outside(c.source, nn)) {
        const int bad = outside(c.target, nn) ? c.target : c.source;
        m.connections.pop_back();
        return ref_error("neuron", bad, off);
      }
      c.src = src_pos(off);
      // the target's Neuron::inputs are filled in one go at the end (fill_inputs)
      return;
    }
  }
  build_error_ = true;  // the line failed
}

// Neuron::inputs from the connections, in connection order, each vector allocated once.
void fill_inputs(Model& m) {
  thread_local std::vector<std::uint32_t> count;  // reused: no allocation per genotype
  count.assign(m.neurons.size(), 0);
  for (const Connection& c : m.connections) ++count[static_cast<std::size_t>(c.target)];
  for (std::size_t i = 0; i < m.neurons.size(); ++i)
    if (count[i]) m.neurons[i].inputs.reserve(count[i]);
  for (const Connection& c : m.connections) {
    Input& in = m.neurons[static_cast<std::size_t>(c.target)].inputs.emplace_back();  // in place
    in.source = c.source;
    in.weight = c.weight;
    if (!c.info.empty()) in.info = c.info;
  }
}

Model Parser::run() {
  // Header: "//0" line, "/*0*/", or none (a bare f0 body).
  const auto h = frams::parse_genotype_header(text_);
  if (h.declared) {
    if (h.malformed || h.format != "0") {
      diags_.error(h.malformed ? "f0.bad-header" : "f0.not-f0",
                   h.malformed ? "Invalid genotype format declaration"
                               : "This genotype is in format '" + h.format + "', not f0",
                   Location{{}, 1, 1, 0});
      main_.error_pos = main_.warn_pos = 0;
      return std::move(main_);
    }
    body_off_ = h.body_offset;
  }
  main_.body_offset = body_off_;
  for (std::size_t i = 0; i < body_off_ && i < text_.size(); ++i)
    if (text_[i] == '\n') ++line_no_, line_start_ = i + 1;

  std::size_t pos = body_off_;
  const std::size_t n = text_.size();
  reserve(pos);
  {
    const void* last_nl = n > pos ? memrchr(text_.data() + pos, '\n', n - pos) : nullptr;
    fast_end_ = last_nl ? static_cast<std::size_t>(static_cast<const char*>(last_nl) - text_.data()) + 1 : 0;
  }
  sdk_pos_ = 0;
  const char* t = text_.data();
  // The end of a line is found by the element parser as it reads the fields (finding it first
  // would read every line twice); blank, comment and checkpoint lines look for it themselves.
  auto line_end = [&](std::size_t from) {
    const void* nl = std::memchr(t + from, '\n', n - from);
    return nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - t) : n;
  };
  while (pos < n) {
    ++body_line_;
    std::size_t p = pos, eol;
    while (p < n && is_blank(t[p])) ++p;
    if (p < n && t[p] != '\n' && t[p] != '#') {  // not a blank line or a comment
      char cls = 0;
      std::size_t after = p + 2;
      const char c0 = t[p];
      if (p + 1 < n && t[p + 1] == ':' && (c0 == 'm' || c0 == 'p' || c0 == 'j' || c0 == 'n' || c0 == 'c')) {
        cls = c0;
      } else if (n - p >= 11 && text_.compare(p, 11, "checkpoint:") == 0) {
        cls = 'k';
        after = p + 11;
      }
      if (!cls) {
        fail("f0.invalid-line",
             "Invalid f0 code, line #" + std::to_string(body_line_) +
                 " (an element line starts with m:, p:, j:, n:, c: or checkpoint:)",
             p);
        build_error_ = true;
        break;
      }
      if (cls == 'k') {
        main_.checkpoints.emplace_back();
        target_ = &main_.checkpoints.back();
        eol = line_end(after);
      } else {
        const int ti = cls == 'm' ? 0 : cls == 'p' ? 1 : cls == 'j' ? 2 : cls == 'n' ? 3 : 4;
        while (after < n && is_blank(t[after])) ++after;
        element(cls, od_.t[ti], p, after, eol);
        if (build_error_) break;
      }
      sdk_pos_ = static_cast<std::int64_t>(eol + 1 - body_off_);
    } else {
      eol = p < n && t[p] == '\n' ? p : line_end(p);
    }
    if (eol >= n) break;
    pos = eol + 1;
    ++line_no_;
    line_start_ = pos;
  }
  fill_inputs(main_);
  for (auto& ck : main_.checkpoints) fill_inputs(ck);
  if (build_error_) {
    main_.valid = false;
    main_.shape_type = ShapeType::unknown;
    for (auto& ck : main_.checkpoints) ck.valid = false;
    return std::move(main_);
  }
  final_check(main_, diags_, opt_);
  for (auto& ck : main_.checkpoints) {
    Diagnostics ignored;
    final_check(ck, ignored, opt_);
  }
  if (opt_.lint) lint(main_, diags_);
  return std::move(main_);
}

}  // namespace

bool has_f0_header(std::string_view text) {
  const auto h = frams::parse_genotype_header(text);
  return h.declared && !h.malformed && h.format == "0";
}

Model parse(std::string_view genotype, Diagnostics& diags, const ParseOptions& opt) {
  Parser p(genotype, diags, opt);
  return p.run();
}

}  // namespace genokit::f0
