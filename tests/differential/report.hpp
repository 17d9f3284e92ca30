// What a run found, per encoding, and the readable (and JSON) report of it.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "differential/allow_list.hpp"
#include "differential/evaluate.hpp"
#include "differential/minimise.hpp"

namespace genokit::differential {

struct Disagreement {
  std::size_t index = 0;  // in the encoding's batch
  std::string origin;     // "random" or "mutant of seed genotype <k>"
  std::string text;
  Outcome outcome;
  const AllowEntry* allowed = nullptr;  // the allow-list entry matching every difference
  std::optional<Minimised> minimised;
};

struct EncodingResult {
  std::string encoding;
  std::size_t random = 0, mutants = 0, seeds = 0;
  std::size_t sdk_valid = 0, no_sdk_result = 0, agree = 0, disagree = 0, allowed = 0;
  std::vector<Disagreement> disagreements;                     // every one, allowed ones included
  std::vector<std::pair<std::string, std::string>> no_result;  // genotype, why (the first few)
  std::map<std::string, std::size_t> classes;                  // class_of -> count (not allowed)
  double seconds = 0;
};

struct RunInfo {
  std::uint64_t seed = 0;
  std::size_t count = 0;
  std::string mode, oracle, allow_list;
  int jobs = 1;
  std::size_t reported = 0;  // disagreements written out in full per encoding
};

std::string text_report(const RunInfo& run, const std::vector<EncodingResult>& results);
std::string json_report(const RunInfo& run, const std::vector<EncodingResult>& results);
// One line per encoding, for the terminal.
std::string summary_line(const EncodingResult& r);

}  // namespace genokit::differential
