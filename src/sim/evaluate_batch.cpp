// Evaluating genotype texts: each is read through the genotype door and built once, then every
// (genotype, evaluation) pair runs as its own task on the worker threads, so one genotype's
// evalcount lives spread over the cores too. Results do not depend on the number of threads.
#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>

#include "genokit/core/parallel.hpp"
#include "genokit/genotype/read.hpp"
#include "genokit/sim/evaluate.hpp"
#include "sim/evaluate_internal.hpp"

namespace genokit::sim {
namespace {

// Genotypes prepared at once: bounds the memory of models waiting for their evaluations.
constexpr std::size_t kBlock = 4096;

std::string first_error(const Diagnostics& d, std::string_view fallback) {
  for (const Diagnostic& x : d.items())
    if (x.severity == Severity::error) return x.message;
  return std::string(fallback);
}

// Reads and builds one genotype; std::nullopt (with r's status, message, diagnostics) when it
// cannot be evaluated.
std::optional<Model> prepare(std::string_view text, const Settings& settings, const EvaluateOptions& opt,
                             GenotypeResult& r) {
  genotype::ReadOptions ro;
  ro.format = opt.format;
  ro.bare = genotype::Bare::f1;  // framspy's genotypes are f1 unless they have a header
  ro.lint = false;               // the SDK's own checks only
  std::optional<genotype::Genotype> g = genotype::read(text, r.diagnostics, ro);
  r.status = EvalStatus::invalid;
  if (!g) {
    r.message = first_error(r.diagnostics, "the genotype cannot be read");
    return std::nullopt;
  }
  if (!g->model.valid) {
    r.message = first_error(r.diagnostics, "the genotype is not valid");
    if (!r.diagnostics.has_errors()) r.diagnostics.error("sim.invalid-genotype", r.message);
    return std::nullopt;
  }
  std::optional<Model> m = build_model(g->model, settings, r.diagnostics, opt.limits);
  if (!m) {
    r.message = first_error(r.diagnostics, "the creature cannot be built");
    return std::nullopt;
  }
  r.status = EvalStatus::ok;
  return m;
}

}  // namespace

GenotypeResult evaluate_genotype(std::string_view genotype, const Settings& settings, Diagnostics& diags,
                                 const EvaluateOptions& opt) {
  std::string text(genotype);
  Diagnostics batch;
  std::vector<GenotypeResult> r = evaluate(std::span<const std::string>(&text, 1), settings, batch, opt);
  diags.append(batch);
  diags.append(r[0].diagnostics);
  return std::move(r[0]);
}

std::vector<GenotypeResult> evaluate(std::span<const std::string> genotypes, const Settings& settings,
                                     Diagnostics& diags, const EvaluateOptions& opt) {
  std::vector<GenotypeResult> results(genotypes.size());
  if (!check_settings(settings, diags)) {
    for (GenotypeResult& r : results) {
      r.status = EvalStatus::failed;
      r.message = "the settings cannot be simulated";
    }
    return results;
  }
  const std::size_t count = static_cast<std::size_t>(std::max(1, settings.evalcount));
  std::mutex progress_lock;
  std::size_t done = 0;
  for (std::size_t first = 0; first < genotypes.size(); first += kBlock) {
    const std::size_t n = std::min(kBlock, genotypes.size() - first);
    std::vector<std::optional<Model>> models(n);
    parallel_for(n, opt.jobs, [&](std::size_t i) {
      models[i] = prepare(genotypes[first + i], settings, opt, results[first + i]);
    });
    // Every evaluation of every buildable genotype is a task; a genotype is finished when its
    // last evaluation is.
    std::vector<std::pair<std::size_t, std::size_t>> tasks;
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t k = 0; models[i] && k < count; ++k) tasks.emplace_back(i, k);
    std::vector<OneEvaluation> evals(n * count);
    std::vector<Diagnostics> notes(n * count);
    std::vector<std::atomic<std::size_t>> left(n);
    for (std::size_t i = 0; i < n; ++i) left[i] = models[i] ? count : 0;
    auto finished = [&] {
      if (!opt.progress) return;
      std::lock_guard lock(progress_lock);
      opt.progress(++done, genotypes.size());
    };
    for (std::size_t i = 0; i < n; ++i)
      if (!models[i]) finished();
    const unsigned workers = opt.jobs ? opt.jobs : std::max(1u, std::thread::hardware_concurrency());
    bool done_in_processes = false;
    const bool iterative = std::any_of(
        models.begin(), models.end(), [](const std::optional<Model>& m) { return m && !m->exact_stepper(); });
    if (opt.processes && workers > 1 && iterative && tasks.size() > 1) {
      // Bodies with noise and networks are built here, where taking the class registry's lock is
      // safe; the workers only simulate.
      std::vector<PreparedEvaluation> prepared(tasks.size());
      parallel_for(tasks.size(), opt.jobs, [&](std::size_t t) {
        prepared[t] = prepare_evaluation(*models[tasks[t].first], opt.seed + tasks[t].second, opt);
      });
      std::vector<OneEvaluation> by_task;
      std::vector<Diagnostics> notes_by_task;
      done_in_processes = run_in_processes(
          tasks.size(), workers,
          [&](std::size_t t, Diagnostics& d) {
            return run_evaluation(*models[tasks[t].first], prepared[t], opt.seed + tasks[t].second, opt, d);
          },
          by_task, notes_by_task,
          [&](std::size_t t) {
            if (left[tasks[t].first].fetch_sub(1) == 1) finished();
          });
      if (done_in_processes)
        for (std::size_t t = 0; t < tasks.size(); ++t) {
          const auto [i, k] = tasks[t];
          evals[i * count + k] = std::move(by_task[t]);
          notes[i * count + k] = std::move(notes_by_task[t]);
        }
    }
    if (!done_in_processes)
      parallel_for(tasks.size(), opt.jobs, [&](std::size_t t) {
        const auto [i, k] = tasks[t];
        evals[i * count + k] = evaluate_once(*models[i], opt.seed + k, opt, notes[i * count + k]);
        if (left[i].fetch_sub(1) == 1) finished();
      });
    for (std::size_t i = 0; i < n; ++i) {
      if (!models[i]) continue;
      GenotypeResult& r = results[first + i];
      // Evaluations after a failed one do not count (evaluate_model stops there too).
      std::size_t used = 0;
      while (used < count && evals[i * count + used].status == EvalStatus::ok) ++used;
      used = std::min(count, used + 1);
      for (std::size_t k = 0; k < used; ++k) r.diagnostics.append(notes[i * count + k]);
      combine(r, std::span<const OneEvaluation>(evals.data() + i * count, used));
    }
  }
  return results;
}

}  // namespace genokit::sim
