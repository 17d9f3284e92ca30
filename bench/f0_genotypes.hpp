// The synthetic f0 genotypes of bench/f0_parse.cpp (valid creatures shaped like the SDK
// measurement of notes §3.6: about 21 parts, 20 joints, 12.5 neurons, 18.5 connections), shared
// with the CLI benchmark (bench/cli_check.cpp) so both measure the same input.
#pragma once

#include <algorithm>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

namespace bench {

inline std::string num(std::mt19937_64& rng, double lo, double hi) {
  std::uniform_real_distribution<double> d(lo, hi);
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.4g", d(rng));
  return buf;
}

// One valid creature: a random tree of parts (absolute positions within joint range), neurons on
// fitting places, connections into neurons with free inputs.
inline std::string make_genotype(std::mt19937_64& rng) {
  std::uniform_int_distribution<int> parts_d(16, 26), coin(0, 3);
  const int np = parts_d(rng);
  std::vector<double> x(np), y(np), z(np);
  std::string g = "//0\n";
  for (int i = 0; i < np; ++i) {
    if (i > 0) {
      const int parent = std::uniform_int_distribution<int>(std::max(0, i - 4), i - 1)(rng);
      x[i] = x[parent] + std::uniform_real_distribution<double>(-1.0, 1.0)(rng);
      y[i] = y[parent] + std::uniform_real_distribution<double>(-0.8, 0.8)(rng);
      z[i] = z[parent] + std::uniform_real_distribution<double>(-0.5, 0.5)(rng);
    }
    char buf[160];
    std::snprintf(buf, sizeof buf, "p:%.6g, %.6g, %.6g", x[i], y[i], z[i]);
    g += buf;
    if (coin(rng) == 0) g += ", fr=" + num(rng, 0.1, 1);
    if (coin(rng) == 0) g += ", dn=" + num(rng, 0.5, 2);
    g += '\n';
  }
  std::vector<std::pair<int, int>> joints;
  for (int i = 1; i < np; ++i) {
    // parent = the closest earlier part (keeps every joint shorter than 2)
    int best = 0;
    double bd = 1e300;
    for (int k = std::max(0, i - 4); k < i; ++k) {
      const double d =
          (x[i] - x[k]) * (x[i] - x[k]) + (y[i] - y[k]) * (y[i] - y[k]) + (z[i] - z[k]) * (z[i] - z[k]);
      if (d < bd) bd = d, best = k;
    }
    joints.emplace_back(best, i);
    g += "j:" + std::to_string(best) + ", " + std::to_string(i);
    if (coin(rng) == 0) g += ", stam=" + num(rng, 0.1, 0.9);
    g += '\n';
  }
  const int nn = std::uniform_int_distribution<int>(9, 16)(rng);
  static const char* kinds[] = {"N", "|", "@", "G", "T", "S", "Sin", "*"};
  std::vector<int> inputs_wanted;
  for (int i = 0; i < nn; ++i) {
    const char* k = kinds[std::uniform_int_distribution<int>(0, 7)(rng)];
    const std::string kind = k;
    if (kind == "|" || kind == "@" || kind == "G")
      g += "n:j=" + std::to_string(std::uniform_int_distribution<int>(0, np - 2)(rng)) + ", d=\"" + kind +
           (kind == "|" ? ":p=0.25, r=1" : "") + "\"\n";
    else if (kind == "T" || kind == "S")
      g += "n:p=" + std::to_string(std::uniform_int_distribution<int>(0, np - 1)(rng)) + ", d=" + kind + "\n";
    else if (kind == "N")
      g += "n:d=\"N:in=" + num(rng, 0.1, 0.9) + ", fo=0.04\"\n";
    else
      g += "n:d=" + kind + "\n";
  }
  const int nc = std::uniform_int_distribution<int>(14, 23)(rng);
  std::uniform_int_distribution<int> pick(0, nn - 1);
  for (int i = 0; i < nc; ++i)
    g += "c:" + std::to_string(pick(rng)) + ", " + std::to_string(pick(rng)) + ", " + num(rng, -2, 2) + "\n";
  return g;
}

// `n` genotypes from the fixed seed (the same set in every run).
inline std::vector<std::string> f0_genotypes(std::size_t n) {
  std::mt19937_64 rng(12345);
  std::vector<std::string> out;
  out.reserve(n);
  while (out.size() < n) out.push_back(make_genotype(rng));
  return out;
}

// The genotypes as the org: objects of a Framsticks .gen file ("creature 1", ...).
inline std::string gen_file(const std::vector<std::string>& genotypes) {
  std::string out;
  for (std::size_t i = 0; i < genotypes.size(); ++i)
    out += "org:\nname:creature " + std::to_string(i + 1) + "\ngenotype:~\n" + genotypes[i] + "~\n\n";
  return out;
}

}  // namespace bench
