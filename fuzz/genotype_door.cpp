// libFuzzer target for the genotype door: any bytes as a file of genotypes (bare or a Framsticks
// .gen file) must be listed, read (every encoding, with the map), positioned in the file, picked,
// written as JSON and rewritten without crashing; positions must stay inside the file and the map
// inside its genotype.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "genokit/genotype/encoding.hpp"
#include "genokit/genotype/file.hpp"
#include "genokit/genotype/json.hpp"
#include "genokit/genotype/rewrite.hpp"

using namespace genokit;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  genotype::FileOptions fo;
  fo.bare = size % 2 ? genotype::Bare::f0 : genotype::Bare::guess;
  fo.load.includes = frams::LoadOptions::Includes::forbid;  // never read files named by the input
  Diagnostics d;
  const genotype::GenotypeFile file = genotype::read_genotypes(bytes, "fuzz.gen", d, fo);
  genotype::ReadOptions ro;
  ro.mapping = true;
  ro.strict = size % 3 == 0;
  for (const genotype::FileGenotype& g : file.genotypes) {
    Diagnostics gd;
    const auto r = genotype::read(file, g, gd, ro);
    for (const Diagnostic& x : gd.items())
      if (file.framsticks && x.where.offset > static_cast<std::int64_t>(file.doc.source(0).text.size()))
        std::abort();
    if (!r) continue;
    for (const auto& m : r->map)
      if (m.begin > m.end || m.end > g.text.size()) std::abort();
    (void)genotype::to_json(*r, file, g);
    (void)genotype::is_valid_strict(g.text, gd);
    (void)genotype::is_valid_creature(g.text, gd);
  }
  (void)genotype::pick(bytes, "fuzz.gen", size % 5 ? "" : "1", d, {fo, ro, {}});
  genotype::RewriteOptions rw;
  rw.file = fo;
  rw.formats = {"0", "1"};
  rw.keep_invalid = size % 2 == 0;
  (void)genotype::rewrite(bytes, "fuzz.gen", d, rw);
  return 0;
}
