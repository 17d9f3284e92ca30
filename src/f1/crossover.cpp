// f1 two-point crossing over (genokit/f1/operators.hpp; design in docs/evolution.md "f1
// operators"). Each branch of a genotype is a list of items: sticks (the modifiers and neurons
// before an X, the X and the neurons right after it) and, last, at most one branch group
// (modifiers, '(' ... ')'). A run of whole items of one branch is cut out of each parent at two
// points and the runs are exchanged, so both children keep f1's structure.
#include <algorithm>
#include <cstdlib>
#include <limits>

#include "f1/genes.hpp"
#include "genokit/f1/operators.hpp"

namespace genokit::f1 {
namespace {

using namespace genes;

struct Item {
  std::uint32_t begin = 0, end = 0;
  bool group = false;
};
struct Branch {
  std::vector<Item> items;
  bool root = false;
};

// A run [a, b) of items of one branch.
struct Run {
  int branch = -1, a = 0, b = 0;
};

struct Parsed {
  std::string_view g;
  std::vector<Branch> branches;
  std::vector<std::uint32_t> x_pos, neuron_pos;  // where the sticks and the brackets are
  int items = 0;

  // Units (sticks or neurons) before text position p.
  static long before(const std::vector<std::uint32_t>& v, std::uint32_t p) {
    return std::lower_bound(v.begin(), v.end(), p) - v.begin();
  }
  std::uint32_t begin(const Run& r) const {
    return branches[static_cast<std::size_t>(r.branch)].items[static_cast<std::size_t>(r.a)].begin;
  }
  std::uint32_t end(const Run& r) const {
    return branches[static_cast<std::size_t>(r.branch)].items[static_cast<std::size_t>(r.b - 1)].end;
  }
  bool has_group(const Run& r) const {
    return branches[static_cast<std::size_t>(r.branch)].items[static_cast<std::size_t>(r.b - 1)].group;
  }
  bool to_end(const Run& r) const {
    return r.b == static_cast<int>(branches[static_cast<std::size_t>(r.branch)].items.size());
  }
  // The whole genotype (its root branch, when that has more than one item: a child made only of
  // the other parent's run would take nothing from its own parent).
  bool whole(const Run& r) const {
    const Branch& br = branches[static_cast<std::size_t>(r.branch)];
    return br.root && r.a == 0 && to_end(r) && br.items.size() >= 2;
  }
};

void parse(std::string_view g, Parsed& p) {
  thread_local Index ix;
  scan(g, ix);
  p.g = g;
  for (int s : ix.sticks) p.x_pos.push_back(ix.sym[static_cast<std::size_t>(s)].pos);
  for (const Bracket& b : ix.br) p.neuron_pos.push_back(b.open);
  p.branches.push_back({{}, true});
  std::vector<int> stack{0};                          // open branches, innermost last
  std::vector<std::uint32_t> start{0};                // where the next item of each open branch begins
  std::vector<std::pair<int, std::uint32_t>> groups;  // open groups: (owner branch, item begin)
  for (std::size_t k = 0; k < ix.sym.size(); ++k) {
    const Symbol& y = ix.sym[k];
    const int br = stack.back();
    if (y.c == 'X') {
      const std::uint32_t e = ix.run_end[static_cast<std::size_t>(ix.stick_of_symbol[k])];
      p.branches[static_cast<std::size_t>(br)].items.push_back({start.back(), e, false});
      start.back() = e;
    } else if (y.c == '(') {
      if (y.match < 0) return;  // (an unclosed group: invalid genes, not crossed)
      groups.emplace_back(br, start.back());
      p.branches.push_back({});
      stack.push_back(static_cast<int>(p.branches.size()) - 1);
      start.push_back(y.pos + 1);
    } else if (y.c == ',' && y.match >= 0 && stack.size() > 1) {
      p.branches.push_back({});
      stack.back() = static_cast<int>(p.branches.size()) - 1;
      start.back() = y.pos + 1;
    } else if (y.c == ')' && y.match >= 0 && stack.size() > 1 && !groups.empty()) {
      stack.pop_back();
      start.pop_back();
      const auto [owner, b] = groups.back();
      groups.pop_back();
      p.branches[static_cast<std::size_t>(owner)].items.push_back({b, y.pos + 1, true});
      start.back() = y.pos + 1;
    }
  }
  for (const Branch& b : p.branches) p.items += static_cast<int>(b.items.size());
}

// A random run of the first parent: a branch drawn in proportion to its items, two distinct cut
// points of it.
bool first_run(const Parsed& p, frams::SdkRandom& rng, Run& r) {
  if (p.items == 0) return false;
  std::uint32_t k = rng.below(static_cast<std::uint32_t>(p.items));
  int br = 0;
  while (k >= p.branches[static_cast<std::size_t>(br)].items.size())
    k -= static_cast<std::uint32_t>(p.branches[static_cast<std::size_t>(br++)].items.size());
  const auto n = static_cast<std::uint32_t>(p.branches[static_cast<std::size_t>(br)].items.size());
  for (int tries = 0; tries < 100; ++tries) {
    std::uint32_t a = rng.below(n + 1), b = rng.below(n + 1);
    if (a == b) continue;
    if (a > b) std::swap(a, b);
    r = {br, static_cast<int>(a), static_cast<int>(b)};
    if (!p.whole(r)) return true;
  }
  return false;
}

// |before2·U1 − before1·U2| + |upto2·U1 − upto1·U2|: how far apart two runs sit, in units
// (sticks or neurons) relative to each parent's total.
long distance(const std::vector<std::uint32_t>& u1, std::uint32_t b1, std::uint32_t e1,
              const std::vector<std::uint32_t>& u2, std::uint32_t b2, std::uint32_t e2) {
  const long n1 = static_cast<long>(u1.size()), n2 = static_cast<long>(u2.size());
  return std::labs(Parsed::before(u2, b2) * n1 - Parsed::before(u1, b1) * n2) +
         std::labs(Parsed::before(u2, e2) * n1 - Parsed::before(u1, e1) * n2);
}

// The run of the second parent that corresponds best to r1 (ties drawn with R).
bool second_run(const Parsed& p1, const Run& r1, const Parsed& p2, bool propor, frams::SdkRandom& rng,
                Run& out) {
  const std::uint32_t b1 = p1.begin(r1), e1 = p1.end(r1);
  const bool neural = propor && !p1.neuron_pos.empty() && !p2.neuron_pos.empty();
  std::pair<long, long> best{std::numeric_limits<long>::max(), 0};
  std::vector<Run> ties;
  for (int br = 0; br < static_cast<int>(p2.branches.size()); ++br) {
    const int n = static_cast<int>(p2.branches[static_cast<std::size_t>(br)].items.size());
    for (int a = 0; a < n; ++a)
      for (int b = a + 1; b <= n; ++b) {
        const Run r{br, a, b};
        if (p2.whole(r)) continue;
        // A branch group ends its branch: it may only replace a run that ends its branch too.
        if (p2.has_group(r) && !p1.to_end(r1)) continue;
        if (p1.has_group(r1) && !p2.to_end(r)) continue;
        const std::uint32_t b2 = p2.begin(r), e2 = p2.end(r);
        const std::pair<long, long> score{neural ? distance(p1.neuron_pos, b1, e1, p2.neuron_pos, b2, e2) : 0,
                                          distance(p1.x_pos, b1, e1, p2.x_pos, b2, e2)};
        if (score < best) best = score, ties.clear();
        if (score == best) ties.push_back(r);
      }
  }
  if (ties.empty()) return false;
  out = ties[rng.below(static_cast<std::uint32_t>(ties.size()))];
  return true;
}

// `host` with [b, e) replaced by `part`, then repaired where the exchange left connections to
// neurons that do not exist (or a neuron before the first stick).
std::string exchange(std::string_view host, std::uint32_t b, std::uint32_t e, std::string_view part,
                     const f0::OperatorCall& call) {
  std::string child(host.substr(0, b));
  child += part;
  child += host.substr(e);
  Diagnostics quiet;
  const f0::OperatorCall c{call.rng, call.params, call.neurons, quiet};
  if (std::optional<std::string> fixed = repair(child, c)) return *fixed;
  return child;
}

}  // namespace

std::optional<f0::Crossing> crossover(std::string_view genes1, std::string_view genes2,
                                      const f0::OperatorCall& call) {
  Parsed p1, p2;
  parse(genes1, p1);
  parse(genes2, p2);
  Run r1, r2;
  if (!first_run(p1, call.rng, r1)) {
    call.diags.error("f1.no-crossing-point", "the first parent has no stick to cut at");
    return std::nullopt;
  }
  const bool propor = call.params.number("f1_xo_propor") != 0;
  if (!second_run(p1, r1, p2, propor, call.rng, r2)) {
    call.diags.error("f1.no-crossing-point", "the second parent has no part that can be exchanged");
    return std::nullopt;
  }
  const std::uint32_t b1 = p1.begin(r1), e1 = p1.end(r1), b2 = p2.begin(r2), e2 = p2.end(r2);
  f0::Crossing x;
  x.child1 = exchange(genes1, b1, e1, genes2.substr(b2, e2 - b2), call);
  x.child2 = exchange(genes2, b2, e2, genes1.substr(b1, e1 - b1), call);
  const double l1 = static_cast<double>(genes1.size() - (e1 - b1) + (e2 - b2));
  const double l2 = static_cast<double>(genes2.size() - (e2 - b2) + (e1 - b1));
  x.chg1 = l1 > 0 ? static_cast<double>(genes1.size() - (e1 - b1)) / l1 : 0;
  x.chg2 = l2 > 0 ? static_cast<double>(genes2.size() - (e2 - b2)) / l2 : 0;
  x.two_children = true;
  return x;
}

}  // namespace genokit::f1
