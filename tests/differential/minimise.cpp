#include "differential/minimise.hpp"

#include <algorithm>
#include <chrono>
#include <set>

#include "differential/mutate.hpp"
#include "differential/oracle_run.hpp"
#include "genokit/frams/genotype_header.hpp"

namespace genokit::differential {
namespace {

// At most this many chunk removals per disagreement and round (a long genotype at a fine grain is
// tried window by window).
constexpr std::size_t kWindow = 256;

struct State {
  Minimised m;
  std::size_t head = 0;    // header length: never edited
  std::size_t grain = 2;   // the body is cut into this many chunks
  std::size_t cursor = 0;  // first chunk tried this round (a fine grain is tried in windows)
  bool numbers_done = false, done = false;
};

std::string body(const State& st) {
  return st.m.text.substr(st.head);
}

// The candidates of one round for one disagreement.
std::vector<std::string> candidates(State& st) {
  std::vector<std::string> out;
  const std::string head = st.m.text.substr(0, st.head), b = body(st);
  const std::size_t n = b.size();
  if (n > 0 && st.grain <= n) {
    const std::size_t chunk = (n + st.grain - 1) / st.grain;
    for (std::size_t a = st.cursor * chunk; a < n && out.size() < kWindow; a += chunk)
      out.push_back(head + b.substr(0, a) + b.substr(std::min(n, a + chunk)));
    return out;
  }
  if (!st.numbers_done) {  // numbers: shorter digits, then round values
    for (const auto& [a, z] : number_tokens(b)) {
      const std::string num = b.substr(a, z - a);
      for (const std::string& r : {std::string("0"), std::string("1"), num.substr(0, num.size() - 1)})
        if (r.size() < num.size() || (r != num && r.size() == num.size() && num != "0" && num != "1"))
          out.push_back(head + b.substr(0, a) + r + b.substr(z));
    }
    st.numbers_done = true;
    if (!out.empty()) return out;
  }
  st.done = true;
  return out;
}

bool same_way(const Minimised& m, const Outcome& o) {
  if (o.diffs.empty()) return false;
  return main_kind(o.diffs) == m.kind;
}

}  // namespace

std::vector<Minimised> minimise(const EncodingSpec& e,
                                const std::vector<std::pair<std::string, Outcome>>& items,
                                const BatchSettings& s, int max_rounds, double max_seconds,
                                std::string& error) {
  const auto start = std::chrono::steady_clock::now();
  std::vector<State> states;
  for (const auto& [text, outcome] : items) {
    State st;
    st.m.original = text;
    st.m.text = text;
    st.m.kind = main_kind(outcome.diffs);
    st.m.outcome = outcome;
    const auto h = frams::parse_genotype_header(text);
    st.head = h.declared ? h.body_offset : 0;
    states.push_back(std::move(st));
  }
  for (int round = 0; round < max_rounds; ++round) {
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > max_seconds) break;
    std::vector<std::string> batch;
    std::vector<std::pair<std::size_t, std::size_t>> owner;  // state, first candidate .. end
    std::vector<std::size_t> begin(states.size()), end(states.size());
    for (std::size_t i = 0; i < states.size(); ++i) {
      begin[i] = batch.size();
      if (!states[i].done) {
        std::set<std::string> seen;
        for (auto& c : candidates(states[i])) {
          make_writable(c);
          if (c != states[i].m.text && seen.insert(c).second) batch.push_back(std::move(c));
        }
      }
      end[i] = batch.size();
    }
    if (batch.empty()) break;
    BatchSettings bs = s;
    bs.tag = s.tag + "-min" + std::to_string(round);
    const auto outcomes = evaluate(e, batch, bs, error);
    if (!error.empty()) return {};
    for (std::size_t i = 0; i < states.size(); ++i) {
      State& st = states[i];
      if (begin[i] == end[i]) continue;
      std::size_t best = end[i];
      for (std::size_t k = begin[i]; k < end[i]; ++k)
        if (same_way(st.m, outcomes[k]) && (best == end[i] || batch[k].size() < batch[best].size())) best = k;
      ++st.m.rounds;
      if (best == end[i]) {
        // Nothing smaller at this grain: a finer one (the number phase runs once the grain passes
        // single characters).
        const std::size_t n = body(st).size(), chunk = st.grain <= n ? (n + st.grain - 1) / st.grain : 1;
        if (st.grain <= n && (st.cursor + kWindow) * chunk < n)
          st.cursor += kWindow;
        else if (st.grain < n)
          st.grain = std::min(st.grain * 2, n), st.cursor = 0;
        else
          st.grain = n + 1;
        continue;
      }
      st.m.text = batch[best];
      st.m.outcome = outcomes[best];
      st.grain = std::max<std::size_t>(2, st.grain - 1);
      st.cursor = 0;
      st.numbers_done = false;
    }
  }
  // Where the SDK's behaviour is undefined, a candidate may disagree only because of what its
  // batch left in the SDK's memory (fL `($-68)` crashes the SDK alone, yet printed a message in a
  // batch). So each minimised text is checked again in an oracle process of its own; one that does
  // not disagree the same way there falls back to the original.
  std::vector<Minimised> out;
  for (std::size_t i = 0; i < states.size(); ++i) {
    Minimised& m = states[i].m;
    if (m.text != m.original) {
      BatchSettings bs = s;
      bs.tag = s.tag + "-alone" + std::to_string(i);
      const auto alone = evaluate(e, {m.text}, bs, error);
      if (!error.empty()) return {};
      if (alone.size() != 1 || !same_way(m, alone[0])) {
        m.text = m.original;
        m.outcome = items[i].second;
        m.unconfirmed = true;
      }
    }
    out.push_back(std::move(m));
  }
  return out;
}

}  // namespace genokit::differential
