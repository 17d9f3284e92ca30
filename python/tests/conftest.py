"""Shared fixtures of the Python tests: where the repository and ../shared are.

Tests that need ../shared (the corpus, the SDK oracle) skip with a message when it is missing, and
fail when GENOKIT_REQUIRE_SHARED=1 (.ci/run sets it).
"""

import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def shared_dir():
    d = pathlib.Path(os.environ.get("GENOKIT_SHARED_DIR") or ROOT.parent / "shared")
    if not (d / "corpus").is_dir():
        if os.environ.get("GENOKIT_REQUIRE_SHARED") == "1":
            pytest.fail(f"the shared folder {d} is missing (GENOKIT_REQUIRE_SHARED=1)")
        pytest.skip(f"the shared folder {d} is missing")
    return d


@pytest.fixture(scope="session")
def repo_root():
    return ROOT
