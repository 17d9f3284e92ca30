// Recording a creature's life (sim::simulate) and writing it as the trajectory file of
// CONTRACTS.md (JSON and CSV).
#include "genokit/sim/trajectory.hpp"

#include <charconv>
#include <cmath>
#include <nlohmann/json.hpp>

#include "sim/criteria_json.hpp"
#include "sim/life.hpp"
#include "sim/model_data.hpp"
#include "sim/settings_table.hpp"

namespace genokit::sim {

Trajectory simulate(const Model& model, Diagnostics& diags, const SimulateOptions& opt) {
  Trajectory t;
  t.sample_every = opt.sample_every;
  Run run(model, {opt.seed, true});
  Life life(run, model.settings());
  bool measured = life.measuring();
  if (run.status() == Status::running) t.samples.push_back(run.sample());
  for (std::size_t i = 0; i < opt.steps && run.status() == Status::running; ++i) {
    const Life::Phase phase = life.step();
    if (phase == Life::Phase::broken) break;  // an unstable state is not a sample
    measured = measured || life.measuring();
    const bool last = i + 1 == opt.steps || phase == Life::Phase::dead || phase == Life::Phase::given_up;
    if (last || (opt.sample_every && run.steps() % opt.sample_every == 0)) t.samples.push_back(run.sample());
    if (phase == Life::Phase::dead) {
      t.died = true;
      t.message = "the creature's energy ran out at step " + std::to_string(run.steps());
      break;
    }
    if (phase == Life::Phase::given_up) {
      t.message = "the creature never came to rest within killnostable steps";
      break;
    }
  }
  t.status = run.status();
  if (t.status != Status::running) {
    t.message = run.message();
    diags.warning(t.status == Status::unstable ? "sim.unstable" : "sim.ode-error", t.message);
  }
  if (measured) {
    Criteria c = life.performance();
    c.numparts = static_cast<double>(model.part_count());
    c.numjoints = static_cast<double>(model.joint_count());
    c.numneurons = static_cast<double>(model.neuron_count());
    c.numconnections = static_cast<double>(model.connection_count());
    c.fit = fitness(c, model.settings());
    t.criteria = c;
  }
  return t;
}

namespace {

// Appends a number (shortest round-trip form; null when not finite).
void num(std::string& out, double v) {
  if (!std::isfinite(v)) {
    out += "null";
    return;
  }
  char buf[32];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

template <class F>
void array(std::string& out, std::string_view key, std::size_t n, F&& each) {
  out += '"';
  out += key;
  out += "\":[";
  for (std::size_t i = 0; i < n; ++i) {
    if (i) out += ',';
    each(i);
  }
  out += ']';
}

nlohmann::json settings_json(const Settings& s) {
  nlohmann::json j = nlohmann::json::object();
  for (const detail::SettingRow& r : detail::setting_rows()) {
    const std::string id(r.info.prop.id);
    if (r.slot.f) j[id] = s.*r.slot.f;
    if (r.slot.d) j[id] = s.*r.slot.d;
    if (r.slot.s) j[id] = s.*r.slot.s;
  }
  return j;
}

nlohmann::json world_json(const Model::Data& m) {
  const Settings& s = m.settings;
  nlohmann::json w = {
      {"size", s.wrldsiz}, {"type", s.wrldtyp}, {"water_level", s.wrldwat}, {"boundaries", s.wrldbnd}};
  if (m.terrain.type == 2)
    w["heightfield"] = {{"nx", m.terrain.nx}, {"ny", m.terrain.ny}, {"heights", m.terrain.h}};
  if (m.terrain.type == 1) w["blocks"] = m.terrain.block_rects();
  return w;
}

nlohmann::json color(const f0::Vec3& c) {
  return {c.x, c.y, c.z};
}

nlohmann::json body_json(const Model::Data& m) {
  const f0::Model& c = *m.creature;
  nlohmann::json parts = nlohmann::json::array(), sticks = nlohmann::json::array(),
                 neurons = nlohmann::json::array(), muscles = nlohmann::json::array();
  for (std::size_t i = 0; i < c.parts.size(); ++i)
    parts.push_back(
        {{"index", i}, {"fr", c.parts[i].fr}, {"dn", c.parts[i].dn}, {"color", color(c.parts[i].color)}});
  for (int j : m.stick_joint) {
    const f0::Joint& jt = c.joints[static_cast<std::size_t>(j)];
    sticks.push_back({{"joint", j}, {"p1", jt.p1}, {"p2", jt.p2}, {"color", color(jt.color)}});
  }
  for (std::size_t i = 0; i < c.neurons.size(); ++i) {
    const f0::Neuron& n = c.neurons[i];
    neurons.push_back(
        {{"index", i}, {"class", n.class_name}, {"part", n.part}, {"joint", n.joint}, {"label", n.details}});
  }
  for (const MuscleDef& mu : m.muscles)
    muscles.push_back({{"neuron", mu.neuron},
                       {"joint", mu.joint},
                       {"kind", mu.kind == MuscleDef::Kind::bend ? "bend" : "twist"}});
  return {{"radius", m.settings.gk_stickradius},
          {"parts", parts},
          {"sticks", sticks},
          {"neurons", neurons},
          {"muscles", muscles}};
}

// A JSON member "key":value from nlohmann (invalid UTF-8 replaced).
void member(std::string& out, std::string_view key, const nlohmann::json& v) {
  out += '"';
  out += key;
  out += "\":";
  out += v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

std::string trajectory_json(const Model& model, const Trajectory& t, const TrajectorySource& src) {
  const Model::Data& m = model.data();
  const auto& S = t.samples;
  const std::size_t N = S.size();
  std::string out = "{\"format\":\"genokit-trajectory\",\"version\":1,";
  member(out, "source",
         {{"file", src.file}, {"name", src.name}, {"encoding", src.encoding}, {"genotype", src.genotype}});
  out += ',';
  member(out, "settings", settings_json(m.settings));
  out += ',';
  member(out, "world", world_json(m));
  out += ',';
  member(out, "body", body_json(m));
  out += ",\"dt\":";
  num(out, m.settings.odestep);
  out += ",\"sample_every\":" + std::to_string(t.sample_every) +
         ",\"samples\":{\"count\":" + std::to_string(N) + ',';
  array(out, "step", N, [&](std::size_t i) { out += std::to_string(S[i].step); });
  out += ',';
  array(out, "time", N, [&](std::size_t i) { num(out, S[i].time); });
  out += ',';
  array(out, "com", 3 * N, [&](std::size_t k) {
    const f0::Vec3& c = S[k / 3].center_of_mass;
    num(out, k % 3 == 0 ? c.x : k % 3 == 1 ? c.y : c.z);
  });
  const std::size_t P = m.parts.size(), Nn = N ? S[0].neurons.size() : 0, M = m.muscles.size();
  out += ',';
  array(out, "parts", 3 * P * N, [&](std::size_t k) {
    const f0::Vec3& p = S[k / (3 * P)].parts[(k / 3) % P];
    num(out, k % 3 == 0 ? p.x : k % 3 == 1 ? p.y : p.z);
  });
  out += ',';
  array(out, "orientations", 4 * P * N,
        [&](std::size_t k) { num(out, S[k / (4 * P)].orientations[(k / 4) % P][k % 4]); });
  out += ',';
  array(out, "neurons", Nn * N, [&](std::size_t k) {
    const auto& v = S[k / Nn].neurons;
    num(out, k % Nn < v.size() ? v[k % Nn] : 0);
  });
  out += ',';
  array(out, "muscles", M * N, [&](std::size_t k) { num(out, S[k / M].muscles[k % M]); });
  out += "},\"status\":\"";
  out += t.status == Status::running ? "ok" : std::string(to_string(t.status));
  out += "\",";
  member(out, "message", t.message);
  if (t.criteria) {
    out += ',';
    member(out, "criteria", criteria_json(*t.criteria));
  }
  out += "}\n";
  return out;
}

std::string trajectory_csv(const Model& model, const Trajectory& t) {
  const Model::Data& m = model.data();
  const std::size_t P = m.parts.size(), M = m.muscles.size();
  const std::size_t Nn = t.samples.empty() ? 0 : t.samples[0].neurons.size();
  std::string out = "step,time,com_x,com_y,com_z";
  for (std::size_t p = 0; p < P; ++p) {
    const std::string s = std::to_string(p);
    out += ",p" + s + "_x,p" + s + "_y,p" + s + "_z";
  }
  for (std::size_t n = 0; n < Nn; ++n) out += ",n" + std::to_string(n);
  for (std::size_t k = 0; k < M; ++k) out += ",m" + std::to_string(k);
  out += '\n';
  auto cell = [&](double v) {
    out += ',';
    if (std::isfinite(v)) num(out, v);  // an empty cell for a non-finite value
  };
  for (const Sample& s : t.samples) {
    out += std::to_string(s.step);
    cell(s.time);
    cell(s.center_of_mass.x), cell(s.center_of_mass.y), cell(s.center_of_mass.z);
    for (const f0::Vec3& p : s.parts) cell(p.x), cell(p.y), cell(p.z);
    for (std::size_t n = 0; n < Nn; ++n) cell(n < s.neurons.size() ? s.neurons[n] : 0);
    for (double v : s.muscles) cell(v);
    out += '\n';
  }
  return out;
}

}  // namespace genokit::sim
