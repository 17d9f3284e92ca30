// The f1 genotype set of bench/f1_convert.cpp: real f1 genotypes of the corpus (short ones
// combined as branches of a new stick) or, without the corpus, generated from the same
// ingredients. Shared with the CLI benchmark (bench/cli_check.cpp), which writes it as a .gen file.
#pragma once

#include <filesystem>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "genokit/f1/convert.hpp"
#include "genokit/frams/document.hpp"
#include "genokit/genotype/file.hpp"

namespace bench {

inline std::vector<std::string> corpus_f1() {
  std::set<std::string> out;
  const std::filesystem::path root = std::filesystem::path(GENOKIT_SHARED_DIR) / "corpus" / "framsticks";
  std::error_code ec;
  if (!std::filesystem::is_directory(root, ec)) return {};
  for (auto& e : std::filesystem::recursive_directory_iterator(root, ec)) {
    if (e.path().extension() != ".gen") continue;
    genokit::Diagnostics d;
    const auto file =
        genokit::genotype::from_document(genokit::frams::load_file(e.path().string(), d), e.path().string());
    for (const auto* g : file.select({"1"})) {
      genokit::Diagnostics cd;
      if (g->text.size() < 400 && genokit::f1::to_f0(g->text, cd).valid) out.insert(std::string(g->text));
    }
  }
  return {out.begin(), out.end()};
}

inline std::vector<std::string> generated() {  // without the corpus: small creatures of the same kind
  return {"X(X,X)",
          "RRX(lX,X[|G:1])",
          "LLX[T:1](RX[|-1:2],rX[@*:0.5])X",
          "X(X(X,X),X[S:1]X)",
          "MMX[|G:1,T:-1]X(lX[N,in:0.1],LX[|0:1])",
          "QqCX(X[G][|-1:1],FFX[T]X)",
          "EEX(WX,wX(IX,AX[*]))"};
}

// `n` genotypes of about 230 characters: the corpus's f1 genotypes, short ones combined as branches
// of a new stick (the same set in every run).
inline std::vector<std::string> f1_genotypes(std::size_t n) {
  std::vector<std::string> base = corpus_f1();
  if (base.empty()) base = generated();
  std::mt19937_64 rng(42);
  std::uniform_int_distribution<std::size_t> pick(0, base.size() - 1);
  std::vector<std::string> out;
  out.reserve(n);
  while (out.size() < n) {
    std::string g = base[pick(rng)];
    while (g.size() < 180) g = "X(" + g + "," + base[pick(rng)] + ")";
    if (g.size() > 300) continue;
    out.push_back(std::move(g));
  }
  return out;
}

}  // namespace bench
