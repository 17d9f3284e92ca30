#!/usr/bin/env bash
# Installs dependencies, builds, and runs every test:
#   1. release build (g++): all GoogleTest suites (unit, corpus-wide, CLI), the public-header
#      checks, and the package test (cmake --install into build/package-test/prefix, then a small
#      program built against it with find_package, with pkg-config and through FetchContent);
#   2. sanitizer build (clang, AddressSanitizer + UndefinedBehaviorSanitizer): the GoogleTest suites again,
#      plus every libFuzzer target replaying its seed corpus once.
# Tests that need ../shared (or $GENOKIT_SHARED_DIR) skip with a message when it is absent, and fail
# when GENOKIT_REQUIRE_SHARED=1 (.ci/run sets it). After each run: how many tests skipped, and why.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
# The browser test (tests/viewer) skips when Chromium is missing; here it was just installed, so a
# missing one is a failure.
export GENOKIT_REQUIRE_BROWSER=1

jobs=$(nproc)
# ctest on a build tree, then its summary (skipped tests grouped by reason); fails if a test failed.
run_ctest() {
  local rc=0
  ctest --test-dir "$1" --output-on-failure -j"$jobs" --output-junit ctest-junit.xml || rc=$?
  python3 scripts/ctest-summary.py "$1/ctest-junit.xml"
  return $rc
}

echo "== release build"
bash scripts/build.sh
echo "== release tests"
run_ctest build

echo "== Python package (.venv) and its tests"
bash scripts/python-env.sh
.venv/bin/python -m pytest -q -p no:cacheprovider python/tests

echo "== sanitizer build (clang, ASan + UBSan, fuzz targets)"
CC=clang CXX=clang++ bash scripts/build.sh build-asan -DCMAKE_BUILD_TYPE=Debug \
  -DCMAKE_CXX_FLAGS="-O1 -g" -DGENOKIT_SANITIZE=ON -DGENOKIT_FUZZ=ON -DGENOKIT_BENCH=OFF
echo "== sanitizer tests and fuzz seed replay"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
run_ctest build-asan
