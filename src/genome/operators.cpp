// Crossover and mutation after the C1 decompilation and the C3 engine (notes §5): gene-level
// crossover aligned on gene ids, linkage runs, cutting errors, per-byte mutation of mutable genes.
#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "genokit/genome/ops.hpp"

#include "genome/codec.hpp"

namespace genokit::genome {

Scheme Scheme::c1() {
  return Scheme{};
}

Scheme Scheme::c3() {
  Scheme s;
  s.linkage_min = 10;
  s.linkage_max = 100;
  s.mutation = Mutation::c3_weighted;
  return s;
}

Random::Random(std::uint64_t seed) : eng_(seed) {}
std::uint64_t Random::next() {
  return eng_();
}
unsigned Random::below(unsigned n) {
  if (n <= 1) return 0;
  const std::uint64_t limit = UINT64_MAX - UINT64_MAX % n;  // reject the biased top end
  std::uint64_t x;
  do x = next();
  while (x >= limit);
  return unsigned(x % n);
}
unsigned Random::range(unsigned lo, unsigned hi) {
  return hi <= lo ? lo : lo + below(hi - lo + 1);
}
double Random::unit() {
  return double(next() >> 11) * (1.0 / 9007199254740992.0);
}

namespace {

bool makes_marker(const std::string& b, std::size_t at) {
  std::size_t from = at >= 3 ? at - 3 : 0;
  for (std::size_t p = from; p <= at && p + 4 <= b.size(); ++p)
    if (b[p] == 'g' && b[p + 1] == 'e' && b[p + 2] == 'n' && (b[p + 3] == 'e' || b[p + 3] == 'd'))
      return true;
  return false;
}

bool may_mutate(const Gene& g, const Scheme& s) {
  return s.mutation != Scheme::Mutation::none && !g.truncated && (g.flags & kMutable);
}

// Mutates the bytes `gb` of gene `g` (marker, header, data: what append_gene() writes) as the
// engines do while copying a gene, byte by byte; the length never changes. True when a byte changed.
bool mutate_bytes(std::string& gb, const Gene& g, Version v, const Scheme& s, Random& rng,
                  OperatorStats* st) {
  bool changed = false;
  const unsigned weighting = v == Version::c1 ? 0 : g.mutability;
  unsigned one_in = s.c1_one_in;
  if (s.mutation == Scheme::Mutation::c3_weighted) {
    std::uint64_t n = std::uint64_t(s.c3_base) * (256 - weighting) / 256;
    n = n * (256 - std::min(s.parent_chance, 255u)) / 256;
    one_in = unsigned(std::max<std::uint64_t>(n, 1));
  }
  const double degree_exp = 1.0 + 127.0 * double(255 - std::min(s.parent_degree, 255u)) / 255.0;
  auto visit = [&](std::size_t pos) {
    if (st) ++st->eligible_bytes;
    if (rng.below(one_in) != 0) return;
    unsigned mask = 0;
    if (s.mutation == Scheme::Mutation::c1_bit) {
      unsigned k = 0;
      while (k < 8 && rng.below(2) != 0) ++k;  // bit k with probability 2^-(k+1)
      if (st) st->flipped_bits.push_back(k);
      mask = k < 8 ? 1u << k : 0;
    } else {
      mask = std::max(1u, unsigned(std::floor(255.0 * std::pow(rng.unit(), degree_exp))));
    }
    if (!mask) return;
    const char old = gb[pos];
    gb[pos] = char(static_cast<unsigned char>(old) ^ mask);
    if (makes_marker(gb, pos)) {  // never let a mutation forge a marker the engines would split on
      gb[pos] = old;
      return;
    }
    changed = true;
    if (st) ++st->mutated_bytes;
  };
  visit(8);  // switch-on stage
  for (std::size_t p = 10; p < gb.size(); ++p) visit(p);
  return changed;
}

void set_chars(std::string& data, std::size_t at, std::size_t size, std::string_view s) {
  for (std::size_t i = 0; i < size; ++i) data[at + i] = i < s.size() ? s[i] : '\0';
}

// Writes the parents' monikers into the bytes `gb` of a genus gene whose data starts at `data_at`.
void set_monikers(std::string& gb, std::size_t data_at, const Gene& g, Version v, std::string_view mum,
                  std::string_view dad) {
  const GeneLayout* l = find_layout(v, 2, 1);
  if (!l || g.partial_header || gb.size() - data_at < l->data_size) return;
  for (const FieldDef& f : l->fields) {
    if (std::string_view(f.name) == "mum") set_chars(gb, data_at + f.offset, f.size, mum);
    if (std::string_view(f.name) == "dad") set_chars(gb, data_at + f.offset, f.size, dad);
  }
}

}  // namespace

Genome mutate(const Genome& in, Random& rng, const MutateOptions& opt) {
  Genome out = in;
  const std::size_t hs = header_size(in.version);
  std::string gb;
  for (Gene& g : out.genes) {
    if (!may_mutate(g, opt.scheme)) continue;
    gb.clear();
    detail::append_gene(gb, in.version, g, out.data(g));
    if (!mutate_bytes(gb, g, in.version, opt.scheme, rng, opt.stats)) continue;
    detail::read_header(g, in.version, std::string_view(gb).substr(4, hs));
    out.set_data(g, std::string_view(gb).substr(4 + hs));
  }
  return out;
}

Genome cross(const Genome& mum, const Genome& dad, Random& rng, const CrossOptions& opt) {
  const Scheme& s = opt.scheme;
  OperatorStats* st = opt.stats;
  const std::string mum_moniker = opt.mum_moniker.empty() ? default_moniker(mum) : opt.mum_moniker;
  const std::string dad_moniker = opt.dad_moniker.empty() ? default_moniker(dad) : opt.dad_moniker;
  const Genome* strand[2] = {&mum, &dad};
  std::unordered_map<std::uint32_t, int> first[2];
  for (int k = 0; k < 2; ++k)
    for (int i = int(strand[k]->genes.size()) - 1; i >= 0; --i) first[k][strand[k]->genes[i].key()] = i;
  // The child stops growing at the parents' lengths without their tails.
  const std::size_t budget = mum.size() - mum.tail.size() + dad.size() - dad.tail.size();
  Genome child;
  child.version = mum.version;
  std::size_t child_size = magic(child.version).size();
  std::int64_t last_key = -1;
  const Version v = mum.version;
  std::string gb;  // the gene being copied, encoded: the engines mutate those bytes
  auto copy = [&](int k, int i, bool dup) {
    Gene g = strand[k]->genes[std::size_t(i)];
    if (dup && g.partial_header.value_or(8) > 3) ++g.generation;
    gb.clear();
    detail::append_gene(gb, v, g, strand[k]->data(g));
    const std::size_t data_at = gb.size() - g.data_size();
    if (may_mutate(g, s) && mutate_bytes(gb, g, v, s, rng, st))
      detail::read_header(g, v, std::string_view(gb).substr(4, data_at - 4));
    if (child.genes.empty() && g.type == 2 && g.subtype == 1)
      set_monikers(gb, data_at, g, v, mum_moniker, dad_moniker);
    child.set_data(g, std::string_view(gb).substr(data_at));
    last_key = g.key();
    child_size += child.gene_size(g);
    child.genes.push_back(std::move(g));
  };
  int cur = int(rng.below(2));
  int pos[2] = {0, 0};
  const int n[2] = {int(mum.genes.size()), int(dad.genes.size())};
  while (pos[cur] < n[cur] && child_size < budget) {
    unsigned run = rng.range(s.linkage_min, s.linkage_max);
    if (st) st->drawn_runs.push_back(run);
    unsigned copied = 0;
    while (pos[cur] < n[cur] && copied < run) {
      copy(cur, pos[cur]++, false);
      ++copied;
    }
    // Carry on until the other strand has this gene, and never stop inside a run of equal ids.
    int allele = -1;
    while (pos[cur] < n[cur]) {
      const Gene& g = strand[cur]->genes[std::size_t(pos[cur])];
      auto it = first[1 - cur].find(g.key());
      if (it != first[1 - cur].end() && std::int64_t(g.key()) != last_key) {
        allele = it->second;
        break;
      }
      copy(cur, pos[cur]++, false);
      ++copied;
    }
    if (st) st->copied_runs.push_back(copied);
    if (allele < 0 || child_size >= budget) break;
    if (st) ++st->crossovers;
    const int other = 1 - cur;
    int start = allele;
    if (rng.below(s.cut_error_one_in) == 0) {
      if (st) ++st->cut_errors;
      if (rng.below(2) == 0) {
        if (strand[cur]->genes[std::size_t(pos[cur])].flags & kDuplicable) {
          copy(cur, pos[cur], true);  // the old strand's gene, generation + 1; its allele follows
          if (st) ++st->duplications;
        }
      } else if (strand[other]->genes[std::size_t(allele)].flags & kDeletable) {
        ++start;  // the new strand's gene is skipped
        if (st) ++st->deletions;
      }
    }
    cur = other;
    pos[cur] = start;
  }
  return child;
}

std::string default_moniker(const Genome& g) {
  std::string bytes = write(g);
  bytes.resize(bytes.size() - g.tail.size());
  std::uint64_t h = 1469598103934665603ull;  // FNV-1a, 64 bits
  for (unsigned char c : bytes) h = (h ^ c) * 1099511628211ull;
  const char* digits = "0123456789abcdefghijklmnopqrstuvwxyz";
  std::string m;
  for (int i = 0; i < 4; ++i) {
    m += digits[h % 36];
    h /= 36;
  }
  return m;
}

}  // namespace genokit::genome
