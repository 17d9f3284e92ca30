#include "xode/xml_scan.hpp"

namespace genokit::xode {
namespace {

constexpr std::size_t npos = std::string_view::npos;

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

// Skips a markup construct that is not an element tag (comment, CDATA, PI, doctype) starting at
// `lt`; returns the offset after it, or `lt` itself when `lt` starts an element or end tag.
std::size_t skip_special(std::string_view t, std::size_t lt) {
  if (t.compare(lt, 4, "<!--") == 0) {
    std::size_t e = t.find("-->", lt + 4);
    return e == npos ? npos : e + 3;
  }
  if (t.compare(lt, 9, "<![CDATA[") == 0) {
    std::size_t e = t.find("]]>", lt + 9);
    return e == npos ? npos : e + 3;
  }
  if (t.compare(lt, 2, "<?") == 0) {
    std::size_t e = t.find("?>", lt + 2);
    return e == npos ? npos : e + 2;
  }
  if (t.compare(lt, 2, "<!") == 0) {  // doctype, possibly with an internal subset
    int depth = 0;
    for (std::size_t i = lt + 2; i < t.size(); ++i) {
      char c = t[i];
      if (c == '"' || c == '\'') {
        std::size_t q = t.find(c, i + 1);
        if (q == npos) return npos;
        i = q;
      } else if (c == '[') {
        ++depth;
      } else if (c == ']') {
        --depth;
      } else if (c == '>' && depth <= 0) {
        return i + 1;
      }
    }
    return npos;
  }
  return lt;
}

}  // namespace

std::size_t scan_start_tag_end(std::string_view t, std::size_t lt, bool& self_closing) {
  self_closing = false;
  for (std::size_t i = lt + 1; i < t.size(); ++i) {
    char c = t[i];
    if (c == '"' || c == '\'') {
      std::size_t q = t.find(c, i + 1);
      if (q == npos) return npos;
      i = q;
    } else if (c == '>') {
      self_closing = t[i - 1] == '/';
      return i + 1;
    }
  }
  return npos;
}

std::vector<std::size_t> scan_attribute_offsets(std::string_view t, std::size_t lt) {
  std::vector<std::size_t> out;
  std::size_t i = lt + 1;
  while (i < t.size() && !is_space(t[i]) && t[i] != '>' && t[i] != '/') ++i;  // element name
  while (i < t.size()) {
    while (i < t.size() && is_space(t[i])) ++i;
    if (i >= t.size() || t[i] == '>' || t[i] == '/') break;
    out.push_back(i);
    while (i < t.size() && t[i] != '=' && !is_space(t[i]) && t[i] != '>') ++i;
    while (i < t.size() && t[i] != '"' && t[i] != '\'' && t[i] != '>') ++i;
    if (i >= t.size() || t[i] == '>') break;
    std::size_t q = t.find(t[i], i + 1);
    if (q == npos) break;
    i = q + 1;
  }
  return out;
}

std::size_t scan_element_end(std::string_view t, std::size_t lt) {
  bool self_closing = false;
  std::size_t i = scan_start_tag_end(t, lt, self_closing);
  if (i == npos || self_closing) return i;
  std::size_t depth = 1;
  while (true) {
    std::size_t next = t.find('<', i);
    if (next == npos) return npos;
    std::size_t after = skip_special(t, next);
    if (after == npos) return npos;
    if (after != next) {
      i = after;
      continue;
    }
    if (t.compare(next, 2, "</") == 0) {
      std::size_t gt = t.find('>', next);
      if (gt == npos) return npos;
      i = gt + 1;
      if (--depth == 0) return i;
      continue;
    }
    i = scan_start_tag_end(t, next, self_closing);
    if (i == npos) return npos;
    if (!self_closing) ++depth;
  }
}

std::size_t scan_root_start(std::string_view t) {
  std::size_t i = 0;
  while (true) {
    std::size_t lt = t.find('<', i);
    if (lt == npos) return npos;
    std::size_t after = skip_special(t, lt);
    if (after == npos) return npos;
    if (after == lt) return lt;
    i = after;
  }
}

}  // namespace genokit::xode
