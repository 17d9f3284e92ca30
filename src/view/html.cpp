// Page data -> JSON -> one self-contained HTML file with the bundled viewer script.
#include "genokit/view/html.hpp"

#include <cmath>
#include <nlohmann/json.hpp>

#include "genokit/core/text.hpp"
#include "genokit/version.hpp"
#include "view/blob.hpp"
#include "view/bundle.hpp"

namespace genokit::view {

namespace {

using Json = nlohmann::ordered_json;

Json vec(const auto& a) {
  Json j = Json::array();
  for (double v : a) j.push_back(std::isfinite(v) ? Json(v) : Json(nullptr));
  return j;
}

Json blob(const Series& s, std::size_t count, bool compress) {
  if (!s.cols || s.values.size() != s.cols * count || count == 0) return nullptr;
  return Json{{"rows", count},
              {"cols", s.cols},
              {"codec", compress ? "f32-xs-deflate" : "f32"},
              {"b64", detail::base64_encode(detail::encode_rows(s.values, s.cols, compress))}};
}

Json geom(const Geom& g) {
  Json j{{"shape", g.shape},
         {"params", vec(g.params)},
         {"position", vec(g.position)},
         {"quaternion", vec(g.quaternion)}};
  if (!g.vertices.empty()) {
    j["vertices"] = vec(g.vertices);
    j["indices"] = g.indices;
  }
  return j;
}

Json creature(const Creature& c) {
  Json parts = Json::array(), sticks = Json::array(), neurons = Json::array(), muscles = Json::array();
  for (const Part& p : c.parts) parts.push_back({{"color", vec(p.color)}, {"fr", p.fr}, {"dn", p.dn}});
  for (const Stick& s : c.sticks) {
    Json j{{"p1", s.p1}, {"p2", s.p2}, {"joint", s.joint}, {"color", vec(s.color)}};
    if (std::isfinite(s.stif)) j["stif"] = s.stif;
    if (std::isfinite(s.rotstif)) j["rotstif"] = s.rotstif;
    if (std::isfinite(s.stam)) j["stam"] = s.stam;
    sticks.push_back(std::move(j));
  }
  for (const Neuron& n : c.neurons)
    neurons.push_back({{"label", n.label}, {"class", n.class_name}, {"part", n.part}, {"joint", n.joint}});
  for (const Muscle& m : c.muscles)
    muscles.push_back(
        {{"neuron", m.neuron}, {"joint", m.joint}, {"stick", m.stick}, {"kind", m.twist ? "twist" : "bend"}});
  return Json{
      {"radius", c.radius}, {"parts", parts}, {"sticks", sticks}, {"neurons", neurons}, {"muscles", muscles}};
}

Json pairs(const std::vector<std::pair<std::string, std::string>>& v) {
  Json j = Json::array();
  for (const auto& [k, s] : v) j.push_back(Json::array({k, s}));
  return j;
}

Json scene(const Scene& s, bool compress) {
  Json j;
  j["name"] = s.name;
  j["up"] = s.z_up ? "z" : "y";
  j["source"] = {{"file", s.source.file},
                 {"name", s.source.name},
                 {"encoding", s.source.encoding},
                 {"genotype", s.source.genotype}};
  if (s.world) {
    const World& w = *s.world;
    Json wj{{"size", w.size}, {"type", w.type}, {"water_level", w.water_level}, {"boundaries", w.boundaries}};
    if (w.type == 2) wj["heightfield"] = {{"nx", w.nx}, {"ny", w.ny}, {"heights", vec(w.heights)}};
    if (!w.blocks.empty()) {
      wj["blocks"] = Json::array();
      for (const auto& b : w.blocks) wj["blocks"].push_back(vec(b));
    }
    j["world"] = std::move(wj);
  } else {
    j["world"] = nullptr;
  }
  j["statics"] = Json::array();
  for (const Geom& g : s.statics) j["statics"].push_back(geom(g));
  j["creature"] = s.creature ? creature(*s.creature) : Json(nullptr);
  j["bodies"] = Json::array();
  for (const RigidBody& b : s.bodies) {
    Json gs = Json::array();
    for (const Geom& g : b.geoms) gs.push_back(geom(g));
    j["bodies"].push_back({{"name", b.name}, {"geoms", gs}});
  }
  j["dt"] = s.dt;
  Json crit = Json::object();
  for (const auto& [k, v] : s.criteria) crit[k] = std::isfinite(v) ? Json(v) : Json("n/a");
  j["criteria"] = std::move(crit);
  j["info"] = pairs(s.info);
  j["settings"] = pairs(s.settings);
  j["status"] = s.status;
  j["message"] = s.message;
  j["notes"] = s.notes;
  const Frames& f = s.frames;
  Json fj{{"count", f.count}};
  const std::pair<const char*, const Series*> series[] = {
      {"step", &f.step},       {"time", &f.time},       {"com", &f.com},      {"parts", &f.parts},
      {"neurons", &f.neurons}, {"muscles", &f.muscles}, {"bodies", &f.bodies}};
  for (const auto& [name, ser] : series)
    if (Json b = blob(*ser, f.count, compress); !b.is_null()) fj[name] = std::move(b);
  j["frames"] = std::move(fj);
  return j;
}

// '<' only occurs inside JSON strings, where \u003c means the same: the text can then never close
// or open an HTML element inside the <script> that holds it.
std::string script_safe(const std::string& text) {
  std::string out;
  out.reserve(text.size() + 64);
  for (char c : text) {
    if (c == '<')
      out += "\\u003c";
    else
      out += c;
  }
  return out;
}

}  // namespace

bool viewer_bundled() {
  return detail::bundle().size() > 0;
}

std::size_t viewer_bundle_size() {
  return detail::bundle().size();
}

std::string page_json(const Page& page, const HtmlOptions& opt) {
  Json j;
  j["format"] = "genokit-view";
  j["version"] = 1;
  j["title"] = page.title;
  j["generator"] = std::string("genokit ") + GENOKIT_VERSION_STRING;
  j["selected"] = page.selected;
  j["scenes"] = Json::array();
  for (const Scene& s : page.scenes) j["scenes"].push_back(scene(s, opt.compress));
  return script_safe(j.dump(-1, ' ', false, Json::error_handler_t::replace));
}

std::optional<std::string> write_html(const Page& page, Diagnostics& diags, const HtmlOptions& opt) {
  const std::string_view script = detail::bundle();
  if (script.empty()) {
    diags.error("view.no-viewer",
                "this genokit was built without the viewer script (npm was not found at build time); install "
                "nodejs and npm (scripts/install-deps.sh) and rebuild");
    return std::nullopt;
  }
  std::string out;
  const std::string data = page_json(page, opt);
  out.reserve(data.size() + script.size() + 1024);
  out +=
      "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      // Nothing outside the file: no fetch, image, font or frame from anywhere.
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src "
      "'unsafe-inline'; "
      "style-src 'unsafe-inline'; img-src data:\">\n"
      "<link rel=\"icon\" href=\"data:,\">\n<title>";
  append_xml_escaped(out, page.title.empty() ? std::string("genokit view") : page.title + " - genokit view",
                     false);
  out += "</title>\n</head>\n<body>\n<noscript>This page needs JavaScript and WebGL.</noscript>\n";
  out += "<script type=\"application/json\" id=\"genokit-view-data\">";
  out += data;
  out += "</script>\n<script>\n";
  out += script;
  out += "\n</script>\n</body>\n</html>\n";
  return out;
}

}  // namespace genokit::view
