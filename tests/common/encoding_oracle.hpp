// Test helpers for the converting encodings (f4, f9, fF, fn, ...): their SDK r909 reference cases
// (corpus/framsticks/oracle-sdk-r909/encodings/<enc>/) and the corpus .gen genotypes of an encoding
// with their gen-mode dumps, read with the f0 suite's dump reader (tests/f0/oracle.hpp; a test
// folder compiles tests/f0/oracle.cpp and oracle_compare.cpp through a two-line shim).
#pragma once

#include <algorithm>
#include <filesystem>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "common/cli_run.hpp"
#include "common/test_paths.hpp"
#include "f0/oracle.hpp"
#include "f0/oracle_compare.hpp"
#include "genokit/core/diagnostics.hpp"
#include "genokit/frams/document.hpp"

namespace genokit::test {

inline std::filesystem::path framsticks_corpus() {
  return corpus_dir() / "framsticks";
}
inline std::filesystem::path encoding_cases_dir(std::string_view enc) {  // "f4", "fF", ...
  return framsticks_corpus() / "oracle-sdk-r909" / "encodings" / std::string(enc);
}

struct OracleCase {
  std::string name;      // file name, or "<file> genotype <k> (<org name>)"
  std::string genotype;  // the text given to the SDK (header included)
  f0::test::OracleGenotype dump;
};

// Every reference case of an encoding folder (files ending in `ext`, e.g. ".f4"), sorted by name.
inline std::vector<OracleCase> reference_cases(std::string_view enc, std::string_view ext,
                                               std::string& error) {
  std::vector<OracleCase> out;
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(encoding_cases_dir(enc)))
    if (e.path().extension() == ext) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& p : files) {
    f0::test::OracleFile f;
    if (!f0::test::parse_oracle(slurp(p.string() + ".oracle.txt"), f, error) || f.genotypes.size() != 1) {
      error = p.string() + ": " + error;
      return {};
    }
    out.push_back({p.filename().string(), slurp(p), std::move(f.genotypes[0])});
  }
  return out;
}

// Every genotype of format `format` ("4", "F", ...) in the corpus .gen files that have a gen-mode
// dump in oracle-sdk-r909/, in file order.
inline std::vector<OracleCase> corpus_genotypes(std::string_view format, std::string& error) {
  namespace fs = std::filesystem;
  std::vector<OracleCase> out;
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(framsticks_corpus()))
    if (e.is_regular_file() && e.path().extension() == ".gen") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& path : files) {
    const std::string rel = fs::relative(path, framsticks_corpus()).generic_string();
    if (rel.rfind("oracle-sdk-r909/", 0) == 0) continue;
    std::string flat = rel;
    std::replace(flat.begin(), flat.end(), '/', '_');
    const fs::path dump = framsticks_corpus() / "oracle-sdk-r909" / (flat + ".oracle.txt");
    if (!fs::exists(dump)) continue;
    f0::test::OracleFile f;
    if (!f0::test::parse_oracle(slurp(dump), f, error)) {
      error = dump.string() + ": " + error;
      return {};
    }
    Diagnostics fd;
    const auto doc = frams::load_file(path.string(), fd);
    std::vector<const frams::Object*> orgs;
    for (const auto& o : doc.objects)
      if (o.class_name == "org") orgs.push_back(&o);
    if (orgs.size() != f.genotypes.size()) {
      error = rel + ": " + std::to_string(orgs.size()) + " org objects, " +
              std::to_string(f.genotypes.size()) + " dumps";
      return {};
    }
    for (std::size_t k = 0; k < orgs.size(); ++k)
      if (f.genotypes[k].format == format)
        out.push_back({rel + " genotype " + std::to_string(k) + " (" + f.genotypes[k].name + ")",
                       std::string(orgs[k]->get("genotype")), std::move(f.genotypes[k])});
  }
  return out;
}

// The diagnostics the f0 comparison counts as "SDK parser warnings": every error, and the
// warnings whose codes stand for an SDK log line.
inline Diagnostics sdk_visible(const Diagnostics& d,
                               std::initializer_list<std::string_view> sdk_warning_codes) {
  Diagnostics out;
  for (const Diagnostic& x : d.items())
    if (x.severity == Severity::error ||
        (x.severity == Severity::warning &&
         std::find(sdk_warning_codes.begin(), sdk_warning_codes.end(), x.code) != sdk_warning_codes.end()))
      out.report(x.severity, x.code, x.message, x.where);
  return out;
}

// An SDK log line without the " in '<org name>'" that gen mode adds to Model.build messages.
inline std::string without_org_name(std::string m) {
  if (m.find("Model.build:") != std::string::npos)
    if (const auto at = m.rfind(" in '"); at != std::string::npos) m.erase(at);
  return m;
}

// One conversion against its dump: the f0 comparison (counting as SDK parser warnings only the codes
// given), the SDK's messages in order, and the verdict with its diagnostics.
template <class Conversion>
std::vector<std::string> compare_conversion(const OracleCase& c, const Conversion& conv, const Diagnostics& d,
                                            std::initializer_list<std::string_view> sdk_warning_codes) {
  std::vector<std::string> diffs;
  f0::test::compare_with_oracle(c.dump, conv.model, sdk_visible(d, sdk_warning_codes), diffs);
  std::vector<std::string> ours, sdk;
  if constexpr (requires { conv.sdk_messages; })
    for (const auto& m : conv.sdk_messages) ours.push_back(without_org_name(m));
  for (const auto& m : c.dump.messages) sdk.push_back(without_org_name(m));
  if (ours != sdk) {
    std::string s = "SDK messages differ:\n--- ours\n";
    for (const auto& m : ours) s += m + "\n";
    s += "--- SDK\n";
    for (const auto& m : sdk) s += m + "\n";
    diffs.push_back(s);
  }
  if (c.dump.valid != conv.converted && !(conv.converted && !conv.model.valid))
    diffs.push_back("converted differs from the SDK's verdict");
  if (!c.dump.valid && d.error_count() == 0) diffs.push_back("invalid without an error diagnostic");
  return diffs;
}

}  // namespace genokit::test
