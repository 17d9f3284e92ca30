// genokit's checks beyond the SDK's (notes §5.7): all warnings, validity unchanged.
#include "genokit/f0/lint.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "core/concat.hpp"
#include "frams/sdk_param.hpp"
#include "frams/single_line.hpp"
#include "genokit/core/numbers.hpp"
#include "genokit/f0/neuron_classes.hpp"

namespace genokit::f0 {
namespace {

Location at(const SourcePos& s) {
  return Location{{}, s.line, s.column, s.offset};
}
// Most lint warnings of a large file are only counted (Diagnostics::limit()): their messages are
// built only when they are kept.
template <class Make>
void lint_warning(Diagnostics& diags, const char* code, const SourcePos& where, Make&& make) {
  if (diags.keeps_next())
    diags.warning(code, make(), at(where));
  else
    diags.count_dropped(Severity::warning);
}
bool finite(const Vec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}
// 0 when every coordinate is finite, else NaN (inf - inf and NaN - NaN are NaN): one pass without
// a branch per number, as nearly every model has only finite ones.
double non_finite(const Vec3& v) {
  return (v.x - v.x) + (v.y - v.y) + (v.z - v.z);
}
// The class parameters as the network builder reads them (the SDK's loadSingleLine, strict
// numbers): unknown names, unnamed values, unreadable numbers and values out of range.
struct ParamLint {
  const Neuron& n;
  std::size_t i;
  const NeuronClass& c;
  Diagnostics& diags;
  // `message` builds the warning's text, only when it is kept (about()).
  template <class Message>
  void warn(const char* code, Message message) {
    lint_warning(diags, code, n.src, message);
  }
  // "Neuron #i (Class): " and then `rest`.
  template <class... Rest>
  std::string about(const Rest&... rest) const {
    return detail::concat("Neuron #", i, " (", c.name, "): ", rest...);
  }
  int find(std::string_view id) { return find_neuron_prop(c, id); }
  void unknown_name(std::string_view id, std::size_t) {
    warn("f0.unknown-neuron-property",
         [&] { return about("class '", c.name, "' has no property '", id, "'"); });
  }
  void missing_name(int k, std::size_t) {
    warn("f0.unnamed-neuron-property", [&] {
      return about("a value without a property name is taken as '", c.props[static_cast<std::size_t>(k)].id,
                   "'");
    });
  }
  void after_last(std::size_t) {
    warn("f0.unknown-neuron-property",
         [&] { return about("a value after the class's last property is ignored"); });
  }
  void after_unknown(std::string_view v, std::size_t) {
    warn("f0.unknown-neuron-property",
         [&] { return about("value '", v, "' after an unknown property is ignored"); });
  }
  void set(int k, std::string_view val, std::size_t) {
    const NeuronProp& p = c.props[static_cast<std::size_t>(k)];
    if (p.type == 's') return;
    const frams::sdk::SetNumber r = frams::sdk::set_number(p, val, true);
    if (!r.parsed) {
      warn("f0.bad-neuron-property", [&] {
        return about("'", val, "' is not a valid ", p.type == 'd' ? "integer" : "number", " for '", p.id,
                     "'");
      });
    } else if (r.clamped) {
      warn("f0.neuron-property-range", [&] {
        return about(p.id, '=', val, " is outside ", format_double(p.min), "..", format_double(p.max), " (",
                     p.name, "); the simulator clamps it");
      });
    }
  }
};
void lint_params(const Neuron& n, std::size_t i, const NeuronClass& c, Diagnostics& diags) {
  ParamLint h{n, i, c, diags};
  std::string scratch;
  frams::sdk::load_single_line(n.params, {c.props, c.props.size()}, h, scratch);
}

// (target, source) as one number ordered as the pair is (the sign bit flipped: ints order as
// unsigned numbers do).
std::uint64_t pair_key(int target, int source) {
  return std::uint64_t(std::uint32_t(target) ^ 0x80000000u) << 32 | (std::uint32_t(source) ^ 0x80000000u);
}

// Whether `close` holds for some two items: false means there is nothing to sort for. Every pair
// is compared, without branches, for up to 64 items; longer lists are always sorted (true).
template <class T, class Close>
bool any_pair(const std::vector<T>& v, Close close) {
  if (v.size() > 64) return true;
  unsigned hits = 0;  // (a count, not a bool: no branch per pair)
  for (std::size_t i = 1; i < v.size(); ++i) {
    const T x = v[i];
    for (std::size_t j = 0; j < i; ++j) hits += close(v[j], x);
  }
  return hits != 0;
}

// Space that every lint() of a thread reuses (it runs once per genotype of a file).
struct Scratch {
  std::vector<double> xs;                                            // x of each part
  std::vector<std::pair<std::uint64_t, std::uint32_t>> connections;  // (pair_key, index)
  std::vector<std::pair<double, std::uint32_t>> parts;
  // The (target, source) pairs seen so far when both are below 64: bit `source` of seen[target].
  std::uint64_t seen[64] = {};
};
thread_local Scratch scratch;

// The connections that repeat an earlier connection's (target, source), as (pair_key, index) in
// that order: the first of each pair is not listed. Most genotypes' neurons are fewer than 64: a
// bit per pair finds the repeats in one pass; else all pairs are sorted.
void repeated_connections(const std::vector<Connection>& cs, Scratch& sc) {
  auto& out = sc.connections;
  out.clear();
  const bool small = std::all_of(cs.begin(), cs.end(), [](const Connection& c) {
    return static_cast<unsigned>(c.target) < 64 && static_cast<unsigned>(c.source) < 64;
  });
  if (small) {
    for (std::size_t k = 0; k < cs.size(); ++k) {
      std::uint64_t& row = sc.seen[cs[k].target];
      const std::uint64_t bit = std::uint64_t{1} << cs[k].source;
      if (row & bit) out.emplace_back(pair_key(cs[k].target, cs[k].source), static_cast<std::uint32_t>(k));
      row |= bit;
    }
    for (const Connection& c : cs) sc.seen[c.target] = 0;
    std::sort(out.begin(), out.end());  // (usually a few)
    return;
  }
  for (std::size_t k = 0; k < cs.size(); ++k)
    out.emplace_back(pair_key(cs[k].target, cs[k].source), static_cast<std::uint32_t>(k));
  std::sort(out.begin(), out.end());
  std::size_t kept = 0;
  for (std::size_t k = 1; k < out.size(); ++k)
    if (out[k - 1].first == out[k].first) out[kept++] = out[k];  // (writes stay behind the pair read)
  out.resize(kept);
}

}  // namespace

void lint(const Model& m, Diagnostics& diags) {
  // Neurons: class, properties, placement, inputs.
  for (std::size_t i = 0; i < m.neurons.size(); ++i) {
    const Neuron& n = m.neurons[i];
    const NeuronClass* c = find_neuron_class(n.class_name);
    if (!c) {
      lint_warning(diags, "f0.unknown-neuron-class", n.src, [&] {
        return detail::concat("Neuron #", i, " has the unknown class '", n.class_name,
                              "' (the Framsticks SDK accepts it but cannot simulate it)");
      });
      continue;
    }
    lint_params(n, i, *c, diags);
    // "Neuron #i (Class, Long name)" and then `rest`.
    auto about = [&](const auto&... rest) {
      return detail::concat("Neuron #", i, " (", c->name, ", ", c->long_name, ")", rest...);
    };
    if (c->pref_location == NeuronLocation::part && n.part < 0)
      lint_warning(diags, "f0.neuron-placement", n.src, [&] {
        return about(" belongs on a part (n:p=...) but ",
                     n.joint >= 0 ? "sits on a joint" : "is not attached");
      });
    else if (c->pref_location == NeuronLocation::joint && n.joint < 0)
      lint_warning(diags, "f0.neuron-placement", n.src, [&] {
        return about(" belongs on a joint (n:j=...) but ",
                     n.part >= 0 ? "sits on a part" : "is not attached");
      });
    // Too many inputs are ignored by the class; too few matter where nothing else drives the
    // neuron (effectors, the multiplexer). A generator such as Sin works without its input.
    const int have = static_cast<int>(n.inputs.size());
    const bool too_many = c->pref_inputs >= 0 && have > c->pref_inputs;
    const bool too_few = have < c->pref_inputs && (c->pref_output == 0 || c->name == "ChMux");
    if (too_many || too_few)
      lint_warning(diags, "f0.input-count", n.src, [&] {
        return about(" expects ", c->pref_inputs, " input", c->pref_inputs == 1 ? "" : "s", " but has ",
                     have);
      });
  }
  // Connections: self and duplicates.
  Scratch& sc = scratch;
  for (const Connection& c : m.connections)
    if (c.source == c.target)
      lint_warning(diags, "f0.self-connection", c.src, [&] {
        return detail::concat("Neuron #", c.target, " is connected to itself (c:", c.target, ',', c.source,
                              ')');
      });
  // Duplicates in (target, source, index) order, each after its first occurrence.
  repeated_connections(m.connections, sc);
  for (const auto& [key, k] : sc.connections) {
    const Connection& y = m.connections[k];
    lint_warning(diags, "f0.duplicate-connection", y.src, [&] {
      return detail::concat("Neuron #", y.target, " receives input from Neuron #", y.source,
                            " more than once");
    });
  }
  // Non-finite numbers (looked for one by one only when there are some).
  double sum = 0;
  for (const Part& p : m.parts) sum += non_finite(p.pos) + non_finite(p.rot);
  for (const Joint& j : m.joints) sum += non_finite(j.d) + non_finite(j.rot);
  for (const Connection& c : m.connections) sum += c.weight - c.weight;
  if (sum != 0) {
    for (std::size_t i = 0; i < m.parts.size(); ++i)
      if (!finite(m.parts[i].pos) || !finite(m.parts[i].rot))
        lint_warning(diags, "f0.non-finite", m.parts[i].src,
                     [&] { return detail::concat("Part #", i, " has a non-finite position or rotation"); });
    for (std::size_t i = 0; i < m.joints.size(); ++i)
      if (!finite(m.joints[i].d) || !finite(m.joints[i].rot))
        lint_warning(diags, "f0.non-finite", m.joints[i].src, [&] {
          return detail::concat("Joint #", i, " has a non-finite delta, rotation or length");
        });
    for (const auto& c : m.connections)
      if (!std::isfinite(c.weight))
        lint_warning(diags, "f0.non-finite", c.src,
                     [&] { return std::string("Connection weight is not finite"); });
  }
  // Overlapping parts: coincident centres (sweep over x, so 100,000 parts stay fast).
  // (Only when two centres are that close in x: in most genotypes none are.)
  constexpr double kEps = 1e-9;
  sc.xs.clear();
  for (const Part& p : m.parts) sc.xs.push_back(p.pos.x);
  if (m.parts.size() > 1 && any_pair(sc.xs, [](double a, double b) { return std::fabs(a - b) <= kEps; })) {
    auto& ix = sc.parts;  // (x, index), sorted by x (NaN last), then index
    ix.clear();
    for (std::size_t i = 0; i < m.parts.size(); ++i)
      ix.emplace_back(m.parts[i].pos.x, static_cast<std::uint32_t>(i));
    std::sort(ix.begin(), ix.end(), [](const auto& a, const auto& b) {
      if (a.first != b.first) return a.first < b.first || (std::isnan(b.first) && !std::isnan(a.first));
      return a.second < b.second;
    });
    std::size_t reported = 0;
    for (std::size_t k = 0; k < ix.size() && reported < 20; ++k) {
      const Part& a = m.parts[ix[k].second];
      for (std::size_t l = k + 1; l < ix.size(); ++l) {
        const Part& b = m.parts[ix[l].second];
        if (!(b.pos.x - a.pos.x <= kEps)) break;
        const double dy = b.pos.y - a.pos.y, dz = b.pos.z - a.pos.z;
        if (std::fabs(dy) <= kEps && std::fabs(dz) <= kEps) {
          const std::size_t lo = std::min(ix[k].second, ix[l].second),
                            hi = std::max(ix[k].second, ix[l].second);
          lint_warning(diags, "f0.overlapping-parts", m.parts[hi].src,
                       [&] { return detail::concat("Part #", hi, " is at the same place as Part #", lo); });
          ++reported;
          break;
        }
      }
    }
  }
}

}  // namespace genokit::f0
