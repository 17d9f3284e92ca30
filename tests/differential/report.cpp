#include "differential/report.hpp"

#include <cstdio>

#include <nlohmann/json.hpp>

namespace genokit::differential {
namespace {

// A genotype shown on its own lines, each prefixed (so empty lines and trailing spaces show).
std::string block(const std::string& text, const std::string& prefix = "    | ") {
  std::string s = prefix;
  for (char c : text) {
    if (c == '\n')
      s += "\n" + prefix;
    else if (c == '\r')
      s += "\\r";
    else
      s += c;
  }
  return s + "\n";
}

std::string diffs_text(const std::vector<Difference>& d) {
  std::string s;
  for (const auto& x : d) s += "    [" + std::string(to_string(x.kind)) + "] " + x.text + "\n";
  return s;
}

}  // namespace

std::string summary_line(const EncodingResult& r) {
  char buf[400];
  std::snprintf(buf, sizeof buf,
                "%s: %zu genotypes (%zu random, %zu mutants of %zu seeds), SDK valid %zu, no SDK result %zu, "
                "agree %zu, disagree %zu (allowed %zu), %.1f s",
                r.encoding.c_str(), r.random + r.mutants, r.random, r.mutants, r.seeds, r.sdk_valid,
                r.no_sdk_result, r.agree, r.disagree, r.allowed, r.seconds);
  return buf;
}

std::string text_report(const RunInfo& run, const std::vector<EncodingResult>& results) {
  std::string s = "genokit differential harness against the SDK r909 oracle\n";
  s += "seed " + std::to_string(run.seed) + ", count " + std::to_string(run.count) + " per encoding, mode " +
       run.mode + ", jobs " + std::to_string(run.jobs) + "\noracle " + run.oracle + "\nallow-list " +
       run.allow_list + "\n\n";
  std::size_t bad = 0;
  for (const auto& r : results) s += summary_line(r) + "\n", bad += r.disagree - r.allowed;
  s += "\n" +
       std::string(bad ? "DISAGREEMENTS outside the allow-list: " + std::to_string(bad)
                       : "no disagreement outside the allow-list") +
       "\n";
  for (const auto& r : results) {
    if (r.disagreements.empty() && r.no_result.empty()) continue;
    s += "\n==== " + r.encoding + "\n";
    if (!r.classes.empty()) {
      s += "classes (count, main kind: first difference):\n";
      for (const auto& [c, n] : r.classes) s += "  " + std::to_string(n) + "  " + c + "\n";
    }
    std::size_t shown = 0;
    for (const auto& d : r.disagreements) {
      if (d.allowed) continue;
      if (shown++ >= run.reported) {
        s += "(" + std::to_string(r.disagree - r.allowed - run.reported) + " more not shown)\n";
        break;
      }
      s += "\n-- disagreement #" + std::to_string(d.index) + " (" + d.origin + ")\n  genotype:\n" +
           block(d.text);
      s += "  differences:\n" + diffs_text(d.outcome.diffs);
      if (d.minimised && d.minimised->text != d.text) {
        s += "  minimised (" + std::to_string(d.minimised->rounds) + " rounds, same kind " +
             std::string(to_string(d.minimised->kind)) + "):\n" + block(d.minimised->text);
        s += "  differences of the minimised genotype:\n" + diffs_text(d.minimised->outcome.diffs);
        s += "  SDK:\n" + block(d.minimised->outcome.sdk_side) + "  genokit:\n" +
             block(d.minimised->outcome.our_side);
      } else {
        if (d.minimised && d.minimised->unconfirmed)
          s += "  (its smaller forms disagreed only inside a batch, not alone: the SDK's result may be "
               "undefined)\n";
        s += "  SDK:\n" + block(d.outcome.sdk_side) + "  genokit:\n" + block(d.outcome.our_side);
      }
    }
    std::size_t allowed_shown = 0;
    for (const auto& d : r.disagreements)
      if (d.allowed && allowed_shown++ < 5)
        s += "\n-- allowed #" + std::to_string(d.index) + " by allow-list line " +
             std::to_string(d.allowed->line) + " (" + d.allowed->docs + ")\n" + block(d.text) +
             diffs_text(d.outcome.diffs);
    for (const auto& [g, why] : r.no_result) s += "\n-- no SDK result: " + why + "\n" + block(g);
  }
  return s;
}

std::string json_report(const RunInfo& run, const std::vector<EncodingResult>& results) {
  using nlohmann::json;
  json j;
  j["seed"] = run.seed, j["count"] = run.count, j["mode"] = run.mode, j["jobs"] = run.jobs;
  j["oracle"] = run.oracle;
  auto diffs = [](const std::vector<Difference>& v) {
    json a = json::array();
    for (const auto& d : v) a.push_back({{"kind", to_string(d.kind)}, {"text", d.text}});
    return a;
  };
  for (const auto& r : results) {
    json e = {{"encoding", r.encoding}, {"random", r.random},       {"mutants", r.mutants},
              {"seeds", r.seeds},       {"sdk_valid", r.sdk_valid}, {"no_sdk_result", r.no_sdk_result},
              {"agree", r.agree},       {"disagree", r.disagree},   {"allowed", r.allowed},
              {"seconds", r.seconds},   {"classes", r.classes}};
    json list = json::array();
    for (const auto& d : r.disagreements) {
      json x = {{"index", d.index},          {"origin", d.origin},
                {"genotype", d.text},        {"differences", diffs(d.outcome.diffs)},
                {"sdk", d.outcome.sdk_side}, {"genokit", d.outcome.our_side}};
      if (d.allowed) x["allowed_by_line"] = d.allowed->line;
      if (d.minimised)
        x["minimised"] = {{"genotype", d.minimised->text},
                          {"differences", diffs(d.minimised->outcome.diffs)},
                          {"sdk", d.minimised->outcome.sdk_side},
                          {"genokit", d.minimised->outcome.our_side}};
      list.push_back(std::move(x));
    }
    e["disagreements"] = std::move(list);
    j["encodings"].push_back(std::move(e));
  }
  return j.dump(1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace genokit::differential
