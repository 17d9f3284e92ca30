#!/usr/bin/env bash
# Configures and builds a tree: by default the release tree in build/ (the genokit program is
# build/src/cli/genokit). `build.sh DIR CMAKE_ARGS...` configures DIR with those arguments instead
# (scripts/test.sh builds its sanitizer tree this way). Uses ccache when it is installed.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build}
if [ $# -gt 1 ]; then args=("${@:2}"); else args=(-DCMAKE_BUILD_TYPE=Release); fi
launcher=""
if command -v ccache >/dev/null 2>&1; then
  launcher=ccache
  # Paths relative to the checkout's parent: another clone of the repository hits the same cache.
  export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$(cd .. && pwd)}
fi
cmake -S . -B "$dir" -G Ninja -DCMAKE_CXX_COMPILER_LAUNCHER="$launcher" "${args[@]}" >/dev/null
cmake --build "$dir"
