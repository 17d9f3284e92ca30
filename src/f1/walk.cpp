// The converter's walk over the sticks (converter.hpp): modifier letters, sticks (parts and
// joints, placed exactly as the f0 build places delta joints), branch groups, the segment stack.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "f1/converter.hpp"

namespace genokit::f1::detail {
namespace {

constexpr double kPi = 3.14159265358979323846;

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

// f0::Orient::apply (the same operations in the same order, so the same bits), always inlined.
[[gnu::always_inline]] inline f0::Vec3 apply(const f0::Orient& o, const f0::Vec3& v) {
  return {v.x * o.x.x + v.y * o.y.x + v.z * o.z.x, v.x * o.x.y + v.y * o.y.y + v.z * o.z.y,
          v.x * o.x.z + v.y * o.y.z + v.z * o.z.z};
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
// Rotates the three axes of `o` in the plane of members A, B by the angle with sine s and cosine
// c (f0's operations in f0's order: the same bits).
template <double f0::Vec3::*A, double f0::Vec3::*B>
[[gnu::always_inline]] inline void rotate_axes(f0::Orient& o, double s, double c) {
  for (f0::Vec3* v : {&o.x, &o.y, &o.z}) {
    const double a = c * (v->*A) - s * (v->*B), b = s * (v->*A) + c * (v->*B);
    v->*A = a;
    v->*B = b;
  }
}

}  // namespace

// f0::orient_from_rotation({rx, 0, rz}) (same operations, so the same bits), with sin/cos of
// recently seen angles reused.
inline f0::Orient Converter::joint_orient(double rx, double rz) {
  f0::Orient o;
  if (rx != 0) {
    const auto& t = trig(rx);
    rotate_axes<&f0::Vec3::y, &f0::Vec3::z>(o, t.s, t.c);
  }
  if (rz != 0) {
    const auto& t = trig(rz);
    rotate_axes<&f0::Vec3::x, &f0::Vec3::y>(o, t.s, t.c);
  }
  return o;
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
// Reads the segment in stack slot `slot` (the top). `replaced` when a branch group replaced it by
// its branches (the first branch to read on top), `invalid` when the genotype is invalid.
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
      case kChStray:  // (it closed the innermost open '(' or '[' in the prepass, as in the SDK)
        error("f1.stray-bracket", "']' outside a neuron bracket: the SDK rejects the genotype", pos);
        return Seg::invalid;
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
        return Seg::invalid;
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
    } else if (r == Seg::invalid) {
      failed_ = true;
      stack_.pop_back();
    }
  }
}
void Converter::run() {
  sc_.busy = true;
  stack_.clear(), bracket_.clear(), rel_.clear(), sc_.receptors.clear(), raw_details_.clear();
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

}  // namespace genokit::f1::detail
