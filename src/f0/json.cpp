// The model as JSON and its schema; property names and types come from the tables.
#include "genokit/f0/json.hpp"

#include "f0/json.hpp"
#include "genokit/f0/neuron_classes.hpp"
#include "genokit/f0/properties.hpp"

namespace genokit::f0 {
namespace detail {
namespace {

using json = nlohmann::json;

json vec(const Vec3& v) {
  return json::array({v.x, v.y, v.z});
}
json where(const SourcePos& s) {
  return {{"line", s.line}, {"column", s.column}};
}

json model_json(const Model& m) {
  json j = json::object();
  j["valid"] = m.valid;
  j["shape_type"] = std::string(shape_name(m.shape_type));
  j["se"] = m.se;
  if (!m.vstyle.empty()) j["Vstyle"] = m.vstyle;
  json parts = json::array();
  for (std::size_t i = 0; i < m.parts.size(); ++i) {
    const Part& p = m.parts[i];
    parts.push_back({{"index", i},
                     {"x", p.pos.x},
                     {"y", p.pos.y},
                     {"z", p.pos.z},
                     {"rx", p.rot.x},
                     {"ry", p.rot.y},
                     {"rz", p.rot.z},
                     {"sh", p.sh},
                     {"s", p.s},
                     {"sx", p.scale.x},
                     {"sy", p.scale.y},
                     {"sz", p.scale.z},
                     {"h", p.h},
                     {"dn", p.dn},
                     {"fr", p.fr},
                     {"ing", p.ing},
                     {"as", p.as},
                     {"i", p.info},
                     {"Vstyle", p.vstyle},
                     {"vs", p.vs},
                     {"vr", p.color.x},
                     {"vg", p.color.y},
                     {"vb", p.color.z},
                     {"mass", p.mass},
                     {"orient", {{"x", vec(p.orient.x)}, {"y", vec(p.orient.y)}, {"z", vec(p.orient.z)}}},
                     {"source", where(p.src)}});
  }
  j["parts"] = std::move(parts);
  json joints = json::array();
  for (std::size_t i = 0; i < m.joints.size(); ++i) {
    const Joint& x = m.joints[i];
    json o = {{"index", i},           {"p1", x.p1},           {"p2", x.p2},
              {"delta", x.use_delta}, {"dx", x.d.x},          {"dy", x.d.y},
              {"dz", x.d.z},          {"rx", x.rot.x},        {"ry", x.rot.y},
              {"rz", x.rot.z},        {"length", x.length},   {"sh", x.sh},
              {"stif", x.stif},       {"rotstif", x.rotstif}, {"stam", x.stam},
              {"i", x.info},          {"Vstyle", x.vstyle},   {"vr", x.color.x},
              {"vg", x.color.y},      {"vb", x.color.z},      {"source", where(x.src)}};
    if (x.sh >= 2)
      o["hinge"] = {{"hx", x.hinge_pos.x},  {"hy", x.hinge_pos.y},  {"hz", x.hinge_pos.z},
                    {"hrx", x.hinge_rot.x}, {"hry", x.hinge_rot.y}, {"hrz", x.hinge_rot.z},
                    {"hxn", x.hxn},         {"hxp", x.hxp},         {"hyn", x.hyn},
                    {"hyp", x.hyp}};
    joints.push_back(std::move(o));
  }
  j["joints"] = std::move(joints);
  json neurons = json::array();
  for (std::size_t i = 0; i < m.neurons.size(); ++i) {
    const Neuron& n = m.neurons[i];
    json inputs = json::array();
    for (const auto& in : n.inputs) {
      json o = {{"source", in.source}, {"weight", in.weight}};
      if (!in.info.empty()) o["i"] = in.info;
      inputs.push_back(std::move(o));
    }
    json o = {{"index", i},         {"class", n.class_name},       {"known", n.known_class}, {"p", n.part},
              {"j", n.joint},       {"details", n.details},        {"params", n.params},     {"i", n.info},
              {"Vstyle", n.vstyle}, {"inputs", std::move(inputs)}, {"source", where(n.src)}};
    if (const NeuronClass* c = find_neuron_class(n.class_name)) o["long_name"] = c->long_name;
    neurons.push_back(std::move(o));
  }
  j["neurons"] = std::move(neurons);
  json conns = json::array();
  for (const auto& c : m.connections) {
    json o = {{"n1", c.target}, {"n2", c.source}, {"w", c.weight}, {"source", where(c.src)}};
    if (!c.info.empty()) o["i"] = c.info;
    conns.push_back(std::move(o));
  }
  j["connections"] = std::move(conns);
  return j;
}

json type_of(const PropDef& p) {
  switch (p.type) {
    case 'd':
      return json::array({"integer"});
    case 'f':
      return json::array({"number", "null"});  // null: NaN or infinity
    default:
      return json::array({"string"});
  }
}

json props_schema(std::string_view cls, std::initializer_list<std::pair<const char*, json>> extra) {
  const ClassTable* t = find_table(cls, PropertyOrder::sdk, Joints::hinges);  // any model, hinges too
  json props = json::object();
  for (std::size_t i = 0; i < t->positional; ++i) {
    const PropDef& p = t->props[i];
    if (p.readonly() || is_legacy(p)) continue;
    json s = {{"type", type_of(p)}, {"description", std::string(p.name)}};
    if (p.ranged && p.type == 'd') s["minimum"] = p.min, s["maximum"] = p.max;
    props[std::string(p.id)] = std::move(s);
  }
  for (auto& [k, v] : extra) props[k] = v;
  return {{"type", "object"}, {"properties", props}};
}

}  // namespace

std::string_view shape_name(ShapeType s) {
  switch (s) {
    case ShapeType::illegal:
      return "illegal";
    case ShapeType::ball_and_stick:
      return "ball-and-stick";
    case ShapeType::solids:
      return "solids";
    default:
      return "unknown";
  }
}

json to_json(const Model& m) {
  json j = model_json(m);
  if (!m.checkpoints.empty()) {
    json cks = json::array();
    for (const auto& c : m.checkpoints) cks.push_back(model_json(c));
    j["checkpoints"] = std::move(cks);
  }
  return j;
}

json json_schema() {
  const json axis = {
      {"type", "array"}, {"items", {{"type", {"number", "null"}}}}, {"minItems", 3}, {"maxItems", 3}};
  const json pos = {{"type", "object"},
                    {"properties", {{"line", {{"type", "integer"}}}, {"column", {{"type", "integer"}}}}}};
  json part = props_schema(
      "p", {{"index", {{"type", "integer"}}},
            {"mass", {{"type", "number"}, {"description", "derived: 1 per attached joint"}}},
            {"orient", {{"type", "object"}, {"properties", {{"x", axis}, {"y", axis}, {"z", axis}}}}},
            {"source", pos}});
  json joint = props_schema("j", {{"index", {{"type", "integer"}}},
                                  {"delta", {{"type", "boolean"}}},
                                  {"length", {{"type", {"number", "null"}}}},
                                  {"hinge", {{"type", "object"}}},
                                  {"source", pos}});
  json neuron = props_schema(
      "n", {{"index", {{"type", "integer"}}},
            {"class", {{"type", "string"}}},
            {"long_name", {{"type", "string"}}},
            {"known", {{"type", "boolean"}, {"description", "class is in the SDK r909 library"}}},
            {"params", {{"type", "string"}}},
            {"inputs", {{"type", "array"}}},
            {"source", pos}});
  json conn = props_schema("c", {{"source", pos}});
  json model = {{"type", "object"},
                {"required", {"valid", "shape_type", "parts", "joints", "neurons", "connections"}},
                {"properties",
                 {{"valid", {{"type", "boolean"}}},
                  {"shape_type", {{"enum", {"unknown", "illegal", "ball-and-stick", "solids"}}}},
                  {"se", {{"type", "number"}}},
                  {"Vstyle", {{"type", "string"}}},
                  {"parts", {{"type", "array"}, {"items", part}}},
                  {"joints", {{"type", "array"}, {"items", joint}}},
                  {"neurons", {{"type", "array"}, {"items", neuron}}},
                  {"connections", {{"type", "array"}, {"items", conn}}},
                  {"checkpoints", {{"type", "array"}}}}}};
  model["$schema"] = "https://json-schema.org/draft/2020-12/schema";
  model["title"] = "genokit f0 model";
  return model;
}

}  // namespace detail

std::string to_json(const Model& m) {
  return detail::to_json(m).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string json_schema() {
  return detail::json_schema().dump();
}

}  // namespace genokit::f0
