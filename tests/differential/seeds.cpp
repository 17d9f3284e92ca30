#include "differential/seeds.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "differential/encodings.hpp"
#include "genokit/core/diagnostics.hpp"
#include "genokit/frams/document.hpp"
#include "genokit/frams/genotype_header.hpp"

namespace genokit::differential {
namespace fs = std::filesystem;

namespace {

std::vector<fs::path> files_under(const fs::path& dir, auto&& keep) {
  std::vector<fs::path> out;
  if (!fs::is_directory(dir)) return out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file() && keep(e.path())) out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The harness's name of the encoding of a genotype text ("" for one it does not test).
std::string encoding_of(const std::string& text) {
  const auto h = frams::parse_genotype_header(text);
  if (h.malformed) return "";
  const std::string name = "f" + (h.declared ? h.format : std::string("1"));
  return find_encoding_spec(name) ? name : "";
}

void add(Seeds& seeds, const std::string& text) {
  if (const std::string enc = encoding_of(text); !enc.empty()) seeds[enc].push_back(text);
}

}  // namespace

Seeds load_seeds(const fs::path& corpus) {
  Seeds seeds;
  const fs::path oracle_dir = corpus / "oracle-sdk-r909";
  for (const fs::path& p : files_under(corpus, [&](const fs::path& p) {
         return p.extension() == ".gen" &&
                fs::relative(p, corpus).generic_string().rfind("oracle-sdk-r909/", 0) != 0;
       })) {
    Diagnostics d;
    const auto doc = frams::load_file(p.string(), d);
    for (const auto& o : doc.objects)
      if (o.class_name == "org") add(seeds, std::string(o.get("genotype")));
  }
  // Reference cases, f1 cases and f0 probes: one genotype per file named *.f<X>; a bare one is of
  // encoding X (the f0 probes are bare f0 bodies).
  for (const char* sub : {"encodings", "f1", "probes/f0"})
    for (const fs::path& p : files_under(oracle_dir / sub, [](const fs::path& p) {
           const std::string ext = p.extension().string();
           return ext.size() >= 3 && ext.rfind(".f", 0) == 0 && find_encoding_spec(ext.substr(1));
         })) {
      std::string t = slurp(p);
      const std::string enc = p.extension().string().substr(1);
      if (!frams::parse_genotype_header(t).declared && enc != "f1") t = "//" + enc.substr(1) + "\n" + t;
      add(seeds, t);
    }
  for (auto& [enc, v] : seeds) {  // (the same genotype in several files: once)
    std::vector<std::string> unique;
    for (auto& g : v)
      if (std::find(unique.begin(), unique.end(), g) == unique.end()) unique.push_back(std::move(g));
    v = std::move(unique);
  }
  return seeds;
}

}  // namespace genokit::differential
