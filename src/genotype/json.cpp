// A genotype as JSON: the f0 model plus, for converting encodings, the conversion's map and log.
#include "genokit/genotype/json.hpp"

#include "f0/json.hpp"
#include "genokit/core/text.hpp"
#include "genokit/genotype/encoding.hpp"
#include "genotype/json.hpp"

namespace genokit::genotype {
namespace {

// JSON strings must be UTF-8: bytes that break it are shown as '?'.
std::string printable(std::string_view s) {
  std::string out(s);
  for (std::size_t bad; (bad = find_invalid_utf8(out)) != std::string::npos;) out[bad] = '?';
  return out;
}

std::string dump(const nlohmann::json& j) {
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

nlohmann::json detail::to_json(const Genotype& g, std::string_view text,
                               const std::function<Location(std::size_t)>& locate) {
  nlohmann::json j = f0::detail::to_json(g.model);
  const Encoding* e = find_encoding(g.format);
  if (!e || !e->converts) return j;
  const std::string prefix = "f" + g.format;
  j[prefix + "_converted"] = g.converted;
  nlohmann::json map = nlohmann::json::array();
  for (const MapEntry& m : g.map) {
    const Location l = locate(m.begin);
    map.push_back({{"begin", m.begin},
                   {"end", m.end},
                   {"line", l.line},
                   {"column", l.column},
                   {"text", printable(text.substr(m.begin, m.end - m.begin))},
                   {"kind", std::string(to_string(m.kind))},
                   {"index", m.index}});
  }
  j[prefix + "_map"] = std::move(map);
  nlohmann::json log = nlohmann::json::array();
  for (const auto& m : g.sdk_messages) log.push_back(printable(m));
  j["sdk_messages"] = std::move(log);
  return j;
}

std::string to_json(const Genotype& g, std::string_view text) {
  const LineIndex lines(text);
  return dump(detail::to_json(g, text, [&](std::size_t off) { return lines.locate(off); }));
}

std::string to_json(const Genotype& g, const GenotypeFile& file, const FileGenotype& fg) {
  const GenotypeFile::Locator locator(file, fg);
  nlohmann::json j = detail::to_json(g, fg.text, [&](std::size_t off) { return locator.at(off); });
  if (fg.field) j["name"] = fg.name;
  return dump(j);
}

}  // namespace genokit::genotype
