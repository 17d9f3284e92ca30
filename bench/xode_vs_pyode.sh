#!/bin/sh
# Loads the 14 PyBrain models with PyODE's importer (Debian's python3-pyode, with PyBrain's
# cylinder patches as installed by ../shared/tools/xode_oracle.py --compat pybrain) and with
# genokit (read + validate + resolve + instantiate in ODE, --compat pybrain), alternately in the
# same run, and prints both times per pass over the 14 files and the ratio.
#
# What each side measures, per pass over the 14 files (the file bytes are read into memory once,
# before timing):
#  PyODE:   xode.parser.Parser().parseString(bytes) for each file: expat parse, PyODE's checks and
#           the ODE world built through PyODE (world, space, bodies with masses, geoms, joints).
#           The results are kept in a list that is cleared every 2000 files, so the destruction
#           of the ODE objects is included (amortised).
#  genokit: xode::load(bytes, --compat pybrain, lenient) -- read with pugixml (the retained
#           document), PyODE's checks, resolve the scene -- then physics::build_world (the ODE
#           world with the same objects) and the destruction of the world, scene and document.
#           Between files genokit reuses memory only, never results (its per-thread scratch);
#           every file is read, checked and resolved again, and every ODE object is created and
#           destroyed again.
# An informative comparison (bench/README.md); the load target is BM_LoadBuild against
# BM_BareParseBuild in bench_xode_load.
# Both sides run single-threaded; the figures are CPU time (process time / Google Benchmark's
# cpu_time). On a busy machine run with more repetitions: the medians are printed.
# Usage: bench/xode_vs_pyode.sh [path/to/bench_xode_load [repetitions]]   (Release build)
set -e
HERE=$(cd "$(dirname "$0")" && pwd)
BENCH=${1:-$HERE/../build/bench_xode_load}
REPS=${2:-3}
SHARED=${GENOKIT_SHARED_DIR:-$HERE/../../shared}
PY=/usr/bin/python3
[ -x "$BENCH" ] || { echo "bench_xode_load not found at $BENCH" >&2; exit 2; }
$PY -c 'import ode, xode' 2>/dev/null || { echo "python3-pyode is not installed" >&2; exit 3; }

pyode_pass() {
  $PY - "$SHARED" <<'PYEOF'
import sys, os, glob, time, importlib.util
shared = sys.argv[1]
spec = importlib.util.spec_from_file_location("oracle", os.path.join(shared, "tools", "xode_oracle.py"))
oracle = importlib.util.module_from_spec(spec)
spec.loader.exec_module(oracle)
import ode
from xode import parser, body as xbody, geom as xgeom, errors as xerrors
oracle.install_pybrain_compat(ode, xbody, xgeom, xerrors)
files = sorted(glob.glob(os.path.join(shared, "corpus", "xode", "pybrain", "*.xode")))
datas = [open(f, "rb").read() for f in files]
keep = []
def one_pass():
    for d in datas:
        p = parser.Parser()
        keep.append(p.parseString(d))
one_pass()
n, t0, c0 = 0, time.perf_counter(), time.process_time()
while time.perf_counter() - t0 < 3.0:
    one_pass(); n += 1
    if len(keep) > 2000: keep.clear()
us = (time.perf_counter() - t0) / n * 1e6
cpu = (time.process_time() - c0) / n * 1e6
sys.stdout.write("%.1f %.1f" % (us, cpu)); sys.stdout.flush()
os._exit(0)   # PyODE segfaults at interpreter exit otherwise
PYEOF
}

genokit_pass() {
  "$BENCH" --benchmark_filter='BM_LoadBuild_Pybrain$' --benchmark_format=json \
    --benchmark_min_time=2 2>/dev/null |
    $PY -c 'import json,sys; b=json.load(sys.stdin)["benchmarks"][0]; print("%.1f %.1f" % (b["real_time"], b["cpu_time"]))'
}

RUNS=""
i=0
while [ "$i" -lt "$REPS" ]; do
  i=$((i + 1))
  P=$(pyode_pass)
  G=$(genokit_pass)
  set -- $P $G
  echo "run $i: PyODE $1 us wall, $2 us CPU; genokit $3 us wall, $4 us CPU; speed-up $($PY -c "print('%.0fx (CPU)' % ($2 / $4))")"
  RUNS="$RUNS $2:$4"
done
$PY - $RUNS <<'PYEOF'
import sys, statistics
runs = [tuple(float(x) for x in r.split(":")) for r in sys.argv[1:]]
py = statistics.median(p for p, g in runs)
gk = statistics.median(g for p, g in runs)
ratios = sorted(p / g for p, g in runs)
print("PyODE importer (python3-pyode + PyBrain patches): %.0f us CPU per pass over the 14 PyBrain models (median of %d)" % (py, len(runs)))
print("genokit load+validate+instantiate (--compat pybrain): %.1f us CPU per pass (median of %d)" % (gk, len(runs)))
print("speed-up: %.0fx (medians; per run %s)" % (py / gk, ", ".join("%.0fx" % r for r in ratios)))
PYEOF
