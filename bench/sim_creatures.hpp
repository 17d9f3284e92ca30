// The creatures of the simulator benchmarks, written here as f0 (no corpus needed): one stick, a
// 10-stick walker (torso of 2 sticks, 4 two-stick legs with hip muscles driven by an
// oscillator), the same with a tail (11 sticks: the walker), and a 50-part centipede
// (spine of 15 sticks, 32 one-stick legs with muscles, a 2-stick head).
#pragma once

#include <string>

namespace genokit::bench {

inline std::string one_stick() {
  return "//0\np:0,0,0\np:1,0,0\nj:0,1\n";
}

inline std::string walker(bool tail) {
  std::string s = "//0\np:0,0,0\np:1,0,0\np:2,0,0\n";  // parts 0..2: torso
  int part = 3;
  std::string joints = "j:0,1\nj:1,2\n", neurons = "n:d=\"Sin:f0=0.12\"\n", conns;
  int joint = 2, neuron = 1;
  for (int x : {0, 2})
    for (int side : {1, -1}) {
      const std::string xs = std::to_string(x), y1 = std::to_string(0.8 * side),
                        y2 = std::to_string(1.1 * side);
      s += "p:" + xs + "," + y1 + ",0\np:" + xs + "," + y2 + ",-0.7\n";
      const int hip = part, foot = part + 1;
      part += 2;
      joints += "j:" + std::to_string(x) + "," + std::to_string(hip) + "\nj:" + std::to_string(hip) + "," +
                std::to_string(foot) + "\n";
      neurons += "n:j=" + std::to_string(joint) + ",d=\"|:p=0.6\"\n";
      // Diagonal legs in phase, the other pair against it.
      conns += "c:" + std::to_string(neuron) + ",0," + (((x == 0) == (side == 1)) ? "0.7" : "-0.7") + "\n";
      joint += 2;
      ++neuron;
    }
  if (tail) {
    s += "p:-0.8,0,0.1\n";
    joints += "j:0," + std::to_string(part) + "\n";
  }
  return s + joints + neurons + conns;
}

inline std::string centipede() {
  std::string s = "//0\n", joints, neurons = "n:d=\"Sin:f0=0.1\"\nn:d=\"Sin:f0=0.1,t=1.57\"\n", conns;
  for (int i = 0; i < 16; ++i) s += "p:" + std::to_string(0.8 * i) + ",0,0\n";
  for (int i = 0; i < 15; ++i) joints += "j:" + std::to_string(i) + "," + std::to_string(i + 1) + "\n";
  int part = 16, joint = 15, neuron = 2;
  for (int i = 0; i < 16; ++i)
    for (int side : {1, -1}) {
      s += "p:" + std::to_string(0.8 * i) + "," + std::to_string(0.9 * side) + ",-0.4\n";
      joints += "j:" + std::to_string(i) + "," + std::to_string(part++) + "\n";
      neurons += "n:j=" + std::to_string(joint++) + ",d=\"|:p=0.5\"\n";
      conns += "c:" + std::to_string(neuron++) + "," + std::to_string(i % 2) + "," +
               (side > 0 ? "0.6" : "-0.6") + "\n";
    }
  s += "p:-0.7,0,0.2\np:-1.3,0,0.4\n";  // the head: parts 48, 49
  joints += "j:0,48\nj:48,49\n";
  return s + joints + neurons + conns;
}

}  // namespace genokit::bench
