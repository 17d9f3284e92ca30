"""genokit's own stand-ins for the Framsticks settings files framspy names by default.

A bare name in a settings chain that is found nowhere else (see
:func:`genokit.sim.resolve_settings_files`) is looked up here, so that
``FramsticksLib(None, None, None)`` and ``genokit.sim.load_settings("eval-allcriteria.sim")`` work
without a Framsticks installation. Each text sets only the values of the Framsticks file of that
name (documented in Framsticks' distribution and framspy) that differ from genokit's defaults or
that genokit simulates; Framsticks' own file, when given by path or found in a data folder, is
read instead and wins.
"""

BUILTIN_SIM = {
    "eval-allcriteria.sim": """\
# genokit's stand-in for Framsticks' eval-allcriteria.sim: the standard evaluation as framspy runs it
# (every criterion, two evaluations averaged, random placement, a little neural noise at birth).
sim_params:
expdef:standard-eval
placement:0
rotation:0
creath:0.1
Energy0:10000.0
e_meta:1.0
evalcount:2
randinit:0.01
nnoise:0.0
bnoise_struct:0.0
bnoise_vel:0.0
cr_c:0.0
cr_v:1.0
simil_type:1
simil_greedy_partgeom:1.0
simil_greedy_weightedMDS:1

Population:
initial_nn_active:2
initial_perf_measuring:2
perfperiod:100
stabilperiod:100
stabledist:0.01
killnostable:1000000
""",
    "deterministic.sim": """\
# genokit's stand-in for Framsticks' deterministic.sim: no noise, one evaluation, central placement.
sim_params:
evalcount:1
placement:1
randinit:0.0
nnoise:0.0
bnoise_struct:0.0
bnoise_vel:0.0
""",
    "sample-period-2.sim": """\
# genokit's stand-in for Framsticks' sample-period-2.sim: performance sampled every second step.
Population:
perfperiod:2
""",
    "sample-period-longest.sim": """\
# genokit's stand-in for Framsticks' sample-period-longest.sim: sampled only at birth and death, so
# distance and velocity are measured along the straight line.
Population:
perfperiod:999999
""",
}
