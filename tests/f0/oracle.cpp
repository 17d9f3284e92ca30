#include "oracle.hpp"

#include <cstdlib>
#include <sstream>

namespace genokit::f0::test {

Fields parse_fields(std::string_view s) {
  Fields f;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && s[i] == ' ') ++i;
    if (i >= s.size()) break;
    std::size_t eq = s.find('=', i);
    if (eq == std::string_view::npos) break;
    std::string key(s.substr(i, eq - i));
    i = eq + 1;
    std::string val;
    if (i < s.size() && s[i] == '"') {
      ++i;
      while (i < s.size() && s[i] != '"') {
        if (s[i] == '\\' && i + 1 < s.size()) {
          char e = s[++i];
          val += e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e;
        } else {
          val += s[i];
        }
        ++i;
      }
      ++i;
    } else {
      std::size_t sp = s.find(' ', i);
      if (sp == std::string_view::npos) sp = s.size();
      val = std::string(s.substr(i, sp - i));
      i = sp;
    }
    f[key] = val;
  }
  return f;
}

bool parse_triple(std::string_view s, double v[3]) {
  if (s.size() < 2 || s.front() != '(' || s.back() != ')') return false;
  std::string t(s.substr(1, s.size() - 2));
  std::stringstream ss(t);
  std::string part;
  for (int k = 0; k < 3; ++k) {
    if (!std::getline(ss, part, ',')) return false;
    v[k] = std::strtod(part.c_str(), nullptr);
  }
  return true;
}

bool parse_oracle(std::string_view text, OracleFile& out, std::string& error) {
  std::vector<std::string_view> lines;
  for (std::size_t pos = 0; pos < text.size();) {
    std::size_t nl = text.find('\n', pos);
    if (nl == std::string_view::npos) nl = text.size();
    lines.push_back(text.substr(pos, nl - pos));
    pos = nl + 1;
  }
  auto starts = [](std::string_view l, std::string_view p) { return l.substr(0, p.size()) == p; };
  OracleGenotype* g = nullptr;
  for (std::size_t k = 0; k < lines.size(); ++k) {
    std::string_view l = lines[k];
    if (starts(l, "=== genotype ")) {
      out.genotypes.emplace_back();
      g = &out.genotypes.back();
      std::string_view rest = l.substr(13);
      g->index = std::atoi(std::string(rest.substr(0, rest.find(' '))).c_str());
      auto f = parse_fields(rest.substr(rest.find(' ') + 1));
      g->name = f["name"];
      g->format = f["format"];
    } else if (starts(l, "loader_messages: ")) {
      int cnt = std::atoi(std::string(l.substr(17)).c_str());
      for (int i = 0; i < cnt && k + 1 < lines.size(); ++i)
        out.loader_messages.emplace_back(lines[++k].substr(2));
      g = nullptr;
    } else if (!g) {
      if (!l.empty()) {
        error = "unexpected line outside a genotype: " + std::string(l);
        return false;
      }
    } else if (starts(l, "valid: ")) {
      g->valid = l.substr(7) == "1";
    } else if (starts(l, "shape_type: ")) {
      g->shape_type = std::atoi(std::string(l.substr(12)).c_str());
    } else if (starts(l, "errorpos: ")) {
      auto f = parse_fields(l.substr(0));
      std::string s(l);
      std::sscanf(s.c_str(), "errorpos: %lld warnpos: %lld", reinterpret_cast<long long*>(&g->errorpos),
                  reinterpret_cast<long long*>(&g->warnpos));
    } else if (starts(l, "messages: ")) {
      int cnt = std::atoi(std::string(l.substr(10)).c_str());
      for (int i = 0; i < cnt && k + 1 < lines.size(); ++i) g->messages.emplace_back(lines[++k].substr(2));
    } else if (starts(l, "m: ")) {
      g->se = std::strtod(parse_fields(l.substr(3))["se"].c_str(), nullptr);
    } else if (starts(l, "counts: ")) {
      auto f = parse_fields(l.substr(8));
      g->parts = std::stoul(f["parts"]);
      g->joints = std::stoul(f["joints"]);
      g->neurons = std::stoul(f["neurons"]);
      g->connections = std::stoul(f["connections"]);
    } else if (starts(l, "p[")) {
      g->p.push_back(parse_fields(l.substr(l.find(']') + 2)));
    } else if (starts(l, "  orient ")) {
      g->orient.push_back(parse_fields(l.substr(9)));
    } else if (starts(l, "j[")) {
      g->j.push_back(parse_fields(l.substr(l.find(']') + 2)));
    } else if (starts(l, "n[")) {
      g->n.push_back(parse_fields(l.substr(l.find(']') + 2)));
    } else if (starts(l, "c ")) {
      g->c.push_back(parse_fields(l.substr(2)));
    } else if (l == "f0_out:") {
      g->has_f0_out = true;
      while (k + 1 < lines.size() && lines[k + 1] != "f0_out_end") {
        g->f0_out += lines[++k];
        g->f0_out += '\n';
      }
      ++k;
    } else if (!l.empty()) {
      error = "unexpected line: " + std::string(l);
      return false;
    }
  }
  return true;
}

}  // namespace genokit::f0::test
