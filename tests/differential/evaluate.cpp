#include "differential/evaluate.hpp"

#include <algorithm>
#include <cctype>
#include <exception>
#include <thread>

#include "differential/oracle_run.hpp"

namespace genokit::differential {

namespace {

Outcome judge(const EncodingSpec& e, const std::string& text, OracleResult&& sdk) {
  Outcome out;
  Ours ours;
  try {
    ours = read_ours(e, text);
  } catch (const std::exception& x) {  // genokit must never throw on input: a finding of its own
    out.diffs.push_back({Kind::verdict, std::string("genokit threw: ") + x.what()});
    out.sdk_side = sdk.dump ? describe_sdk(*sdk.dump) : sdk.problem + "\n";
    out.our_side = std::string("threw ") + x.what() + "\n";
    return out;
  }
  if (!sdk.dump) {
    out.no_sdk_result = true;
    out.problem = sdk.problem;
    // A genotype the SDK crashes on is not one genokit may accept.
    if (sdk.crashed && ours.read && ours.genotype.model.valid)
      out.diffs.push_back({Kind::verdict, "valid: ours 1, the SDK crashes on this genotype"});
  } else {
    out.sdk_valid = sdk.dump->valid;
    out.diffs = compare(e, *sdk.dump, ours);
  }
  if (!out.diffs.empty()) {
    out.sdk_side = sdk.dump ? describe_sdk(*sdk.dump) : sdk.problem + "\n";
    out.our_side = describe_ours(ours);
    out.our_diags = std::move(ours.diags);
  }
  return out;
}

int rank(Kind k) {
  switch (k) {
    case Kind::verdict:
      return 0;
    case Kind::counts:
      return 1;
    case Kind::messages:
      return 2;
    case Kind::positions:
      return 3;
    case Kind::property:
      return 4;
    case Kind::f0_text:
      return 5;
  }
  return 6;
}

}  // namespace

Kind main_kind(const std::vector<Difference>& diffs) {
  Kind best = Kind::f0_text;
  for (const auto& d : diffs)
    if (rank(d.kind) < rank(best)) best = d.kind;
  return best;
}

std::string class_of(const std::vector<Difference>& diffs) {
  const Kind k = main_kind(diffs);
  std::string first;
  for (const auto& d : diffs)
    if (d.kind == k) {
      first = d.text.substr(0, d.text.find('\n'));
      break;
    }
  // Quoted values folded too: "Could not parse '1e5x'" and "... '2x'" are one class.
  std::string folded;
  char quote = 0;
  for (char c : first) {
    if (quote) {
      if (c == quote) folded += c, quote = 0;
      continue;
    }
    if (c == '\'' || c == '"') {
      folded += c, folded += '*', quote = c;
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(c))) {
      if (folded.empty() || folded.back() != '#') folded += '#';
    } else {
      folded += c;
    }
  }
  if (folded.size() > 90) folded.resize(90);
  return std::string(to_string(k)) + ": " + folded;
}

std::vector<Outcome> evaluate(const EncodingSpec& e, const std::vector<std::string>& genotypes,
                              const BatchSettings& s, std::string& error) {
  std::vector<Outcome> out(genotypes.size());
  if (!std::filesystem::exists(s.oracle)) {
    error = "the SDK oracle program was not found at " + s.oracle;
    return {};
  }
  std::filesystem::create_directories(s.dir);
  const std::size_t jobs = std::max<std::size_t>(1, std::min<std::size_t>(s.jobs, genotypes.size()));
  const std::size_t per = (genotypes.size() + jobs - 1) / std::max<std::size_t>(jobs, 1);
  std::vector<std::string> errors(jobs);
  auto work = [&](std::size_t k) {
    const std::size_t a = k * per, b = std::min(genotypes.size(), a + per);
    if (a >= b) return;
    const std::vector<std::string> chunk(genotypes.begin() + static_cast<std::ptrdiff_t>(a),
                                         genotypes.begin() + static_cast<std::ptrdiff_t>(b));
    auto sdk = run_oracle(s.oracle, s.dir / (s.tag + "-" + std::to_string(k) + ".gen"), chunk, errors[k]);
    if (!errors[k].empty()) return;
    for (std::size_t i = a; i < b; ++i) out[i] = judge(e, genotypes[i], std::move(sdk[i - a]));
  };
  std::vector<std::thread> threads;
  for (std::size_t k = 1; k < jobs; ++k) threads.emplace_back(work, k);
  work(0);
  for (auto& t : threads) t.join();
  for (const auto& x : errors)
    if (!x.empty()) {
      error = x;
      return {};
    }
  return out;
}

}  // namespace genokit::differential
