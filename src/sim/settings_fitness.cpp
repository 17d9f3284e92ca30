// A GenePool `fitness:` formula read as cr_* weights when it is a plain weighted sum of
// performance fields ("return 0.0+this.velocity*1.0;", what every evaluation .sim file holds).
// FramScript itself is never run.
#include <cctype>
#include <cmath>
#include <string>

#include "genokit/core/numbers.hpp"
#include "genokit/core/text.hpp"
#include "sim/settings_table.hpp"

namespace genokit::sim::detail {
namespace {

// The weight a performance field sets (current and older Framsticks names).
double Settings::*weight_of(std::string_view field) {
  struct Name {
    std::string_view name;
    double Settings::*w;
  };
  static constexpr Name kNames[] = {
      {"lifespan", &Settings::cr_life},        {"velocity", &Settings::cr_v},
      {"numparts", &Settings::cr_gl},          {"strsiz", &Settings::cr_gl},
      {"numjoints", &Settings::cr_joints},     {"strjoints", &Settings::cr_joints},
      {"numneurons", &Settings::cr_nnsiz},     {"nnsiz", &Settings::cr_nnsiz},
      {"numconnections", &Settings::cr_nncon}, {"nncon", &Settings::cr_nncon},
      {"distance", &Settings::cr_di},          {"vertpos", &Settings::cr_vpos},
      {"vertvel", &Settings::cr_vvel}};
  for (const Name& n : kNames)
    if (n.name == field) return n.w;
  return nullptr;
}

struct Parser {
  std::string_view t;
  std::size_t i = 0;
  void blanks() {
    while (i < t.size() && std::isspace(static_cast<unsigned char>(t[i]))) ++i;
  }
  bool eat(std::string_view s) {
    blanks();
    if (t.substr(i, s.size()) != s) return false;
    i += s.size();
    return true;
  }
  bool number(double& v) {
    blanks();
    std::size_t n = parse_double_prefix(t.substr(i), v);
    if (n == 0 || !std::isfinite(v)) return false;
    i += n;
    return true;
  }
  bool field(double Settings::*& w) {
    if (!eat("this.")) return false;
    std::size_t b = i;
    while (i < t.size() && (std::isalnum(static_cast<unsigned char>(t[i])) || t[i] == '_')) ++i;
    w = weight_of(t.substr(b, i - b));
    return w != nullptr;
  }
  // term := number | field | field '*' number | number '*' field
  bool term(Settings& s, double sign) {
    double v = 1;
    double Settings::*w = nullptr;
    std::size_t save = i;
    if (field(w)) {
      if (eat("*") && !number(v)) return false;
      s.*w += sign * v;
      return true;
    }
    i = save;
    if (!number(v)) return false;
    if (eat("*")) {
      if (!field(w)) return false;
      s.*w += sign * v;
    } else {
      s.cr_c += sign * v;
    }
    return true;
  }
};

}  // namespace

bool fitness_as_weights(std::string_view code, Settings& s) {
  Settings w = s;
  for (double Settings::*m :
       {&Settings::cr_c, &Settings::cr_life, &Settings::cr_v, &Settings::cr_gl, &Settings::cr_joints,
        &Settings::cr_nnsiz, &Settings::cr_nncon, &Settings::cr_di, &Settings::cr_vpos, &Settings::cr_vvel})
    w.*m = 0;
  Parser p{trim(code)};
  p.eat("return");
  double sign = 1;
  if (p.eat("-"))
    sign = -1;
  else
    p.eat("+");
  if (!p.term(w, sign)) return false;
  while (true) {
    if (p.eat("+"))
      sign = 1;
    else if (p.eat("-"))
      sign = -1;
    else
      break;
    if (!p.term(w, sign)) return false;
  }
  p.eat(";");
  p.blanks();
  if (p.i != p.t.size()) return false;
  s = w;
  return true;
}

}  // namespace genokit::sim::detail
