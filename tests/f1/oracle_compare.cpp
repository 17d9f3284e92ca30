#include "oracle_compare.hpp"

#include <cmath>
#include <cstdlib>

#include "genokit/core/numbers.hpp"
#include "genokit/f0/writer.hpp"

namespace genokit::f1::test {
namespace {

std::string g17(double v) {
  return format_double_g17(v);
}

struct Cmp {
  std::vector<std::string>& diffs;
  CompareStats* stats;
  void text(const std::string& what, const std::string& want, const std::string& got) {
    if (want != got) diffs.push_back(what + ": SDK " + want + ", genokit " + got);
  }
  void num(const std::string& what, const Fields& f, const char* key, double got) {
    const auto it = f.find(key);
    if (it == f.end()) return diffs.push_back(what + ": no " + key + " in dump");
    text(what + "." + key, it->second, g17(got));
  }
  void near(const std::string& what, const Fields& f, const char* key, double got) {
    const auto it = f.find(key);
    if (it == f.end()) return diffs.push_back(what + ": no " + key + " in dump");
    const double want = std::strtod(it->second.c_str(), nullptr);
    if (stats) ++stats->positions, stats->positions_exact += want == got;
    if (!(std::fabs(want - got) <= 1e-9))
      diffs.push_back(what + "." + key + ": SDK " + it->second + ", genokit " + g17(got));
  }
  void triple(const std::string& what, const Fields& f, const char* key, const f0::Vec3& v) {
    const auto it = f.find(key);
    if (it == f.end()) return diffs.push_back(what + ": no " + key);
    double w[3];
    std::string s = it->second;
    if (std::sscanf(s.c_str(), "(%lf,%lf,%lf)", &w[0], &w[1], &w[2]) != 3)
      return diffs.push_back(what + ": bad triple");
    const double g[3] = {v.x, v.y, v.z};
    for (int i = 0; i < 3; ++i) {
      if (stats) ++stats->positions, stats->positions_exact += w[i] == g[i];
      if (!(std::fabs(w[i] - g[i]) <= 1e-9))
        diffs.push_back(what + "." + key + ": SDK " + s + ", genokit (" + g17(v.x) + "," + g17(v.y) + "," +
                        g17(v.z) + ")");
    }
  }
};

}  // namespace

void compare(const Dump& o, const Conversion& c, std::vector<std::string>& diffs, CompareStats* stats) {
  Cmp k{diffs, stats};
  const f0::Model& m = c.model;
  k.text("valid", o.valid ? "1" : "0", m.valid ? "1" : "0");
  k.text("shape_type", std::to_string(o.shape_type), std::to_string(static_cast<int>(m.shape_type)));
  // Named genotypes get " in '<name>'" on error texts; conversion messages never carry it.
  std::vector<std::string> want = o.messages;
  const std::string suffix = " in '" + o.name + "'";
  for (auto& s : want)
    if (!o.name.empty() && s.size() > suffix.size() &&
        s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0)
      s.resize(s.size() - suffix.size());
  if (want != c.sdk_messages) {
    std::string a, b;
    for (auto& s : want) a += "\n    " + s;
    for (auto& s : c.sdk_messages) b += "\n    " + s;
    diffs.push_back("messages: SDK" + a + "\n  genokit" + b);
  }
  k.text("errorpos", std::to_string(o.errorpos), std::to_string(c.sdk_error_pos));
  k.text("warnpos", std::to_string(o.warnpos), std::to_string(c.sdk_warn_pos));
  k.text("se", o.se, g17(m.se));
  k.text("parts", std::to_string(o.parts), std::to_string(m.parts.size()));
  k.text("joints", std::to_string(o.joints), std::to_string(m.joints.size()));
  k.text("neurons", std::to_string(o.neurons), std::to_string(m.neurons.size()));
  k.text("connections", std::to_string(o.connections), std::to_string(m.connections.size()));
  if (o.parts != m.parts.size() || o.joints != m.joints.size() || o.neurons != m.neurons.size() ||
      o.connections != m.connections.size())
    return;
  for (std::size_t i = 0; i < m.parts.size(); ++i) {
    const auto& f = o.p[i];
    const auto& p = m.parts[i];
    const std::string w = "p[" + std::to_string(i) + "]";
    k.near(w, f, "x", p.pos.x), k.near(w, f, "y", p.pos.y), k.near(w, f, "z", p.pos.z);
    k.num(w, f, "rx", p.rot.x), k.num(w, f, "ry", p.rot.y), k.num(w, f, "rz", p.rot.z);
    k.num(w, f, "sh", p.sh), k.num(w, f, "s", p.s), k.num(w, f, "sx", p.scale.x),
        k.num(w, f, "sy", p.scale.y);
    k.num(w, f, "sz", p.scale.z), k.num(w, f, "h", p.h), k.num(w, f, "dn", p.dn), k.num(w, f, "fr", p.fr);
    k.num(w, f, "ing", p.ing), k.num(w, f, "as", p.as), k.num(w, f, "vs", p.vs), k.num(w, f, "vr", p.color.x);
    k.num(w, f, "vg", p.color.y), k.num(w, f, "vb", p.color.z);
    if (o.valid) k.num(w, f, "mass", p.mass);
    k.text(w + ".i", f.at("i"), p.info);
    if (o.valid) {
      const auto& of = o.orient[i];
      k.triple(w + ".orient", of, "x", p.orient.x), k.triple(w + ".orient", of, "y", p.orient.y);
      k.triple(w + ".orient", of, "z", p.orient.z);
    }
  }
  for (std::size_t i = 0; i < m.joints.size(); ++i) {
    const auto& f = o.j[i];
    const auto& j = m.joints[i];
    const std::string w = "j[" + std::to_string(i) + "]";
    k.text(w + ".p1", f.at("p1"), std::to_string(j.p1));
    k.text(w + ".p2", f.at("p2"), std::to_string(j.p2));
    k.text(w + ".usedelta", f.at("usedelta"), j.use_delta ? "1" : "0");
    k.num(w, f, "dx", j.d.x), k.num(w, f, "dy", j.d.y), k.num(w, f, "dz", j.d.z);
    k.num(w, f, "rx", j.rot.x), k.num(w, f, "ry", j.rot.y), k.num(w, f, "rz", j.rot.z);
    k.num(w, f, "len", j.length), k.num(w, f, "sh", j.sh), k.num(w, f, "stif", j.stif);
    k.num(w, f, "rotstif", j.rotstif), k.num(w, f, "stam", j.stam), k.num(w, f, "vr", j.color.x);
    k.num(w, f, "vg", j.color.y), k.num(w, f, "vb", j.color.z);
  }
  for (std::size_t i = 0; i < m.neurons.size(); ++i) {
    const auto& f = o.n[i];
    const auto& n = m.neurons[i];
    const std::string w = "n[" + std::to_string(i) + "]";
    k.text(w + ".class", f.at("class"), n.class_name);
    k.text(w + ".known", f.at("known"), n.known_class ? "1" : "0");
    k.text(w + ".p", f.at("p"), std::to_string(n.part));
    k.text(w + ".j", f.at("j"), std::to_string(n.joint));
    k.text(w + ".details", f.at("details"), n.details);
    k.text(w + ".params", f.at("params"), n.params);
    k.text(w + ".inputs", f.at("inputs"), std::to_string(n.inputs.size()));
  }
  for (std::size_t i = 0; i < m.connections.size(); ++i) {
    const auto& f = o.c[i];
    const auto& cn = m.connections[i];
    const std::string w = "c[" + std::to_string(i) + "]";
    k.text(w + ".n1", f.at("n1"), std::to_string(cn.target));
    k.text(w + ".n2", f.at("n2"), std::to_string(cn.source));
    k.num(w, f, "w", cn.weight);
  }
  if (o.valid && m.valid) k.text("f0_out", "\n" + o.f0_out, "\n" + f0::write_body(m));
}

}  // namespace genokit::f1::test
