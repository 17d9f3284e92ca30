#include "oracle_compare.hpp"

#include <cmath>
#include <cstdlib>
#include <string_view>

#include "genokit/f0/writer.hpp"

namespace genokit::f0::test {
namespace {

bool near(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  if (std::isinf(a) || std::isinf(b)) return a == b;
  return std::fabs(a - b) <= 1e-9 * std::fmax(1.0, std::fmax(std::fabs(a), std::fabs(b)));
}
double num(const Fields& f, const char* k) {
  auto it = f.find(k);
  if (it == f.end()) return std::nan("missing");
  const std::string& s = it->second;
  if (s == "inf") return INFINITY;
  if (s == "-inf") return -INFINITY;
  if (s == "nan" || s == "-nan") return NAN;
  return std::strtod(s.c_str(), nullptr);
}
std::string str(const Fields& f, const char* k) {
  auto it = f.find(k);
  return it == f.end() ? "<missing>" : it->second;
}

bool is_lint(const std::string& code) {
  static const char* lint_codes[] = {
      "f0.unknown-neuron-class",  "f0.unknown-neuron-property", "f0.bad-neuron-property",
      "f0.neuron-property-range", "f0.neuron-placement",        "f0.input-count",
      "f0.self-connection",       "f0.duplicate-connection",    "f0.non-finite",
      "f0.overlapping-parts",     "f0.unnamed-neuron-property", "f0.nul-byte"};
  // (f0.legacy-property is not one: it is the SDK's "Unknown property 'p.m'" parser warning)
  for (auto* c : lint_codes)
    if (code == c) return true;
  return false;
}

}  // namespace

bool is_documented_difference(const OracleGenotype& o, const Diagnostics& d) {
  // The SDK's false "Delta joint cycle" for delta joints listed child first: genokit accepts.
  for (const auto& x : d.items())
    if (x.code == "f0.sdk-delta-order") return true;
  return false;
}

void compare_with_oracle(const OracleGenotype& o, const Model& m, const Diagnostics& d,
                         std::vector<std::string>& diffs) {
  auto diff = [&](const std::string& s) { diffs.push_back(s); };
  const bool documented = is_documented_difference(o, d);
  if (m.valid != o.valid && !documented)
    diff("valid: ours " + std::to_string(m.valid) + " SDK " + std::to_string(o.valid));
  if (m.valid == d.has_errors()) diff("validity and error diagnostics disagree");
  if (!documented) {
    if (m.error_pos != o.errorpos)
      diff("errorpos ours " + std::to_string(m.error_pos) + " SDK " + std::to_string(o.errorpos));
    if (m.warn_pos != o.warnpos)
      diff("warnpos ours " + std::to_string(m.warn_pos) + " SDK " + std::to_string(o.warnpos));
    if (static_cast<int>(m.shape_type) != o.shape_type)
      diff("shape_type ours " + std::to_string(static_cast<int>(m.shape_type)) + " SDK " +
           std::to_string(o.shape_type));
  }
  // SDK parser warnings (Param.*) correspond one to one with ours (lint codes excluded).
  std::size_t sdk_warn = 0, our_warn = 0;
  for (const auto& msg : o.messages)
    if (msg.rfind("[WARN] Param.", 0) == 0) ++sdk_warn;
  for (const auto& x : d.items())
    if (x.severity == Severity::warning && !is_lint(x.code)) ++our_warn;
  if (sdk_warn != our_warn)
    diff("parser warnings ours " + std::to_string(our_warn) + " SDK " + std::to_string(sdk_warn));
  if (!near(m.se, o.se)) diff("se");
  std::size_t nconn = 0;
  for (const auto& n : m.neurons) nconn += n.inputs.size();
  if (m.parts.size() != o.parts || m.joints.size() != o.joints || m.neurons.size() != o.neurons ||
      nconn != o.connections) {
    diff("counts ours " + std::to_string(m.parts.size()) + "/" + std::to_string(m.joints.size()) + "/" +
         std::to_string(m.neurons.size()) + "/" + std::to_string(nconn) + " SDK " + std::to_string(o.parts) +
         "/" + std::to_string(o.joints) + "/" + std::to_string(o.neurons) + "/" +
         std::to_string(o.connections));
    return;
  }
  const bool geometry = o.valid && m.valid;
  for (std::size_t i = 0; i < m.parts.size() && i < o.p.size(); ++i) {
    const Part& p = m.parts[i];
    const Fields& f = o.p[i];
    const std::string w = "p[" + std::to_string(i) + "].";
    const std::pair<const char*, double> vals[] = {
        {"rx", p.rot.x},   {"ry", p.rot.y},   {"rz", p.rot.z},   {"sh", double(p.sh)}, {"s", p.s},
        {"sx", p.scale.x}, {"sy", p.scale.y}, {"sz", p.scale.z}, {"h", p.h},           {"dn", p.dn},
        {"fr", p.fr},      {"ing", p.ing},    {"as", p.as},      {"vs", p.vs},         {"vr", p.color.x},
        {"vg", p.color.y}, {"vb", p.color.z}};
    for (auto& [k, v] : vals)
      if (!near(v, num(f, k))) diff(w + k + " ours " + format_number(v) + " SDK " + str(f, k));
    if (str(f, "i") != p.info) diff(w + "i");
    if (geometry) {
      const std::pair<const char*, double> g[] = {
          {"x", p.pos.x}, {"y", p.pos.y}, {"z", p.pos.z}, {"mass", p.mass}};
      for (auto& [k, v] : g)
        if (!near(v, num(f, k))) diff(w + k + " ours " + format_number(v) + " SDK " + str(f, k));
      double ax[3][3];
      const Fields& of = o.orient[i];
      if (!parse_triple(str(of, "x"), ax[0]) || !parse_triple(str(of, "y"), ax[1]) ||
          !parse_triple(str(of, "z"), ax[2])) {
        diff(w + "orient unreadable");
      } else {
        const Vec3 ours[3] = {p.orient.x, p.orient.y, p.orient.z};
        for (int a = 0; a < 3; ++a)
          if (!near(ours[a].x, ax[a][0]) || !near(ours[a].y, ax[a][1]) || !near(ours[a].z, ax[a][2]))
            diff(w + "orient axis " + std::to_string(a) + " ours (" + format_number(ours[a].x) + "," +
                 format_number(ours[a].y) + "," + format_number(ours[a].z) + ") SDK " +
                 str(of, a == 0   ? "x"
                         : a == 1 ? "y"
                                  : "z"));
      }
    }
  }
  for (std::size_t i = 0; i < m.joints.size() && i < o.j.size(); ++i) {
    const Joint& j = m.joints[i];
    const Fields& f = o.j[i];
    const std::string w = "j[" + std::to_string(i) + "].";
    std::vector<std::pair<const char*, double>> vals = {
        {"p1", double(j.p1)}, {"p2", double(j.p2)}, {"usedelta", double(j.use_delta)},
        {"sh", double(j.sh)}, {"stif", j.stif},     {"rotstif", j.rotstif},
        {"stam", j.stam},     {"vr", j.color.x},    {"vg", j.color.y},
        {"vb", j.color.z}};
    if (geometry || j.use_delta) {
      vals.insert(vals.end(), {{"dx", j.d.x}, {"dy", j.d.y}, {"dz", j.d.z}});
      vals.insert(vals.end(), {{"rx", j.rot.x}, {"ry", j.rot.y}, {"rz", j.rot.z}});
    }
    if (geometry) vals.push_back({"len", j.length});
    for (auto& [k, v] : vals)
      if (!near(v, num(f, k))) diff(w + k + " ours " + format_number(v) + " SDK " + str(f, k));
    if (str(f, "i") != j.info) diff(w + "i");
  }
  for (std::size_t i = 0; i < m.neurons.size() && i < o.n.size(); ++i) {
    const Neuron& n = m.neurons[i];
    const Fields& f = o.n[i];
    const std::string w = "n[" + std::to_string(i) + "].";
    if (str(f, "class") != n.class_name) diff(w + "class ours " + n.class_name + " SDK " + str(f, "class"));
    if (str(f, "known") != (n.known_class ? "1" : "0")) diff(w + "known");
    if (num(f, "p") != n.part) diff(w + "p");
    if (num(f, "j") != n.joint) diff(w + "j");
    if (str(f, "details") != n.details) diff(w + "details ours " + n.details + " SDK " + str(f, "details"));
    if (str(f, "params") != n.params) diff(w + "params");
    if (str(f, "i") != n.info) diff(w + "i");
    if (num(f, "inputs") != double(n.inputs.size())) diff(w + "inputs");
  }
  if (geometry) {
    std::size_t k = 0;
    for (std::size_t t = 0; t < m.neurons.size(); ++t)
      for (const auto& in : m.neurons[t].inputs) {
        if (k >= o.c.size()) break;
        const Fields& f = o.c[k++];
        if (num(f, "n1") != double(t) || num(f, "n2") != double(in.source) || !near(num(f, "w"), in.weight) ||
            str(f, "i") != in.info)
          diff("c line " + std::to_string(k - 1));
      }
  }
  if (o.has_f0_out && m.valid) {
    const std::string ours = write_body(m);
    if (ours != o.f0_out) diff("f0_out differs:\n--- ours\n" + ours + "--- SDK\n" + o.f0_out);
  }
}

}  // namespace genokit::f0::test
