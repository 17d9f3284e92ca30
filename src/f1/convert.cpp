// The f1 -> f0 converter (notes f1.md §3-§8): one depth-first walk over the text with an explicit
// stack of segments, branch groups matched in one linear pre-pass, every part/joint value rounded
// as the SDK's "%g" f0 text round trip rounds it, and the effects of the SDK's final f0 re-parse
// (weight clamping, non-finite weights) applied directly.
#include "genokit/f1/convert.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "core/fast_decimal.hpp"
#include "f0/build.hpp"
#include "f1/rounding.hpp"
#include "frams/sdk_number.hpp"
#include "gene_props.hpp"
#include "genokit/core/text.hpp"
#include "genokit/f0/neuron_classes.hpp"
#include "genokit/f0/writer.hpp"
#include "genokit/frams/genotype_header.hpp"
#include "neuron_params.hpp"

namespace genokit::f1 {
namespace {

using namespace detail;
constexpr double kPi = 3.14159265358979323846;
constexpr double kMaxWeight = 999999.0;  // f0 c:w range

// Between the symbols of f1 text (the SDK rejects VT and FF there).
bool is_blank(char c) {
  return genokit::is_blank(c, Blanks::layout);
}

// What each byte means outside brackets: 1..30 = modifier kModifiers[code - 1], else one of these.
enum CharClass : std::uint8_t {
  kChInvalid = 0,
  kChX = 31,
  kChOpen,
  kChClose,
  kChComma,
  kChBracket,
  kChStray,
  kChBlank
};
constexpr std::array<std::uint8_t, 256> kCharClass = [] {
  std::array<std::uint8_t, 256> a{};
  for (std::size_t i = 0; i < kModifiers.size(); ++i)
    a[static_cast<unsigned char>(kModifiers[i].letter)] = static_cast<std::uint8_t>(i + 1);
  a['X'] = kChX, a['('] = kChOpen, a[')'] = kChClose, a[','] = kChComma, a['['] = kChBracket;
  a[']'] = kChStray, a[' '] = a['\t'] = a['\n'] = a['\r'] = kChBlank;
  return a;
}();

bool is_upper(char c) {
  return c >= 'A' && c <= 'Z';
}
bool is_lower(char c) {
  return c >= 'a' && c <= 'z';
}
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// The pieces of a bracket token are trimmed of C whitespace (the SDK's number and name reading).
std::string_view trim_left(std::string_view s) {
  return genokit::trim_left(s, Blanks::space);
}
std::string_view trim_both(std::string_view s) {
  return genokit::trim(s, Blanks::space);
}

// f0::Orient::apply (the same operations in the same order, so the same bits), always inlined.
[[gnu::always_inline]] inline f0::Vec3 apply(const f0::Orient& o, const f0::Vec3& v) {
  return {v.x * o.x.x + v.y * o.y.x + v.z * o.z.x, v.x * o.x.y + v.y * o.y.y + v.z * o.z.y,
          v.x * o.x.z + v.y * o.y.z + v.z * o.z.z};
}

bool is_char(std::string_view s, char c) {  // s == "c", without a library call
  return s.size() == 1 && s[0] == c;
}

std::string quoted(std::string_view s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\n')
      out += "\\n";
    else if (c == '\r')
      out += "\\r";
    else if (c == '\t')
      out += "\\t";
    else
      out += c;
  }
  return out + "'";
}

f0::NeuronLocation location_of(std::string_view cls) {
  const f0::NeuronClass* c = sdk_class(cls);
  return c ? c->pref_location : f0::NeuronLocation::none;
}

// A run of `n` copies of modifier letter kModifiers[I], with the letter's constants built in and
// the values kept in registers (apply_modifier's operations in the same order, so the same bits).
template <std::size_t I>
[[gnu::always_inline]] inline void modify_run(GeneProps& g, f0::Vec3& k, std::uint32_t n) {
  constexpr Modifier m = kModifiers[I];
  if constexpr (m.op == ModOp::rotate) {
    double x = k.x;
    do x += m.factor;
    while (--n);
    k.x = x;
  } else if constexpr (!m.normalise) {
    static_assert(m.op == ModOp::toward);
    double v = g.v[m.prop];
    do {
      v += (m.target - v) * m.factor;
      if constexpr (m.max != kNoMax)
        if (v > m.max) v = m.max;
    } while (--n);
    g.v[m.prop] = v;
  } else {  // A/a, I/i, S/s, M/m: then normalise_biol4()
    static_assert(m.op == ModOp::toward && m.max == kNoMax);
    double mp = g.v[muscle_power], as = g.v[assimilation], st = g.v[stamina], in = g.v[ingestion];
    double& v = m.prop == muscle_power ? mp : m.prop == assimilation ? as : m.prop == stamina ? st : in;
    do {
      v += (m.target - v) * m.factor;
      const double sum = mp + as + st + in;
      if (sum == 0) {
        mp = as = st = in = 0.25;
      } else {
        mp /= sum;
        as /= sum;
        st /= sum;
        in /= sum;
      }
    } while (--n);
    g.v[muscle_power] = mp, g.v[assimilation] = as, g.v[stamina] = st, g.v[ingestion] = in;
  }
}

// `n` >= 1 copies of modifier letter kModifiers[idx]: one jump table instead of loading and
// testing the letter's table entry.
[[gnu::always_inline]] inline void modify(unsigned idx, GeneProps& g, f0::Vec3& k, std::uint32_t n) {
  switch (idx) {
    default:
      __builtin_unreachable();
      // clang-format off
#define GENOKIT_F1_CASE(i) case i: modify_run<i>(g, k, n); return;
    GENOKIT_F1_CASE(0) GENOKIT_F1_CASE(1) GENOKIT_F1_CASE(2) GENOKIT_F1_CASE(3) GENOKIT_F1_CASE(4)
    GENOKIT_F1_CASE(5) GENOKIT_F1_CASE(6) GENOKIT_F1_CASE(7) GENOKIT_F1_CASE(8) GENOKIT_F1_CASE(9)
    GENOKIT_F1_CASE(10) GENOKIT_F1_CASE(11) GENOKIT_F1_CASE(12) GENOKIT_F1_CASE(13) GENOKIT_F1_CASE(14)
    GENOKIT_F1_CASE(15) GENOKIT_F1_CASE(16) GENOKIT_F1_CASE(17) GENOKIT_F1_CASE(18) GENOKIT_F1_CASE(19)
    GENOKIT_F1_CASE(20) GENOKIT_F1_CASE(21) GENOKIT_F1_CASE(22) GENOKIT_F1_CASE(23) GENOKIT_F1_CASE(24)
    GENOKIT_F1_CASE(25) GENOKIT_F1_CASE(26) GENOKIT_F1_CASE(27) GENOKIT_F1_CASE(28) GENOKIT_F1_CASE(29)
#undef GENOKIT_F1_CASE
      // clang-format on
  }
}
static_assert(kModifiers.size() == 30, "one case per modifier letter");

// One segment waiting to be read: from `pos` to its ',' / ')' / end of text.
struct Task {
  std::uint32_t pos;
  std::uint32_t limit;  // end of the branch it belongs to (text end at the top level)
  int start_part;       // -1 before the first stick
  f0::Vec3 k;
  GeneProps g;
  bool top;
};

struct RelConn {
  int target;  // f0 index of the bracket neuron
  int own;     // its f1 number
  std::int64_t offset;
  double weight;
  std::uint32_t begin, end;
};

class Converter {
 public:
  Converter(std::string_view text, std::size_t body, Diagnostics& diags, const ConvertOptions& opt,
            Conversion& out)
      : t_(text),
        body_(body),
        n_(static_cast<std::uint32_t>(text.size())),
        diags_(diags),
        opt_(opt),
        out_(out),
        m_(out.model) {}

  void run();

 private:
  void run_walk();
  // ---- diagnostics ----------------------------------------------------------------------------
  Location where(std::size_t off) {
    if (!lines_) lines_ = std::make_unique<LineIndex>(t_);
    return lines_->locate(off);
  }
  bool full() const { return diags_.items().size() >= diags_.limit(); }
  void error(std::string code, std::string msg, std::size_t off) {
    diags_.error(std::move(code), std::move(msg), where(off));
  }
  // A problem the SDK accepts silently (or only logs): a warning, an error with --strict.
  void warn(std::string code, std::string msg, std::size_t off) {
    if (full()) {  // past the diagnostics limit: only counted
      diags_.report(opt_.strict ? Severity::error : Severity::warning, std::move(code), {}, {});
      strict_failed_ |= opt_.strict;
      return;
    }
    if (opt_.strict) {
      strict_failed_ = true;
      diags_.error(std::move(code), std::move(msg), where(off));
    } else {
      diags_.warning(std::move(code), std::move(msg), where(off));
    }
  }
  void lint(std::string code, std::string msg, std::size_t off) {
    if (opt_.lint) warn(std::move(code), std::move(msg), off);
  }
  void sdk(std::string line) { out_.sdk_messages.push_back(std::move(line)); }
  void map(std::uint32_t b, std::uint32_t e, ElementKind k, int i) {
    if (opt_.mapping) out_.map.push_back({b, e, k, i});
  }

  // ---- structure ------------------------------------------------------------------------------
  void prepass();
  bool only_blanks(std::uint32_t b, std::uint32_t e) const {
    for (std::uint32_t i = b; i < e && i < n_; ++i)
      if (!is_blank(t_[i])) return false;
    return true;
  }
  enum class Seg : std::uint8_t { done, replaced, failed };
  template <bool kMap>
  Seg segment(std::size_t slot);
  template <bool kMap>
  void run_stack();
  [[gnu::always_inline]] int make_part(const GeneProps& g, double inv_w, std::uint32_t pos);
  [[gnu::always_inline]] void make_joint(int p1, int p2, const f0::Vec3& k, const GeneProps& g,
                                         std::uint32_t pos);
  std::uint32_t neuron(std::uint32_t open, const GeneProps& g);
  void token(std::uint32_t b, std::uint32_t e, std::size_t colon, int bn, int f1num, ParamSet& ps,
             bool& class_set, bool old_style, const GeneProps& g);
  double weight_value(std::string_view v, std::uint32_t pos);
  void report_set(const ParamSet& ps, std::string_view name, std::string_view text, const SetOutcome& r,
                  std::uint32_t pos, bool automatic);
  // `details` is ignored for a bracket neuron (its details are set when the bracket ends).
  int add_neuron(std::string_view details, f0::NeuronLocation loc, std::uint32_t pos, bool bracket = false);
  f0::Neuron& new_neuron(f0::NeuronLocation loc, std::uint32_t pos);
  void add_input(int target, int source, double weight) {
    f0::Input& in = m_.neurons[target].inputs.emplace_back();
    in.source = source, in.weight = weight;
    ++inputs_total_;
  }
  const char* g6(double v);
  [[gnu::always_inline]] f0::Orient joint_orient(double rx, double rz);
  [[gnu::noinline]] void finish();
  bool finish_odd_weights();

  std::string_view t_;
  std::size_t body_;
  std::uint32_t n_;
  Diagnostics& diags_;
  const ConvertOptions& opt_;
  Conversion& out_;
  f0::Model& m_;
  std::unique_ptr<LineIndex> lines_;
  bool strict_failed_ = false;
  bool failed_ = false;

  static constexpr int kTrigBits = 12, kRoundBits = 14;  // cache sizes (log2)
  // Working memory, reused across calls on the same thread (no allocation per genotype).
  struct Scratch {
    std::vector<std::int32_t> close, link;  // branch groups: '(' -> closer / first ','; ',' -> next ','
    std::vector<Task> stack;
    std::vector<int> bracket;  // f1 bracket number -> f0 neuron index
    std::vector<RelConn> rel;
    struct Receptor {
      int source;
      double weight;
    };
    std::vector<Receptor> receptors;  // of the bracket being read
    struct Open {
      std::uint32_t pos, last_comma;
      bool paren;  // '(' (else '[')
    };
    std::vector<Open> open;
    std::vector<std::uint32_t> pending;
    // sin/cos of recent joint angles (sticks and branches repeat the same few angles).
    struct SinCos {  // starts as sin/cos of +0, which is right
      std::uint64_t bits = 0;
      double s = 0, c = 1;
    };
    std::array<SinCos, std::size_t{1} << kTrigBits> trig;
    // "%g" texts of recent muscle powers and bend ranges (old-style and output muscles).
    struct G6 {
      std::uint64_t bits = 0;
      bool used = false;
      char text[32] = {};
    };
    std::array<G6, 512> g6;
    // round6() of recent values across genotypes (decays and modifiers repeat the same values).
    // Entries start as 0 -> 0, which is right.
    struct Rounded {
      std::uint64_t in = 0;
      double out = 0;
    };
    std::array<Rounded, std::size_t{1} << kRoundBits> rounded;
    bool busy = false;
  };
  static Scratch& scratch() {  // on the heap: the caches are too big for thread-local storage
    thread_local const std::unique_ptr<Scratch> s = std::make_unique<Scratch>();
    return *s;
  }
  // Used if a conversion runs inside another on the same thread (never today).
  std::unique_ptr<Scratch> own_;
  Scratch& sc_ = scratch().busy ? *(own_ = std::make_unique<Scratch>()) : scratch();
  std::vector<std::int32_t>& close_ = sc_.close;
  std::vector<std::int32_t>& link_ = sc_.link;
  std::vector<Task>& stack_ = sc_.stack;
  std::vector<int>& bracket_ = sc_.bracket;
  std::vector<RelConn>& rel_ = sc_.rel;
  // round6() per value slot, remembering the last input: most sticks repeat their neighbour's
  // values (colours never decay, decay has fixed points), so the rounding is mostly skipped.
  static constexpr int kDensity = kPropCount, kRotX = kPropCount + 1, kRotZ = kPropCount + 2;
  // Through the shared cache only: a per-slot "same as last time" test mispredicts too often.
  // sin/cos of `a` through the cache.
  [[gnu::always_inline]] const Scratch::SinCos& trig(double a) {
    std::uint64_t bits;
    std::memcpy(&bits, &a, sizeof bits);
    auto& e = sc_.trig[(bits * 0x9E3779B97F4A7C15ull) >> (64 - kTrigBits)];
    if (e.bits != bits) [[unlikely]]
      e.bits = bits, e.s = std::sin(a), e.c = std::cos(a);
    return e;
  }
  [[gnu::always_inline]] double r6(int /*slot*/, double v) {
    std::uint64_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    auto& e = sc_.rounded[(bits * 0x9E3779B97F4A7C15ull) >> (64 - kRoundBits)];
    if (e.in != bits) [[unlikely]]
      e.in = bits, e.out = round6(v);
    return e.out;
  }
  // A colour: almost always the default 0.5 (only D/d/G/g/B/b change it; no decay).
  [[gnu::always_inline]] double r6c(double v) { return v == 0.5 ? 0.5 : r6(red, v); }
  double energy_ = 0, energy_div_ = 0;
  double last_power_ = 0;         // muscle power of the state at the last joint's X
  std::size_t inputs_total_ = 0;  // inputs added (= connections unless a weight fails)
  bool part0_mapped_ = false;
};

// One pass before the walk: stick and bracket counts (to reserve the model) and the branch groups
// ('(' -> its closer and first ',', each ',' -> the next). Only the entries of '(' and of a
// group's ',' are written: they are the only ones the walk reads.
void Converter::prepass() {
  if (close_.size() < n_) close_.resize(n_), link_.resize(n_);  // only grown: no refill per genotype
  // Raw pointers and counts in locals: the stores into close/link cannot then force reloads of
  // vector members.
  std::int32_t* const close = close_.data();
  std::int32_t* const link = link_.data();
  const char* const t = t_.data();
  auto& st_vec = sc_.open;          // open '(' and '[', innermost last
  auto& pending_vec = sc_.pending;  // '[' waiting for the next ']' or ')'
  if (st_vec.size() < 64) st_vec.resize(64);
  if (pending_vec.size() < st_vec.size()) pending_vec.resize(st_vec.size());
  Scratch::Open* st = st_vec.data();
  std::uint32_t* pending = pending_vec.data();
  std::size_t depth = 0, npending = 0, cap = st_vec.size();
  std::size_t sticks = 0, brackets = 0;
  const std::int32_t unclosed = static_cast<std::int32_t>(n_);
  auto structural = [&](std::uint32_t i) {
    const char ch = t[i];
    if (ch == ',') {  // a ',' directly in a '(' group links; one in a bracket does nothing
      if (depth != 0 && st[depth - 1].paren) {
        Scratch::Open& o = st[depth - 1];
        link[o.last_comma] = static_cast<std::int32_t>(i);
        link[i] = -1;
        o.last_comma = i;
      }
    } else if (ch == ']' || ch == ')') {
      if (depth != 0) close[st[--depth].pos] = static_cast<std::int32_t>(i);
      for (std::size_t k = 0; k < npending; ++k) link[pending[k]] = static_cast<std::int32_t>(i);
      npending = 0;
    } else {                            // '[' or '('
      if (depth == cap) [[unlikely]] {  // npending <= depth: both grow together
        cap *= 2;
        st_vec.resize(cap), pending_vec.resize(cap);
        st = st_vec.data(), pending = pending_vec.data();
      }
      if (ch == '[') ++brackets, pending[npending++] = i;
      st[depth++] = {i, i, ch == '('};
      close[i] = unclosed;  // until its closer is seen
      link[i] = -1;
    }
  };
  std::uint32_t i = static_cast<std::uint32_t>(body_);
#if defined(__SSE2__)
  // 16 bytes at a time: count the X and visit only ( ) [ ] , (a genotype is mostly letters).
  const __m128i cx = _mm_set1_epi8('X'), co = _mm_set1_epi8('('), cc = _mm_set1_epi8(')'),
                cb = _mm_set1_epi8('['), ce = _mm_set1_epi8(']'), cm = _mm_set1_epi8(',');
  for (; i + 16 <= n_; i += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(t_.data() + i));
    unsigned x = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, cx)));
    x = x - ((x >> 1) & 0x5555u);  // 16-bit popcount without a library call
    x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
    x = (x + (x >> 4)) & 0x0F0Fu;
    sticks += (x + (x >> 8)) & 0x1Fu;
    const __m128i s = _mm_or_si128(_mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, co), _mm_cmpeq_epi8(v, cc)),
                                                _mm_or_si128(_mm_cmpeq_epi8(v, cb), _mm_cmpeq_epi8(v, ce))),
                                   _mm_cmpeq_epi8(v, cm));
    for (auto mask = static_cast<unsigned>(_mm_movemask_epi8(s)); mask != 0; mask &= mask - 1)
      structural(i + static_cast<std::uint32_t>(__builtin_ctz(mask)));
  }
#endif
  for (; i < n_; ++i) {
    const char ch = t_[i];
    if (ch == 'X')
      ++sticks;
    else if (ch == '(' || ch == ')' || ch == '[' || ch == ']' || ch == ',')
      structural(i);
  }
  for (std::size_t k = 0; k < npending; ++k) link[pending[k]] = unclosed;
  m_.parts.reserve(sticks + 1);
  m_.joints.reserve(sticks);
  m_.neurons.reserve(brackets * 2);
}

// f0::orient_from_rotation({rx, 0, rz}) (same operations, so the same bits), with sin/cos of
// recently seen angles reused.
inline f0::Orient Converter::joint_orient(double rx, double rz) {
  f0::Orient o;
  if (rx != 0) {
    const auto& t = trig(rx);
    const double s = t.s, cs = t.c;
    for (f0::Vec3* v : {&o.x, &o.y, &o.z}) {
      const double y = cs * v->y - s * v->z, z = s * v->y + cs * v->z;
      v->y = y;
      v->z = z;
    }
  }
  if (rz != 0) {
    const auto& t = trig(rz);
    const double s = t.s, cs = t.c;
    for (f0::Vec3* v : {&o.x, &o.y, &o.z}) {
      const double x = cs * v->x - s * v->y, y = s * v->x + cs * v->y;
      v->x = x;
      v->y = y;
    }
  }
  return o;
}

const char* Converter::g6(double v) {
  std::uint64_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  auto& e = sc_.g6[(bits * 0x9E3779B97F4A7C15ull) >> 55];
  if (!e.used || e.bits != bits) e.bits = bits, e.used = true, format_g6(v, e.text, sizeof e.text);
  return e.text;
}

inline int Converter::make_part(const GeneProps& g, double inv_w, std::uint32_t pos) {
  f0::Part& p = m_.parts.emplace_back();
  p.dn = inv_w == 1.0 ? 1.0 : r6(kDensity, inv_w);
  p.fr = r6(friction, g[friction]);
  p.ing = r6(ingestion, g[ingestion]);
  p.as = r6(assimilation, g[assimilation]);
  p.vs = r6(visual_size, g[visual_size]);
  p.color = {r6c(g[red]), r6c(g[green]), r6c(g[blue])};
  p.src = {0, 0, static_cast<std::int64_t>(pos), 1};
  // p.mass (1.0) doubles as the density averaging count: it ends as the number of joints at the
  // part (its own joint plus one per stick starting there), which is the f0 build's mass.
  return static_cast<int>(m_.parts.size() - 1);
}

inline void Converter::make_joint(int p1, int p2, const f0::Vec3& k, const GeneProps& g, std::uint32_t pos) {
  f0::Joint& j = m_.joints.emplace_back();
  j.p1 = p1;
  j.p2 = p2;
  j.use_delta = true;
  j.d = {r6(length, std::min(2.0, g[length])), 0, 0};
  j.rot = {r6(kRotX, k.x), 0, r6(kRotZ, k.z)};
  j.stam = r6(stamina, g[stamina]);
  j.color = m_.parts[p2].color;  // the end part was just made from the same state
  j.length = std::sqrt(j.d.x * j.d.x);
  j.src = {0, 0, static_cast<std::int64_t>(pos), 1};
  // Delta joint placement exactly as the f0 build does it (notes §6.3).
  const f0::Part& a = m_.parts[p1];
  f0::Part& b = m_.parts[p2];
  const f0::Orient r = joint_orient(j.rot.x, j.rot.z);
  b.orient = {apply(a.orient, r.x), apply(a.orient, r.y), apply(a.orient, r.z)};  // f0::compose
  // apply(b.orient, {len, 0, 0}) without the zero terms: with finite axes they only add signed
  // zeros, and a position is never -0 (the root is +0 and x + y is -0 only when both are), so the
  // sums below have the same bits.
  const double len = j.d.x;
  b.pos = {a.pos.x + len * b.orient.x.x, a.pos.y + len * b.orient.x.y, a.pos.z + len * b.orient.x.z};
  last_power_ = g[muscle_power];
}

double Converter::weight_value(std::string_view v, std::uint32_t pos) {
  double w = 0;
  // Plain decimals ("1", "-0.5"): the exact fast path frams::sdk::parse_double would take, inline.
  // `v` lies in the text, so the scanner may read ahead up to the text's end (8 digits at a time).
  const char* const end = v.data() + v.size();
  const char* const limit = std::max(end, t_.data() + n_);
  if (!v.empty() && scan_plain_decimal(v.data(), end, limit, w) == v.size()) return w;
  const auto d = frams::sdk::parse_double(v);
  if (!d) {
    sdk("[ERROR] ExtValue.parseDouble: " + frams::sdk::could_not_parse(v));
    warn("f1.bad-number", "Cannot read the number " + quoted(v) + "; the SDK uses 0", pos);
    return 0;
  }
  return *d;
}

// The messages of a parameter set (SDK log lines and genokit's warnings).
void Converter::report_set(const ParamSet& ps, std::string_view name, std::string_view text,
                           const SetOutcome& r, std::uint32_t pos, bool automatic) {
  if (r.int_overflow.overflow != frams::sdk::IntValue::Overflow::none) {
    sdk("[ERROR] ExtValue.getInt: " + frams::sdk::overflow_message(r.int_overflow));
    warn("f1.bad-number",
         "The value " + quoted(text) + " of parameter '" + std::string(name) +
             "' does not fit 32 bits; the SDK uses " + std::to_string(r.int_overflow.value),
         pos);
  }
  switch (r.result) {
    case SetResult::ok:
      break;
    case SetResult::clamped_high:
    case SetResult::clamped_low: {
      const bool big = r.result == SetResult::clamped_high;
      sdk("[WARN] Param.set: " + frams::sdk::clamp_message(r.table, name, r.given, big, r.adjusted));
      warn("f1.parameter-clamped",
           "Neuron parameter " + std::string(r.table) + "." + std::string(name) + " = " + r.given +
               " is out of range (" + (big ? "too big" : "too small") + "); the SDK uses " + r.adjusted,
           pos);
      break;
    }
    case SetResult::parse_failed:
      sdk(std::string("[ERROR] ") + (r.type == 'd' ? "ExtValue.parseInt: " : "ExtValue.parseDouble: ") +
          frams::sdk::could_not_parse(text));
      warn("f1.bad-number",
           "Cannot read the number " + quoted(text) + "; the SDK sets parameter '" + std::string(name) +
               "' to its default",
           pos);
      break;
    case SetResult::unknown_class:
      if (!automatic)
        lint("f1.ignored-parameter",
             "Parameter '" + std::string(name) + "' is ignored: neuron class " + quoted(ps.cls()) +
                 " is not in the SDK library",
             pos);
      break;
    case SetResult::unknown_param:
      if (automatic) break;
      if (r.table != ps.cls())
        lint("f1.ignored-parameter",
             "Parameter '" + std::string(name) +
                 "' is ignored: the parameters of this neuron were started for class " +
                 std::string(r.table) + " before the class token, and that class has no such parameter",
             pos);
      else
        lint("f1.ignored-parameter",
             "Neuron class " + std::string(ps.cls()) + " has no parameter " + quoted(name) +
                 "; the SDK ignores it",
             pos);
      break;
  }
}

int Converter::add_neuron(std::string_view details, f0::NeuronLocation loc, std::uint32_t pos, bool bracket) {
  f0::Neuron& nr = new_neuron(loc, pos);
  if (!bracket) {
    nr.details.assign(details);
    f0::set_neuron_class(nr);  // the class, parameters and known flag, as the SDK's f0 re-parse reads them
  }                            // a bracket neuron is described when its bracket ends
  return static_cast<int>(m_.neurons.size() - 1);
}

// A neuron with default details, attached as `loc` says to the last joint or its end part.
f0::Neuron& Converter::new_neuron(f0::NeuronLocation loc, std::uint32_t pos) {
  f0::Neuron& nr = m_.neurons.emplace_back();
  if (loc == f0::NeuronLocation::joint)
    nr.joint = static_cast<int>(m_.joints.size() - 1);
  else if (loc == f0::NeuronLocation::part)
    nr.part = m_.joints.back().p2;
  nr.src = {0, 0, static_cast<std::int64_t>(pos), 1};
  return nr;
}

// One token of a bracket, [b, e) (notes §7.2).
// `colon`: the token's last ':' (relative to b), npos when none.
void Converter::token(std::uint32_t b, std::uint32_t e, std::size_t colon, int bn, int f1num, ParamSet& ps,
                      bool& class_set, bool old_style, const GeneProps& g) {
  const std::string_view tok(t_.data() + b, e - b);
  if (colon == std::string_view::npos) {
    const std::string_view name = trim_both(tok);
    if (name.empty()) return;
    if (old_style) {
      lint("f1.ignored-token",
           "Token " + quoted(name) +
               " is ignored: an old-style muscle bracket ([|...] or [@...]) takes no class name",
           b);
      return;
    }
    if (class_set) {
      lint("f1.ignored-token", "Token " + quoted(name) + " is ignored: this neuron's class was already given",
           b);
      return;
    }
    class_set = true;
    if (!ps.params().empty())
      lint("f1.parameters-before-class",
           "Parameters given before the class name were set for class N and are kept as text; put the class "
           "first",
           b);
    ps.set_class(name);
    if (!ps.klass())
      lint("f1.unknown-neuron-class", "Neuron class " + quoted(name) + " is not in the SDK r909 library", b);
    const double power = last_power_;
    if (is_char(ps.cls(), '|')) {
      report_set(ps, "p", {}, ps.set("p", power), b, true);
      report_set(ps, "r", {}, ps.set("r", g.bend_range), b, true);
    } else if (is_char(ps.cls(), '@')) {
      report_set(ps, "p", {}, ps.set("p", power), b, true);
    }
    return;
  }
  std::string_view name(tok.data(), colon);
  const std::size_t lead = name.size() - trim_left(name).size();
  name.remove_prefix(lead);
  const std::string_view value(tok.data() + colon + 1, tok.size() - colon - 1);
  const std::uint32_t nb = b + static_cast<std::uint32_t>(lead);
  if (name.empty()) {
    lint("f1.ignored-token", "Token " + quoted(trim_both(tok)) + " is ignored: it has no name before ':'", b);
    return;
  }
  const char c0 = name[0];
  if (is_digit(c0) || c0 == '-') {  // relative connection
    const std::string_view nm = trim_both(name);
    std::int64_t off = 0;
    if (nm.empty() || scan_plain_int(nm.data(), nm.data() + nm.size(), off) != nm.size() ||
        off != std::int32_t(off)) {
      const auto v = frams::sdk::parse_int(nm);  // non-strict: 1.5 is 1
      off = v ? v->value : 0;
      if (!v) {
        sdk("[ERROR] ExtValue.parseInt: " + frams::sdk::could_not_parse(nm));
        warn("f1.bad-number",
             "Cannot read the neuron offset " + quoted(nm) + "; the SDK uses 0 (a self-connection)", nb);
      } else if (v->overflow != frams::sdk::IntValue::Overflow::none) {
        sdk("[ERROR] ExtValue.getInt: " + frams::sdk::overflow_message(*v));
        warn("f1.bad-number",
             "The neuron offset " + quoted(nm) + " does not fit 32 bits; the SDK uses " + std::to_string(off),
             nb);
      }
    }
    const double w = weight_value(trim_both(value), b + static_cast<std::uint32_t>(colon) + 1);
    rel_.push_back({bn, f1num, off, w, nb, e});
  } else if (is_upper(c0) || c0 == '*' || c0 == '|' || c0 == '@') {  // receptor
    const double w = weight_value(trim_both(value), b + static_cast<std::uint32_t>(colon) + 1);
    const f0::NeuronClass* rc = sdk_class(name);
    const bool known = rc != nullptr;
    if (trim_both(name).size() != name.size())
      lint("f1.receptor-name-blank",
           "Receptor class " + quoted(name) + " ends with a blank, so the SDK creates an unknown class", nb);
    else if (!known)
      lint("f1.unknown-neuron-class", "Neuron class " + quoted(name) + " is not in the SDK r909 library", nb);
    const f0::NeuronLocation loc = known ? rc->pref_location : f0::NeuronLocation::none;
    int rn;
    if (!std::memchr(name.data(), ':', name.size())) {  // describe()'s result, directly
      f0::Neuron& nr = new_neuron(loc, nb);
      nr.details.assign(name);
      nr.class_name.assign(name);
      nr.known_class = known;
      rn = static_cast<int>(m_.neurons.size() - 1);
    } else {
      rn = add_neuron(name, loc, nb);
    }
    sc_.receptors.push_back({rn, w});  // bn's inputs, added when its bracket ends
    map(nb, e, ElementKind::neuron, rn);
  } else if (c0 == '>' && name.size() >= 2) {  // output
    const double w = weight_value(trim_both(value), b + static_cast<std::uint32_t>(colon) + 1);
    // SDK quirk (notes §7.4): the class name is as long as the weight text (blanks included).
    const std::uint32_t from = nb + 1;
    const std::uint32_t len = std::min<std::uint32_t>(static_cast<std::uint32_t>(value.size()), n_ - from);
    const std::string_view qname = t_.substr(from, len);
    const std::string_view real = name.substr(1);
    if (qname != real)
      warn("f1.output-name-quirk",
           "The SDK reads this output's class as " + quoted(qname) + " instead of " + quoted(real) +
               " (it takes as many characters as the weight has)",
           nb);
    std::string details(qname);
    if (is_char(real, '|')) {
      details.append(":p=").append(g6(last_power_)).append(",r=").append(g6(g.bend_range));
    } else if (is_char(real, '@')) {
      details.append(":p=").append(g6(last_power_));
    }
    const int on = add_neuron(details, location_of(qname), nb);
    add_input(on, bn, w);
    map(nb, e, ElementKind::neuron, on);
  } else if (c0 == '!' || c0 == '=' || c0 == '/') {
    const std::string_view v = trim_both(value);
    const auto d = frams::sdk::parse_double(v);
    if (!d) {
      sdk("[ERROR] ExtValue.parseDouble: " + frams::sdk::could_not_parse(v));
      warn("f1.bad-number", "Cannot read the number " + quoted(v) + "; the SDK sets the parameter to 0", nb);
    }
    const std::string_view pname = c0 == '!' ? "fo" : c0 == '=' ? "in" : "si";
    report_set(ps, pname, v, ps.set(pname, d ? *d : 0.0), nb, false);
  } else if (is_lower(c0)) {
    if (trim_both(name).size() != name.size()) {
      lint("f1.ignored-parameter",
           "Parameter name " + quoted(name) + " ends with a blank; the SDK ignores it", nb);
      return;
    }
    report_set(ps, name, value, ps.set_text(name, value), nb, false);  // (Param::set on the text)
  } else {
    lint("f1.ignored-token",
         "Token " + quoted(trim_both(tok)) + " is ignored: it matches no neuron token kind", nb);
  }
}

// A bracket at `open`; returns where the segment continues.
std::uint32_t Converter::neuron(std::uint32_t open, const GeneProps& g) {
  const std::uint32_t q = static_cast<std::uint32_t>(link_[open]);  // the first ']' or ')' (prepass)
  if (m_.joints.empty()) {
    sdk("[WARN] GenoConv_F1.grow: Illegal neuron position (ignored)");
    warn("f1.neuron-before-stick",
         "A neuron must follow a stick (X); the SDK ignores this one but not its closing bracket", open);
    return q;  // the closer is read by the segment (a ']' then makes the genotype invalid)
  }
  if (q >= n_)
    warn("f1.unterminated-neuron",
         "Neuron bracket is not closed; genokit ends it at the end of the text (the SDK reads past the end "
         "of the genotype: undefined result)",
         open);
  else if (t_[q] == ')')
    lint("f1.neuron-closed-by-paren", "Neuron bracket closed by ')' instead of ']' (the SDK accepts it)", q);

  const int f1num = static_cast<int>(bracket_.size());
  const int bn = add_neuron("N", f0::NeuronLocation::none, open, true);
  bracket_.push_back(bn);
  map(open, std::min(q + 1, n_), ElementKind::neuron, bn);
  std::uint32_t b = open + 1;
  while (b < q && is_blank(t_[b])) ++b;
  bool old_style = false;
  if (b < q && (t_[b] == '|' || t_[b] == '@') && !(b + 1 < n_ && t_[b + 1] == ':')) {
    std::uint32_t c2 = b + 1;
    while (c2 < n_ && is_blank(t_[c2])) ++c2;
    old_style = c2 >= n_ || (t_[c2] != ',' && t_[c2] != ']');
  }
  if (old_style) {
    char buf[80];  // "|:p=<%g>,r=<%g>" (each %g text is at most 13 characters)
    std::size_t len = 0;
    auto put = [&](std::string_view s) { std::memcpy(buf + len, s.data(), s.size()), len += s.size(); };
    put({&t_[b], 1});
    put(":p=");
    put(g6(last_power_));
    if (t_[b] == '|') put(",r="), put(g6(g.bend_range));
    // describe()'s result, directly: class '|' or '@' (both in the library), then the parameters.
    f0::Neuron& nr = new_neuron(f0::NeuronLocation::joint, b);
    nr.details.assign(buf, len);
    nr.params.assign(buf + 2, len - 2);
    nr.class_name.assign(buf, 1);
    static const bool muscles_known = sdk_class("|") && sdk_class("@");
    nr.known_class = muscles_known;
    const int mn = static_cast<int>(m_.neurons.size() - 1);
    add_input(mn, bn, 1.0);
    map(b, b + 1, ElementKind::neuron, mn);
    ++b;
  }
  ParamSet ps;
  bool class_set = false;
  const std::size_t rel_before = rel_.size();
  for (std::uint32_t s = b; s <= q && s <= n_;) {
    // The token ends at the next ',' (or at the bracket's end); its last ':' found on the way
    // (tokens are a few bytes: a loop is cheaper than memchr + rfind).
    std::uint32_t e = s;
    std::size_t colon = std::string_view::npos;
    for (; e < q; ++e) {
      const char ch = t_[e];
      if (ch == ',') break;
      if (ch == ':') colon = e - s;
    }
    token(s, e, colon, bn, f1num, ps, class_set, old_style, g);
    s = e + 1;
  }
  f0::Neuron& nr = m_.neurons[bn];
  // The receptors' inputs, with room for the relative connections added at the end (one
  // allocation instead of several).
  auto& rec = sc_.receptors;
  if (const std::size_t total = rec.size() + (rel_.size() - rel_before)) nr.inputs.reserve(total);
  for (const auto& r : rec) add_input(bn, r.source, r.weight);
  rec.clear();
  // What describe() would derive from the details: the class token has no ':'.
  ps.describe(nr.details, nr.params);
  if (nr.class_name != ps.cls()) nr.class_name.assign(ps.cls());
  nr.known_class = ps.klass() != nullptr;
  const f0::NeuronLocation loc = nr.known_class ? ps.klass()->pref_location : f0::NeuronLocation::none;
  if (loc == f0::NeuronLocation::joint)
    nr.joint = static_cast<int>(m_.joints.size() - 1);
  else
    nr.part = m_.joints.back().p2;
  return q < n_ ? q + 1 : n_;
}

// Reads the segment in stack slot `slot` (the top). `replaced` when a branch group replaced it by
// its branches (the first branch to read on top), `failed` when the genotype is invalid.
template <bool kMap>
Converter::Seg Converter::segment(std::size_t slot) {
  Task& task = stack_[slot];
  GeneProps& g = task.g;
  f0::Vec3& k = task.k;
  k.x += g[twist];
  k.z += g[curvedness];
  int sp_map = task.start_part < 0 ? 0 : task.start_part;
  std::uint32_t pos = task.pos;
  while (pos < n_) {
    const char c = t_[pos];
    const std::uint8_t cc = kCharClass[static_cast<unsigned char>(c)];
    if (cc - 1u < kModifiers.size()) {
      std::uint32_t end = pos + 1;  // a run of the same letter ("LLLL")
      while (end < n_ && t_[end] == c) ++end;
      modify(cc - 1u, g, k, end - pos);
      if constexpr (kMap) {
        for (; pos < end; ++pos) map(pos, pos + 1, ElementKind::part, sp_map);
        if (sp_map == 0) part0_mapped_ = true;
      }
      pos = end;
      continue;
    }
    switch (cc) {
      case kChBlank:
        ++pos;
        continue;
      case kChBracket:
        pos = neuron(pos, g);
        continue;
      case kChX: {
        int sp = task.start_part;
        bool fresh = false;
        if (sp < 0) {
          if (m_.parts.empty()) {
            sp = make_part(g, g[weight] == 1.0 ? 1.0 : 1.0 / g[weight], pos);
            fresh = true;
            if (kMap && !part0_mapped_) map(pos, pos + 1, ElementKind::part, 0), part0_mapped_ = true;
          } else {
            sp = 0;
          }
        }
        // 1/weight, without dividing for the usual weight 1.
        const double inv_w = g[weight] == 1.0 ? 1.0 : 1.0 / g[weight];
        if (!fresh) {
          f0::Part& p = m_.parts[sp];
          // Averaging 1 into density 1 gives exactly 1 ((m*1+1)/(m+1) with a small integer m).
          if (p.dn != 1.0 || inv_w != 1.0) p.dn = ((p.mass * p.dn) + inv_w) / (p.mass + 1.0);
          p.mass += 1.0;
        }
        energy_ += 0.9 * g[energy] + 0.1;
        energy_div_ += 1.0;
        const int ep = make_part(g, inv_w, pos);
        make_joint(sp, ep, k, g, pos);
        if constexpr (kMap) {
          map(pos, pos + 1, ElementKind::part, ep);
          map(pos, pos + 1, ElementKind::joint, static_cast<int>(m_.joints.size() - 1));
        }
        decay(g);
        // The segment after the X (read at once: it would be the next one off the stack anyway).
        task.start_part = sp_map = ep;
        k = {g[twist], 0, g[curvedness]};
        ++pos;
        continue;
      }
      case kChOpen: {
        const std::uint32_t closer = static_cast<std::uint32_t>(close_[pos]);
        std::size_t count = 1;
        for (std::int32_t c2 = link_[pos]; c2 >= 0; c2 = link_[c2]) ++count;
        if (closer >= n_ && full())
          warn("f1.unclosed-branch", {}, pos);
        else if (closer >= n_)
          warn("f1.unclosed-branch",
               "Branch group '(' is not closed; the SDK lets its last branch run to the end", pos);
        else if (!only_blanks(closer + 1, task.limit))
          warn("f1.ignored-text",
               task.top
                   ? "The SDK ignores everything after the closing ')' of a top-level branch group"
                   : "The SDK ignores the text between this branch group's ')' and the end of the branch",
               closer + 1);
        if constexpr (kMap) {
          map(pos, pos + 1, ElementKind::part, sp_map);
          if (sp_map == 0) part0_mapped_ = true;
          if (closer < n_) map(closer, closer + 1, ElementKind::part, sp_map);
        }
        g.bend_range = 1.0 / static_cast<double>(count);
        g.bend_fresh = true;
        // Branch i gets rz -pi + (i+1)*2pi/(n+1); pushed in reverse so branch 0 is read first.
        // Branch i goes to stack slot `slot + count - 1 - i`: the last one replaces this segment,
        // the others are copies of it, and branch 0 ends on top.
        if (stack_.capacity() < stack_.size() + count)
          stack_.reserve(std::max(stack_.size() + count, 2 * stack_.capacity()));
        for (std::size_t i = 1; i < count; ++i) stack_.push_back(stack_[slot]);
        const double kz = stack_[slot].k.z;
        std::uint32_t begin = pos + 1;
        std::int32_t c2 = link_[pos];
        for (std::size_t i = 0; i < count; ++i) {
          const std::uint32_t end = c2 >= 0 ? static_cast<std::uint32_t>(c2) : closer;
          Task& b = stack_[slot + count - 1 - i];
          b.pos = begin, b.limit = end, b.top = false;
          b.k.z = kz;
          b.k.z += -kPi + static_cast<double>(i + 1) * (2 * kPi / static_cast<double>(count + 1));
          if (c2 >= 0) {
            if constexpr (kMap) map(end, end + 1, ElementKind::part, sp_map);
            c2 = link_[c2];
          }
          begin = end + 1;
        }
        return Seg::replaced;
      }
      case kChComma:
      case kChClose:
        if (task.top && !only_blanks(pos, n_))
          warn("f1.ignored-text",
               std::string("The SDK ignores everything from this top-level '") + c +
                   "' to the end of the genotype",
               pos);
        return Seg::done;
      case kChStray:
        error("f1.stray-bracket", "']' outside a neuron bracket: the SDK rejects the genotype", pos);
        return Seg::failed;
      default: {
        const unsigned char u = static_cast<unsigned char>(c);
        std::string shown = u >= 0x20 && u < 0x7f ? std::string("'") + c + "'" : [&] {
          char b[16];
          std::snprintf(b, sizeof b, "byte 0x%02X", u);
          return std::string(b);
        }();
        error("f1.invalid-character",
              shown +
                  " is not an f1 symbol (outside brackets only X ( ) , [ and the modifier letters "
                  "LlCcQqRrWwFfAaIiSsMmEeDdGgBbHh are allowed): the SDK rejects the genotype",
              pos);
        return Seg::failed;
      }
    }
  }
  return Seg::done;
}

template <bool kMap>
void Converter::run_stack() {
  while (!stack_.empty()) {
    const Seg r = segment<kMap>(stack_.size() - 1);
    if (r == Seg::done) {
      stack_.pop_back();
    } else if (r == Seg::failed) {
      failed_ = true;
      break;
    }
  }
}

void Converter::run() {
  sc_.busy = true;
  stack_.clear(), bracket_.clear(), rel_.clear(), sc_.receptors.clear();
  prepass();
  run_walk();
  sc_.busy = false;
}

void Converter::run_walk() {
  Task top{static_cast<std::uint32_t>(body_), n_, -1, {0, 0, 0}, GeneProps{}, true};
  stack_.push_back(top);
  if (opt_.mapping)
    run_stack<true>();
  else
    run_stack<false>();
  if (failed_) {
    m_ = f0::Model{};
    m_.valid = false;
    out_.map.clear();
    out_.converted = false;
    return;
  }
  out_.converted = true;
  finish();
}

void Converter::finish() {
  // Relative connections, resolved after the whole text (forward references work).
  const int nb = static_cast<int>(bracket_.size());
  for (const RelConn& r : rel_) {
    // (the SDK's int arithmetic: an offset near the 32-bit limits wraps)
    const std::int64_t src =
        static_cast<std::int32_t>(static_cast<std::uint32_t>(r.own) + static_cast<std::uint32_t>(r.offset));
    if (src < 0 || src >= nb) {
      sdk("[WARN] GenoConvF1.addInput: illegal neuron connection " + std::to_string(r.own) + " <- " +
          std::to_string(src) + " (ignored)");
      warn("f1.bad-connection",
           "Neuron " + std::to_string(r.own) + " has no neuron at offset " + std::to_string(r.offset) +
               " (there are " + std::to_string(nb) + " bracket neurons); the SDK drops this connection",
           r.begin);
      continue;
    }
    add_input(r.target, bracket_[src], r.weight);
  }
  m_.se = energy_div_ > 0 ? energy_ / energy_div_ : 1.0;
  // The connections in one pass when every weight reads back as it is (the usual case).
  m_.connections.reserve(inputs_total_);
  bool odd_weight = false;
  for (std::size_t ti = 0; ti < m_.neurons.size() && !odd_weight; ++ti)
    for (const auto& in : m_.neurons[ti].inputs) {
      if (!(std::fabs(in.weight) <= kMaxWeight)) {  // also NaN
        odd_weight = true;
        break;
      }
      f0::Connection& cn = m_.connections.emplace_back();
      cn.target = static_cast<int>(ti), cn.source = in.source, cn.weight = in.weight;
    }
  const bool bad_weight = odd_weight && finish_odd_weights();
  // Final check (notes f0 §5.6): an f1 body is a tree of delta joints no longer than 2, so only
  // the empty model remains to decide (the masses were counted while the sticks were made).
  if (m_.parts.empty()) {
    error("f1.no-sticks", "The genotype has no stick (X), so it makes no body: the SDK rejects it", body_);
    m_.valid = false;
    m_.shape_type = f0::ShapeType::unknown;
  } else if (bad_weight) {
    m_.valid = false;
    m_.shape_type = f0::ShapeType::unknown;
  } else {
    m_.valid = !strict_failed_;
    m_.shape_type = f0::ShapeType::ball_and_stick;
  }
  if (opt_.mapping) {  // line/column of each element's X or '[' (for tables and JSON)
    auto fill = [&](f0::SourcePos& sp) {
      if (sp.offset < 0) return;
      const Location l = where(static_cast<std::size_t>(sp.offset));
      sp.line = l.line, sp.column = l.column;
    };
    for (auto& p : m_.parts) fill(p.src);
    for (auto& j : m_.joints) fill(j.src);
    for (auto& nr : m_.neurons) fill(nr.src);
  }
  if (opt_.mapping)
    std::stable_sort(out_.map.begin(), out_.map.end(),
                     [](const MapEntry& a, const MapEntry& b) { return a.begin < b.begin; });
}

// Clamped or non-finite weights (rare): the connections again, as the SDK's f0 re-parse makes
// them; true when the model fails.
bool Converter::finish_odd_weights() {
  // The SDK's f0 re-parse: weights are clamped to the c:w range; a non-finite weight cannot be
  // written and read back, so the model fails at that c: line.
  std::int64_t bad_line = -1;
  std::size_t line = (m_.se != 1.0 ? 1 : 0) + m_.parts.size() + m_.joints.size() + m_.neurons.size();
  std::vector<std::size_t> warn_lines;
  for (std::size_t ti = 0; ti < m_.neurons.size() && bad_line < 0; ++ti) {
    auto& ins = m_.neurons[ti].inputs;
    for (std::size_t i = 0; i < ins.size(); ++i) {
      ++line;
      double& w = ins[i].weight;
      if (!std::isfinite(w)) {
        const std::string text = frams::sdk::format_double(w);
        sdk("[ERROR] ExtValue.parseDouble: Could not parse '" + text + "'");
        sdk("[ERROR] Model.build: Invalid 'c:', line #" + std::to_string(line));
        error("f1.non-finite-weight",
              "Connection weight " + text +
                  " is not a finite number: the SDK cannot write and re-read it, so the "
                  "genotype is invalid",
              m_.neurons[ti].src.offset >= 0 ? static_cast<std::size_t>(m_.neurons[ti].src.offset) : 0);
        bad_line = static_cast<std::int64_t>(line);
        ins.resize(i);
        for (std::size_t later = ti + 1; later < m_.neurons.size(); ++later) m_.neurons[later].inputs.clear();
        break;
      }
      if (w > kMaxWeight || w < -kMaxWeight) {
        const double to = w > 0 ? kMaxWeight : -kMaxWeight;
        sdk("[WARN] Param.set: Setting c.w = '" + frams::sdk::format_double(w) +
            "' exceeded allowed range (" + (w > 0 ? "too big" : "too small") + "). Adjusted to '" +
            frams::sdk::format_double(to) + "'.");
        warn("f1.weight-clamped",
             "Connection weight " + frams::sdk::format_double(w) +
                 " is beyond +-999999; the SDK clamps it to " + frams::sdk::format_double(to),
             m_.neurons[ti].src.offset >= 0 ? static_cast<std::size_t>(m_.neurons[ti].src.offset) : 0);
        w = to;
        warn_lines.push_back(line);
      }
    }
  }
  m_.connections.clear();
  {
    std::size_t total = 0;
    for (const auto& nr : m_.neurons) total += nr.inputs.size();
    m_.connections.reserve(total);
  }
  for (std::size_t ti = 0; ti < m_.neurons.size(); ++ti)
    for (const auto& in : m_.neurons[ti].inputs) {
      f0::Connection& cn = m_.connections.emplace_back();
      cn.target = static_cast<int>(ti), cn.source = in.source, cn.weight = in.weight;
    }
  if (bad_line >= 0 || !warn_lines.empty()) {
    // Positions in the converted f0 text, as the SDK reports them.
    const std::string f0text = f0::write_body(m_);
    auto line_start = [&](std::size_t l) -> std::int64_t {
      std::size_t off = 0;
      for (std::size_t i = 1; i < l; ++i) {
        const std::size_t nl = f0text.find('\n', off);
        if (nl == std::string::npos) return static_cast<std::int64_t>(f0text.size());
        off = nl + 1;
      }
      return static_cast<std::int64_t>(off);
    };
    if (!warn_lines.empty()) out_.sdk_warn_pos = line_start(warn_lines.front());
    if (bad_line >= 0)
      out_.sdk_error_pos = out_.sdk_warn_pos = line_start(static_cast<std::size_t>(bad_line));
  }
  return bad_line >= 0;
}

}  // namespace

bool is_f1_genotype(std::string_view text) {
  const auto h = frams::parse_genotype_header(text);
  return !h.declared || (!h.malformed && h.format == "1");
}

Conversion convert(std::string_view genotype, Diagnostics& diags, const ConvertOptions& opt) {
  Conversion out;
  const auto h = frams::parse_genotype_header(genotype);
  if (h.declared && (h.malformed || h.format != "1")) {
    Location l;
    l.line = 1, l.column = 1, l.offset = 0;
    diags.error(
        "f1.not-f1",
        h.malformed ? "Invalid genotype format declaration" : "This is an f" + h.format + " genotype, not f1",
        l);
    out.model.valid = false;
    return out;
  }
  if (genotype.size() >= 0xFFFFFFF0u) {
    diags.error("f1.too-long", "The genotype is longer than 4 GB", {});
    return out;
  }
  out.model.body_offset = h.body_offset;
  Converter c(genotype, h.body_offset, diags, opt, out);
  c.run();
  return out;
}

f0::Model to_f0(std::string_view genotype, Diagnostics& diags) {
  ConvertOptions o;
  o.lint = false;
  return convert(genotype, diags, o).model;
}

std::vector<MapEntry> elements_at(const Conversion& c, std::uint32_t offset) {
  std::vector<MapEntry> out;
  for (const auto& e : c.map)
    if (e.begin <= offset && offset < e.end) out.push_back(e);
  return out;
}

std::vector<MapEntry> ranges_of(const Conversion& c, ElementKind kind, int index) {
  std::vector<MapEntry> out;
  for (const auto& e : c.map)
    if (e.kind == kind && e.index == index) out.push_back(e);
  return out;
}

}  // namespace genokit::f1
