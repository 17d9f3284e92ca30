// Evaluating a built model: one life per evaluation (with body noise when asked), criteria,
// fitness, averaging over evalcount, and the limits that end an evaluation.
#include <chrono>
#include <cmath>

#include "genokit/sim/evaluate.hpp"
#include "sim/evaluate_internal.hpp"
#include "sim/life.hpp"
#include "sim/model_data.hpp"
#include "sim/run_impl.hpp"

namespace genokit::sim {

double fitness(const Criteria& c, const Settings& s) {
  return s.cr_c + s.cr_life * c.lifespan + s.cr_v * c.velocity + s.cr_gl * c.numparts +
         s.cr_joints * c.numjoints + s.cr_nnsiz * c.numneurons + s.cr_nncon * c.numconnections +
         s.cr_di * c.distance + s.cr_vpos * c.vertpos + s.cr_vvel * c.vertvel;
}

std::string_view to_string(EvalStatus s) {
  switch (s) {
    case EvalStatus::ok:
      return "ok";
    case EvalStatus::invalid:
      return "invalid";
    case EvalStatus::unstable:
      return "unstable";
    case EvalStatus::failed:
      return "failed";
  }
  return "?";
}

namespace {

// The model with every part moved by up to bnoise_struct in each coordinate (its own stream of
// the evaluation's seed).
std::optional<Model> with_body_noise(const Model& model, std::uint64_t seed, const BuildOptions& limits,
                                     Diagnostics& diags) {
  f0::Model creature = model.creature();
  std::uint64_t stream = seed ^ 0xBB67AE8584CAA73Bull;
  const double b = model.settings().bnoise_struct;
  for (f0::Part& p : creature.parts) {
    p.pos.x += (2 * uniform01(stream) - 1) * b;
    p.pos.y += (2 * uniform01(stream) - 1) * b;
    p.pos.z += (2 * uniform01(stream) - 1) * b;
  }
  Diagnostics quiet;  // the original model's warnings were reported already
  std::optional<Model> out = build_model(creature, model.settings(), quiet, limits);
  if (!out)
    for (const Diagnostic& d : quiet.items())
      if (d.severity == Severity::error)
        diags.report(d.severity, d.code, "with body noise: " + d.message, d.where);
  return out;
}

}  // namespace

PreparedEvaluation prepare_evaluation(const Model& model, std::uint64_t seed, const EvaluateOptions& opt) {
  PreparedEvaluation p;
  if (model.settings().bnoise_struct > 0) {
    p.noisy = with_body_noise(model, seed, opt.limits, p.notes);
    if (!p.noisy) {
      p.failed = true;
      return p;
    }
  }
  p.network = build_network(p.noisy ? *p.noisy : model, seed);
  return p;
}

OneEvaluation evaluate_once(const Model& model, std::uint64_t seed, const EvaluateOptions& opt,
                            Diagnostics& diags) {
  PreparedEvaluation p = prepare_evaluation(model, seed, opt);
  return run_evaluation(model, p, seed, opt, diags);
}

OneEvaluation run_evaluation(const Model& model, PreparedEvaluation& prepared, std::uint64_t seed,
                             const EvaluateOptions& opt, Diagnostics& diags) {
  OneEvaluation out;
  const auto start = std::chrono::steady_clock::now();
  diags.append(prepared.notes);
  if (prepared.failed) {
    out.status = EvalStatus::failed;
    out.message = "the creature cannot be built with body noise (bnoise_struct)";
    return out;
  }
  const Model& m = prepared.noisy ? *prepared.noisy : model;
  const Settings& s = m.settings();
  Run run = detail::RunMaker::make(m, {seed, true}, std::move(*prepared.network));
  Life life(run, s);
  std::size_t steps = 0;
  Life::Phase phase = run.status() == Status::running ? life.phase() : Life::Phase::broken;
  while (phase == Life::Phase::resting || phase == Life::Phase::living) {
    if (steps++ >= opt.max_steps) {
      out.status = EvalStatus::failed;
      out.message = "the evaluation reached its limit of " + std::to_string(opt.max_steps) + " steps (" +
                    (phase == Life::Phase::resting ? "still coming to rest" : "still alive") + ")";
      diags.warning("sim.step-limit", out.message);
      return out;
    }
    if (opt.max_seconds > 0 && steps % 256 == 0 &&
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > opt.max_seconds) {
      out.status = EvalStatus::failed;
      out.message = "the evaluation reached its time limit of " + std::to_string(opt.max_seconds) + " s";
      diags.warning("sim.time-limit", out.message);
      return out;
    }
    phase = life.step();
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (phase == Life::Phase::broken) {
    out.status = run.status() == Status::unstable ? EvalStatus::unstable : EvalStatus::failed;
    out.message = run.message();
    diags.warning(run.status() == Status::unstable ? "sim.unstable" : "sim.ode-error", out.message);
    return out;
  }
  if (phase == Life::Phase::given_up) {
    out.status = EvalStatus::failed;
    out.message =
        "the creature never came to rest within killnostable (" + std::to_string(s.killnostable) + ") steps";
    diags.warning("sim.never-rested", out.message);
    return out;
  }
  Criteria c = life.performance();
  c.numparts = static_cast<double>(model.part_count());
  c.numjoints = static_cast<double>(model.joint_count());
  c.numneurons = static_cast<double>(model.neuron_count());
  c.numconnections = static_cast<double>(model.connection_count());
  c.fit = fitness(c, s);
  out.criteria = c;
  return out;
}

void combine(GenotypeResult& r, std::span<const OneEvaluation> evals) {
  double seconds = 0;
  for (const OneEvaluation& e : evals) {
    seconds += e.seconds;
    if (e.status != EvalStatus::ok && r.status == EvalStatus::ok) {
      r.status = e.status;
      r.message = e.message;
    }
  }
  r.seconds = evals.empty() ? 0 : seconds / static_cast<double>(evals.size());
  if (r.status != EvalStatus::ok) return;
  Criteria mean;
  const double n = static_cast<double>(evals.size());
  for (const OneEvaluation& e : evals) {
    r.evaluations.push_back(e.criteria);
    const Criteria& c = e.criteria;
    for (auto f : {&Criteria::numparts, &Criteria::numjoints, &Criteria::numneurons,
                   &Criteria::numconnections, &Criteria::lifespan, &Criteria::velocity, &Criteria::distance,
                   &Criteria::vertvel, &Criteria::vertpos, &Criteria::fit})
      mean.*f += c.*f / n;
  }
  double var = 0;
  for (const OneEvaluation& e : evals) var += (e.criteria.fit - mean.fit) * (e.criteria.fit - mean.fit) / n;
  mean.fit_stdev = std::sqrt(var);
  mean.instances = n;
  r.criteria = mean;
}

GenotypeResult evaluate_model(const Model& model, const EvaluateOptions& opt) {
  GenotypeResult r;
  const int count = std::max(1, model.settings().evalcount);
  std::vector<OneEvaluation> evals;
  for (int k = 0; k < count; ++k) {
    evals.push_back(evaluate_once(model, opt.seed + static_cast<std::uint64_t>(k), opt, r.diagnostics));
    if (evals.back().status != EvalStatus::ok) break;
  }
  combine(r, evals);
  return r;
}

}  // namespace genokit::sim
