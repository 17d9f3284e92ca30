// The converter's pass before the walk (converter.hpp): stick and bracket counts and the branch
// groups.
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "f1/converter.hpp"

namespace genokit::f1::detail {

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

}  // namespace genokit::f1::detail
