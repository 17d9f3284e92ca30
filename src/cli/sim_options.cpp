// Shared pieces of the creature commands: settings chains, picking and building a creature.
#include "cli/sim_options.hpp"

#include "genokit/core/text.hpp"
#include "genokit/genotype/encoding.hpp"

namespace genokit::cli {

std::optional<sim::Settings> load_sim_chain(const std::string& chain, Diagnostics& diags) {
  if (trim(chain).empty()) return sim::Settings{};
  return sim::load_settings(chain, diags);
}

bool looks_like_creature(const Input& in) {
  std::string_view t = trim(in.bytes);
  if (t.starts_with("\xEF\xBB\xBF")) t.remove_prefix(3);
  return !t.starts_with("<");
}

std::optional<Creature> read_creature(const Input& in, const std::string& selector, Diagnostics& diags) {
  genotype::PickOptions po;
  po.file.bare = genotype::Bare::guess;
  po.read.lint = false;
  auto picked = genotype::pick(in.bytes, in.name, selector, diags, po);
  if (!picked) return std::nullopt;
  Creature c;
  c.name = picked->source->name;
  const genotype::Encoding* e = genotype::find_encoding(picked->genotype.format);
  c.encoding = e ? e->name : "f" + picked->genotype.format;
  c.picked = std::move(*picked);
  return c;
}

std::optional<sim::Model> build_creature(const Creature& c, const sim::Settings& s, Diagnostics& diags) {
  const f0::Model& m = c.picked.genotype.model;
  if (!m.valid) {
    diags.error("sim.invalid-genotype", "the genotype is not valid, so it has no body to simulate");
    return std::nullopt;
  }
  return sim::build_model(m, s, diags);
}

}  // namespace genokit::cli
