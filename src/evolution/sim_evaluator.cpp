// The simulator as an evolution Evaluator (genokit/evolution/sim_evaluator.hpp).
#include "genokit/evolution/sim_evaluator.hpp"

#include <array>

namespace genokit::evolution {
namespace {

struct Named {
  std::string_view name;
  double sim::Criteria::*field;
};
constexpr std::array kCriteria{Named{"numparts", &sim::Criteria::numparts},
                               Named{"numjoints", &sim::Criteria::numjoints},
                               Named{"numneurons", &sim::Criteria::numneurons},
                               Named{"numconnections", &sim::Criteria::numconnections},
                               Named{"instances", &sim::Criteria::instances},
                               Named{"lifespan", &sim::Criteria::lifespan},
                               Named{"velocity", &sim::Criteria::velocity},
                               Named{"distance", &sim::Criteria::distance},
                               Named{"vertvel", &sim::Criteria::vertvel},
                               Named{"vertpos", &sim::Criteria::vertpos},
                               Named{"fit", &sim::Criteria::fit},
                               Named{"fit_stdev", &sim::Criteria::fit_stdev}};
constexpr auto kNames = [] {
  std::array<std::string_view, kCriteria.size()> n{};
  for (std::size_t i = 0; i < kCriteria.size(); ++i) n[i] = kCriteria[i].name;
  return n;
}();

}  // namespace

std::span<const std::string_view> sim_criteria() {
  return kNames;
}

std::optional<double> sim_criterion(const sim::Criteria& c, std::string_view name) {
  for (const Named& n : kCriteria)
    if (n.name == name) return c.*(n.field);
  return std::nullopt;
}

Evaluator sim_evaluator(std::shared_ptr<const sim::Settings> settings, sim::EvaluateOptions options) {
  return [settings = std::move(settings), options = std::move(options)](const EvaluateCall& call) {
    sim::EvaluateOptions o = options;
    o.seed = call.seed;
    o.progress = call.progress;
    Diagnostics batch;
    const std::vector<sim::GenotypeResult> r = sim::evaluate(call.genotypes, *settings, batch, o);
    std::string problem;
    for (const Diagnostic& d : batch.items())
      if (d.severity == Severity::error) problem = d.message;
    std::vector<Evaluation> out(call.genotypes.size());
    for (std::size_t i = 0; i < out.size(); ++i) {
      Evaluation& e = out[i];
      if (i >= r.size() || !problem.empty()) {
        e.message = problem.empty() ? "not evaluated" : problem;
        continue;
      }
      if (r[i].status != sim::EvalStatus::ok || !r[i].criteria) {
        e.message =
            std::string(sim::to_string(r[i].status)) + (r[i].message.empty() ? "" : ": " + r[i].message);
        continue;
      }
      e.ok = true;
      for (const std::string& name : call.criteria) {
        const std::optional<double> v = sim_criterion(*r[i].criteria, name);
        if (!v) {
          e.ok = false;
          e.message = "'" + name + "' is not a criterion of the simulator's evaluation";
          break;
        }
        e.values.push_back(*v);
      }
      if (!e.ok) e.values.clear();
    }
    return out;
  };
}

}  // namespace genokit::evolution
