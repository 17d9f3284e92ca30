// The "xode" format for the generic commands (check, info, cat, show).
#include <iostream>
#include <sstream>

#include "cli/registry.hpp"
#include "cli/xode_options.hpp"
#include "cli/xode_oracle.hpp"
#include "core/diagnostics_json.hpp"
#include "genokit/core/numbers.hpp"
#include "genokit/physics/world.hpp"
#include "xode/json.hpp"

namespace genokit::cli::xodecli {
namespace {

// The JSON shape of xode_oracle.py: header, then worlds..counts (or an error).
nlohmann::json built_json(const Input& in, const XodeFile& f, const xode::LoadOptions& lo,
                          const physics::World* world, const Diagnostics& diags) {
  nlohmann::json j;
  j["tool"] = {{"name", "genokit"},
               {"xode", std::string(xode::kSupportString)},
               {"compat", std::string(xode::to_string(lo.build.compat))},
               {"ode", "0.16 (libode)"}};
  j["file"] = in.name;
  if (!f.doc.repairs.empty()) j["repairs"] = f.doc.repairs;
  xode::XmlNode root = f.doc.root();
  auto attr_json = [&](std::string_view n) {
    return root && root.has_attr(n) ? nlohmann::json(std::string(root.attr_or(n, "")))
                                    : nlohmann::json(nullptr);
  };
  j["root"] = {{"tag", root ? std::string(root.name()) : std::string()},
               {"version", attr_json("version")},
               {"name", attr_json("name")}};
  if (world) {
    nlohmann::json d = oracle_world(*world);
    if (!d.contains("status")) j["status"] = "ok";
    j.update(d);
    return j;
  }
  j["status"] = "error";
  for (const auto& d : diags.items())
    if (d.severity == Severity::error) {
      j["error"] = genokit::detail::to_json(d);
      break;
    }
  return j;
}

std::string fmt3(const xode::Vec3& v) {
  std::ostringstream o;
  o << format_double(v[0]) << ", " << format_double(v[1]) << ", " << format_double(v[2]);
  return o.str();
}

// The scene as a table for people.
std::string scene_text(const xode::Scene& s) {
  std::ostringstream o;
  auto name = [](std::string_view n, std::string_view path) { return std::string(n.empty() ? path : n); };
  auto bname = [&](int i) {
    if (i < 0) return std::string("environment");
    const auto& b = s.bodies[static_cast<std::size_t>(i)];
    return name(b.name, b.path);
  };
  o << "scene (" << xode::to_string(s.compat) << "): " << s.worlds.size() << " world(s), " << s.spaces.size()
    << " space(s), " << s.bodies.size() << " bodies, " << s.geoms.size() << " geoms, " << s.joints.size()
    << " joints\n";
  for (const auto& b : s.bodies)
    o << "  body  " << name(b.name, b.path) << "  at (" << fmt3(b.position) << ")  mass "
      << (b.has_mass ? format_double(b.mass.mass) : std::string("1 (ODE default)")) << '\n';
  for (const auto& g : s.geoms)
    o << "  geom  " << name(g.name, g.path) << "  " << xode::to_string(g.shape)
      << (g.body >= 0 ? "  on " + bname(g.body) : std::string("  static")) << '\n';
  for (const auto& j : s.joints)
    o << "  joint " << name(j.name, j.path) << "  " << xode::to_string(j.type) << "  " << bname(j.body1)
      << " - " << bname(j.body2) << '\n';
  return o.str();
}

class XodeFormat : public FormatHandler {
 public:
  XodeFormat() : FormatHandler(10) {}
  std::string name() const override { return "xode"; }
  std::vector<OptKey> option_keys() const override {
    return {{"compat", {}}, {"lenient", {}}, {"repair", {}}, {"indexbase", {}}, {"built", {}}};
  }
  std::string description() const override {
    return "XODE scenes (XML ODE data interchange, " + std::string(xode::kSupportString) + ")";
  }

  int detect(const Input& in) const override {
    std::string_view b = in.bytes;
    if (b.substr(0, 3) == "\xEF\xBB\xBF") b.remove_prefix(3);
    std::string_view head = b.substr(0, 4096);
    bool ext = in.path.size() > 5 && in.path.substr(in.path.size() - 5) == ".xode";
    // First element name after the prolog.
    std::size_t i = 0;
    while (true) {
      i = head.find('<', i);
      if (i == std::string_view::npos) return ext ? 40 : 0;
      if (head.compare(i, 2, "<?") == 0 || head.compare(i, 2, "<!") == 0) {
        std::size_t e = head.compare(i, 4, "<!--") == 0 ? head.find("-->", i) : head.find('>', i);
        if (e == std::string_view::npos) return ext ? 40 : 0;
        i = e + 1;
        continue;
      }
      break;
    }
    if (head.compare(i, 5, "<xode") == 0) return 95;
    if (head.compare(i, 6, "<world") == 0) return ext ? 90 : 60;
    return ext ? 40 : 0;
  }

  void check(const Input& in, const Options& opt, Diagnostics& diags, nlohmann::json& report,
             FormattedDiagnostics*) const override {
    xode::LoadOptions lo;
    if (!load_options(in, opt, lo, diags)) return;
    XodeFile f = read_file(in, lo, diags);
    report["compat"] = std::string(xode::to_string(lo.build.compat));
    if (const auto& s = f.scene)
      report["counts"] = {{"worlds", s->worlds.size()},
                          {"spaces", s->spaces.size()},
                          {"bodies", s->bodies.size()},
                          {"geoms", s->geoms.size()},
                          {"joints", s->joints.size()}};
    if (!f.doc.repairs.empty()) report["repairs"] = f.doc.repairs;
  }

  void info(const Input& in, const Options& opt, Diagnostics& diags, nlohmann::json& out) const override {
    xode::LoadOptions lo;
    if (!load_options(in, opt, lo, diags)) return;
    XodeFile f = read_file(in, lo, diags);
    if (!f.read_ok) return;
    out.update(xode::json::info(f.doc));
    if (const auto& s = f.scene)
      out["scene"] = {{"bodies", s->bodies.size()}, {"geoms", s->geoms.size()}, {"joints", s->joints.size()}};
  }

  bool canonical(const Input& in, const Options& opt, Diagnostics& diags, std::string& out) const override {
    xode::LoadOptions lo;
    if (!load_options(in, opt, lo, diags)) return true;
    if (auto doc = xode::read_document(in.bytes, diags, lo.read)) out = xode::write_document(*doc);
    return true;
  }

  bool show(const Input& in, const Options& opt, Diagnostics& diags, std::string& text,
            nlohmann::json& json) const override {
    xode::LoadOptions lo;
    if (flags().built.is_set() || extra(opt, "built", "") == "1") {
      XodeFile f;
      std::optional<physics::World> w;
      if (load_options(in, opt, lo, diags)) {
        f = read_file(in, lo, diags);
        if (f.scene) {
          w = physics::build_world(std::move(*f.scene), diags, {&f.doc});
          if (!w) diags.set_file(in.name);
        }
      }
      json = built_json(in, f, lo, w ? &*w : nullptr, diags);
      if (json.value("status", "") != "ok" && !diags.has_errors())
        diags.error("physics.ode-error", json["error"].value("message", "ODE failed"), {in.name});
      text = json.dump(2) + "\n";
      return true;
    }
    if (!load_options(in, opt, lo, diags)) return true;
    auto loaded = xode::load(in.bytes, diags, lo);
    if (!loaded) return true;
    json = xode::json::scene(loaded->scene);
    text = scene_text(loaded->scene);
    return true;
  }
};

const XodeFormat xode_format;

}  // namespace
}  // namespace genokit::cli::xodecli
