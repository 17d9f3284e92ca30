#!/usr/bin/env bash
# Installs dependencies, builds, and runs every test:
#   1. release build (g++): all GoogleTest suites (unit, corpus-wide, CLI);
#   2. sanitizer build (clang, AddressSanitizer + UndefinedBehaviorSanitizer): the same suites again,
#      plus every libFuzzer target replaying its seed corpus once.
# Corpus tests read ../shared/corpus (or $GENOKIT_SHARED_DIR) and skip with a message when it is absent.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh

jobs=$(nproc)
echo "== release build"
bash scripts/build.sh
echo "== release tests"
ctest --test-dir build --output-on-failure -j"$jobs"

echo "== sanitizer build (clang, ASan + UBSan, fuzz targets)"
CC=clang CXX=clang++ cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug \
  -DCMAKE_CXX_FLAGS="-O1 -g" -DGENOKIT_SANITIZE=ON -DGENOKIT_FUZZ=ON -DGENOKIT_BENCH=OFF >/dev/null
cmake --build build-asan
echo "== sanitizer tests and fuzz seed replay"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
ctest --test-dir build-asan --output-on-failure -j"$jobs"
