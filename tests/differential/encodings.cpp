#include "differential/encodings.hpp"

#include <cstdio>
#include <vector>

namespace genokit::differential {

std::span<const EncodingSpec> encodings() {
  static const std::vector<EncodingSpec> all = {
      {"f0", "0", "//0\n", "pjncm:,=.-+0123456789eExyzrsdhvfgiw\"\\ \nAGTN*|@S()", ",\n", random_f0},
      {"f1", "1", "", "XxLlRrCcQqFfMmIiSsWwEeDdGgBbHhAa()[],:@|*-+.0123456789 GTNS", ",", random_f1},
      {"f4", "4", "//4\n", "<>XN#,[]:+-/!=|@*.0123456789LlRrCcQqFfMmIiSsAaWwEeDdGgBbHh \n", "<>", random_f4},
      {"f9", "9", "//9\n", "LRBFDULRBFDU lx\n", "", random_f9},
      {"fF", "F", "//F\n", "0123456789.,- e\n", ",", random_fF},
      {"fn", "n", "//n\n", "[]{}0123456789.,-e\": nulltrux", ",", random_fn},
      {"fH", "H", "//H\n", "jnc:,=.-0123456789xyd\"NGT\n", ",\n", random_fH},
      {"fB", "B", "//B\n", "abcdefghijklmnopqrstuvwxyzAZ\"GT\n0123456789", "", random_fB},
      {"fL", "L", "//L\n", "wirSNCl=\"(),$.+-*/<>[]0123456789ABrotXYZ:\n ", ",\n", random_fL},
  };
  return all;
}

const EncodingSpec* find_encoding_spec(std::string_view name) {
  for (const EncodingSpec& e : encodings())
    if (e.name == name) return &e;
  return nullptr;
}

const std::vector<std::string>& edge_numbers() {
  static const std::vector<std::string> v = {
      "inf",
      "-inf",
      "nan",
      "-nan",
      "-0",
      "-0.0",
      "0",
      "4.9e-324",
      "1e308",
      "1.8e308",
      "1e-400",
      "1e5300",
      "0x1F",
      "0x",
      "+1",
      "+0.5",
      ".5",
      "5.",
      "-.5",
      "3\"3",
      "\\\"",
      "1e",
      "1e+",
      "1.5e-5",
      "1E3",
      "2.2250738585072014e-308",
      "-1e-320",
      "00012",
      "1..2",
      "1,5",
      " 1",
      "1 ",
      "99999999999999999999",
      std::string(300, '7'),
      "0." + std::string(300, '3'),
      "1e-5",
      "0.30000000000000004",
      "-2147483649",
      "4294967296",
      "1e3x",
      "x1",
  };
  return v;
}

std::string random_number(Rng& r, double lo, double hi) {
  if (r.chance(3)) return r.pick(edge_numbers());
  static const std::vector<std::string> round = {"0", "1", "-1", "0.5", "2", "0.25", "1.0", "-0.5"};
  if (r.chance(30)) return r.pick(round);
  char buf[40];
  const char* fmt = r.chance(50) ? "%.2f" : (r.chance(50) ? "%.6g" : "%.17g");
  std::snprintf(buf, sizeof buf, fmt, r.uniform(lo, hi));
  return buf;
}

}  // namespace genokit::differential
