#include "genokit/xode/load.hpp"

#include <functional>
#include <map>

#include "genokit/core/numbers.hpp"
#include "xode/fast_load.hpp"

namespace genokit::xode {

bool load(std::string_view bytes, const LoadOptions& opt, Loaded& out, Diagnostics& diags) {
  if (bool result; load_fast(bytes, opt, out, diags, result)) return result;
  ReadOptions ro;
  ro.file = opt.file;
  ro.lenient = opt.lenient;
  std::size_t before = diags.error_count();
  out.read_ok = read_document(bytes, ro, out.doc, diags);
  out.scene_ok = false;
  if (!out.read_ok || diags.error_count() != before) return false;
  BuildOptions bo;
  bo.compat = opt.compat;
  bo.trimesh_index_base = opt.trimesh_index_base;
  out.scene_ok = build_scene(out.doc, bo, out.scene, diags) && diags.error_count() == before;
  return out.scene_ok;
}

bool parse_compat(std::string_view name, Compat& out) {
  if (name == "standard" || name == "xode" || name == "none")
    out = Compat::standard;
  else if (name == "pyode" || name == "stock")
    out = Compat::pyode;
  else if (name == "pybrain")
    out = Compat::pybrain;
  else
    return false;
  return true;
}

namespace {
nlohmann::json v3(const Vec3& v) {
  return {v[0], v[1], v[2]};
}
nlohmann::json m3(const Mat3& m) {
  nlohmann::json j = nlohmann::json::array();
  for (double x : m) j.push_back(x);
  return j;
}
nlohmann::json nm(std::string_view n) {
  return n.empty() ? nlohmann::json(nullptr) : nlohmann::json(n);
}
std::string_view placement_name(Placement p) {
  switch (p) {
    case Placement::world:
      return "world";
    case Placement::body_origin:
      return "body-origin";
    case Placement::body_offset:
      return "body-offset";
    case Placement::geom_transform:
      return "geom-transform";
    case Placement::none:
      return "none";
  }
  return "?";
}
}  // namespace

nlohmann::json scene_json(const Scene& s) {
  nlohmann::json j;
  j["compat"] = std::string(to_string(s.compat));
  j["worlds"] = nlohmann::json::array();
  for (const auto& w : s.worlds) j["worlds"].push_back({{"path", w.path}, {"name", nm(w.name)}});
  j["spaces"] = nlohmann::json::array();
  for (const auto& x : s.spaces)
    j["spaces"].push_back({{"path", x.path}, {"name", nm(x.name)}, {"class", x.kind}, {"parent", x.parent}});
  j["bodies"] = nlohmann::json::array();
  for (const auto& b : s.bodies) {
    nlohmann::json e = {{"path", b.path},
                        {"name", nm(b.name)},
                        {"position", v3(b.position)},
                        {"rotation", m3(b.rotation)},
                        {"enabled", b.enabled},
                        {"gravity_mode", b.gravity_mode}};
    if (b.has_mass)
      e["mass"] = {{"mass", b.mass.mass}, {"center", v3(b.mass.c)}, {"inertia", m3(b.mass.I)}};
    else
      e["mass"] = nullptr;
    j["bodies"].push_back(e);
  }
  j["geoms"] = nlohmann::json::array();
  for (const auto& g : s.geoms) {
    nlohmann::json e = {{"path", g.path},
                        {"name", nm(g.name)},
                        {"shape", std::string(to_string(g.shape))},
                        {"params", std::vector<double>(g.params.begin(), g.params.end())},
                        {"body", g.body},
                        {"space", g.space},
                        {"placement", std::string(placement_name(g.placement))},
                        {"position", v3(g.position)},
                        {"rotation", m3(g.rotation)}};
    if (g.shape == Shape::trimesh) e["triangles"] = g.indices.size() / 3;
    j["geoms"].push_back(e);
  }
  j["joints"] = nlohmann::json::array();
  for (const auto& x : s.joints) {
    nlohmann::json e = {{"path", x.path},
                        {"name", nm(x.name)},
                        {"type", std::string(to_string(x.type))},
                        {"body1", x.body1},
                        {"body2", x.body2}};
    if (x.has_anchor) e["anchor"] = v3(x.anchor);
    nlohmann::json axes = nlohmann::json::array();
    for (const auto& a : x.axes) axes.push_back(v3(a.direction));
    e["axes"] = axes;
    e["set_fixed"] = x.set_fixed;
    if (x.jointgroup >= 0) e["jointgroup"] = x.jointgroup;
    j["joints"].push_back(e);
  }
  return j;
}

nlohmann::json document_info(const Document& d) {
  std::map<std::string, int, std::less<>> counts;
  std::size_t ext = 0, comments = 0;
  std::function<void(const XmlNode&)> walk = [&](const XmlNode& n) {
    if (n.kind() == NodeKind::comment) ++comments;
    if (!n.is_element()) return;
    auto it = counts.find(n.name());
    if (it == counts.end()) it = counts.emplace(std::string(n.name()), 0).first;
    ++it->second;
    if (n.name() == "ext") {
      ++ext;
      return;
    }
    for (XmlNode c : n.children()) walk(c);
  };
  XmlNode root = d.root();
  if (root) walk(root);
  std::vector<XmlNode> prolog = d.prolog(), epilog = d.epilog();
  for (const auto& n : prolog) walk(n);
  for (const auto& n : epilog) walk(n);
  nlohmann::json j;
  j["xode_support"] = std::string(kSupportString);
  j["root"] = root ? std::string(root.name()) : std::string();
  j["version"] = root && root.has_attr("version") ? nlohmann::json(std::string(root.attr_or("version", "")))
                                                  : nlohmann::json(nullptr);
  j["name"] = root && root.has_attr("name") ? nlohmann::json(std::string(root.attr_or("name", "")))
                                            : nlohmann::json(nullptr);
  j["encoding"] = d.declared_encoding.empty() ? "UTF-8" : d.declared_encoding;
  j["bom"] = d.had_bom;
  nlohmann::json c = nlohmann::json::object();
  for (const char* k : {"world", "space", "body", "geom", "joint", "mass", "group", "jointgroup"})
    c[k] = counts.count(k) ? counts.find(k)->second : 0;
  j["elements"] = c;
  j["ext_blocks"] = ext;
  j["comments"] = comments;
  j["trailing_nodes"] = epilog.size();
  if (!d.repairs.empty()) j["repairs"] = d.repairs;
  return j;
}

}  // namespace genokit::xode
