// A trajectory file (format genokit-trajectory, version 1; CONTRACTS.md) -> page data, checked
// field by field so that a damaged file gives a positioned error instead of a broken page.
#include <cfloat>
#include <cmath>
#include <limits>
#include <string>

#include "genokit/view/read.hpp"
#include "view/json_read.hpp"

namespace genokit::view {

namespace {

using Json = nlohmann::ordered_json;

enum class Kind { object, array, number, integer, string };

const char* kind_name(Kind k) {
  switch (k) {
    case Kind::object:
      return "an object";
    case Kind::array:
      return "an array";
    case Kind::number:
      return "a number";
    case Kind::integer:
      return "an integer";
    case Kind::string:
      return "a string";
  }
  return "";
}

bool is(const Json& j, Kind k) {
  switch (k) {
    case Kind::object:
      return j.is_object();
    case Kind::array:
      return j.is_array();
    case Kind::number:
      return j.is_number();
    case Kind::integer:
      return j.is_number_integer() ||
             (j.is_number_float() && std::floor(j.get<double>()) == j.get<double>() &&
              std::abs(j.get<double>()) < 9e15);
    case Kind::string:
      return j.is_string();
  }
  return false;
}

class Reader {
 public:
  Reader(std::string_view text, const detail::JsonRead& r, const std::string& file, Diagnostics& diags)
      : r_(r), file_(file), diags_(diags), lines_(text) {}

  bool ok() const { return errors_ == 0; }

  Location at(std::string path) const {
    for (;;) {
      if (auto it = r_.offsets.find(path); it != r_.offsets.end()) {
        Location loc = lines_.locate(it->second);
        loc.file = file_;
        return loc;
      }
      if (path.empty()) return Location{file_, 0, 0, -1};
      path.erase(path.rfind('/'));
    }
  }
  void error(const std::string& path, const std::string& code, const std::string& msg) {
    ++errors_;
    diags_.error(code, msg, at(path));
  }
  void warning(const std::string& path, const std::string& code, const std::string& msg) {
    diags_.warning(code, msg, at(path));
  }

  // The member `key` of the object at `path` when it has the kind; else nullptr (with an error
  // when it is there with another kind, or missing and required).
  const Json* member(const Json& obj, const std::string& path, const char* key, Kind kind, bool required) {
    const std::string p = path + "/" + key;
    auto it = obj.find(key);
    if (it == obj.end() || (it->is_null() && !required)) {
      if (required)
        error(path, "view.missing-field",
              detail::json_path_name(path) + " has no \"" + key + "\" (" + kind_name(kind) + ")");
      return nullptr;
    }
    if (!is(*it, kind)) {
      error(p, "view.wrong-type", detail::json_path_name(p) + " must be " + kind_name(kind));
      return nullptr;
    }
    return &*it;
  }
  double number(const Json& obj, const std::string& path, const char* key, double fallback,
                bool required = false) {
    const Json* j = member(obj, path, key, Kind::number, required);
    return j ? j->get<double>() : fallback;
  }
  long long integer(const Json& obj, const std::string& path, const char* key, long long fallback,
                    bool required = false) {
    const Json* j = member(obj, path, key, Kind::integer, required);
    return j ? static_cast<long long>(j->get<double>()) : fallback;
  }
  std::string string(const Json& obj, const std::string& path, const char* key) {
    const Json* j = member(obj, path, key, Kind::string, false);
    return j ? j->get<std::string>() : std::string();
  }
  Rgb color(const Json& obj, const std::string& path) {
    Rgb c{1, 1, 1};
    const Json* j = member(obj, path, "color", Kind::array, false);
    if (!j) return c;
    if (j->size() != 3 || !(*j)[0].is_number() || !(*j)[1].is_number() || !(*j)[2].is_number()) {
      error(path + "/color", "view.wrong-type",
            detail::json_path_name(path + "/color") + " must be [r, g, b] (numbers 0..1)");
      return c;
    }
    for (std::size_t k = 0; k < 3; ++k) c[k] = std::min(1.0, std::max(0.0, (*j)[k].get<double>()));
    return c;
  }
  // An index member that must lie in [0, n).
  int index(const Json& obj, const std::string& path, const char* key, std::size_t n, const char* of,
            bool required, int fallback = -1) {
    long long v = integer(obj, path, key, fallback, required);
    if (!obj.contains(key) || !is(obj[key], Kind::integer)) return fallback;
    if (v == -1 && !required) return -1;  // -1: none (a neuron on no part, ...)
    if (v < 0 || static_cast<std::size_t>(v) >= n) {
      error(path + "/" + key, "view.bad-index",
            detail::json_path_name(path + "/" + key) + " is " + std::to_string(v) + ", but there " +
                (n == 1 ? "is " : "are ") + std::to_string(n) + " " + of);
      return fallback;
    }
    return static_cast<int>(v);
  }

  // A captured samples array, checked for its length and finite float32 values.
  // An empty array stands for "not recorded" when `may_be_empty`. null (NaN) is kept: the caller
  // decides what a missing value means.
  bool series(const std::string& key, std::size_t cols, std::size_t count, Series& out, bool required,
              const std::string& what, bool may_be_empty = false) {
    const std::string p = "/samples/" + key;
    auto it = r_.numbers.find(p);
    if (it == r_.numbers.end()) {
      const Json& samples = *r_.root.find("samples");
      if (samples.contains(key) && !samples[key].is_array())
        error(p, "view.wrong-type", detail::json_path_name(p) + " must be an array of numbers");
      else if (required && cols > 0)
        error("/samples", "view.missing-field", "samples has no \"" + key + "\" (" + what + ")");
      return false;
    }
    const std::vector<double>& v = it->second;
    if (v.empty() && may_be_empty) return false;
    if (v.size() != cols * count) {
      error(p, "view.bad-length",
            detail::json_path_name(p) + " holds " + std::to_string(v.size()) + " numbers; " + what + " for " +
                std::to_string(count) + " samples make " + std::to_string(cols * count));
      return false;
    }
    out.cols = cols;
    out.values.resize(v.size());
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (std::isnan(v[i])) {
        out.values[i] = std::numeric_limits<float>::quiet_NaN();
        continue;
      }
      if (!std::isfinite(v[i]) || std::abs(v[i]) > FLT_MAX) {
        error(p, "view.bad-value",
              detail::json_path_name(p) + "[" + std::to_string(i) + "] is not a finite number");
        return false;
      }
      out.values[i] = static_cast<float>(v[i]);
    }
    return true;
  }

 private:
  const detail::JsonRead& r_;
  std::string file_;
  Diagnostics& diags_;
  LineIndex lines_;
  std::size_t errors_ = 0;
};

void read_world(Reader& rd, const Json& w, Scene& sc, const detail::JsonRead& r) {
  World world;
  const std::string p = "/world";
  world.size = rd.number(w, p, "size", 20);
  if (!(world.size > 0)) rd.error(p + "/size", "view.bad-value", "world.size must be positive");
  world.type = static_cast<int>(rd.integer(w, p, "type", 0));
  if (world.type < 0 || world.type > 2)
    rd.error(p + "/type", "view.bad-value", "world.type must be 0, 1 or 2");
  world.water_level = rd.number(w, p, "water_level", -1);
  world.boundaries = static_cast<int>(rd.integer(w, p, "boundaries", 0));
  if (world.type == 2) {
    if (const Json* hf = rd.member(w, p, "heightfield", Kind::object, true)) {
      const std::string hp = p + "/heightfield";
      long long nx = rd.integer(*hf, hp, "nx", 0, true), ny = rd.integer(*hf, hp, "ny", 0, true);
      auto it = r.numbers.find(hp + "/heights");
      if (nx < 1 || ny < 1 || nx > 100000 || ny > 100000 || nx * ny > 16'000'000) {
        rd.error(hp, "view.bad-value",
                 "world.heightfield needs nx and ny between 1 and 100000 (at most 16 million heights)");
      } else if (it == r.numbers.end()) {
        rd.error(hp, "view.missing-field", "world.heightfield has no \"heights\" (an array of numbers)");
      } else if (it->second.size() != static_cast<std::size_t>(nx * ny)) {
        rd.error(hp + "/heights", "view.bad-length",
                 "world.heightfield.heights holds " + std::to_string(it->second.size()) +
                     " numbers; nx x ny = " + std::to_string(nx * ny));
      } else {
        world.nx = static_cast<std::size_t>(nx);
        world.ny = static_cast<std::size_t>(ny);
        world.heights = it->second;
      }
    }
  }
  if (const Json* blocks = rd.member(w, p, "blocks", Kind::array, false)) {
    for (std::size_t i = 0; i < blocks->size(); ++i) {
      const Json& b = (*blocks)[i];
      const std::string bp = p + "/blocks/" + std::to_string(i);
      bool good = b.is_array() && b.size() == 5;
      for (std::size_t k = 0; good && k < 5; ++k)
        good = b[k].is_number() && std::isfinite(b[k].get<double>());
      if (!good) {
        rd.error(bp, "view.wrong-type",
                 "world.blocks[" + std::to_string(i) + "] must be [x0, y0, x1, y1, h]");
        continue;
      }
      world.blocks.push_back({b[0].get<double>(), b[1].get<double>(), b[2].get<double>(), b[3].get<double>(),
                              b[4].get<double>()});
    }
  }
  sc.world = std::move(world);
}

// Calls fn(object, its path, its index) for each element of the array body.<key>; an element that
// is not an object is an error.
template <class Fn>
void each_object(Reader& rd, const Json& body, const char* key, bool required, Fn fn) {
  const std::string path = std::string("/body/") + key;
  const Json* list = rd.member(body, "/body", key, Kind::array, required);
  for (std::size_t i = 0; list && i < list->size(); ++i) {
    const std::string ip = path + "/" + std::to_string(i);
    if (!(*list)[i].is_object())
      rd.error(ip, "view.wrong-type", detail::json_path_name(ip) + " must be an object");
    else
      fn((*list)[i], ip, i);
  }
}

void read_body(Reader& rd, const Json& body, Creature& c) {
  const std::string p = "/body";
  c.radius = rd.number(body, p, "radius", 0.1);
  if (!(c.radius > 0) || !std::isfinite(c.radius)) {
    rd.error(p + "/radius", "view.bad-value", "body.radius must be a positive number");
    c.radius = 0.1;
  }
  each_object(rd, body, "parts", true, [&](const Json& j, const std::string& pp, std::size_t) {
    Part part;
    part.fr = rd.number(j, pp, "fr", 0.4);
    part.dn = rd.number(j, pp, "dn", 1);
    part.color = rd.color(j, pp);
    c.parts.push_back(part);
  });
  const std::size_t P = c.parts.size();
  each_object(rd, body, "sticks", false, [&](const Json& j, const std::string& sp, std::size_t) {
    Stick s;
    s.p1 = rd.index(j, sp, "p1", P, "parts", true);
    s.p2 = rd.index(j, sp, "p2", P, "parts", true);
    s.joint = static_cast<int>(rd.integer(j, sp, "joint", -1));
    s.color = rd.color(j, sp);
    for (auto [key, field] : {std::pair{"stif", &s.stif}, {"rotstif", &s.rotstif}, {"stam", &s.stam}})
      if (const Json* v = rd.member(j, sp, key, Kind::number, false)) *field = v->get<double>();
    if (s.p1 >= 0 && s.p2 >= 0) c.sticks.push_back(s);
  });
  each_object(rd, body, "neurons", false, [&](const Json& j, const std::string& np, std::size_t) {
    Neuron n;
    n.class_name = rd.string(j, np, "class");
    n.label = rd.string(j, np, "label");
    if (n.label.empty()) n.label = n.class_name;
    n.part = rd.index(j, np, "part", P, "parts", false);
    n.joint = static_cast<int>(rd.integer(j, np, "joint", -1));
    c.neurons.push_back(std::move(n));
  });
  each_object(rd, body, "muscles", false, [&](const Json& j, const std::string& mp, std::size_t i) {
    Muscle m;
    m.neuron = rd.index(j, mp, "neuron", c.neurons.size(), "neurons", false);
    m.joint = static_cast<int>(rd.integer(j, mp, "joint", -1, true));
    const std::string kind = rd.string(j, mp, "kind");
    if (kind != "bend" && kind != "twist")
      rd.error(mp + "/kind", "view.bad-value",
               "body.muscles[" + std::to_string(i) + "].kind must be \"bend\" or \"twist\"");
    m.twist = kind == "twist";
    for (std::size_t s = 0; s < c.sticks.size(); ++s)
      if (c.sticks[s].joint == m.joint && m.joint >= 0) m.stick = static_cast<int>(s);
    if (m.stick < 0)
      rd.warning(mp, "view.muscle-without-stick",
                 "body.muscles[" + std::to_string(i) + "] acts on joint " + std::to_string(m.joint) +
                     ", which is no stick of the body: it is not drawn");
    c.muscles.push_back(m);
  });
}

bool has_nan(const Series& s, std::size_t row) {
  for (std::size_t k = 0; k < s.cols; ++k)
    if (std::isnan(s.values[row * s.cols + k])) return true;
  return false;
}

// Positions written as null (non-finite in the simulation) cannot be drawn: the frames stop before
// the first sample that has one (the contract's writer never records such a sample; other writers
// may). Neuron outputs and muscle signals written as null stay gaps in the plot.
bool keep_finite_positions(Reader& rd, Scene& sc) {
  Frames& f = sc.frames;
  std::size_t good = 0;
  while (good < f.count && !has_nan(f.com, good) && !has_nan(f.parts, good) && !has_nan(f.time, good) &&
         !has_nan(f.step, good))
    ++good;
  if (good == f.count) return true;
  if (good == 0) {
    rd.error("/samples", "view.bad-value",
             "the first sample has no position (null in samples.com or samples.parts)");
    return false;
  }
  rd.warning("/samples", "view.non-finite-samples",
             "sample " + std::to_string(good) + " has no position (null); the page shows the " +
                 std::to_string(good) + " samples before it");
  for (Series* s : {&f.step, &f.time, &f.com, &f.parts, &f.neurons, &f.muscles})
    s->values.resize(good * s->cols);
  f.count = good;
  sc.notes.push_back("The run is shown up to sample " + std::to_string(good) +
                     ": the samples after it hold positions that are not numbers.");
  return true;
}

}  // namespace

std::optional<Page> read_trajectory(std::string_view text, Diagnostics& diags, const TrajectoryOptions& opt) {
  static const std::set<std::string> capture = {
      "/samples/step",         "/samples/time",    "/samples/com",     "/samples/parts",
      "/samples/orientations", "/samples/neurons", "/samples/muscles", "/world/heightfield/heights"};
  auto r = detail::read_json(text, capture, opt.file, diags);
  if (!r) return std::nullopt;
  Reader rd(text, *r, opt.file, diags);
  const Json& root = r->root;
  if (!root.is_object()) {
    rd.error("", "view.not-trajectory", "a trajectory file is one JSON object");
    return std::nullopt;
  }
  const Json* format = rd.member(root, "", "format", Kind::string, true);
  if (!format) return std::nullopt;
  if (format->get<std::string>() != "genokit-trajectory") {
    rd.error("/format", "view.not-trajectory",
             "format is \"" + format->get<std::string>() +
                 "\", not \"genokit-trajectory\" (a file written by genokit simulate)");
    return std::nullopt;
  }
  const long long version = rd.integer(root, "", "version", 0, true);
  if (rd.ok() && version != 1) {
    rd.error(
        "/version", "view.bad-version",
        "trajectory version " + std::to_string(version) + " is not supported (this genokit reads version 1)");
    return std::nullopt;
  }

  Scene sc;
  if (const Json* src = rd.member(root, "", "source", Kind::object, false)) {
    sc.source.file = rd.string(*src, "/source", "file");
    sc.source.name = rd.string(*src, "/source", "name");
    sc.source.encoding = rd.string(*src, "/source", "encoding");
    sc.source.genotype = rd.string(*src, "/source", "genotype");
  }
  if (const Json* st = rd.member(root, "", "settings", Kind::object, false))
    for (const auto& [k, v] : st->items())
      sc.settings.emplace_back(k, v.is_string() ? v.get<std::string>() : v.dump());
  if (const Json* w = rd.member(root, "", "world", Kind::object, false)) read_world(rd, *w, sc, *r);
  Creature c;
  if (const Json* body = rd.member(root, "", "body", Kind::object, true)) read_body(rd, *body, c);
  sc.dt = rd.number(root, "", "dt", 0, true);
  if (root.contains("dt") && !(sc.dt > 0))
    rd.error("/dt", "view.bad-value", "dt must be a positive number of seconds");
  const long long every = rd.integer(root, "", "sample_every", 1);
  sc.status = root.contains("status") ? rd.string(root, "", "status") : "ok";
  if (sc.status != "ok" && sc.status != "unstable" && sc.status != "failed")
    rd.warning("/status", "view.bad-value", "status \"" + sc.status + "\" is none of ok, unstable, failed");
  sc.message = rd.string(root, "", "message");
  if (const Json* crit = rd.member(root, "", "criteria", Kind::object, false))
    for (const auto& [k, v] : crit->items()) {
      if (v.is_number())
        sc.criteria.emplace_back(k, v.get<double>());
      else
        sc.info.emplace_back("criterion " + k, v.is_string() ? v.get<std::string>() : v.dump());
    }

  const Json* samples = rd.member(root, "", "samples", Kind::object, true);
  if (!samples || !rd.ok()) return std::nullopt;
  const long long count = rd.integer(*samples, "/samples", "count", 0, true);
  if (!rd.ok()) return std::nullopt;
  if (count < 1 || count > 100'000'000) {
    rd.error("/samples/count", "view.bad-value", "samples.count must be at least 1");
    return std::nullopt;
  }
  const auto N = static_cast<std::size_t>(count);
  const std::size_t P = c.parts.size(), Nn = c.neurons.size(), M = c.muscles.size();
  Frames& f = sc.frames;
  f.count = N;
  const std::string parts_what = "3 x " + std::to_string(P) + " parts";
  rd.series("step", 1, N, f.step, true, "one step number");
  rd.series("time", 1, N, f.time, true, "one time");
  rd.series("com", 3, N, f.com, true, "x, y, z");
  rd.series("parts", 3 * P, N, f.parts, true, parts_what);
  Series orientations;  // checked, not drawn (ball-and-stick bodies need none)
  rd.series("orientations", 4 * P, N, orientations, false, "4 x " + std::to_string(P) + " parts");
  rd.series("neurons", Nn, N, f.neurons, true, std::to_string(Nn) + " neurons", true);
  rd.series("muscles", M, N, f.muscles, true, std::to_string(M) + " muscles", true);
  if (!rd.ok()) return std::nullopt;
  if (!keep_finite_positions(rd, sc)) return std::nullopt;

  sc.name = !sc.source.name.empty() ? sc.source.name : opt.file;
  sc.z_up = true;
  if (!sc.world) {
    Geom ground;
    ground.shape = "plane";
    ground.params = {0, 0, 1, 0};
    sc.statics.push_back(ground);
  }
  sc.info.insert(sc.info.begin(), {{"parts", std::to_string(P)},
                                   {"sticks", std::to_string(c.sticks.size())},
                                   {"neurons", std::to_string(Nn)},
                                   {"muscles", std::to_string(M)},
                                   {"encoding", sc.source.encoding.empty() ? "?" : sc.source.encoding},
                                   {"samples", std::to_string(N)},
                                   {"a sample every", std::to_string(every) + " steps"}});
  sc.creature = std::move(c);
  Page page;
  page.title = sc.name.empty() ? "trajectory" : sc.name;
  page.scenes.push_back(std::move(sc));
  return page;
}

}  // namespace genokit::view
