// The Fuzzy neuron (simulation.md §1.5): trapezoidal sets, min-combined rule antecedents and the
// weighted mean of the consequent sets' centres per output channel.
#include <cmath>

#include "genokit/core/numbers.hpp"
#include "neuro/data.hpp"

namespace genokit::neuro {
namespace {

// Membership of x in a set; -1 when x is outside -1..1 (an error that abandons the update).
double membership(double x, const FuzzySystem::Set& s) {
  if (!(x >= -1 && x <= 1)) return -1;  // NaN too (genokit's choice: the SDK's check lets NaN through)
  if (x < s.l || x > s.r) return 0;
  if (s.ml <= x && x <= s.mr) return 1;
  if (s.l <= x && x < s.ml) {
    double d = std::fabs(s.ml - s.l);
    if (d == 0) d = 1;
    return std::fabs(x - s.l) / d;
  }
  if (s.mr < x && x <= s.r) {
    double d = std::fabs(s.r - s.mr);
    if (d == 0) d = 1;
    return std::fabs(s.r - x) / d;
  }
  return 0;
}

bool read_uint(std::string_view s, std::size_t& pos, std::uint32_t& out) {
  std::size_t b = pos;
  std::uint64_t v = 0;
  while (pos < s.size() && s[pos] >= '0' && s[pos] <= '9') {
    v = v * 10 + static_cast<std::uint64_t>(s[pos] - '0');
    if (v > 0xFFFFFFFFu) return false;
    ++pos;
  }
  out = static_cast<std::uint32_t>(v);
  return pos > b;
}

}  // namespace

bool parse_fuzzy(int ns, int nr, std::string_view fs, std::string_view fr, int channels, FuzzySystem& f,
                 std::string& why) {
  f = {};
  if (ns < 1 || nr < 1) {
    why = "ns and nr must be at least 1 (ns=" + std::to_string(ns) + ", nr=" + std::to_string(nr) + ")";
    return false;
  }
  // Sets: exactly 4*ns numbers separated by ';'.
  std::vector<double> nums;
  std::size_t pos = 0;
  while (pos <= fs.size()) {
    std::size_t e = fs.find(';', pos);
    if (e == std::string_view::npos) e = fs.size();
    auto v = parse_double(fs.substr(pos, e - pos));
    if (!v || !std::isfinite(*v)) {
      why = "fs: '" + std::string(fs.substr(pos, e - pos)) + "' is not a number";
      return false;
    }
    nums.push_back(*v);
    if (nums.size() > static_cast<std::size_t>(ns) * 4) break;
    pos = e + 1;
  }
  if (nums.size() != static_cast<std::size_t>(ns) * 4) {
    why = "fs must hold 4*ns = " + std::to_string(static_cast<long long>(ns) * 4) + " numbers";
    return false;
  }
  for (int k = 0; k < ns; ++k) {
    FuzzySystem::Set s{nums[4 * k], nums[4 * k + 1], nums[4 * k + 2], nums[4 * k + 3]};
    if (!(s.l <= s.ml && s.ml <= s.mr && s.mr <= s.r)) {
      why = "fuzzy set " + std::to_string(k) + " is not ordered (l <= ml <= mr <= r)";
      return false;
    }
    f.sets.push_back(s);
  }
  // Rules: in;set;...:out;set;.../ repeated nr times.
  pos = 0;
  for (int r = 0; r < nr; ++r) {
    FuzzySystem::Rule rule{};
    rule.in_begin = static_cast<std::uint32_t>(f.terms.size());
    std::vector<std::uint32_t> vals;
    auto read_list = [&](char end) {
      vals.clear();
      if (pos < fr.size() && fr[pos] == end) return true;
      for (;;) {
        std::uint32_t v;
        if (!read_uint(fr, pos, v)) return false;
        vals.push_back(v);
        if (pos < fr.size() && fr[pos] == ';') {
          ++pos;
          continue;
        }
        return pos < fr.size() && fr[pos] == end;
      }
    };
    // One part of the rule: (index, set) pairs ending at `end`; a conclusion's index is an output
    // channel, and it needs at least one pair.
    auto read_part = [&](char end, bool conclusion) {
      if (!read_list(end) || vals.size() % 2 || (conclusion && vals.empty())) {
        why = "fr: rule " + std::to_string(r) + " has a malformed " +
              (conclusion ? "conclusion" : "condition") + " part";
        return false;
      }
      ++pos;
      for (std::size_t k = 0; k < vals.size(); k += 2) {
        if (vals[k + 1] >= static_cast<std::uint32_t>(ns)) {
          why = "fr: rule " + std::to_string(r) + " uses set " + std::to_string(vals[k + 1]) +
                " (ns=" + std::to_string(ns) + ")";
          return false;
        }
        if (conclusion && vals[k] >= static_cast<std::uint32_t>(channels)) {
          why = "fr: rule " + std::to_string(r) + " writes output " + std::to_string(vals[k]) +
                " but the neuron has " + std::to_string(channels) + " output channel(s) (one per reader)";
          return false;
        }
        f.terms.push_back({vals[k], vals[k + 1]});
      }
      return true;
    };
    if (!read_part(':', false)) return false;
    rule.in_end = rule.out_begin = static_cast<std::uint32_t>(f.terms.size());
    if (!read_part('/', true)) return false;
    rule.out_end = static_cast<std::uint32_t>(f.terms.size());
    f.rules.push_back(rule);
  }
  if (pos != fr.size()) {
    why = "fr holds more than nr = " + std::to_string(nr) + " rules";
    return false;
  }
  f.cut.assign(f.rules.size(), 0);
  f.num.assign(static_cast<std::size_t>(channels), 0);
  f.den.assign(static_cast<std::size_t>(channels), 0);
  return true;
}

bool fuzzy_update(Network::Data& d, const Item& it, FuzzySystem& f) {
  const std::uint32_t nin = it.in_e - it.in_b;
  for (std::size_t r = 0; r < f.rules.size(); ++r) {
    const auto& rule = f.rules[r];
    double cut = 2;
    for (std::uint32_t t = rule.in_begin; t < rule.in_end; ++t) {
      const auto& term = f.terms[t];
      double x = 0;
      if (term.a < nin) {
        const InputLink& l = d.inputs[it.in_b + term.a];
        x = l.w * d.y[l.src];
      }
      const double mu = membership(x, f.sets[term.set]);
      if (mu < cut) cut = mu;
      if (cut <= 0) break;
    }
    if (cut < 0 || cut > 1) return false;
    f.cut[r] = cut;
  }
  std::fill(f.num.begin(), f.num.end(), 0.0);
  std::fill(f.den.begin(), f.den.end(), 0.0);
  for (std::size_t r = 0; r < f.rules.size(); ++r) {
    const auto& rule = f.rules[r];
    const double cut = f.cut[r];
    for (std::uint32_t t = rule.out_begin; t < rule.out_end; ++t) {
      const auto& term = f.terms[t];
      const auto& s = f.sets[term.set];
      f.num[term.a] += cut * (s.ml + s.mr) / 2;
      f.den[term.a] += cut;
    }
  }
  for (std::size_t o = 0; o < f.num.size(); ++o)
    d.set_pending_channel(it.i, static_cast<int>(o), f.den[o] == 0 ? 0.0 : f.num[o] / f.den[o]);
  return true;
}

}  // namespace genokit::neuro
