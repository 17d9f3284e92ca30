#!/bin/sh
# Tour of the Python package (docs/python.md) with the environment scripts/python-env.sh makes.
set -e
PY=${GENOKIT_PYTHON:-../../.venv/bin/python}
$PY tour.py
