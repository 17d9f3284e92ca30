#include "genokit/frams/genotype_header.hpp"

namespace genokit::frams {

GenotypeHeader parse_genotype_header(std::string_view g) {
  GenotypeHeader h{"1", 0, false, false};
  if (g.size() >= 2 && g[0] == '/' && g[1] == '/') {
    h.declared = true;
    std::size_t nl = g.find('\n');
    std::string_view first = g.substr(0, nl == std::string_view::npos ? g.size() : nl);
    if (!first.empty() && first.back() == '\r') first.remove_suffix(1);
    if (first.size() != 3 || first[2] == ' ' || first[2] == '\t') {
      h.malformed = true;
      h.format.clear();
      return h;
    }
    h.format = std::string(1, first[2]);
    h.body_offset = nl == std::string_view::npos ? g.size() : nl + 1;
    return h;
  }
  if (g.size() >= 2 && g[0] == '/' && g[1] == '*') {
    h.declared = true;
    std::size_t end = g.find("*/", 2);
    std::size_t nl = g.find('\n');
    if (end == std::string_view::npos || end == 2 || (nl != std::string_view::npos && nl < end)) {
      h.malformed = true;
      h.format.clear();
      return h;
    }
    h.format = std::string(g.substr(2, end - 2));
    h.body_offset = end + 2;
    return h;
  }
  return h;
}

}  // namespace genokit::frams
