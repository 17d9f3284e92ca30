#!/bin/sh
# Loads the 14 PyBrain models with PyODE's importer (Debian's python3-pyode, with PyBrain's
# cylinder patches as installed by ../shared/tools/xode_oracle.py --compat pybrain) and with
# genokit (read + validate + resolve + instantiate in ODE, --compat pybrain), in the same run,
# and prints both times per pass over the 14 files and the ratio.
# Usage: bench/xode_vs_pyode.sh [path/to/bench_xode_load]   (Release build)
set -e
HERE=$(cd "$(dirname "$0")" && pwd)
BENCH=${1:-$HERE/../build-release/bench_xode_load}
SHARED=${GENOKIT_SHARED_DIR:-$HERE/../../shared}
PY=/usr/bin/python3
[ -x "$BENCH" ] || { echo "bench_xode_load not found at $BENCH" >&2; exit 2; }
$PY -c 'import ode, xode' 2>/dev/null || { echo "python3-pyode is not installed" >&2; exit 3; }

PYODE_US=$($PY - "$SHARED" <<'PYEOF'
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
)
OURS_US=$("$BENCH" --benchmark_filter='BM_PyBrainCorpus_LoadValidateInstantiate_Pybrain$' --benchmark_format=json \
  --benchmark_min_time=2 2>/dev/null | $PY -c 'import json,sys; b=json.load(sys.stdin)["benchmarks"][0]; print("%.1f %.1f" % (b["real_time"], b["cpu_time"]))')
set -- $PYODE_US; PW=$1; PC=$2
set -- $OURS_US; OW=$1; OC=$2
echo "PyODE importer (python3-pyode + PyBrain patches): $PW us wall, $PC us CPU per pass over the 14 PyBrain models"
echo "genokit load+validate+instantiate (--compat pybrain): $OW us wall, $OC us CPU per pass"
$PY -c "print('speed-up: %.0fx (wall), %.0fx (CPU)' % ($PW / $OW, $PC / $OC))"
