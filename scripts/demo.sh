#!/usr/bin/env bash
# Installs dependencies, builds genokit (the program and the Python package in .venv/) and runs its
# main job on the example files in examples/: every examples/<topic>/tour.sh is run in turn with
# $GENOKIT pointing at the program and $GENOKIT_PYTHON at the environment's interpreter.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh >/dev/null
bash scripts/python-env.sh   # the Python package in .venv/ (docs/python.md)
export GENOKIT="$PWD/build/src/cli/genokit" GENOKIT_PYTHON="$PWD/.venv/bin/python"
for tour in examples/*/tour.sh; do
  [ -f "$tour" ] || continue
  echo
  echo "######## ${tour%/tour.sh}"
  (cd "$(dirname "$tour")" && bash ./tour.sh)
done
