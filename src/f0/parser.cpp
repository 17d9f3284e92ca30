// f0 parsing and building (notes §5.2-5.4): line classes, Param::loadSingleLine's field rules
// driven by the property tables, strict numbers with clamping, references, checkpoints.
#include "genokit/f0/parser.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstring>
#include <string>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "f0/build.hpp"
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

// The raw field values of one element line, by Field; bit f of `given` marks a field that was set,
// so the next line restores just those to their defaults.
struct Record {
  static constexpr std::size_t kFields = static_cast<std::size_t>(Field::c_i) + 1;
  static_assert(kFields <= 64, "given is a 64-bit set");
  double real[kFields];
  std::int64_t integer[kFields];
  std::string text[kFields];
  std::uint64_t given = 0;
  bool is_given(Field f) const { return given >> static_cast<unsigned>(f) & 1; }
};

// Per property order, built once: the m, p, j, n, c tables, their defaults by field (the tables'
// fields do not overlap) and a first-byte index of property names for lookup().
struct OrderData {
  const ClassTable* tables[5];
  double real[Record::kFields];
  std::int64_t integer[Record::kFields];
  // Per table: the first property whose id starts with a byte, then the next one with that byte.
  std::int16_t head[5][256];
  std::int16_t next[5][128];
};

OrderData make_order_data(PropertyOrder order) {
  OrderData d{};
  const char* ids[5] = {"m", "p", "j", "n", "c"};
  for (int i = 0; i < 5; ++i) {
    const ClassTable& t = *find_table(ids[i], order);
    d.tables[i] = &t;
    for (auto& h : d.head[i]) h = -1;
    for (auto& n : d.next[i]) n = -1;
    for (std::size_t k = t.props.size(); k-- > 0;) {  // backwards, so chains run in table order
      const PropDef& p = t.props[k];
      const auto f = static_cast<std::size_t>(p.field);
      d.real[f] = p.def;
      d.integer[f] = static_cast<std::int64_t>(p.def);
      auto& h = d.head[i][static_cast<unsigned char>(p.id[0])];
      if (k < 128) d.next[i][k] = h, h = static_cast<std::int16_t>(k);
    }
  }
  return d;
}

const OrderData& order_data(PropertyOrder order) {
  static const OrderData sdk = make_order_data(PropertyOrder::sdk);
  static const OrderData spec = make_order_data(PropertyOrder::spec);
  return order == PropertyOrder::spec ? spec : sdk;
}

// find_prop() through the first-byte index (table `ti` of `od`); -1 when unknown.
int lookup(const OrderData& od, int ti, std::string_view name) {
  if (name.empty()) return -1;
  const ClassTable& t = *od.tables[ti];
  if (t.props.size() > 128) return find_prop(t, name);  // not indexed (no such table today)
  // Names are a few bytes and their first byte already matches: an inline loop, not memcmp.
  for (int k = od.head[ti][static_cast<unsigned char>(name[0])]; k >= 0; k = od.next[ti][k]) {
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

class Parser {
 public:
  Parser(std::string_view text, Diagnostics& diags, const ParseOptions& opt)
      : text_(text), diags_(diags), opt_(opt), od_(order_data(opt.order)) {
    std::memcpy(rec_.real, od_.real, sizeof rec_.real);
    std::memcpy(rec_.integer, od_.integer, sizeof rec_.integer);
  }

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

  // Reads the fields of an element line starting at `start`; returns the line end (the '\n' or
  // the end of the text). Sets failed_ on errors.
  std::size_t parse_line(std::string_view cls, int ti, std::size_t start);
  bool fast_field(int ti, std::size_t& pos, std::size_t end, int& idx);
  void mark(std::size_t f) { rec_.given |= std::uint64_t{1} << f; }
  void set(const ClassTable& t, int k, std::string_view raw, std::size_t off);
  void store_int(const ClassTable& t, const PropDef& p, std::int64_t x, std::size_t off);
  void store_real(const ClassTable& t, const PropDef& p, double x, std::size_t off);
  // The rare paths of store_*: out-of-range values (clamped with a warning), legacy properties.
  [[gnu::noinline, gnu::cold]] std::int64_t clamp_int(const ClassTable& t, const PropDef& p, std::int64_t x,
                                                      std::size_t off);
  [[gnu::noinline, gnu::cold]] double clamp_real(const ClassTable& t, const PropDef& p, double x,
                                                 std::size_t off);
  void build(char cls, std::size_t off);
  void reset_record();
  // Counts the element lines so the model's vectors are allocated once.
  void reserve(std::size_t pos) {
    // Line starts are "\nX:". With SSE2, 16 positions are tested at once and only the (few) line
    // starts found are looked at; a per-line memchr costs far more on 20-byte lines. Indented
    // element lines are not counted: their vectors just grow.
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
  std::int64_t sdk_pos_ = 0;   // SDK position: body offset where reading this element started
  std::size_t body_line_ = 0;  // "line #N" of the SDK (lines after the header)
  bool failed_ = false;        // the current line failed
  bool build_error_ = false;   // any build error so far (no final check then)
  Record rec_{};
  std::string scratch_;
  const OrderData& od_;  // tables and defaults of opt_.order
};

void Parser::reset_record() {
  for (std::uint64_t m = rec_.given; m; m &= m - 1) {
    const auto f = static_cast<std::size_t>(__builtin_ctzll(m));
    rec_.real[f] = od_.real[f];
    rec_.integer[f] = od_.integer[f];
  }
  rec_.given = 0;
}

void Parser::set(const ClassTable& t, int k, std::string_view raw, std::size_t off) {
  const PropDef& p = t.props[static_cast<std::size_t>(k)];
  const auto f = static_cast<std::size_t>(p.field);
  std::string_view v = raw;
  if (p.type == PropType::readonly) return;
  if (p.type == PropType::string) {
    if (!v.empty() && v.front() == '"')
      unquote_into(v, rec_.text[f]);
    else
      rec_.text[f].assign(v.data(), v.size());
    mark(f);
    return;
  }
  if (!v.empty() && v.front() == '"') {
    unquote_into(v, scratch_);
    v = scratch_;
  }
  switch (p.type) {
    case PropType::readonly:
    case PropType::string:
      return;
    case PropType::integer: {
      std::int64_t x = 0;
      if (!strict_int(trim_blanks(v), x)) {
        fail("f0.bad-integer",
             "Could not parse '" + std::string(v) + "' as an integer for " + std::string(t.class_id) + "." +
                 std::string(p.id) + " (strict); the " + std::string(t.class_id) + ": element is rejected",
             off);
        return;
      }
      store_int(t, p, x, off);
      return;
    }
    case PropType::real: {
      double x = 0;
      if (!strict_double(trim_blanks(v), x)) {
        fail("f0.bad-number",
             "Could not parse '" + std::string(v) + "' as a number for " + std::string(t.class_id) + "." +
                 std::string(p.id) + "; the " + std::string(t.class_id) + ": element is rejected",
             off);
        return;
      }
      store_real(t, p, x, off);
      return;
    }
  }
}

void Parser::store_int(const ClassTable& t, const PropDef& p, std::int64_t x, std::size_t off) {
  if (p.ranged && (x < p.min || x > p.max)) x = clamp_int(t, p, x, off);
  const auto f = static_cast<std::size_t>(p.field);
  rec_.integer[f] = x;
  mark(f);
}

void Parser::store_real(const ClassTable& t, const PropDef& p, double x, std::size_t off) {
  if ((p.ranged && (x < p.min || x > p.max)) || p.kind == PropKind::legacy) x = clamp_real(t, p, x, off);
  const auto f = static_cast<std::size_t>(p.field);
  rec_.real[f] = x;
  mark(f);
}

std::int64_t Parser::clamp_int(const ClassTable& t, const PropDef& p, std::int64_t x, std::size_t off) {
  const bool big = x > p.max;
  const std::int64_t adj = static_cast<std::int64_t>(big ? p.max : p.min);
  warn("f0.value-clamped",
       "Setting " + std::string(t.class_id) + "." + std::string(p.id) + " = '" + std::to_string(x) +
           "' exceeded allowed range (too " + (big ? "big" : "small") + "). Adjusted to '" +
           std::to_string(adj) + "'.",
       off);
  return adj;
}

double Parser::clamp_real(const ClassTable& t, const PropDef& p, double x, std::size_t off) {
  if (p.ranged && (x < p.min || x > p.max)) {
    const bool big = x > p.max;
    const double adj = big ? p.max : p.min;
    warn("f0.value-clamped",
         "Setting " + std::string(t.class_id) + "." + std::string(p.id) + " = '" + format_number(x) +
             "' exceeded allowed range (too " + (big ? "big" : "small") + "). Adjusted to '" +
             format_number(adj) + "'.",
         off);
    x = adj;
  }
  if (p.kind == PropKind::legacy)
    warn("f0.legacy-property",
         "Property '" + std::string(t.class_id) + "." + std::string(p.id) +
             "' is from older f0 tables and is ignored (" + std::string(p.meaning) + ")",
         off);
  return x;
}

// The common field shapes (`1.5`, `-2`, `name=0.25` for a numeric property, nothing else on the
// field) read in one pass, with the same result as the general path below. Returns false, having
// consumed nothing, for anything else: the general path then reads (and reports on) the field.
bool Parser::fast_field(int ti, std::size_t& pos, std::size_t end, int& idx) {
  const ClassTable& t = *od_.tables[ti];
  const char* s = text_.data();
  std::size_t q = pos;
  int k;
  if (char_is(s[q], kNameStart)) {
    const std::size_t nb = q;
    while (q < end && is_name_char(s[q])) ++q;
    const std::string_view name(s + nb, q - nb);
    while (q < end && is_blank(s[q])) ++q;
    if (q >= end || s[q] != '=') return false;
    k = lookup(od_, ti, name);
    if (k < 0) return false;
    ++q;
    while (q < end && is_blank(s[q])) ++q;
  } else {
    if (idx < 0 || static_cast<std::size_t>(idx) >= t.positional) return false;
    k = idx;
    if (!(t.props[static_cast<std::size_t>(k)].flags & kCanOmitName)) return false;
  }
  const PropDef& p = t.props[static_cast<std::size_t>(k)];
  const std::size_t voff = q;
  double x = 0;
  std::int64_t i = 0;
  std::size_t used;
  if (p.type == PropType::real)
    used = scan_plain_decimal(s + q, s + end, text_.data() + text_.size(), x);
  else if (p.type == PropType::integer)
    used = scan_plain_int(s + q, s + end, i);
  else
    return false;
  if (used == 0) return false;
  q += used;
  while (q < end && is_blank(s[q])) ++q;
  if (q < end && s[q] != ',' && s[q] != '\n') return false;
  if (p.type == PropType::real)
    store_real(t, p, x, voff);
  else
    store_int(t, p, i, voff);
  idx = k + 1;
  pos = q < end && s[q] == ',' ? q + 1 : q;  // at a line end, stay on it: the caller stops there
  return true;
}

// Param::loadSingleLine: fields separated by commas (outside quotes); `name=` jumps; unnamed values
// continue the sequence; empty unnamed fields skip a slot.
std::size_t Parser::parse_line(std::string_view cls, int ti, std::size_t pos) {
  const ClassTable& t = *od_.tables[ti];
  reset_record();
  int idx = 0;  // next positional slot; -1 after an unknown name
  const char* s = text_.data();
  const std::size_t n = text_.size();
  // The line end: unknown (npos) while fields take the fast path, which stops at '\n' by itself;
  // found with memchr when a field needs the general path.
  std::size_t end = std::string_view::npos;
  while (true) {
    const std::size_t lim = end == std::string_view::npos ? n : end;
    while (pos < lim && is_blank(s[pos])) ++pos;
    if (pos >= lim || s[pos] == '\n') break;
    if (fast_field(ti, pos, lim, idx)) continue;
    if (end == std::string_view::npos) {
      const void* nl = std::memchr(s + pos, '\n', n - pos);
      end = nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - s) : n;
    }
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
      k = lookup(od_, ti, name);
      if (k < 0 || t.props[static_cast<std::size_t>(k)].type == PropType::readonly) {
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
      if (static_cast<std::size_t>(idx) >= t.positional) {
        warn("f0.value-after-last", "Value after the last property of '" + std::string(cls) + "'", fstart);
        ++idx;
        continue;
      }
      k = idx;
      const PropDef& p = t.props[static_cast<std::size_t>(k)];
      if (!(p.flags & kCanOmitName))
        warn("f0.missing-name",
             "Missing property name in '" + std::string(cls) + "' (assuming '" + std::string(p.id) + "')",
             fstart);  // (a legacy property is warned about by set())
    }
    set(t, k, value, voff);
    idx = k + 1;
  }
  return end != std::string_view::npos ? end : pos;
}

void Parser::build(char cls, std::size_t off) {
  Model& m = *target_;
  auto R = [&](Field f) { return rec_.real[static_cast<std::size_t>(f)]; };
  auto I = [&](Field f) { return rec_.integer[static_cast<std::size_t>(f)]; };
  auto G = [&](Field f) { return rec_.is_given(f); };
  auto S = [&](Field f, std::string& dst) {
    if (G(f)) dst = std::move(rec_.text[static_cast<std::size_t>(f)]);
  };
  SourcePos src;
  src.line = line_no_;
  src.column = static_cast<std::uint32_t>(off - line_start_ + 1);
  src.offset = static_cast<std::int64_t>(off);
  auto ref_error = [&](const char* what, std::int64_t k) {
    fail(std::string("f0.bad-") + what + "-ref",
         std::string("Invalid reference to ") +
             (what[0] == 'p'   ? "Part"
              : what[0] == 'j' ? "Joint"
                               : "Neuro") +
             " #" + std::to_string(k) + ", line #" + std::to_string(body_line_),
         off);
    build_error_ = true;
  };
  switch (cls) {
    case 'm':
      m.se = R(Field::m_se);
      S(Field::m_vstyle, m.vstyle);
      break;
    case 'p': {
      Part& p = m.parts.emplace_back();
      p.pos = {R(Field::p_x), R(Field::p_y), R(Field::p_z)};
      p.rot = {R(Field::p_rx), R(Field::p_ry), R(Field::p_rz)};
      p.sh = static_cast<int>(I(Field::p_sh));
      p.s = R(Field::p_s);
      p.scale = {R(Field::p_sx), R(Field::p_sy), R(Field::p_sz)};
      p.h = R(Field::p_h);
      p.dn = R(Field::p_dn);
      p.fr = R(Field::p_fr);
      p.ing = R(Field::p_ing);
      p.as = R(Field::p_as);
      S(Field::p_i, p.info);
      S(Field::p_vstyle, p.vstyle);
      p.vs = R(Field::p_vs);
      p.color = {R(Field::p_vr), R(Field::p_vg), R(Field::p_vb)};
      p.orient = orient_from_rotation(p.rot);
      p.src = src;
      break;
    }
    case 'j': {
      const std::int64_t p1 = I(Field::j_p1), p2 = I(Field::j_p2);
      const auto np = static_cast<std::int64_t>(m.parts.size());
      if (p1 < 0 || p1 >= np) return ref_error("part", p1);
      if (p2 < 0 || p2 >= np) return ref_error("part", p2);
      Joint& j = m.joints.emplace_back();
      j.p1 = static_cast<int>(p1);
      j.p2 = static_cast<int>(p2);
      j.rot = {R(Field::j_rx), R(Field::j_ry), R(Field::j_rz)};
      j.d = {R(Field::j_dx), R(Field::j_dy), R(Field::j_dz)};
      j.use_delta = G(Field::j_dx) || G(Field::j_dy) || G(Field::j_dz);
      j.sh = static_cast<int>(I(Field::j_sh));
      j.hinge_pos = {R(Field::j_hx), R(Field::j_hy), R(Field::j_hz)};
      j.hinge_rot = {R(Field::j_hrx), R(Field::j_hry), R(Field::j_hrz)};
      j.hxn = R(Field::j_hxn);
      j.hxp = R(Field::j_hxp);
      j.hyn = R(Field::j_hyn);
      j.hyp = R(Field::j_hyp);
      j.stif = R(Field::j_stif);
      j.rotstif = R(Field::j_rotstif);
      j.stam = R(Field::j_stam);
      S(Field::j_i, j.info);
      S(Field::j_vstyle, j.vstyle);
      j.color = {R(Field::j_vr), R(Field::j_vg), R(Field::j_vb)};
      j.src = src;
      break;
    }
    case 'n': {
      const std::int64_t pp = I(Field::n_p), jj = I(Field::n_j);
      if (pp >= 0 && pp >= static_cast<std::int64_t>(m.parts.size())) return ref_error("part", pp);
      if (jj >= 0 && jj >= static_cast<std::int64_t>(m.joints.size())) return ref_error("joint", jj);
      Neuron& n = m.neurons.emplace_back();
      n.part = pp < 0 || jj >= 0 ? -1 : static_cast<int>(pp);  // a joint attachment wins (SDK)
      n.joint = jj < 0 ? -1 : static_cast<int>(jj);
      S(Field::n_d, n.details);
      S(Field::n_i, n.info);
      S(Field::n_vstyle, n.vstyle);
      set_neuron_class(n);
      n.src = src;
      break;
    }
    case 'c': {
      const std::int64_t n1 = I(Field::c_n1), n2 = I(Field::c_n2);
      const auto nn = static_cast<std::int64_t>(m.neurons.size());
      if (n1 < 0 || n1 >= nn) return ref_error("neuron", n1);
      if (n2 < 0 || n2 >= nn) return ref_error("neuron", n2);
      Connection& c = m.connections.emplace_back();
      c.target = static_cast<int>(n1);
      c.source = static_cast<int>(n2);
      c.weight = R(Field::c_w);
      S(Field::c_i, c.info);
      c.src = src;
      // the target's Neuron::inputs are filled in one go at the end (fill_inputs)
      break;
    }
  }
}

// Neuron::inputs from the connections, in connection order, each vector allocated once.
void fill_inputs(Model& m) {
  thread_local std::vector<std::uint32_t> count;  // reused: no allocation per genotype
  count.assign(m.neurons.size(), 0);
  for (const Connection& c : m.connections) ++count[static_cast<std::size_t>(c.target)];
  for (std::size_t i = 0; i < m.neurons.size(); ++i)
    if (count[i]) m.neurons[i].inputs.reserve(count[i]);
  for (const Connection& c : m.connections)
    m.neurons[static_cast<std::size_t>(c.target)].inputs.push_back({c.source, c.weight, c.info});
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
        const char id[2] = {cls, 0};
        const int ti = cls == 'm' ? 0 : cls == 'p' ? 1 : cls == 'j' ? 2 : cls == 'n' ? 3 : 4;
        while (after < n && is_blank(t[after])) ++after;
        failed_ = false;
        eol = parse_line(std::string_view(id, 1), ti, after);
        if (failed_) {
          build_error_ = true;
          break;
        }
        build(cls, p);
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
