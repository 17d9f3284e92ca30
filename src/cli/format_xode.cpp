// The "xode" format for the generic commands (check, info, cat, show) and the shared helpers of
// the XODE subcommands in cmd_xode.cpp.
#include <unistd.h>

#include <iostream>
#include <sstream>

#include "cli/registry.hpp"
#include "core/diagnostics_json.hpp"
#include "genokit/core/numbers.hpp"
#include "genokit/core/text.hpp"
#include "genokit/physics/world.hpp"
#include "genokit/xode/load.hpp"

namespace genokit::cli::xodecli {

// Flags cmd_xode.cpp adds to the generic commands (a flag another format already added is shared:
// then only the CLI11 option pointer is known).
struct SharedFlag {
  std::vector<CLI::Option*> options;  // one per subcommand; only the running one can be set
  bool is_set() const {
    for (auto* o : options)
      if (o && o->count() > 0) return true;
    return false;
  }
  std::string value(const std::string& fallback) const {
    for (auto* o : options)
      if (o && o->count() > 0) return o->as<std::string>();
    return fallback;
  }
};
struct Flags {
  SharedFlag compat, lenient, repair, built;
};
Flags& flags() {
  static Flags f;
  return f;
}

// --opt key=value (format-specific options) override the flags.
std::string extra(const Options& opt, const std::string& key, const std::string& fallback) {
  for (const auto& kv : opt.extra) {
    auto eq = kv.find('=');
    if (eq != std::string::npos && kv.substr(0, eq) == key) return kv.substr(eq + 1);
    if (eq == std::string::npos && kv == key) return "1";
  }
  return fallback;
}

bool load_options(const Input& in, const Options& opt, xode::LoadOptions& lo, Diagnostics& diags) {
  lo.file = in.name;
  std::string compat = extra(opt, "compat", flags().compat.value("standard"));
  if (!xode::parse_compat(compat, lo.compat)) {
    diags.error("cli.bad-option", "unknown --compat '" + compat + "' (use standard, pyode or pybrain)",
                {in.name});
    return false;
  }
  lo.lenient = flags().lenient.is_set() || flags().repair.is_set() || extra(opt, "lenient", "") == "1" ||
               extra(opt, "repair", "") == "1";
  std::string base = extra(opt, "indexbase", "1");
  lo.trimesh_index_base = base == "0" ? 0 : 1;
  return true;
}

// The JSON shape of xode_oracle.py: header, then worlds..counts (or an error).
nlohmann::json built_json(const Input& in, const xode::Loaded& l, const xode::LoadOptions& lo,
                          physics::World* world, const Diagnostics& diags) {
  nlohmann::json j;
  j["tool"] = {{"name", "genokit"},
               {"xode", std::string(xode::kSupportString)},
               {"compat", std::string(xode::to_string(lo.compat))},
               {"ode", "0.16 (libode)"}};
  j["file"] = in.name;
  if (!l.doc.repairs.empty()) j["repairs"] = l.doc.repairs;
  xode::XmlNode root = l.doc.root();
  auto attr_json = [&](std::string_view n) {
    return root && root.has_attr(n) ? nlohmann::json(std::string(root.attr_or(n, "")))
                                    : nlohmann::json(nullptr);
  };
  j["root"] = {{"tag", root ? std::string(root.name()) : std::string()},
               {"version", attr_json("version")},
               {"name", attr_json("name")}};
  if (world) {
    nlohmann::json d = world->dump();
    if (d.contains("status")) {
      j.update(d);
      return j;
    }
    j["status"] = "ok";
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

// Reads, resolves and instantiates; `world` is null on failure.
std::unique_ptr<physics::World> build_world(const Input& in, const Options& opt, xode::Loaded& l,
                                            xode::LoadOptions& lo, Diagnostics& diags) {
  if (!load_options(in, opt, lo, diags)) return nullptr;
  if (!xode::load(in.bytes, lo, l, diags)) return nullptr;
  auto w = std::make_unique<physics::World>();
  if (!w->instantiate(l.scene, diags, &l.doc)) {
    diags.set_file(in.name);
    return nullptr;
  }
  return w;
}

namespace {

std::string fmt3(const xode::Vec3& v) {
  std::ostringstream o;
  o << format_double(v[0]) << ", " << format_double(v[1]) << ", " << format_double(v[2]);
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

  void check(const Input& in, const Options& opt, Diagnostics& diags, nlohmann::json& report) const override {
    xode::LoadOptions lo;
    if (!load_options(in, opt, lo, diags)) return;
    xode::Loaded l;
    xode::load(in.bytes, lo, l, diags);
    report["compat"] = std::string(xode::to_string(lo.compat));
    if (l.scene_ok)
      report["counts"] = {{"worlds", l.scene.worlds.size()},
                          {"spaces", l.scene.spaces.size()},
                          {"bodies", l.scene.bodies.size()},
                          {"geoms", l.scene.geoms.size()},
                          {"joints", l.scene.joints.size()}};
    if (!l.doc.repairs.empty()) report["repairs"] = l.doc.repairs;
  }

  void info(const Input& in, const Options& opt, Diagnostics& diags, nlohmann::json& out) const override {
    xode::LoadOptions lo;
    if (!load_options(in, opt, lo, diags)) return;
    xode::Loaded l;
    xode::load(in.bytes, lo, l, diags);
    if (!l.read_ok) return;
    out.update(xode::document_info(l.doc));
    if (l.scene_ok)
      out["scene"] = {{"bodies", l.scene.bodies.size()},
                      {"geoms", l.scene.geoms.size()},
                      {"joints", l.scene.joints.size()}};
  }

  bool canonical(const Input& in, const Options& opt, Diagnostics& diags, std::string& out) const override {
    xode::LoadOptions lo;
    if (!load_options(in, opt, lo, diags)) return true;
    xode::ReadOptions ro;
    ro.file = in.name;
    ro.lenient = lo.lenient;
    xode::Document doc;
    if (!xode::read_document(in.bytes, ro, doc, diags)) return true;
    out = xode::write_document(doc);
    return true;
  }

  bool show(const Input& in, const Options& opt, Diagnostics& diags, std::string& text,
            nlohmann::json& json) const override {
    xode::Loaded l;
    xode::LoadOptions lo;
    if (flags().built.is_set() || extra(opt, "built", "") == "1") {
      auto w = build_world(in, opt, l, lo, diags);
      json = built_json(in, l, lo, w.get(), diags);
      if (json.value("status", "") != "ok" && !diags.has_errors())
        diags.error("physics.ode-error", json["error"].value("message", "ODE failed"), {in.name});
      text = json.dump(2) + "\n";
      return true;
    }
    if (!load_options(in, opt, lo, diags)) return true;
    if (!xode::load(in.bytes, lo, l, diags)) return true;
    json = xode::scene_json(l.scene);
    std::ostringstream o;
    const auto& s = l.scene;
    o << "scene (" << xode::to_string(s.compat) << "): " << s.worlds.size() << " world(s), "
      << s.spaces.size() << " space(s), " << s.bodies.size() << " bodies, " << s.geoms.size() << " geoms, "
      << s.joints.size() << " joints\n";
    for (const auto& b : s.bodies)
      o << "  body  " << (b.name.empty() ? b.path : b.name) << "  at (" << fmt3(b.position) << ")  mass "
        << (b.has_mass ? format_double(b.mass.mass) : std::string("1 (ODE default)")) << '\n';
    for (const auto& g : s.geoms)
      o << "  geom  " << (g.name.empty() ? g.path : g.name) << "  " << xode::to_string(g.shape)
        << (g.body >= 0 ? "  on " + std::string(s.bodies[static_cast<std::size_t>(g.body)].name.empty()
                                                    ? s.bodies[static_cast<std::size_t>(g.body)].path
                                                    : s.bodies[static_cast<std::size_t>(g.body)].name)
                        : std::string("  static"))
        << '\n';
    auto bname = [&](int i) {
      return i < 0 ? std::string("environment")
                   : std::string(s.bodies[static_cast<std::size_t>(i)].name.empty()
                                     ? s.bodies[static_cast<std::size_t>(i)].path
                                     : s.bodies[static_cast<std::size_t>(i)].name);
    };
    for (const auto& j : s.joints)
      o << "  joint " << (j.name.empty() ? j.path : j.name) << "  " << xode::to_string(j.type) << "  "
        << bname(j.body1) << " - " << bname(j.body2) << '\n';
    text = o.str();
    return true;
  }
};

const XodeFormat xode_format;

}  // namespace
}  // namespace genokit::cli::xodecli
