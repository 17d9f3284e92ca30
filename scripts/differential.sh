#!/usr/bin/env bash
# Long differential campaigns against the Framsticks SDK r909 oracle (docs/differential.md):
#   scripts/differential.sh [--count N] [--seed S] [--jobs N] [--encoding E|all] [--mode M]
#                           [--build DIR] [--out DIR] [other genokit_differential options]
# Builds the harness (in the release tree build/ unless --build DIR), runs every asked
# encoding, and writes the readable report and its JSON to --out (default differential-reports/)
# as <timestamp>-seed<S>.txt/.json. Exit status: the harness's (0: no disagreement outside the
# allow-list, 1: disagreements, 2: usage, 77: the oracle is missing).
set -euo pipefail
cd "$(dirname "$0")/.."
count=20000 seed=1 jobs=$(nproc) build=build out=differential-reports
encodings=() rest=()
while [ $# -gt 0 ]; do
  case "$1" in
    --count) count=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --encoding) encodings+=(--encoding "$2"); shift 2 ;;
    --build) build=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) rest+=("$1"); shift ;;
  esac
done
[ ${#encodings[@]} -gt 0 ] || encodings=(--encoding all)
# (an existing tree: only the harness and what it links are brought up to date)
if [ -f "$build/CMakeCache.txt" ]; then
  cmake --build "$build" --target genokit_differential >/dev/null
else
  bash scripts/build.sh "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
mkdir -p "$out"
stamp=$(date -u +%Y%m%dT%H%M%SZ)
report="$out/$stamp-seed$seed.txt"
start=$(date +%s)
rc=0
"$build/tests/differential/genokit_differential" "${encodings[@]}" --count "$count" --seed "$seed" --jobs "$jobs" \
  --report "$report" --json "${report%.txt}.json" "${rest[@]}" || rc=$?
echo "report: $report ($(( $(date +%s) - start )) s, exit $rc)"
exit $rc
