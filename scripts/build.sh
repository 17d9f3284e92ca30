#!/usr/bin/env bash
# Configures and builds the release tree in build/ (the genokit program is build/src/cli/genokit).
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build
