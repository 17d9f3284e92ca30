// How the CLI reads and presents genotypes of any encoding the door reads: door options from the
// command line, the `show` view, the summaries of `info`/`check`, and checking many genotypes of a
// file on every core with diagnostics in file order.
#pragma once

#include <deque>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "cli/registry.hpp"
#include "genokit/genotype/file.hpp"
#include "genokit/genotype/read.hpp"

namespace genokit::cli {

// Door options for genotypes of encoding `format`: --strict, and the --opt keys
// f<id>-lint=off, f0-order=spec|sdk, f0-delta-order=spec|sdk, f0-hinges=off|on.
genotype::ReadOptions read_options(const Options& opt, std::string_view format, bool mapping = false);
// The --opt keys of encoding `id`.
std::vector<OptKey> encoding_option_keys(std::string_view id);

// `show` for one genotype: the f0 table and, with neurons, the network; JSON = the door's JSON
// (model, map of converting encodings) + "network". Map positions through `locator`.
void show_genotype(const genotype::Genotype& g, std::string_view text,
                   const genotype::GenotypeFile::Locator& locator, std::string& out, nlohmann::json& json);

// A model's verdict and size; as JSON {valid, parts, joints, neurons, connections}.
struct Counts {
  bool valid = false;
  std::size_t parts = 0, joints = 0, neurons = 0, connections = 0;
};
Counts counts_of(const f0::Model& m);
nlohmann::json to_json(const Counts& c);

// One genotype checked by check_file().
struct Checked {
  std::size_t genotype = 0;  // index into the file's genotypes
  bool read = false;         // the door could read it
  bool errors = false;       // it had error diagnostics
  Counts counts;
  Diagnostics found;     // its diagnostics, positioned in the file (formatted: only counted)
  std::size_t kept = 0;  // how many of them are kept (in `found`, or formatted in `lines`)
  std::string lines;     // formatted: the kept ones, GCC style, a line each
};

// A file whose genotypes were checked.
struct FileCheck {
  genotype::GenotypeFile file;
  // One per checked genotype, in file order (a deque: filled while the file is read, elements
  // never move).
  std::deque<Checked> results;
  bool formatted = false;  // the kept diagnostics were formatted where they were found
  // Appends the checked genotypes' diagnostics to `diags` in file order; when they were formatted,
  // appends their lines to `lines` (required then) and only counts them in `diags`.
  void append_to(Diagnostics& diags, FormattedDiagnostics* lines = nullptr);
};

// Reads `in` (as a Framsticks file when `framsticks`, else as genotype::read_genotypes reads it)
// and reads every genotype `take` takes through the door with read_options(opt, its format), on
// every core while the file is read. The file's own diagnostics go to `diags` as it is read; the
// genotypes' are returned, to be appended after whatever the caller reports in between. Those of
// genotypes that come after the first Diagnostics::limit() diagnostics are only counted. With
// `format`, the kept diagnostics are formatted by the threads that found them (FileCheck::formatted).
FileCheck check_file(const Input& in, const std::string& file_name, genotype::FileOptions fo, bool framsticks,
                     const std::function<bool(const genotype::FileGenotype&)>& take, const Options& opt,
                     Diagnostics& diags, bool format = false);

}  // namespace genokit::cli
