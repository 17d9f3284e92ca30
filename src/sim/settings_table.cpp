// The one declaration of every setting genokit reads from `.sim` files (docs/simulation.md lists
// them from here). Defaults are the Framsticks defaults, except where genokit simulates only one
// value (simtype 1 ODE, placement 1 central): there the default is the value genokit simulates.
#include "sim/settings_table.hpp"

#include <array>
#include <string_view>
#include <tuple>

namespace genokit::sim::detail {
namespace {

using frams::Property;
constexpr std::string_view kSim = "sim_params";
constexpr std::string_view kPop = "Population";
constexpr SettingUse S = SettingUse::simulated;
constexpr SettingUse K = SettingUse::kept;
constexpr SettingUse U = SettingUse::unsupported;

constexpr Property prop(std::string_view id, char type, double min, double max, double def,
                        std::string_view name, std::string_view help) {
  Property p(id, type, min <= max, min, max, def, name);
  p.help = help;
  return p;
}

constexpr SettingRow f(std::string_view id, double Settings::*m, double min, double max, double def,
                       SettingUse use, std::string_view name, std::string_view help,
                       std::string_view object = kSim, std::string_view alias = {}) {
  return {{prop(id, 'f', min, max, def, name, help), use, object, alias}, {m, nullptr, nullptr, def, {}}};
}
constexpr SettingRow d(std::string_view id, int Settings::*m, double min, double max, double def,
                       SettingUse use, std::string_view name, std::string_view help,
                       std::string_view object = kSim, std::string_view alias = {}) {
  return {{prop(id, 'd', min, max, def, name, help), use, object, alias}, {nullptr, m, nullptr, def, {}}};
}
constexpr SettingRow s(std::string_view id, std::string Settings::*m, std::string_view def, SettingUse use,
                       std::string_view name, std::string_view help) {
  Property p = prop(id, 's', 0, 0, 0, name, help).with_default_text(def);
  p.ranged = false;
  return {{p, use, kSim, {}}, {nullptr, nullptr, m, 0, def}};
}

using St = Settings;
constexpr auto kRows = std::to_array<SettingRow>({
    // World
    f("wrldg", &St::wrldg, -10, 10, 1.0, S, "gravity", "1 = 9.81 units/s^2 downwards (-Z)"),
    f("wrldsiz", &St::wrldsiz, 10, 1000, 20.0, S, "world size", "side of the square world [0, wrldsiz]^2"),
    d("wrldtyp", &St::wrldtyp, 0, 2, 0, S, "world type", "0 flat, 1 blocks, 2 height field (from wrldmap)"),
    s("wrldmap", &St::wrldmap, "", S, "world map",
      "m W H + W*H digits/slopes, or M W H + W*H numbers; row 1 is y = 0"),
    f("wrldwat", &St::wrldwat, -1000, 1000, -1.0, S, "water level",
      "water surface height; no water when at or below the lowest ground"),
    d("wrldbnd", &St::wrldbnd, 0, 2, 0, S, "boundaries", "0 none, 1 fence, 2 teleport"),
    d("simtype", &St::simtype, 0, 1, 1, U, "simulator engine",
      "genokit always simulates with ODE (1); MechaStick (0) is not simulated"),
    f("nnspeed", &St::nnspeed, 0, 1000, 1.0, S, "NN speed",
      "neural network steps per physics step (fractions accumulate)"),
    // Creatures
    f("creath", &St::creath, -1, 50, 0.1, S, "creation height",
      "lowest point of the body above the ground at birth"),
    d("placement", &St::placement, 0, 1, 1, S, "placement", "1 central, 0 random (from the seed)"),
    d("rotation", &St::rotation, 0, 3, 0, S, "initial rotation",
      "0 as built; otherwise a random heading about the vertical axis"),
    f("minjoint", &St::minjoint, 0, 10, 0.0, S, "minimum stick length",
      "shorter sticks make the creature unbuildable"),
    f("maxjoint", &St::maxjoint, 0, 10, 2.0, S, "maximum stick length",
      "longer sticks make the creature unbuildable"),
    f("randinit", &St::randinit, 0, 10, 0.01, S, "NN random init", "random initial neuron state"),
    f("nnoise", &St::nnoise, 0, 10, 0.0, S, "NN noise", "Gaussian noise on neuron outputs"),
    f("touchrange", &St::touchrange, 0, 100, 1.0, S, "touch range", "range of T receptors (times r)"),
    f("bnoise_struct", &St::bnoise_struct, 0, 1, 0.0, S, "body noise",
      "random displacement of every part coordinate at birth (units)"),
    f("bnoise_vel", &St::bnoise_vel, 0, 1, 0.0, S, "velocity noise",
      "random initial velocity of every body, per coordinate (units/s)"),
    // ODE
    f("odestep", &St::odestep, 0.001, 1, 0.05, S, "ODE step", "seconds of simulated time per step"),
    f("odemusclemin", &St::odemusclemin, 0, 1000, 0.0, S, "weakest muscle",
      "torque of a muscle with p=0.025 (N*m)"),
    f("odemusclemax", &St::odemusclemax, 0, 1000, 10.0, S, "strongest muscle",
      "torque of a muscle with p=0.81 (N*m)"),
    f("odemusclespeed", &St::odemusclespeed, 0, 100, 1.0, S, "muscle speed",
      "largest change of a muscle's state (-1..1) per step"),
    f("odeairdrag", &St::odeairdrag, 0, 0.5, 0.01, S, "air drag", "ODE linear damping per step"),
    f("oderotdrag", &St::oderotdrag, 0, 0.5, 0.01, S, "rotation drag", "ODE angular damping per step"),
    f("odewaterdrag", &St::odewaterdrag, 0, 100, 0.5, S, "water drag",
      "force per unit of submerged stick length and unit of speed across the stick"),
    f("odewaterbuoy", &St::odewaterbuoy, 0, 100, 1.0, S, "water buoyancy",
      "1: a stick of density 1 floats neutrally"),
    d("odeseed", &St::odeseed, 0, 2, 0, K, "ODE seed", "contact randomness: genokit's contacts have none"),
    d("odesepsticks", &St::odesepsticks, 0, 1, 0, S, "separate sticks",
      "1: one ODE body per stick, rigid connections as fixed joints"),
    f("odeworlderp", &St::odeworlderp, 0, 1, 0.2, S, "world ERP", "ODE error reduction parameter"),
    f("odeworldcfm", &St::odeworldcfm, 0, 1, 1e-5, S, "world CFM", "ODE constraint force mixing"),
    f("odecolmumin", &St::odecolmumin, 0, 1000, 0.1, S, "minimal friction", "contact mu for fr <= 0.131"),
    f("odecolmumax", &St::odecolmumax, 0, 1000, 5.0, S, "maximal friction", "contact mu for fr >= 2.82"),
    f("odecolbounce", &St::odecolbounce, 0, 1, 0.1, S, "bounce", "contact restitution"),
    f("odecolbouncevel", &St::odecolbouncevel, 0, 1000, 0.01, S, "bounce velocity",
      "minimal speed that bounces"),
    f("odecolsoftcfm", &St::odecolsoftcfm, 0, 1, 0.0, S, "contact CFM", "0: the world's CFM"),
    f("odecolsofterp", &St::odecolsofterp, 0, 1, 0.0, S, "contact ERP", "0: the world's ERP"),
    d("odeshape", &St::odeshape, 0, 1, 0, K, "ODE shape", "undocumented; genokit's sticks are capsules"),
    // Evaluation
    s("expdef", &St::expdef, "standard-eval", U, "experiment definition",
      "only the standard evaluation is run; other experiment definitions are not"),
    s("usercode", &St::usercode, "", U, "user code", "FramScript is never run"),
    f("Energy0", &St::energy0, 0, 1e9, 10000.0, S, "initial energy", "starting energy per joint"),
    f("e_meta", &St::e_meta, 0, 1e9, 1.0, S, "idle energy use", "energy used per joint and step"),
    d("evalcount", &St::evalcount, 0, 1000000, 2, S, "evaluations", "evaluations averaged per genotype"),
    d("feed", &St::feed, 0, 1000000, 0, U, "food", "food pieces are not simulated yet"),
    d("aging", &St::aging, 0, 1000000000, 0, S, "aging",
      "idle energy use doubles every `aging` steps of life"),
    f("cr_c", &St::cr_c, -1e4, 1e4, 0, S, "weight: constant", "fitness weight"),
    f("cr_life", &St::cr_life, -1e4, 1e4, 0, S, "weight: lifespan", "fitness weight"),
    f("cr_v", &St::cr_v, -1e4, 1e4, 1, S, "weight: velocity", "fitness weight"),
    f("cr_gl", &St::cr_gl, -1e4, 1e4, 0, S, "weight: body size", "fitness weight (numparts)"),
    f("cr_joints", &St::cr_joints, -1e4, 1e4, 0, S, "weight: joints", "fitness weight"),
    f("cr_nnsiz", &St::cr_nnsiz, -1e4, 1e4, 0, S, "weight: neurons", "fitness weight"),
    f("cr_nncon", &St::cr_nncon, -1e4, 1e4, 0, S, "weight: connections", "fitness weight"),
    f("cr_di", &St::cr_di, -1e4, 1e4, 0, S, "weight: distance", "fitness weight"),
    f("cr_vpos", &St::cr_vpos, -1e4, 1e4, 0, S, "weight: vertical position", "fitness weight"),
    f("cr_vvel", &St::cr_vvel, -1e4, 1e4, 0, S, "weight: vertical velocity", "fitness weight"),
    // The creatures' population
    d("perfperiod", &St::perfperiod, 1, 1000000000, 100, S, "performance period", "steps between samples",
      kPop),
    d("stabilperiod", &St::stabilperiod, 0, 1000000000, 100, S, "stabilisation period", "steps at rest",
      kPop),
    f("stabledist", &St::stabledist, 0, 1000, 0.01, S, "stable distance", "movement that counts as rest",
      kPop),
    d("killnostable", &St::killnostable, 0, 2000000000, 1000000, S, "kill unstable",
      "steps after which a creature that never rests is given up", kPop),
    d("initial_nn_active", &St::initial_nn_active, 0, 2, 2, S, "NN active", "0 off, 1 on, 2 after rest", kPop,
      "nnsim"),
    d("initial_perf_measuring", &St::initial_perf_measuring, 0, 2, 2, S, "performance measuring",
      "0 off, 1 on, 2 after rest", kPop, "enableperf"),
    d("initial_self_collisions", &St::initial_self_collisions, 0, 1, 0, S, "self-collisions",
      "1: sticks of one creature collide unless they share a joint", kPop, "selfcol"),
    // genokit's own
    d("gk_stepper", &St::gk_stepper, 0, 2, 2, S, "ODE stepper",
      "0 QuickStep (iterative), 1 dWorldStep (exact), 2 dWorldStep up to gk_exactrows, else QuickStep"),
    d("gk_exactrows", &St::gk_exactrows, 0, 100000, 150, S, "exact stepper size",
      "largest creature (6 rows per link + 3 per stick) stepped by dWorldStep in auto mode"),
    d("gk_iterations", &St::gk_iterations, 1, 1000, 20, S, "solver iterations", "ODE QuickStep iterations"),
    f("gk_stickradius", &St::gk_stickradius, 0.001, 1, 0.1, S, "stick radius", "collision radius of sticks"),
    f("gk_maxvelocity", &St::gk_maxvelocity, 1, 1e9, 1000.0, S, "runaway velocity",
      "a faster body ends the run as unstable"),
});

// Known names with no bearing on simulating a body: genetics, bookkeeping, other populations.
constexpr std::string_view kIgnoredPrefixes[] = {
    "genoper_", "genoconv_", "conv_", "neuadd_", "ncl_", "simil_", "f0_",  "f0s_",
    "f1_",      "f4_",       "f8_",   "f9_",     "fF_",  "fn_",    "fB_",  "fH_",
    "fL_",      "fS_",       "vm_",   "genkonw", "sym",  "last_",  "eval", "gen_"};
constexpr std::string_view kIgnoredNames[] = {"stop_on",
                                              "autosaveperiod",
                                              "overwrite",
                                              "filecomm",
                                              "createrr",
                                              "groupchk",
                                              "creatwarnfail",
                                              "version_int",
                                              "initialgen",
                                              "capacity",
                                              "MaxCreated",
                                              "p_nop",
                                              "p_mut",
                                              "p_xov",
                                              "xov_mins",
                                              "selrule",
                                              "delrule",
                                              "cr_norm",
                                              "cr_simi",
                                              "cr_nsga",
                                              "update_nsga_ranks_needed",
                                              "notes",
                                              "totaltestedcr",
                                              "rndcollisions",
                                              "geom_density",
                                              "foodgen",
                                              "feede0",
                                              "feedtrans",
                                              "name"};
constexpr std::string_view kIgnoredPopulation[] = {
    "name",    "energy",  "death",  "nn_paused", "colmask", "selfmask", "othermask", "initial_physics_active",
    "bodysim", "em_stat", "em_dyn", "en_assim"};

}  // namespace

std::span<const SettingRow> setting_rows() {
  return kRows;
}

const SettingRow* find_setting(std::string_view object, std::string_view key) {
  for (const SettingRow& r : kRows)
    if (r.info.object == object && (r.info.prop.id == key || (!r.info.alias.empty() && r.info.alias == key)))
      return &r;
  return nullptr;
}

bool is_ignored_setting(std::string_view object, std::string_view key) {
  if (object == kPop) {
    for (std::string_view n : kIgnoredPopulation)
      if (n == key) return true;
    return false;
  }
  for (std::string_view p : kIgnoredPrefixes)
    if (key.starts_with(p)) return true;
  for (std::string_view n : kIgnoredNames)
    if (n == key) return true;
  return false;
}

}  // namespace genokit::sim::detail

namespace genokit::sim {

std::span<const SettingInfo> settings_table() {
  static const auto table = [] {
    std::array<SettingInfo, std::tuple_size_v<decltype(detail::kRows)>> t{};
    for (std::size_t i = 0; i < t.size(); ++i) t[i] = detail::kRows[i].info;
    return t;
  }();
  return table;
}

}  // namespace genokit::sim
