// `genokit show` text form: a summary line and one aligned table per element kind.
#include "genokit/f0/table.hpp"

#include <cstdio>
#include <string>
#include <vector>

#include "genokit/f0/neuron_classes.hpp"

namespace genokit::f0 {
namespace {

std::string g(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v == 0 ? 0.0 : v);  // no "-0"
  return buf;
}

// Columns padded to the widest cell; numbers right-aligned, text left-aligned.
class Table {
 public:
  explicit Table(std::vector<std::string> head) : rows_{std::move(head)} {}
  void add(std::vector<std::string> row) { rows_.push_back(std::move(row)); }
  void print(std::string& out, const std::vector<bool>& right) const {
    std::vector<std::size_t> w(rows_[0].size(), 0);
    for (const auto& r : rows_)
      for (std::size_t i = 0; i < r.size() && i < w.size(); ++i) w[i] = std::max(w[i], r[i].size());
    for (const auto& r : rows_) {
      std::string line = " ";
      for (std::size_t i = 0; i < r.size() && i < w.size(); ++i) {
        const std::string pad(w[i] - r[i].size(), ' ');
        line += ' ';
        line += right[i] ? pad + r[i] : r[i] + (i + 1 < r.size() ? pad : "");
      }
      out += line + '\n';
    }
  }

 private:
  std::vector<std::vector<std::string>> rows_;
};

std::string plural(std::size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

}  // namespace

std::string to_table(const Model& m) {
  std::string out;
  const char* shape = m.shape_type == ShapeType::solids           ? "solids"
                      : m.shape_type == ShapeType::ball_and_stick ? "ball-and-stick"
                      : m.shape_type == ShapeType::illegal        ? "mixed shapes"
                                                                  : "no shape";
  out += std::string("f0 creature: ") + (m.valid ? "valid" : "INVALID") + ", " + shape + ", " +
         plural(m.parts.size(), "part", "parts") + ", " + plural(m.joints.size(), "joint", "joints") + ", " +
         plural(m.neurons.size(), "neuron", "neurons") + ", " +
         plural(m.connections.size(), "connection", "connections") + "\n";
  if (!m.parts.empty()) {
    out += "\nParts (final positions)\n";
    Table t({"#", "x", "y", "z", "s", "sh", "mass", "dn", "fr", "colour", "line"});
    for (std::size_t i = 0; i < m.parts.size(); ++i) {
      const Part& p = m.parts[i];
      t.add({std::to_string(i), g(p.pos.x), g(p.pos.y), g(p.pos.z), g(p.s), std::to_string(p.sh), g(p.mass),
             g(p.dn), g(p.fr), g(p.color.x) + "," + g(p.color.y) + "," + g(p.color.z),
             std::to_string(p.src.line)});
    }
    t.print(out, {true, true, true, true, true, true, true, true, true, false, true});
  }
  if (!m.joints.empty()) {
    out += "\nJoints\n";
    Table t({"#", "p1", "p2", "kind", "length", "stif", "rotstif", "stam", "line"});
    for (std::size_t i = 0; i < m.joints.size(); ++i) {
      const Joint& j = m.joints[i];
      const char* kind = j.sh == 1 ? "fixed" : j.sh >= 2 ? "hinge" : j.use_delta ? "delta" : "absolute";
      t.add({std::to_string(i), std::to_string(j.p1), std::to_string(j.p2), kind, g(j.length), g(j.stif),
             g(j.rotstif), g(j.stam), std::to_string(j.src.line)});
    }
    t.print(out, {true, true, true, false, true, true, true, true, true});
  }
  if (!m.neurons.empty()) {
    out += "\nNeurons\n";
    Table t({"#", "class", "name", "on", "inputs", "details", "line"});
    for (std::size_t i = 0; i < m.neurons.size(); ++i) {
      const Neuron& n = m.neurons[i];
      const NeuronClass* c = find_neuron_class(n.class_name);
      std::string on = n.joint >= 0  ? "joint " + std::to_string(n.joint)
                       : n.part >= 0 ? "part " + std::to_string(n.part)
                                     : "-";
      t.add({std::to_string(i), n.class_name, c ? std::string(c->long_name) : "(unknown class)", on,
             std::to_string(n.inputs.size()), n.details, std::to_string(n.src.line)});
    }
    t.print(out, {true, false, false, false, true, false, true});
  }
  if (!m.connections.empty()) {
    out += "\nConnections (target <- source)\n";
    Table t({"target", "source", "weight", "line"});
    for (const auto& c : m.connections)
      t.add({std::to_string(c.target), std::to_string(c.source), g(c.weight), std::to_string(c.src.line)});
    t.print(out, {true, true, true, true});
  }
  return out;
}

}  // namespace genokit::f0
