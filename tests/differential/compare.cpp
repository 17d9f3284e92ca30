#include "differential/compare.hpp"

#include <cmath>
#include <cstdlib>

#include "f0/oracle_compare.hpp"
#include "genokit/f0/writer.hpp"

namespace genokit::differential {
namespace {

Kind kind_of(const std::string& line) {
  auto starts = [&](std::string_view p) { return line.rfind(p, 0) == 0; };
  if (starts("valid:") || starts("validity")) return Kind::verdict;
  if (starts("counts")) return Kind::counts;
  if (starts("errorpos") || starts("warnpos") || starts("shape_type")) return Kind::positions;
  if (starts("parser warnings")) return Kind::messages;
  if (starts("f0_out")) return Kind::f0_text;
  return Kind::property;
}

bool same(double a, double b) {
  return a == b || (std::isnan(a) && std::isnan(b));
}

// The SDK's %.17g text read back, compared bit for bit (but -0 == 0: the dump prints both).
bool exact(const std::string& sdk, double ours) {
  if (sdk == "nan" || sdk == "-nan") return ours != ours;
  if (sdk == "inf") return ours == 1.0 / 0.0;
  if (sdk == "-inf") return ours == -1.0 / 0.0;
  return std::strtod(sdk.c_str(), nullptr) == ours;
}

void exact_geometry(const f0::test::OracleGenotype& o, const f0::Model& m, std::vector<Difference>& out) {
  for (std::size_t i = 0; i < m.parts.size() && i < o.p.size() && i < o.orient.size(); ++i) {
    const f0::Part& p = m.parts[i];
    const std::string w = "p[" + std::to_string(i) + "].";
    const std::pair<const char*, double> pos[] = {{"x", p.pos.x}, {"y", p.pos.y}, {"z", p.pos.z}};
    for (const auto& [k, v] : pos) {
      const auto it = o.p[i].find(k);
      if (it != o.p[i].end() && !exact(it->second, v))
        out.push_back(
            {Kind::property, w + k + " not bit-exact: ours " + f0::format_number(v) + " SDK " + it->second});
    }
    const std::pair<const char*, f0::Vec3> axes[] = {{"x", p.orient.x}, {"y", p.orient.y}, {"z", p.orient.z}};
    for (const auto& [k, v] : axes) {
      const auto it = o.orient[i].find(k);
      double t[3];
      if (it == o.orient[i].end() || !f0::test::parse_triple(it->second, t)) continue;
      if (!same(t[0], v.x) || !same(t[1], v.y) || !same(t[2], v.z))
        out.push_back({Kind::property, w + "orient." + k + " not bit-exact: ours (" + f0::format_number(v.x) +
                                           "," + f0::format_number(v.y) + "," + f0::format_number(v.z) +
                                           ") SDK " + it->second});
    }
  }
}

}  // namespace

std::string_view to_string(Kind k) {
  switch (k) {
    case Kind::verdict:
      return "verdict";
    case Kind::counts:
      return "counts";
    case Kind::property:
      return "property";
    case Kind::positions:
      return "positions";
    case Kind::messages:
      return "messages";
    case Kind::f0_text:
      return "f0-text";
  }
  return "?";
}

std::string comparable_message(std::string m) {
  if (const auto nl = m.find('\n'); nl != std::string::npos) m.resize(nl);
  if (m.find("Model.build:") != std::string::npos)
    if (const auto at = m.rfind(" in '"); at != std::string::npos) m.erase(at);
  return m;
}

Ours read_ours(const EncodingSpec& e, const std::string& text) {
  Ours o;
  genotype::ReadOptions opt;
  opt.format = e.id;
  auto g = genotype::read(text, o.diags, opt);
  if (g) o.read = true, o.genotype = std::move(*g);
  return o;
}

std::vector<Difference> compare(const EncodingSpec& e, const f0::test::OracleGenotype& sdk,
                                const Ours& ours) {
  std::vector<Difference> out;
  if (!ours.read) {
    if (sdk.valid) out.push_back({Kind::verdict, "valid: ours nothing read, SDK 1"});
    return out;
  }
  const bool converting = e.id != "0";
  const f0::Model& m = ours.genotype.model;
  // Converting encodings: the SDK's messages are compared one by one below, so the f0 comparison
  // sees only genokit's errors (its parser-warning count is an f0 matter).
  Diagnostics visible;
  for (const Diagnostic& d : ours.diags.items())
    if (!converting || d.severity == Severity::error) visible.report(d.severity, d.code, d.message, d.where);
  std::vector<std::string> lines;
  f0::test::compare_with_oracle(sdk, m, visible, lines);
  for (auto& l : lines)
    if (!(converting && kind_of(l) == Kind::messages)) out.push_back({kind_of(l), std::move(l)});
  // The f0 comparison lets genokit's documented f0 verdict differences pass; the harness says them.
  if (m.valid != sdk.valid && f0::test::is_documented_difference(sdk, visible))
    out.push_back({Kind::verdict, "valid: ours " + std::to_string(m.valid) + " SDK " +
                                      std::to_string(sdk.valid) +
                                      " (genokit's documented f0.sdk-delta-order difference)"});
  if (converting) {
    std::vector<std::string> a, b;
    for (const auto& s : sdk.messages) a.push_back(comparable_message(s));
    for (const auto& s : ours.genotype.sdk_messages) b.push_back(comparable_message(s));
    if (a != b) {
      std::string t = "SDK messages differ: SDK";
      for (const auto& s : a) t += " | " + s;
      t += " ;; ours";
      for (const auto& s : b) t += " | " + s;
      out.push_back({Kind::messages, t});
    }
  }
  if (sdk.valid && m.valid && sdk.parts == m.parts.size()) exact_geometry(sdk, m, out);
  return out;
}

std::string describe_sdk(const f0::test::OracleGenotype& sdk) {
  std::string s = "valid " + std::to_string(sdk.valid) + ", errorpos " + std::to_string(sdk.errorpos) +
                  ", warnpos " + std::to_string(sdk.warnpos) + ", counts " + std::to_string(sdk.parts) + "/" +
                  std::to_string(sdk.joints) + "/" + std::to_string(sdk.neurons) + "/" +
                  std::to_string(sdk.connections) + "\n";
  for (const auto& m : sdk.messages) s += "  " + comparable_message(m) + "\n";
  if (sdk.has_f0_out) s += "f0_out:\n" + sdk.f0_out;
  return s;
}

std::string describe_ours(const Ours& ours) {
  if (!ours.read) {
    std::string s = "nothing read\n";
    for (const auto& d : ours.diags.items()) s += "  " + format_gcc(d) + "\n";
    return s;
  }
  const f0::Model& m = ours.genotype.model;
  std::size_t conns = 0;
  for (const auto& n : m.neurons) conns += n.inputs.size();
  std::string s = "valid " + std::to_string(m.valid) + ", errorpos " + std::to_string(m.error_pos) +
                  ", warnpos " + std::to_string(m.warn_pos) + ", counts " + std::to_string(m.parts.size()) +
                  "/" + std::to_string(m.joints.size()) + "/" + std::to_string(m.neurons.size()) + "/" +
                  std::to_string(conns) + "\n";
  for (const auto& x : ours.genotype.sdk_messages) s += "  sdk-log " + comparable_message(x) + "\n";
  for (const auto& d : ours.diags.items()) s += "  " + format_gcc(d) + "\n";
  if (m.valid) s += "f0 text:\n" + f0::write_body(m);
  return s;
}

}  // namespace genokit::differential
