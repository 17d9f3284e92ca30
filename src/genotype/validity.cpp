// Strict genetic validity and the valid-creature check of the door (docs/evolution.md "Validity").
#include <array>
#include <string>
#include <vector>

#include "genokit/f0/neuron_classes.hpp"
#include "genotype/encodings.hpp"

namespace genokit::genotype {
namespace {

Location at(const f0::SourcePos& s) {
  return Location{{}, s.line, s.column, s.offset};
}

// The build warnings Framsticks counts as creature failures (framspy's isValidCreature builds
// with warnings as errors): the ones the f0 model shows.
bool creature_checks(const f0::Model& m, Diagnostics& diags) {
  bool ok = true;
  // Per joint: bend and rotation muscles.
  std::vector<std::array<int, 2>> muscles(m.joints.size(), {0, 0});
  for (std::size_t i = 0; i < m.neurons.size(); ++i) {
    const f0::Neuron& n = m.neurons[i];
    const f0::NeuronClass* c = f0::find_neuron_class(n.class_name);
    const std::string who = "neuron #" + std::to_string(i) + " (" + n.class_name + ")";
    if (!c || !c->sdk) {
      diags.error("genotype.unknown-neuron-class",
                  who + " has a class outside the SDK r909 library, so genokit cannot build the creature",
                  at(n.src));
      ok = false;
      continue;
    }
    if ((c->pref_location == f0::NeuronLocation::part && n.part < 0) ||
        (c->pref_location == f0::NeuronLocation::joint && n.joint < 0)) {
      diags.error("genotype.misplaced-neuron",
                  who + " must sit on a " +
                      (c->pref_location == f0::NeuronLocation::part ? "part" : "joint") +
                      ", so the creature cannot be built",
                  at(n.src));
      ok = false;
    }
    const int kind = c->name == "|" ? 0 : c->name == "@" ? 1 : -1;
    if (kind >= 0 && n.joint >= 0 && static_cast<std::size_t>(n.joint) < m.joints.size() &&
        ++muscles[static_cast<std::size_t>(n.joint)][static_cast<std::size_t>(kind)] == 2) {
      diags.error("genotype.duplicate-muscle",
                  "joint #" + std::to_string(n.joint) + " has a second " +
                      (kind == 0 ? "bend muscle (|)" : "rotation muscle (@)") + " (" + who +
                      "): Framsticks builds at most one muscle of a kind per stick",
                  at(n.src));
      ok = false;
    }
  }
  return ok;
}

}  // namespace

bool is_valid_strict(std::string_view genotype, Diagnostics& diags, const ReadOptions& opt) {
  const std::string id = format_of(genotype, opt);
  const Encoding* e = detail::find_or_report(id, diags, {{}, 1, 1, 0});
  if (!e) return false;
  if (e->check_strict) return e->check_strict(genotype, diags);
  ReadOptions ro = opt;
  ro.format = e->id;
  ro.mapping = false;
  ro.lint = false;  // a verdict: genokit's lint warnings are no reasons
  const Genotype g = e->to_model(genotype, diags, ro);
  return g.converted && g.model.valid;
}

bool is_valid_creature(std::string_view genotype, Diagnostics& diags, const ReadOptions& opt) {
  if (!is_valid_strict(genotype, diags, opt)) return false;
  ReadOptions ro = opt;
  ro.format = format_of(genotype, opt);
  ro.mapping = false;
  ro.lint = false;
  Diagnostics quiet;  // the strict check has reported the genotype's own problems already
  const auto g = read(genotype, quiet, ro);
  if (!g || !g->converted || !g->model.valid) return false;
  return creature_checks(g->model, diags);
}

}  // namespace genokit::genotype
