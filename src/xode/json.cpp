#include "xode/json.hpp"

#include <functional>
#include <map>

#include "genokit/xode/schema.hpp"

namespace genokit::xode {
namespace json {

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

nlohmann::json scene(const Scene& s) {
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

nlohmann::json info(const Document& d) {
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

nlohmann::json schema() {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& e : xode::schema()) {
    nlohmann::json j = {{"element", e.name}, {"doc", e.doc}, {"open_content", e.open_content}};
    j["children"] = nlohmann::json::array();
    for (auto c : e.children) j["children"].push_back(c);
    j["attributes"] = nlohmann::json::array();
    for (const auto& a : e.attrs) {
      nlohmann::json ja = {{"name", a.name}, {"type", to_string(a.type)}, {"required", a.required}};
      if (!a.default_value.empty()) ja["default"] = a.default_value;
      if (a.range == Range::positive) ja["range"] = "> 0";
      if (a.range == Range::non_negative) ja["range"] = ">= 0";
      if (!a.doc.empty()) ja["doc"] = a.doc;
      j["attributes"].push_back(ja);
    }
    out.push_back(j);
  }
  return out;
}

}  // namespace json

std::string to_json(const Scene& s) {
  return json::scene(s).dump(2);
}
std::string info_json(const Document& d) {
  return json::info(d).dump(2);
}
std::string schema_json() {
  return json::schema().dump(2);
}

}  // namespace genokit::xode
