#!/usr/bin/env bash
# Installs every build, test and tool dependency of genokit from Debian 12's apt repositories.
# Idempotent: when everything is already installed it prints nothing and touches nothing.
set -euo pipefail

packages=(
  build-essential g++ cmake ninja-build pkg-config git ccache
  libpugixml-dev nlohmann-json3-dev libcli11-dev libode-dev libccd-dev
  libgtest-dev libgmock-dev googletest libbenchmark-dev
  clang libclang-rt-14-dev llvm
  python3 python3-pyode python3-numpy
  clang-format
  zlib1g-dev chromium chromium-driver python3-selenium
  python3-dev python3-venv python3-pip python3-setuptools python3-wheel pybind11-dev python3-pybind11
  python3-pytest python3-hypothesis python3-deap python3-distributed
)
# The viewer script is built with npm at build time (viewer/package-lock.json): Debian's nodejs and
# npm, unless a Node.js with its npm is installed already (another nodejs package ships npm itself).
if ! command -v npm >/dev/null 2>&1; then packages+=(nodejs npm); fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "install-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
