// A run's checkpoint (JSON), log rows (CSV) and Hall of Fame (.gen) (evolution.hpp).
#include <cmath>
#include <nlohmann/json.hpp>

#include "frams/sdk_number.hpp"
#include "genokit/evolution/evolution.hpp"
#include "genokit/frams/document.hpp"

namespace genokit::evolution {
namespace {

using nlohmann::json;

constexpr std::string_view kFormat = "genokit-evolution-checkpoint";

// Numbers that must come back bit for bit: JSON numbers (nlohmann writes the shortest text that
// reads back to the same double); non-finite ones as strings.
json number(double v) {
  if (std::isfinite(v)) return v;
  return std::isnan(v) ? "nan" : v > 0 ? "inf" : "-inf";
}
double number(const json& j) {
  if (j.is_number()) return j.get<double>();
  const std::string s = j.is_string() ? j.get<std::string>() : "nan";
  return s == "inf" ? INFINITY : s == "-inf" ? -INFINITY : NAN;
}
json numbers(const std::vector<double>& v) {
  json a = json::array();
  for (double x : v) a.push_back(number(x));
  return a;
}
std::vector<double> numbers(const json& j) {
  std::vector<double> v;
  for (const json& x : j) v.push_back(number(x));
  return v;
}

json individual(const Individual& i) {
  json j{{"genotype", i.genotype}, {"evaluated", i.evaluated}, {"feasible", i.feasible}};
  if (i.feasible) j["fitness"] = numbers(i.fitness);
  if (!i.note.empty()) j["note"] = i.note;
  return j;
}
Individual individual(const json& j) {
  Individual i;
  i.genotype = j.at("genotype").get<std::string>();
  i.evaluated = j.value("evaluated", false);
  i.feasible = j.value("feasible", false);
  if (j.contains("fitness")) i.fitness = numbers(j.at("fitness"));
  i.note = j.value("note", std::string());
  return i;
}

// The settings a resumed run must share with the run that saved it.
json identity(const Config& c) {
  return json{{"format", c.format},   {"initial", c.initial},       {"criteria", c.criteria},
              {"popsize", c.popsize}, {"tournament", c.tournament}, {"pmut", c.pmut},
              {"pxov", c.pxov},       {"hof_size", c.hof_size},     {"seed", c.seed}};
}

}  // namespace

std::string checkpoint_json(const Config& config, const State& state) {
  json j;
  j["format"] = kFormat;
  j["version"] = 1;
  j["config"] = identity(config);
  j["generations"] = config.generations;
  j["generation"] = state.generation;
  j["evaluations"] = state.evaluations;
  json pop = json::array(), hof = json::array(), log = json::array();
  for (const Individual& i : state.population) pop.push_back(individual(i));
  for (const Individual& i : state.hof) hof.push_back(individual(i));
  for (const GenerationLog& r : state.log)
    log.push_back({{"generation", r.generation},
                   {"evaluations", r.evaluations},
                   {"infeasible", r.infeasible},
                   {"best", numbers(r.best)},
                   {"mean", numbers(r.mean)},
                   {"worst", numbers(r.worst)},
                   {"diversity", number(r.diversity)},
                   {"mutated", r.mutated},
                   {"crossed", r.crossed},
                   {"operator_failures", r.operator_failures}});
  j["population"] = std::move(pop);
  j["hof"] = std::move(hof);
  j["log"] = std::move(log);
  return j.dump(1) + "\n";
}

std::optional<State> read_checkpoint(std::string_view text, const Config& config, Diagnostics& diags) {
  const json j = json::parse(text.begin(), text.end(), nullptr, false);
  if (j.is_discarded() || !j.is_object() || !j.contains("format") || j.at("format") != kFormat) {
    diags.error("evolution.bad-checkpoint", "not a genokit evolution checkpoint (JSON with \"format\": \"" +
                                                std::string(kFormat) + "\")");
    return std::nullopt;
  }
  try {
    const json want = identity(config), have = j.at("config");
    bool same = true;
    for (auto it = want.begin(); it != want.end(); ++it)
      if (!have.contains(it.key()) || have.at(it.key()) != it.value()) {
        diags.error("evolution.checkpoint-mismatch",
                    "the checkpoint was saved by a run with " + it.key() + " = " +
                        (have.contains(it.key()) ? have.at(it.key()).dump() : std::string("(none)")) +
                        ", this run has " + it.value().dump() + "; resume with the same settings");
        same = false;
      }
    if (!same) return std::nullopt;
    State s;
    s.generation = j.at("generation").get<int>();
    s.evaluations = j.at("evaluations").get<std::size_t>();
    for (const json& i : j.at("population")) s.population.push_back(individual(i));
    for (const json& i : j.at("hof")) s.hof.push_back(individual(i));
    for (const json& r : j.at("log")) {
      GenerationLog g;
      g.generation = r.at("generation").get<int>();
      g.evaluations = r.at("evaluations").get<std::size_t>();
      g.infeasible = r.at("infeasible").get<std::size_t>();
      g.best = numbers(r.at("best"));
      g.mean = numbers(r.at("mean"));
      g.worst = numbers(r.at("worst"));
      g.diversity = number(r.at("diversity"));
      g.mutated = r.value("mutated", std::size_t{0});
      g.crossed = r.value("crossed", std::size_t{0});
      g.operator_failures = r.value("operator_failures", std::size_t{0});
      s.log.push_back(std::move(g));
    }
    if (s.population.size() != config.popsize && s.generation >= 0) {
      diags.error("evolution.bad-checkpoint", "the checkpoint's population has " +
                                                  std::to_string(s.population.size()) + " individuals, not " +
                                                  std::to_string(config.popsize));
      return std::nullopt;
    }
    for (const Individual& i : s.population)
      if (i.feasible && i.fitness.size() != config.criteria.size()) {
        diags.error("evolution.bad-checkpoint", "an individual's fitness does not match the criteria");
        return std::nullopt;
      }
    return s;
  } catch (const json::exception& e) {
    diags.error("evolution.bad-checkpoint", std::string("the checkpoint is incomplete: ") + e.what());
    return std::nullopt;
  }
}

std::string log_csv_header(std::span<const std::string> criteria) {
  std::string h = "generation,evaluations,infeasible";
  for (const std::string& c : criteria) h += "," + c + "_best," + c + "_mean," + c + "_worst";
  h += ",diversity,mutated,crossed,operator_failures\n";
  return h;
}

std::string log_csv_row(const GenerationLog& r) {
  auto num = [](double v) { return std::isfinite(v) ? frams::sdk::format_double(v) : std::string(); };
  std::string s =
      std::to_string(r.generation) + "," + std::to_string(r.evaluations) + "," + std::to_string(r.infeasible);
  for (std::size_t k = 0; k < r.best.size(); ++k)
    s += "," + num(r.best[k]) + "," + num(r.mean[k]) + "," + num(r.worst[k]);
  s += "," + num(r.diversity) + "," + std::to_string(r.mutated) + "," + std::to_string(r.crossed) + "," +
       std::to_string(r.operator_failures) + "\n";
  return s;
}

std::string hof_gen(const State& state, std::span<const std::string> criteria) {
  std::string out;
  for (std::size_t i = 0; i < state.hof.size(); ++i) {
    const Individual& h = state.hof[i];
    out += "org:\n";
    auto field = [&](std::string_view k, std::string_view v) {
      out += k;
      out += ':';
      frams::write_canonical_value(k, v, out);
    };
    field("name", "hof" + std::to_string(i + 1));
    field("genotype", h.genotype);
    for (std::size_t k = 0; k < criteria.size() && k < h.fitness.size(); ++k)
      field(criteria[k], frams::sdk::format_double(h.fitness[k]));
    out += '\n';
  }
  return out;
}

}  // namespace genokit::evolution
