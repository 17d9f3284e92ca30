// The distinct genotypes of one encoding in the corpus's .gen files (every `org:` object's
// `genotype` field), sorted, for the operator tests.
#pragma once

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "common/test_paths.hpp"
#include "genokit/frams/document.hpp"
#include "genokit/genotype/read.hpp"

namespace genokit::test {

inline std::vector<std::string> corpus_genotypes(std::string_view format) {
  std::set<std::string> out;
  const auto root = corpus_dir() / "framsticks";
  if (!std::filesystem::is_directory(root)) return {};
  for (const auto& e : std::filesystem::recursive_directory_iterator(root)) {
    if (!e.is_regular_file() || e.path().extension() != ".gen") continue;
    Diagnostics d;
    const frams::Document doc = frams::load_file(e.path().string(), d);
    for (const auto& o : doc.objects) {
      if (o.class_name != "org") continue;
      const std::string_view g = o.get("genotype");
      if (!g.empty() && genotype::format_of(g) == format) out.insert(std::string(g));
    }
  }
  return {out.begin(), out.end()};
}

}  // namespace genokit::test
