#!/usr/bin/env bash
# Installs dependencies, builds genokit and runs its main job on the example files in examples/:
# every examples/<topic>/tour.sh is run in turn with $GENOKIT pointing at the program.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh >/dev/null
export GENOKIT="$PWD/build/src/cli/genokit"
for tour in examples/*/tour.sh; do
  [ -f "$tour" ] || continue
  echo
  echo "######## ${tour%/tour.sh}"
  (cd "$(dirname "$tour")" && bash ./tour.sh)
done
