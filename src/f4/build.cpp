// The f4 model builder (notes encodings.md §2.5): developed cells -> f0 model, in the SDK's order
// (each cell after its dad, a neuron's input sources before its connections), every number as
// the SDK's "%g" f0 property strings round it, and the f0 re-parse effects on connection weights.
#include <algorithm>
#include <cmath>
#include <limits>

#include "f0/build.hpp"
#include "f1/rounding.hpp"
#include "f4/build.hpp"
#include "frams/sdk_number.hpp"
#include "genokit/f0/writer.hpp"

namespace genokit::f4::detail {
namespace {

using f1::detail::format_g6;
using f1::detail::round6;
namespace gp = f1::detail;

constexpr double kMaxWeight = 999999.0;

double g6(double v) {
  return std::isfinite(v) ? round6(v) : v;
}
// A link weight as the SDK keeps it: a float (1e-40 is 9.99995e-41, 1e-46 is 0, 4e38 is inf, which
// its f0 re-parse then clamps). Without the undefined double -> float cast out of float's range.
double as_float(double w) {
  constexpr double kRoundsToInf = 0x1.ffffffp127;  // FLT_MAX + half an ulp: ties go to inf
  if (std::isnan(w)) return w;
  if (std::fabs(w) >= kRoundsToInf) return std::copysign(HUGE_VAL, w);
  if (std::fabs(w) > std::numeric_limits<float>::max())
    return std::copysign(double(std::numeric_limits<float>::max()), w);
  return static_cast<double>(static_cast<float>(w));
}
std::string g6_text(double v) {
  char buf[40];
  format_g6(v, buf, sizeof buf);
  return buf;
}

}  // namespace

Builder::Builder(Development& dev, const Tree& t, Conversion& out, Report& rep, bool mapping)
    : cells_(dev.cells()), t_(t), out_(out), m_(out.model), rep_(rep), mapping_(mapping) {}

std::int64_t Builder::text_pos(int node) const {
  if (node == kNone) return static_cast<std::int64_t>(rep_.body());
  return static_cast<std::int64_t>(rep_.body() + t_.nodes[static_cast<std::size_t>(node)].pos);
}

int Builder::source_node(const Cell& c) const {
  return c.made_by != kNone ? c.made_by : c.born_at != kNone ? c.born_at : t_.top();
}

int Builder::get_stick(int i) const {
  for (int k = i; k != kNone; k = cells_[static_cast<std::size_t>(k)].dad)
    if (cells_[static_cast<std::size_t>(k)].type == CellType::stick) return k;
  for (std::size_t k = 0; k < cells_.size(); ++k)
    if (cells_[k].type == CellType::stick) return static_cast<int>(k);
  return kNone;
}

int Builder::add_part(const Cell& c, int cell) {
  f0::Part& p = m_.parts.emplace_back();
  p.fr = g6(c.P[gp::friction]);
  p.ing = g6(c.P[gp::ingestion]);
  p.as = g6(c.P[gp::assimilation]);
  p.src.offset = text_pos(source_node(c));
  part_cell_.push_back(cell);
  return static_cast<int>(m_.parts.size()) - 1;
}

int Builder::add_neuron(std::string details, int part, int joint, int cell, int node) {
  f0::Neuron& n = m_.neurons.emplace_back();
  n.details = std::move(details);
  n.part = part, n.joint = joint;
  n.src.offset = text_pos(node);
  f0::set_neuron_class(n);
  neuron_cell_.push_back(cell);
  if (mapping_) input_cell_.emplace_back();
  return static_cast<int>(m_.neurons.size()) - 1;
}

void Builder::add_input(int target, int source, double weight, int cell) {
  f0::Input& in = m_.neurons[static_cast<std::size_t>(target)].inputs.emplace_back();
  in.source = source, in.weight = weight;
  if (mapping_) input_cell_[static_cast<std::size_t>(target)].push_back(cell);
}

bool Builder::build(int i) {
  Cell& c = cells_[static_cast<std::size_t>(i)];
  if (c.built) return true;
  c.built = true;
  if (c.dad != kNone && cells_[static_cast<std::size_t>(c.dad)].type != CellType::stick) {
    c.dad = get_stick(c.dad);
    if (c.dad == kNone) {
      rep_.sdk("[ERROR] f4_Model.getStick: Not a single stick");
      return false;
    }
  }
  if (c.dad != kNone && !build(c.dad)) return false;
  Cell& dad = cells_[static_cast<std::size_t>(c.dad == kNone ? i : c.dad)];
  if (c.type == CellType::stick) {
    const int p1 = c.dad == kNone ? add_part(c, i) : dad.p2;
    c.p2 = add_part(c, i);
    f0::Joint& j = m_.joints.emplace_back();
    j.p1 = p1, j.p2 = c.p2;
    j.d = {g6(c.P[gp::length]), 0, 0};
    j.rot = {g6(c.xrot), 0, g6(c.zrot)};
    j.use_delta = true;
    j.stam = g6(c.P[gp::stamina]);
    j.src.offset = text_pos(source_node(c));
    joint_cell_.push_back(i);
    c.joint = static_cast<int>(m_.joints.size()) - 1;
    return true;
  }
  if (c.type != CellType::neuron) return true;
  const std::string_view cls = c.cls->name;
  switch (c.cls->pref_location) {
    case f0::NeuronLocation::none:
      if (cls == "N")
        c.neuron =
            add_neuron("N:in=" + g6_text(c.inertia) + ",fo=" + g6_text(c.force) + ",si=" + g6_text(c.sigmoid),
                       dad.p2, -1, i, source_node(c));
      else
        c.neuron = add_neuron(std::string(cls), -1, -1, i, source_node(c));
      break;
    case f0::NeuronLocation::part:
      c.neuron = add_neuron(std::string(cls), dad.p2, -1, i, source_node(c));
      break;
    case f0::NeuronLocation::joint:
      // The SDK writes "n:j=...": an unknown property for its f0 parser, so no joint.
      rep_.sdk("[WARN] Param.loadSingleLine: Unknown property 'n.n:j' (ignored)");
      rep_.warn(
          "f4.joint-neuron-unattached",
          "The SDK leaves this '" + std::string(cls) +
              "' neuron unattached (its converter writes 'n:j=' for neurons on joints, which its f0 parser "
              "ignores); genokit does the same. Use N" +
              std::string(cls == "|" || cls == "@" ? cls : "|") + " to make a muscle on the joint",
          t_.nodes[static_cast<std::size_t>(source_node(c))].pos);
      c.neuron = add_neuron(std::string(cls), -1, -1, i, source_node(c));
      break;
  }
  const int own = c.neuron;
  // The SDK makes the muscle of a '@'/'|' control only for an 'N' neuron; on a neuron of any other
  // class (e.g. a daughter of "N:|" running "N:|" again) the control is kept but makes nothing.
  if (c.ctrl && cls == "N") {
    const std::string power = g6_text(c.P[gp::muscle_power]);
    const int muscle = add_neuron(c.ctrl == 1 ? "@:p=" + power : "|:p=" + power + ",r=" + g6_text(c.mz), -1,
                                  dad.joint, i, c.ctrl_node);
    add_input(muscle, own, 1.0, i);
  }
  for (std::size_t k = 0; k < cells_[static_cast<std::size_t>(i)].links.size(); ++k) {
    const Link l = cells_[static_cast<std::size_t>(i)].links[k];
    const Cell& me = cells_[static_cast<std::size_t>(i)];
    const Cell& stick = cells_[static_cast<std::size_t>(me.dad == kNone ? i : me.dad)];
    if (l.from == kNone) {
      int part = -1, joint = -1;
      const f0::NeuronClass* s = f0::find_neuron_class(l.sensor);
      if (l.sensor == "*" || l.sensor == "S" || l.sensor == "T")
        part = stick.p2;
      else if (l.sensor == "G" || s->pref_location == f0::NeuronLocation::joint)
        joint = stick.joint;
      else if (s->pref_location == f0::NeuronLocation::part)
        part = stick.p2;
      const int sensor = add_neuron(std::string(l.sensor), part, joint, i, l.node);
      add_input(own, sensor, g6(as_float(l.weight)), i);
      report_rounding(l);
    } else {
      if (!build(l.from)) return false;
      const int src = cells_[static_cast<std::size_t>(l.from)].neuron;
      if (src >= 0) add_input(own, src, g6(as_float(l.weight)), i);
      report_rounding(l);
    }
  }
  return true;
}

// A weight written with more than the 6 significant digits the SDK's "%g" f0 strings keep (of
// its float).
void Builder::report_rounding(const Link& l) {
  const double kept = as_float(l.weight);
  if (!std::isfinite(kept) || g6(kept) == l.weight || l.node == kNone) return;
  rep_.lint("f4.weight-rounded",
            "The SDK keeps 6 significant digits of this weight (a float, written with \"%g\"): " +
                frams::sdk::format_double(l.weight) + " becomes " + g6_text(kept),
            t_.nodes[static_cast<std::size_t>(l.node)].pos);
}

bool Builder::run() {
  m_.parts.reserve(cells_.size() + 1);
  m_.joints.reserve(cells_.size());
  for (std::size_t i = 0; i < cells_.size(); ++i)
    if (!build(static_cast<int>(i))) {
      rep_.sdk("[ERROR] f4_Model.buildModelRec: Error in building Model");
      return false;
    }
  return true;
}

// The SDK's f0 text round trip on connections: weights beyond +-999999 are clamped (its model
// builder warns, for every connection, before the f0 text is written), a non-finite weight cannot
// be written and read back, so the model fails at that c: line. Returns false when the model fails.
bool Builder::finish_weights() {
  for (auto& n : m_.neurons)
    for (auto& in : n.inputs) {
      double& w = in.weight;
      if (!(w > kMaxWeight || w < -kMaxWeight)) continue;  // (NaN too)
      const double to = w > 0 ? kMaxWeight : -kMaxWeight;
      rep_.sdk("[WARN] Param.set: Setting c.w = '" + frams::sdk::format_double(w) +
               "' exceeded allowed range (" + (w > 0 ? "too big" : "too small") + "). Adjusted to '" +
               frams::sdk::format_double(to) + "'.");
      rep_.warn("f4.weight-clamped",
                "Input weight " + g6_text(w) + " is beyond +-999999; the SDK clamps it to " + g6_text(to),
                static_cast<std::size_t>(n.src.offset) - rep_.body());
      w = to;
    }
  std::size_t line = m_.parts.size() + m_.joints.size() + m_.neurons.size();
  for (std::size_t t = 0; t < m_.neurons.size(); ++t) {
    auto& ins = m_.neurons[t].inputs;
    for (std::size_t k = 0; k < ins.size(); ++k) {
      ++line;
      const double w = ins[k].weight;
      if (!std::isnan(w)) continue;
      rep_.sdk("[ERROR] ExtValue.parseDouble: Could not parse '" + frams::sdk::format_double(w) + "'");
      rep_.sdk("[ERROR] Model.build: Invalid 'c:', line #" + std::to_string(line));
      rep_.error("f4.non-finite-weight",
                 "Input weight " + g6_text(w) +
                     " is not a number: the SDK cannot write and re-read it, so the genotype is invalid",
                 static_cast<std::size_t>(m_.neurons[t].src.offset) - rep_.body());
      bad_line_ = static_cast<std::int64_t>(line);
      ins.resize(k);
      for (std::size_t later = t + 1; later < m_.neurons.size(); ++later) m_.neurons[later].inputs.clear();
      return false;
    }
  }
  bad_line_ = -1;
  return true;
}

// The SDK's error position: the offset of the failing c: line in the converted f0 text (of the
// finished model: final positions, the connections before it).
void Builder::error_position() {
  if (bad_line_ < 0) return;
  const std::string f0text = f0::write_body(m_);
  std::size_t off = 0;
  for (std::int64_t l = 1; l < bad_line_; ++l) {
    const std::size_t nl = f0text.find('\n', off);
    off = nl == std::string::npos ? f0text.size() : nl + 1;
  }
  m_.error_pos = m_.warn_pos = static_cast<std::int64_t>(off);
}

void Builder::connections() {
  std::size_t total = 0;
  for (const auto& n : m_.neurons) total += n.inputs.size();
  m_.connections.reserve(total);
  for (std::size_t t = 0; t < m_.neurons.size(); ++t)
    for (const auto& in : m_.neurons[t].inputs) {
      f0::Connection& c = m_.connections.emplace_back();
      c.target = static_cast<int>(t), c.source = in.source, c.weight = in.weight;
      c.src = m_.neurons[t].src;
    }
}

void Builder::map(std::vector<MapEntry>& out) const {
  // Each element maps to every code its cell executed (merged into disjoint ranges).
  std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> merged(cells_.size());
  for (std::size_t k = 0; k < cells_.size(); ++k) {
    auto r = cells_[k].ranges;
    std::sort(r.begin(), r.end());
    auto& m = merged[k];
    for (const auto& x : r) {
      if (!m.empty() && x.first <= m.back().second)
        m.back().second = std::max(m.back().second, x.second);
      else
        m.push_back(x);
    }
  }
  const auto body = static_cast<std::uint32_t>(rep_.body());
  auto emit = [&](int cell, ElementKind kind, int index) {
    for (const auto& r : merged[static_cast<std::size_t>(cell)])
      out.push_back({body + r.first, body + r.second, kind, index});
  };
  for (std::size_t i = 0; i < part_cell_.size(); ++i)
    emit(part_cell_[i], ElementKind::part, static_cast<int>(i));
  for (std::size_t i = 0; i < joint_cell_.size(); ++i)
    emit(joint_cell_[i], ElementKind::joint, static_cast<int>(i));
  for (std::size_t i = 0; i < neuron_cell_.size(); ++i)
    emit(neuron_cell_[i], ElementKind::neuron, static_cast<int>(i));
  int conn = 0;
  for (std::size_t t = 0; t < m_.neurons.size(); ++t)
    for (std::size_t k = 0; k < m_.neurons[t].inputs.size(); ++k)
      emit(input_cell_[t][k], ElementKind::connection, conn++);
  std::stable_sort(out.begin(), out.end(),
                   [](const MapEntry& a, const MapEntry& b) { return a.begin < b.begin; });
}

}  // namespace genokit::f4::detail
