// Internal: the f4 model builder (build.cpp): developed cells -> f0 model, map and SDK messages.
#pragma once

#include <vector>

#include "f4/cells.hpp"
#include "f4/report.hpp"
#include "genokit/f4/convert.hpp"

namespace genokit::f4::detail {

class Builder {
 public:
  Builder(Development& dev, const Tree& t, Conversion& out, Report& rep, bool mapping);
  // The elements, in the SDK's order; false when the SDK's builder fails.
  bool run();
  // Weight clamping and non-finite weights (the SDK's f0 round trip); false when the model fails.
  bool finish_weights();
  // After the final check: the SDK's error position of a failing weight.
  void error_position();
  // The model's connection list from the neurons' inputs (target-major, as the SDK writes them).
  void connections();
  // The text-to-model map (with mapping).
  void map(std::vector<MapEntry>& out) const;

 private:
  bool build(int cell);
  int get_stick(int cell) const;
  int source_node(const Cell& c) const;
  std::int64_t text_pos(int node) const;
  int add_part(const Cell& c, int cell);
  int add_neuron(std::string details, int part, int joint, int cell, int node);
  void add_input(int target, int source, double weight, int cell);
  void report_rounding(const Link& l);

  std::vector<Cell>& cells_;
  const Tree& t_;
  Conversion& out_;
  f0::Model& m_;
  Report& rep_;
  bool mapping_;
  std::int64_t bad_line_ = -1;  // the c: line a NaN weight fails (1-based), or -1
  std::vector<int> part_cell_, joint_cell_, neuron_cell_;
  std::vector<std::vector<int>> input_cell_;  // per neuron, per input (with mapping)
};

}  // namespace genokit::f4::detail
