#!/usr/bin/env bash
# Makes the Python environment of genokit: a virtual environment .venv/ on Debian's interpreter that
# sees Debian's python3-* packages (numpy, pytest, hypothesis, deap, distributed), with the genokit
# package built from this checkout (setup.py builds the extension in the release tree build/).
# Afterwards: .venv/bin/python -c "import genokit; print(genokit.__version__)"
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  /usr/bin/python3 -m venv --system-site-packages .venv
fi
.venv/bin/pip install --quiet --no-build-isolation --no-index --no-deps . >/dev/null
.venv/bin/python -c "import genokit; print('genokit', genokit.__version__, 'for Python in .venv/')"
