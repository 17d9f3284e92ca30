// Running the SDK r909 oracle on a batch of genotypes: one .gen file, one `oracle gen` process, the
// dump parsed with the f0 suite's reader. A batch the oracle crashes on (or whose dump cannot be
// read) is split in halves until the genotypes responsible are found, so one bad genotype costs a
// few extra processes, not the batch.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "f0/oracle.hpp"

namespace genokit::differential {

struct OracleResult {
  std::optional<f0::test::OracleGenotype> dump;  // empty when the SDK crashed or its dump is unreadable
  bool crashed = false;                          // the oracle process failed on this genotype alone
  std::string problem;                           // why there is no dump
};

// The .gen text of genotypes (org names g<first+i>; '~' escaped with a backslash: the SDK's
// loader unescapes "\~" only, a backslash elsewhere stays as it is).
std::string gen_file_text(const std::vector<std::string>& genotypes, std::size_t first_index = 0);

// What a .gen ~-string cannot carry to the SDK's genotype parser unchanged, made so on both sides:
// a CR (the SDK's loader turns it into a line break; CRs are left out) and a final backslash (its
// "\~" would escape the closing tilde; a line break is added after it).
void make_writable(std::string& genotype);

// One result per genotype, in order. `file` is where the batch is written (kept by the caller or
// removed); an error that is not the genotypes' fault (no oracle program) goes to `error`.
std::vector<OracleResult> run_oracle(const std::string& oracle, const std::filesystem::path& file,
                                     const std::vector<std::string>& genotypes, std::string& error);

}  // namespace genokit::differential
