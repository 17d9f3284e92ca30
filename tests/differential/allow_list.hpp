// The allow-list: documented classes of disagreement where the SDK's result is undefined or
// depends on the platform (tests/differential/allow-list.txt). A disagreement whose every
// difference matches an entry is counted and reported as allowed, never dropped silently.
//
// One entry per line, five fields separated by " | ":
//   encoding | kind | matcher | docs section | reason
// encoding: f0, f1, ... or *; kind: verdict, counts, property, positions, messages, f0-text or *;
// matcher: genotype~REGEX (ECMAScript, searched in the genotype text), difference~REGEX (in the
// difference's line) or diagnostic=CODE (genokit reported that code). '#' starts a comment line.
#pragma once

#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "differential/compare.hpp"

namespace genokit::differential {

struct AllowEntry {
  std::string encoding, kind, matcher, docs, reason;
  int line = 0;
  std::regex pattern;  // genotype~ and difference~ matchers
};

class AllowList {
 public:
  // False (with `error`: file and line) on a malformed entry.
  bool load(const std::filesystem::path& file, std::string& error);
  // The entry that allows this difference, or nullptr.
  const AllowEntry* match(const std::string& encoding, const std::string& genotype, const Difference& d,
                          const Diagnostics& ours) const;
  const std::vector<AllowEntry>& entries() const { return entries_; }

 private:
  std::vector<AllowEntry> entries_;
};

}  // namespace genokit::differential
