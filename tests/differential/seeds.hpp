// The real genotypes mutants start from: every org: genotype of the corpus .gen files (outside
// oracle-sdk-r909/), grouped by encoding from its header (f1 without one), plus the encodings'
// reference cases in oracle-sdk-r909/encodings/<enc>/ and the f0 probes.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace genokit::differential {

// encoding name ("f0", "f1", ...) -> genotype texts (header included), in a stable order.
using Seeds = std::map<std::string, std::vector<std::string>>;

Seeds load_seeds(const std::filesystem::path& framsticks_corpus);

}  // namespace genokit::differential
