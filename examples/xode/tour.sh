#!/bin/sh
# XODE tour: validation with line:column, lenient repairs, the resolved scene, the ODE world and
# a simulation. Run by scripts/demo.sh with GENOKIT set to the genokit program.
G=${GENOKIT:-genokit}
set -e
echo "== genokit check pendulum.xode drop.xode"
$G check pendulum.xode drop.xode
echo "== genokit show pendulum.xode   (postlink, group transform, anchors in the parent frame)"
$G show pendulum.xode
echo "== genokit check published.xode   (a typical published file; exit code 1)"
$G check published.xode || true
echo "== genokit check --lenient published.xode"
$G check --lenient published.xode 2>&1 | sed 's/^.*published.xode:/published.xode:/' || true
echo "== genokit show drop.xode --built --json   (the ODE world, xode_oracle.py's shape; counts only)"
$G show drop.xode --built --json 2>/dev/null | sed -n '/"counts"/,/}/p' | tr -d ' \n'; echo
echo "== genokit simulate drop.xode --steps 150 --out drop.csv"
$G simulate drop.xode --steps 150 --out drop.csv
echo "drop.csv: $(wc -l < drop.csv) lines; last: $(tail -n 1 drop.csv)"
rm -f drop.csv
echo "== genokit cat pendulum.xode | tail -n 6   (the <ext> block kept verbatim)"
$G cat pendulum.xode | tail -n 6
