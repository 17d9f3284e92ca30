// Simulation settings: the Framsticks parameters of a world, its ODE engine, creature placement
// and evaluation, under their Framsticks names (as in `.sim` files), read from chained `.sim`
// files ("a.sim;b.sim", later files win). The table behind them (settings_table()) is declared
// once (src/sim/settings_table.cpp) and drives the reader and the docs (docs/simulation.md).
//
// Units (docs/simulation.md): length in Framsticks units (a default f1 stick is 1 long), time in
// seconds (one simulation step lasts `odestep`), mass in units where a stick of length 1 and
// density 1 weighs 1.
#pragma once

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "genokit/core/diagnostics.hpp"
#include "genokit/frams/property.hpp"

namespace genokit::sim {

struct Settings {
  // --- World (sim_params) ---
  double wrldg = 1.0;     // gravity; 1 = the official setting = 9.81 units/s^2 downwards (-Z)
  double wrldsiz = 20.0;  // world side length; the world spans [0, wrldsiz] in X and Y
  int wrldtyp = 0;        // 0 flat (simulated), 1 blocks, 2 height field (not yet)
  double wrldwat = -1.0;  // water level (-1: below the ground, no water; water not yet)
  int wrldbnd = 0;        // boundaries 0 none (simulated), 1 fence, 2 teleport (not yet)
  int simtype = 1;        // 0 MechaStick (not simulated: genokit always uses ODE), 1 ODE
  double nnspeed = 1.0;   // NN steps per physics step (kept for the NN phase)
  // --- Creature placement and building (sim_params) ---
  double creath = 0.1;         // height of the body's lowest point above the ground at birth
  int placement = 1;           // 1 central (simulated); 0 random (not yet: central is used)
  int rotation = 0;            // random initial rotation (not yet; 0 = none)
  double minjoint = 0.0;       // shortest allowed stick
  double maxjoint = 2.0;       // longest allowed stick
  double randinit = 0.01;      // NN: random initial state (kept for the NN phase)
  double nnoise = 0.0;         // NN: output noise (kept for the NN phase)
  double touchrange = 1.0;     // T receptor range (kept for the receptor phase)
  double bnoise_struct = 0.0;  // random disturbance of part positions (not yet)
  double bnoise_vel = 0.0;     // random initial velocities (not yet)
  // --- ODE (sim_params) ---
  double odestep = 0.05;          // time step of one simulation step (s)
  double odemusclemin = 0.0;      // muscle strength for the weakest muscle (N*m)
  double odemusclemax = 10.0;     // muscle strength for the strongest muscle (N*m)
  double odemusclespeed = 1.0;    // muscle rate limit (kept for the muscle phase)
  double odeairdrag = 0.01;       // ODE linear damping (fraction of velocity removed per step)
  double oderotdrag = 0.01;       // ODE angular damping (idem)
  double odewaterdrag = 0.5;      // water drag (kept for the water phase)
  double odewaterbuoy = 1.0;      // water buoyancy (kept for the water phase)
  int odeseed = 0;                // contact randomness (genokit's contacts have none)
  int odesepsticks = 0;           // 1: every stick is a separate body (rigid links become fixed joints)
  double odeworlderp = 0.2;       // world ERP
  double odeworldcfm = 1e-5;      // world CFM
  double odecolmumin = 0.1;       // contact friction coefficient for fr <= 0.131 (f1 "fffff")
  double odecolmumax = 5.0;       // contact friction coefficient for fr >= 2.82 (f1 "FFFFF")
  double odecolbounce = 0.1;      // contact restitution
  double odecolbouncevel = 0.01;  // contact bounce velocity threshold (units/s)
  double odecolsoftcfm = 0.0;     // contact CFM (0: the world's)
  double odecolsofterp = 0.0;     // contact ERP (0: the world's)
  int odeshape = 0;               // stick geometry: genokit always uses capsules
  // --- Evaluation (sim_params; kept for the evaluation phase) ---
  std::string expdef = "standard-eval";  // experiment definition (only the standard evaluation)
  std::string usercode;                  // FramScript code (never run)
  double energy0 = 10000.0;              // Energy0: initial energy per joint
  double e_meta = 1.0;                   // idle energy use per joint and step
  int evalcount = 2;                     // evaluations averaged per genotype
  int feed = 0;                          // food pieces (not yet)
  int aging = 0;                         // aging period (not yet)
  double cr_c = 0, cr_life = 0, cr_v = 1, cr_gl = 0, cr_joints = 0, cr_nnsiz = 0, cr_nncon = 0, cr_di = 0,
         cr_vpos = 0, cr_vvel = 0;  // fitness weights
  // --- The creatures' population (the first Population object; kept for the evaluation phase) ---
  int perfperiod = 100;             // performance sampling period (steps)
  int stabilperiod = 100;           // steps the body must rest before the NN and measurement start
  double stabledist = 0.01;         // how far the centre of gravity may move and still count as resting
  int killnostable = 1000000;       // steps after which a creature that never rests is killed
  int initial_nn_active = 2;        // 0 off, 1 on, 2 after stabilisation
  int initial_perf_measuring = 2;   // idem for performance measurement
  int initial_self_collisions = 0;  // self-collisions (not yet)
  // --- genokit's own (not Framsticks settings; prefixed gk_) ---
  int gk_stepper = 1;              // 1 dWorldStep (exact LCP), 0 QuickStep (iterative, faster, sinks)
  int gk_iterations = 20;          // ODE QuickStep solver iterations per step
  double gk_stickradius = 0.1;     // collision radius of a stick (capsule) and of a lone part (sphere)
  double gk_maxvelocity = 1000.0;  // a body faster than this (units/s, or rad/s) makes the run unstable
};

// How genokit uses a setting.
enum class SettingUse : unsigned char {
  simulated,    // read and simulated
  kept,         // read and kept for a later phase (NN, muscles, evaluation); changes nothing yet
  unsupported,  // only the default value is simulated; another value read from a file warns
};

struct SettingInfo {
  frams::Property prop;  // id (Framsticks name), type, range, default, name, help
  SettingUse use = SettingUse::simulated;
  std::string_view object;  // the object class that holds it: "sim_params" or "Population"
  std::string_view alias;   // an older name of the same setting ("" none)
};

// Every setting, in docs order (declared once; drives the reader and docs/simulation.md).
std::span<const SettingInfo> settings_table();

struct SettingsLoadOptions {
  // The values before the first file (Framsticks' defaults unless given).
  Settings base;
  // Called for each field of a `sim_params` object that is not a simulation setting, before it
  // is ignored or reported: returning true takes it (no sim.unknown-setting warning). The one way
  // other readers get their keys from the same files, e.g. genetic operator settings:
  //   [&](auto key, auto value, const Location& at) { return ops.take(key, value, diags, at); }
  // (genokit/genotype/operator_settings.hpp).
  std::function<bool(std::string_view key, std::string_view value, const Location& where)> other;
};

// Reads a chain of `.sim` files separated by ';' ("eval-allcriteria.sim;deterministic.sim"),
// later files winning. Unknown settings and objects warn (sim.unknown-setting,
// sim.unknown-object), values genokit does not simulate warn with the file:line of the value that
// won (sim.unsimulated-setting); values are converted and clamped like the Framsticks SDK
// (frams.bad-number, frams.value-clamped). std::nullopt when a file cannot be read or parsed
// (its errors are in `diags`).
std::optional<Settings> load_settings(std::string_view chain, Diagnostics& diags,
                                      const SettingsLoadOptions& opt = {});
// The same for one `.sim` text (`file_name` names it in diagnostics and bases its #includes).
std::optional<Settings> parse_settings(std::string_view text, std::string file_name, Diagnostics& diags,
                                       const SettingsLoadOptions& opt = {});

// Settings genokit cannot run at all (a non-positive step, ERP outside [0, 1], ...): reported as
// sim.bad-setting errors; true when there is none. build_model() calls it.
bool check_settings(const Settings& s, Diagnostics& diags);

}  // namespace genokit::sim
