// Dissimilarity matrices: every creature prepared once (read, described, aligned) on every core,
// then every pair i < j measured on every core and mirrored. Each pair is computed alone from
// immutable inputs, so the matrix is the same on any number of threads.
#include <atomic>
#include <cmath>
#include <limits>
#include <string>

#include "genokit/core/parallel.hpp"
#include "genokit/genotype/file.hpp"
#include "genokit/similarity/dissimilarity.hpp"
#include "similarity/prepare.hpp"

namespace genokit::similarity {
namespace {

using detail::Body;

Matrix unmeasured(std::size_t n) {
  Matrix m;
  m.size = n;
  m.values.assign(n * n, std::numeric_limits<double>::quiet_NaN());
  m.measured.assign(n, false);
  return m;
}

// Fills every cell between measured creatures with d(i, j) (i < j), the diagonal with 0.
template <class Distance>
void fill(Matrix& m, const DissimilarityOptions& opt, const Distance& d) {
  const std::size_t n = m.size;
  std::size_t count = 0;
  for (std::size_t i = 0; i < n; ++i)
    if (m.measured[i]) m.values[i * n + i] = 0, ++count;
  std::vector<char> measured(m.measured.begin(), m.measured.end());  // no bit packing across threads
  // Measured creatures after each one, for the progress count.
  std::vector<std::size_t> after(n + 1, 0);
  for (std::size_t i = n; i-- > 0;) after[i] = after[i + 1] + (measured[i] ? 1 : 0);
  const std::size_t total = count * (count - (count ? 1 : 0)) / 2;
  std::atomic<std::size_t> done{0};
  parallel_for(n, opt.threads, [&](std::size_t i) {
    if (!measured[i]) return;
    for (std::size_t j = i + 1; j < n; ++j) {
      if (!measured[j]) continue;
      const double v = d(i, j);
      m.values[i * n + j] = v;
      m.values[j * n + i] = v;
    }
    if (opt.progress) opt.progress(done += after[i + 1], total);
  });
}

Matrix structural_matrix(std::vector<std::optional<Body>>& bodies, const DissimilarityOptions& opt) {
  Matrix m = unmeasured(bodies.size());
  for (std::size_t i = 0; i < bodies.size(); ++i) m.measured[i] = bodies[i].has_value();
  fill(m, opt, [&](std::size_t i, std::size_t j) { return detail::structural(*bodies[i], *bodies[j], opt); });
  return m;
}

Matrix levenshtein_matrix(const std::vector<std::string_view>& texts, const DissimilarityOptions& opt) {
  Matrix m = unmeasured(texts.size());
  m.measured.assign(texts.size(), true);
  fill(m, opt,
       [&](std::size_t i, std::size_t j) { return static_cast<double>(levenshtein(texts[i], texts[j])); });
  return m;
}

// Reads and prepares genotype i of n with its own diagnostics (read(i, diags) -> optional<Genotype>),
// then appends every genotype's diagnostics in order, plus similarity.invalid-genotype for those
// that cannot be measured (described by name(i), positioned at where(i)).
template <class Read, class Name, class Where>
std::vector<std::optional<Body>> prepare_all(std::size_t n, const DissimilarityOptions& opt,
                                             Diagnostics& diags, const Read& read, const Name& name,
                                             const Where& where) {
  std::vector<std::optional<Body>> bodies(n);
  std::vector<Diagnostics> local(n);
  parallel_for(n, opt.threads, [&](std::size_t i) {
    if (const std::optional<genotype::Genotype> g = read(i, local[i]))
      bodies[i] = detail::prepare(g->model, opt);
  });
  for (std::size_t i = 0; i < n; ++i) {
    diags.append(std::move(local[i]));
    if (!bodies[i])
      diags.error("similarity.invalid-genotype", name(i) + " is not measured: its row and column are NaN",
                  where(i));
  }
  return bodies;
}

}  // namespace

Matrix matrix(std::span<const std::string_view> genotypes, Diagnostics& diags,
              const DissimilarityOptions& opt) {
  if (!check_options(opt, diags)) return unmeasured(genotypes.size());
  std::vector<std::string_view> texts(genotypes.begin(), genotypes.end());
  if (opt.method == Method::levenshtein) return levenshtein_matrix(texts, opt);
  auto label = [](std::size_t i) { return "genotype " + std::to_string(i); };
  auto bodies = prepare_all(
      texts.size(), opt, diags,
      [&](std::size_t i, Diagnostics& d) {
        auto g = genotype::read(texts[i], d, opt.read);
        const std::string suffix = " (in " + label(i) + ")";
        d.update([&](Diagnostic& x) { x.message += suffix; });
        return g;
      },
      label, [](std::size_t) { return Location{}; });
  return structural_matrix(bodies, opt);
}

Matrix matrix(std::span<const std::string> genotypes, Diagnostics& diags, const DissimilarityOptions& opt) {
  const std::vector<std::string_view> views(genotypes.begin(), genotypes.end());
  return matrix(std::span<const std::string_view>(views), diags, opt);
}

Matrix matrix(std::span<const f0::Model> models, Diagnostics& diags, const DissimilarityOptions& opt) {
  if (opt.method == Method::levenshtein) {
    diags.error("similarity.not-structural", "the Levenshtein distance compares genotype texts, not models");
    return unmeasured(models.size());
  }
  if (!check_options(opt, diags)) return unmeasured(models.size());
  std::vector<std::optional<Body>> bodies(models.size());
  parallel_for(models.size(), opt.threads,
               [&](std::size_t i) { bodies[i] = detail::prepare(models[i], opt); });
  for (std::size_t i = 0; i < models.size(); ++i)
    if (!bodies[i])
      diags.error("similarity.invalid-model",
                  "model " + std::to_string(i) + " is not a valid creature: its row and column are NaN");
  return structural_matrix(bodies, opt);
}

Matrix matrix(const genotype::GenotypeFile& file, Diagnostics& diags, const DissimilarityOptions& opt) {
  const std::size_t n = file.genotypes.size();
  if (!check_options(opt, diags)) return unmeasured(n);
  if (opt.method == Method::levenshtein) {
    std::vector<std::string_view> texts;
    for (const genotype::FileGenotype& g : file.genotypes) texts.push_back(g.text);
    return levenshtein_matrix(texts, opt);
  }
  auto bodies = prepare_all(
      n, opt, diags,
      [&](std::size_t i, Diagnostics& d) { return genotype::read(file, file.genotypes[i], d, opt.read); },
      [&](std::size_t i) {
        const genotype::FileGenotype& g = file.genotypes[i];
        return "genotype " + std::to_string(i) + (g.name.empty() ? std::string() : " ('" + g.name + "')");
      },
      [&](std::size_t i) {
        Location at = file.locate(file.genotypes[i], 0);
        if (at.file.empty()) at.file = file.file_name;
        return at;
      });
  return structural_matrix(bodies, opt);
}

}  // namespace genokit::similarity
