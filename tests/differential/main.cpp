// genokit_differential: genokit against the Framsticks SDK r909 on generated genotypes (random and
// mutants of the corpus's real ones), every disagreement minimised and reported with both sides'
// output. docs/differential.md describes the harness; `--help` the command line.
//
// Exit status: 0 no disagreement outside the allow-list, 1 disagreements (or a failure), 2 usage,
// 77 (ctest's SKIP_RETURN_CODE) when the oracle or the corpus is missing, unless
// GENOKIT_REQUIRE_SHARED=1 makes that a failure.
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <string>
#include <vector>

#include "differential/allow_list.hpp"
#include "differential/encodings.hpp"
#include "differential/evaluate.hpp"
#include "differential/minimise.hpp"
#include "differential/mutate.hpp"
#include "differential/oracle_run.hpp"
#include "differential/report.hpp"
#include "differential/seeds.hpp"

namespace fs = std::filesystem;
using namespace genokit::differential;

namespace {

constexpr int kExitSkip = 77;
// Genotypes per evaluate() call: bounds the .gen files and the memory of long campaigns.
constexpr std::size_t kSlice = 20000;

struct Args {
  std::vector<std::string> encodings;
  std::size_t count = 1000;
  std::uint64_t seed = 1;
  std::string mode = "both", oracle, report, json, keep, allow_list;
  int jobs = 1, minimise_max = 10, rounds = 60;
  double minimise_seconds = 120;
  std::size_t reported = 20;
  bool minimise = true, quiet = false;
};

const char* kUsage =
    "usage: genokit_differential [options]\n"
    "  --encoding E     f0, f1, f4, f9, fF, fn, fH, fB, fL or all (repeatable; default all)\n"
    "  --count N        genotypes per encoding (default 1000)\n"
    "  --seed S         seed of the generators (default 1)\n"
    "  --mode M         random, mutant or both (half each; default both)\n"
    "  --jobs N         oracle processes and genokit threads at once (default 1; results do not depend on "
    "it)\n"
    "  --oracle PATH    the SDK r909 oracle (default "
    "$GENOKIT_SHARED_DIR/tools/sdk-r909/frams-sdk-r909-oracle)\n"
    "  --allow-list F   the allow-list (default tests/differential/allow-list.txt)\n"
    "  --report FILE    write the readable report there (default: stdout when there is a disagreement)\n"
    "  --json FILE      also write the report as JSON\n"
    "  --no-minimise    report disagreements as found\n"
    "  --minimise-max N minimise at most N disagreements per encoding (default 10)\n"
    "  --minimise-seconds S  stop minimising an encoding after about S seconds (default 120)\n"
    "  --show N         write out at most N disagreements per encoding (default 20)\n"
    "  --keep DIR       keep the .gen batches in DIR\n"
    "  --quiet          no progress lines\n";

fs::path shared_dir() {
  if (const char* e = std::getenv("GENOKIT_SHARED_DIR"); e && *e) return e;
  return GENOKIT_SHARED_DIR;
}

bool shared_required() {
  const char* e = std::getenv("GENOKIT_REQUIRE_SHARED");
  return e && *e && std::string(e) != "0";
}

// Missing shared data: a skip, or under GENOKIT_REQUIRE_SHARED a failure.
int missing(const std::string& what) {
  if (shared_required()) {
    std::cerr << "genokit_differential: " << what
              << " (GENOKIT_REQUIRE_SHARED is set: a missing ../shared fails)\n";
    return 1;
  }
  std::cerr << "genokit_differential: " << what << "; skipped\n";
  return kExitSkip;
}

bool parse_args(int argc, char** argv, Args& a) {
  auto number = [](const std::string& s, auto& out) {
    char* end = nullptr;
    const unsigned long long v = std::strtoull(s.c_str(), &end, 10);
    if (s.empty() || *end) return false;
    out = static_cast<std::remove_reference_t<decltype(out)>>(v);
    return true;
  };
  for (int i = 1; i < argc; ++i) {
    const std::string k = argv[i];
    auto value = [&](std::string& out) {
      if (i + 1 >= argc) return false;
      out = argv[++i];
      return true;
    };
    std::string v;
    if (k == "--help" || k == "-h") {
      std::cout << kUsage;
      std::exit(0);
    } else if (k == "--encoding") {
      if (!value(v)) return false;
      if (v == "all") {
        for (const auto& e : encodings()) a.encodings.push_back(e.name);
      } else if (find_encoding_spec(v)) {
        a.encodings.push_back(v);
      } else {
        std::cerr << "unknown encoding " << v << "\n";
        return false;
      }
    } else if (k == "--count") {
      if (!value(v) || !number(v, a.count)) return false;
    } else if (k == "--seed") {
      if (!value(v) || !number(v, a.seed)) return false;
    } else if (k == "--jobs") {
      if (!value(v) || !number(v, a.jobs) || a.jobs < 1 || a.jobs > 256) return false;
    } else if (k == "--mode") {
      if (!value(a.mode) || (a.mode != "random" && a.mode != "mutant" && a.mode != "both")) return false;
    } else if (k == "--oracle") {
      if (!value(a.oracle)) return false;
    } else if (k == "--allow-list") {
      if (!value(a.allow_list)) return false;
    } else if (k == "--report") {
      if (!value(a.report)) return false;
    } else if (k == "--json") {
      if (!value(a.json)) return false;
    } else if (k == "--keep") {
      if (!value(a.keep)) return false;
    } else if (k == "--no-minimise") {
      a.minimise = false;
    } else if (k == "--minimise-max") {
      if (!value(v) || !number(v, a.minimise_max)) return false;
    } else if (k == "--minimise-seconds") {
      if (!value(v) || !number(v, a.minimise_seconds)) return false;
    } else if (k == "--show") {
      if (!value(v) || !number(v, a.reported)) return false;
    } else if (k == "--quiet") {
      a.quiet = true;
    } else {
      std::cerr << "unknown option " << k << "\n";
      return false;
    }
  }
  if (a.encodings.empty())
    for (const auto& e : encodings()) a.encodings.push_back(e.name);
  return true;
}

// The genotypes of one encoding: random ones, then mutants (origins alongside).
void generate(const Args& a, const EncodingSpec& e, const Seeds& seeds, EncodingResult& r,
              std::vector<std::string>& texts, std::vector<std::string>& origins) {
  r.random = a.mode == "random" ? a.count : a.mode == "mutant" ? 0 : a.count / 2;
  r.mutants = a.count - r.random;
  Rng rr = Rng::stream(a.seed, e.name + "/random");
  for (std::size_t i = 0; i < r.random; ++i) {
    texts.push_back(e.random(rr));
    make_writable(texts.back());
    origins.push_back("random");
  }
  std::vector<std::string> base;
  if (const auto it = seeds.find(e.name); it != seeds.end()) base = it->second;
  Rng rs = Rng::stream(a.seed, e.name + "/seeds");
  if (base.empty())  // no real genotype of this encoding: mutants of random ones
    for (int i = 0; i < 50; ++i) base.push_back(e.random(rs));
  r.seeds = base.size();
  Rng rm = Rng::stream(a.seed, e.name + "/mutant");
  for (std::size_t i = 0; i < r.mutants; ++i) {
    const std::size_t k = rm.below(base.size());
    texts.push_back(mutant(rm, e, base[k]));
    make_writable(texts.back());
    origins.push_back("mutant of seed genotype " + std::to_string(k));
  }
}

// Which disagreements to minimise: one of each class first, then the others in order.
std::vector<std::size_t> to_minimise(const EncodingResult& r, std::size_t max) {
  std::vector<std::size_t> out;
  std::set<std::string> seen;
  for (std::size_t i = 0; i < r.disagreements.size() && out.size() < max; ++i)
    if (!r.disagreements[i].allowed && seen.insert(class_of(r.disagreements[i].outcome.diffs)).second)
      out.push_back(i);
  for (std::size_t i = 0; i < r.disagreements.size() && out.size() < max; ++i)
    if (!r.disagreements[i].allowed && std::find(out.begin(), out.end(), i) == out.end()) out.push_back(i);
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  Args a;
  if (!parse_args(argc, argv, a)) {
    std::cerr << kUsage;
    return 2;
  }
  if (a.oracle.empty()) a.oracle = (shared_dir() / "tools/sdk-r909/frams-sdk-r909-oracle").string();
  if (a.allow_list.empty())
    a.allow_list = (fs::path(GENOKIT_SOURCE_DIR) / "tests/differential/allow-list.txt").string();
  if (!fs::exists(a.oracle)) return missing("the SDK r909 oracle was not found at " + a.oracle);
  Seeds seeds;
  if (a.mode != "random") {
    const fs::path corpus = shared_dir() / "corpus/framsticks";
    if (!fs::is_directory(corpus))
      return missing("the Framsticks corpus was not found at " + corpus.string());
    seeds = load_seeds(corpus);
  }
  AllowList allow;
  if (std::string err; !allow.load(a.allow_list, err)) {
    std::cerr << "genokit_differential: " << err << "\n";
    return 2;
  }
  const bool temp = a.keep.empty();
  const fs::path dir =
      temp ? fs::temp_directory_path() / ("genokit-differential-" + std::to_string(::getpid()))
           : fs::path(a.keep);
  fs::create_directories(dir);

  std::vector<EncodingResult> results;
  int status = 0;
  for (const std::string& name : a.encodings) {
    const EncodingSpec& e = *find_encoding_spec(name);
    const auto t0 = std::chrono::steady_clock::now();
    EncodingResult r;
    r.encoding = name;
    std::vector<std::string> texts, origins;
    generate(a, e, seeds, r, texts, origins);
    for (std::size_t at = 0; at < texts.size(); at += kSlice) {
      const std::vector<std::string> slice(
          texts.begin() + static_cast<std::ptrdiff_t>(at),
          texts.begin() + static_cast<std::ptrdiff_t>(std::min(texts.size(), at + kSlice)));
      std::string err;
      auto outcomes =
          evaluate(e, slice, {a.oracle, dir, name + "-" + std::to_string(at / kSlice), a.jobs}, err);
      if (!err.empty()) {
        std::cerr << "genokit_differential: " << err << "\n";
        return 1;
      }
      for (std::size_t i = 0; i < outcomes.size(); ++i) {
        Outcome& o = outcomes[i];
        const std::size_t k = at + i;
        r.sdk_valid += o.sdk_valid;
        if (o.no_sdk_result) {
          ++r.no_sdk_result;
          if (r.no_result.size() < 5) r.no_result.push_back({texts[k], o.problem});
        }
        if (o.diffs.empty()) {
          r.agree += !o.no_sdk_result;
          continue;
        }
        ++r.disagree;
        Disagreement d{k, origins[k], texts[k], std::move(o), nullptr, std::nullopt};
        const AllowEntry* first = nullptr;
        bool all = true;
        for (const auto& x : d.outcome.diffs) {
          const AllowEntry* m = allow.match(name, d.text, x, d.outcome.our_diags);
          all = all && m;
          if (!first) first = m;
        }
        if (all && first)
          d.allowed = first, ++r.allowed;
        else
          ++r.classes[class_of(d.outcome.diffs)];
        r.disagreements.push_back(std::move(d));
      }
    }
    if (a.minimise) {
      const auto pick = to_minimise(r, static_cast<std::size_t>(a.minimise_max));
      std::vector<std::pair<std::string, Outcome>> items;
      for (std::size_t i : pick) items.push_back({r.disagreements[i].text, r.disagreements[i].outcome});
      std::string err;
      auto mins =
          minimise(e, items, {a.oracle, dir, name + "-min", a.jobs}, a.rounds, a.minimise_seconds, err);
      if (!err.empty()) {
        std::cerr << "genokit_differential: " << err << "\n";
        return 1;
      }
      for (std::size_t k = 0; k < mins.size(); ++k) r.disagreements[pick[k]].minimised = std::move(mins[k]);
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!a.quiet) std::cerr << summary_line(r) << "\n";
    if (r.disagree > r.allowed) status = 1;
    results.push_back(std::move(r));
  }
  if (temp) fs::remove_all(dir);

  RunInfo run{a.seed, a.count, a.mode, a.oracle, a.allow_list, a.jobs, a.reported};
  const std::string text = text_report(run, results);
  if (!a.report.empty())
    std::ofstream(a.report, std::ios::binary) << text;
  else if (status)
    std::cout << text;
  if (!a.json.empty()) std::ofstream(a.json, std::ios::binary) << json_report(run, results) << "\n";
  return status;
}
