// What each neuron of a creature does with its body: muscles (| bend, @ twist) with their strength
// and range, receptors (G, T, S, Water, Energy), and warnings for the neurons that cannot act.
#include <algorithm>
#include <string>

#include "genokit/f0/neuron_classes.hpp"
#include "genokit/neuro/classes.hpp"
#include "neuro/data.hpp"
#include "sim/model_neurons.hpp"

namespace genokit::sim {
namespace {

// f1's modifier anchors of muscle power (mmmmm, MMMMM): simulation.md §3.3; odemusclemin/max
// are the torques at these anchors.
constexpr double kPowerMin = 0.025, kPowerMax = 0.81;

// A class parameter of a neuron (its class default when not given, `fallback` for a class
// without it).
double class_param(const f0::Neuron& n, std::string_view id, double fallback) {
  const f0::NeuronClass* cls = f0::find_neuron_class(n.class_name);
  if (!cls) return fallback;
  int k = f0::find_neuron_prop(*cls, id);
  if (k < 0) return fallback;
  std::vector<f0::NeuronProp> defs(cls->props.begin(), cls->props.end());
  std::vector<double> values;
  std::vector<std::string> texts;
  std::vector<neuro::BuildMessage> messages;
  neuro::parse_class_params(n.class_name, n.params, defs, 0, values, texts, messages);
  return static_cast<std::size_t>(k) < values.size() ? values[static_cast<std::size_t>(k)] : fallback;
}

std::string who(std::size_t i, const f0::Neuron& n) {
  return "neuron #" + std::to_string(i) + " (" + n.class_name + ")";
}

Location where(const f0::Neuron& n) {
  return Location{{}, n.src.line, n.src.column, n.src.offset};
}

}  // namespace

double muscle_torque(double p, const Settings& s) {
  double t = std::clamp((p - kPowerMin) / (kPowerMax - kPowerMin), 0.0, 1.0);
  return s.odemusclemin + t * (s.odemusclemax - s.odemusclemin);
}

void plan_neurons(const f0::Model& in, const Settings& s, Model::Data& out, Diagnostics& diags) {
  using Role = NeuronRole::Kind;
  out.roles.assign(in.neurons.size(), {});
  for (std::size_t i = 0; i < in.neurons.size(); ++i) {
    const f0::Neuron& n = in.neurons[i];
    NeuronRole& role = out.roles[i];
    role.part = n.part;
    role.joint = n.joint;
    const std::string& c = n.class_name;
    const bool on_joint = n.joint >= 0 && static_cast<std::size_t>(n.joint) < in.joints.size();
    if (c == "|" || c == "@") {
      if (!on_joint) {
        diags.warning("sim.neuron-inert", who(i, n) + " is attached to no joint: it moves nothing", where(n));
        role.kind = Role::inert;
        continue;
      }
      if (in.joints[static_cast<std::size_t>(n.joint)].sh != 0) {
        diags.warning(
            "sim.neuron-inert",
            who(i, n) + " is on joint " + std::to_string(n.joint) + ", which is fixed: it moves nothing",
            where(n));
        role.kind = Role::inert;
        continue;
      }
      MuscleDef m;
      m.kind = c == "|" ? MuscleDef::Kind::bend : MuscleDef::Kind::twist;
      m.neuron = static_cast<int>(i);
      m.joint = n.joint;
      m.range = m.kind == MuscleDef::Kind::bend ? class_param(n, "r", 1.0) : 1.0;
      m.torque = muscle_torque(class_param(n, "p", m.kind == MuscleDef::Kind::bend ? 0.25 : 1.0), s);
      role.kind = Role::muscle;
      role.muscle = static_cast<int>(out.muscles.size());
      out.muscles.push_back(m);
    } else if (c == "G") {
      role.kind = on_joint ? Role::gyro : Role::none;
    } else if (c == "T") {
      role.kind = Role::touch;
      role.range = class_param(n, "r", 1.0);
    } else if (c == "S") {
      role.kind = Role::smell;
    } else if (c == "Water") {
      role.kind = Role::water;
    } else if (c == "Energy") {
      role.kind = Role::energy;
    } else if (c == "LMu" || c == "Sti") {
      role.kind = Role::inert;
      diags.warning(
          "sim.neuron-not-simulated",
          who(i, n) + " is not simulated (" +
              (c == "LMu" ? "linear muscles are experimental in Framsticks and have no published rule"
                          : "sticky parts are experimental in Framsticks and have no published rule") +
              "): it acts on nothing; the creature runs without it",
          where(n));
    } else if (neuro::class_group(c) < 0) {
      diags.warning("sim.neuron-not-simulated",
                    who(i, n) +
                        " has no implementation in genokit: its output stays at its initial value; the "
                        "creature runs without it",
                    where(n));
    }
  }
}

void attach_muscles(Model::Data& out, const f0::Model& in, Diagnostics& diags) {
  for (std::size_t l = 0; l < out.links.size(); ++l) {
    LinkDef& link = out.links[l];
    if (link.kind != LinkDef::Kind::ball) continue;
    for (std::size_t k = 0; k < out.muscles.size(); ++k) {
      MuscleDef& m = out.muscles[k];
      const bool bend = m.kind == MuscleDef::Kind::bend;
      AxisDrive& d = bend ? link.drive_bend : link.drive_twist;
      if (m.joint == link.joint) {
        d.muscles.push_back(static_cast<int>(k));
      } else if (m.joint == link.counter_joint && bend) {
        d.counter.push_back(static_cast<int>(k));  // bends the holding stick against this one
      } else {
        continue;
      }
      d.fmax = std::max(d.fmax, m.torque);
      if (m.link < 0) m.link = static_cast<int>(l);
    }
  }
  for (const MuscleDef& m : out.muscles) {
    if (m.link >= 0) continue;
    const f0::Neuron& n = in.neurons[static_cast<std::size_t>(m.neuron)];
    const int part = in.joints[static_cast<std::size_t>(m.joint)].p1;
    int sticks = 0;
    for (const f0::Joint& j : in.joints) sticks += j.sh == 0 && (j.p1 == part || j.p2 == part);
    std::string why = sticks <= 1 ? "it acts at part " + std::to_string(part) +
                                        ", where no other stick meets: there is nothing to turn against"
                      : m.kind == MuscleDef::Kind::twist
                          ? "its stick holds part " + std::to_string(part) +
                                " for the other sticks there, so it has nothing to twist against"
                          : "a loop of rigid connections holds it";
    diags.warning("sim.neuron-inert",
                  who(static_cast<std::size_t>(m.neuron), n) + " cannot move joint " +
                      std::to_string(m.joint) + ": " + why,
                  where(n));
  }
}

}  // namespace genokit::sim
