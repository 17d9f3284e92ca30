#include "oracle_reader.hpp"

#include <sstream>

namespace genokit::f1::test {
namespace {

Fields fields(std::string_view s) {
  Fields f;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && s[i] == ' ') ++i;
    const std::size_t eq = s.find('=', i);
    if (eq == std::string_view::npos) break;
    std::string key(s.substr(i, eq - i));
    i = eq + 1;
    std::string val;
    if (i < s.size() && s[i] == '"') {
      ++i;
      while (i < s.size() && s[i] != '"') {
        if (s[i] == '\\' && i + 1 < s.size()) {
          const char e = s[++i];
          val += e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e;
        } else {
          val += s[i];
        }
        ++i;
      }
      ++i;
    } else if (i < s.size() && s[i] == '(') {
      std::size_t close = s.find(')', i);
      if (close == std::string_view::npos) close = s.size() - 1;  // (a broken line must not loop)
      val = std::string(s.substr(i, close + 1 - i));
      i = close + 1;
    } else {
      const std::size_t sp = s.find(' ', i);
      val = std::string(s.substr(i, sp == std::string_view::npos ? std::string_view::npos : sp - i));
      i = sp == std::string_view::npos ? s.size() : sp;
    }
    f[key] = val;
  }
  return f;
}

bool starts(std::string_view s, std::string_view p) {
  return s.substr(0, p.size()) == p;
}

}  // namespace

bool read_dumps(std::string_view text, std::vector<Dump>& out, std::string& error) {
  std::vector<std::string_view> lines;
  for (std::size_t pos = 0; pos < text.size();) {
    std::size_t nl = text.find('\n', pos);
    if (nl == std::string_view::npos) nl = text.size();
    lines.push_back(text.substr(pos, nl - pos));
    pos = nl + 1;
  }
  Dump* d = nullptr;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string_view l = lines[i];
    if (starts(l, "=== genotype ")) {
      out.emplace_back();
      d = &out.back();
      Fields f = fields(l.substr(l.find("name=")));
      d->index = std::stoi(std::string(l.substr(13)));
      d->name = f["name"];
      d->format = f["format"];
    } else if (!d) {
      continue;
    } else if (starts(l, "valid: ")) {
      d->valid = l.substr(7) == "1";
    } else if (starts(l, "shape_type: ")) {
      d->shape_type = std::stoi(std::string(l.substr(12)));
    } else if (starts(l, "errorpos: ")) {
      std::istringstream ss{std::string(l)};
      std::string a, b, c2, e;
      ss >> a >> b >> c2 >> e;
      d->errorpos = std::stoll(b);
      d->warnpos = std::stoll(e);
    } else if (starts(l, "messages: ")) {
      const int k = std::stoi(std::string(l.substr(10)));
      for (int m = 0; m < k && i + 1 < lines.size(); ++m) d->messages.emplace_back(lines[++i].substr(2));
    } else if (starts(l, "m: se=")) {
      d->se = std::string(l.substr(6));
    } else if (starts(l, "counts: ")) {
      Fields f = fields(l.substr(8));
      d->parts = std::stoul(f["parts"]), d->joints = std::stoul(f["joints"]);
      d->neurons = std::stoul(f["neurons"]), d->connections = std::stoul(f["connections"]);
    } else if (starts(l, "p[")) {
      d->p.push_back(fields(l.substr(l.find(' ') + 1)));
    } else if (starts(l, "  orient ")) {
      d->orient.push_back(fields(l.substr(9)));
    } else if (starts(l, "j[")) {
      d->j.push_back(fields(l.substr(l.find(' ') + 1)));
    } else if (starts(l, "n[")) {
      d->n.push_back(fields(l.substr(l.find(' ') + 1)));
    } else if (starts(l, "c ")) {
      d->c.push_back(fields(l.substr(2)));
    } else if (l == "f0_out:") {
      d->has_f0_out = true;
      while (i + 1 < lines.size() && lines[i + 1] != "f0_out_end")
        d->f0_out += std::string(lines[++i]) + "\n";
      ++i;
    } else if (starts(l, "loader_messages:")) {
      d = nullptr;
    }
  }
  if (out.empty() && text.find("=== genotype") != std::string_view::npos) {
    error = "no genotype blocks read";
    return false;
  }
  return true;
}

}  // namespace genokit::f1::test
