#include "differential/allow_list.hpp"

#include <algorithm>
#include <fstream>

namespace genokit::differential {

bool AllowList::load(const std::filesystem::path& file, std::string& error) {
  std::ifstream in(file);
  if (!in) {
    error = file.string() + ": cannot be read";
    return false;
  }
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.empty() || line[0] == '#' || line.find_first_not_of(" \t\r") == std::string::npos) continue;
    std::vector<std::string> f;
    for (std::size_t at = 0;;) {
      const auto bar = line.find(" | ", at);
      f.push_back(line.substr(at, bar == std::string::npos ? std::string::npos : bar - at));
      if (bar == std::string::npos) break;
      at = bar + 3;
    }
    const auto bad = [&](const std::string& why) {
      error = file.string() + ":" + std::to_string(n) + ": " + why;
      return false;
    };
    if (f.size() != 5) return bad("an entry has five fields separated by \" | \"");
    AllowEntry e{f[0], f[1], f[2], f[3], f[4], n, {}};
    if (e.docs.empty() || e.reason.empty()) return bad("an entry needs its docs section and its reason");
    static const char* kinds[] = {"*", "verdict", "counts", "property", "positions", "messages", "f0-text"};
    if (std::find(std::begin(kinds), std::end(kinds), e.kind) == std::end(kinds))
      return bad("unknown kind " + e.kind);
    const auto tilde = e.matcher.find('~');
    if (e.matcher.rfind("diagnostic=", 0) != 0) {
      if (tilde == std::string::npos ||
          (e.matcher.substr(0, tilde) != "genotype" && e.matcher.substr(0, tilde) != "difference"))
        return bad("the matcher is genotype~REGEX, difference~REGEX or diagnostic=CODE");
      try {
        e.pattern = std::regex(e.matcher.substr(tilde + 1));
      } catch (const std::regex_error& x) {
        return bad(std::string("bad regex: ") + x.what());
      }
    }
    entries_.push_back(std::move(e));
  }
  return true;
}

const AllowEntry* AllowList::match(const std::string& encoding, const std::string& genotype,
                                   const Difference& d, const Diagnostics& ours) const {
  for (const AllowEntry& e : entries_) {
    if (e.encoding != "*" && e.encoding != encoding) continue;
    if (e.kind != "*" && e.kind != to_string(d.kind)) continue;
    bool hit = false;
    if (e.matcher.rfind("diagnostic=", 0) == 0) {
      const std::string code = e.matcher.substr(11);
      for (const auto& x : ours.items()) hit = hit || x.code == code;
    } else if (e.matcher.rfind("genotype~", 0) == 0) {
      hit = std::regex_search(genotype, e.pattern);
    } else {
      hit = std::regex_search(d.text, e.pattern);
    }
    if (hit) return &e;
  }
  return nullptr;
}

}  // namespace genokit::differential
