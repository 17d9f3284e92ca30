// Random f4 genotypes: divisions '<', repetitions '#', modifiers, neurons with inputs and
// properties, and the ending '>' (sometimes missing or doubled).
#include <string>
#include <vector>

#include "differential/encodings.hpp"

namespace genokit::differential {
namespace {

std::string body(Rng& r, int depth) {
  std::string out;
  for (int k = r.between(0, 5); k > 0; --k) {
    const int x = static_cast<int>(r.below(100));
    if (x < 25) {
      out += r.pick_char("LlRrCcQqFfMmIiSsAaWwEeDdGgBbHh,,,");
    } else if (x < 35 && depth < 4) {
      out += "<" + body(r, depth + 1) + ">";
      return out + body(r, depth + 1);
    } else if (x < 40 && depth < 4) {
      out += "#" + r.pick(std::vector<std::string>{"0", "1", "2", "3", "-1"});
      out += body(r, depth + 1) + ">";
      return out + body(r, depth + 1);
    } else if (x < 50) {
      out += std::string("[") + std::to_string(r.between(-3, 3)) + ":";
      out += random_number(r, -2, 2) + "]";
    } else if (x < 55) {
      out += "[" + r.pick(std::vector<std::string>{"G", "T", "S", "*", "Rnd", "N", "Q"}) + ":";
      out += random_number(r, -2, 2) + "]";
    } else if (x < 62) {
      out += std::string(":") + r.pick_char("+-");
      out += std::string(1, r.pick_char("!=/")) + ":";
    } else if (x < 67) {
      out += r.pick_char("|@");
    } else if (x < 72) {
      out += "N:" + r.pick(std::vector<std::string>{"Sin", "Rnd", "|", "@", "T", "G", "N", "*", "D", "Foo"});
    } else if (x < 95) {
      out += r.pick_char("XNXNT*");
    } else {
      out += r.pick_char(" \nxY1(]:#>");
    }
  }
  if (r.chance(80)) out += ">";
  return out;
}

}  // namespace

std::string random_f4(Rng& r) {
  return std::string("//4\n") + body(r, 0);
}

}  // namespace genokit::differential
