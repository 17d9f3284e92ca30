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


@pytest.fixture(scope="session")
def cli():
    """Runs the genokit program of the release build (the one the package was built from):
    cli("frams", "to-json", path) -> subprocess.CompletedProcess with text output."""
    import subprocess

    build = pathlib.Path(os.environ.get("GENOKIT_BUILD_DIR") or ROOT / "build")
    if not build.is_absolute():
        build = ROOT / build
    program = build / "src" / "cli" / "genokit"
    if not program.exists():
        pytest.skip(f"the genokit program {program} is not built (cmake --build build --target genokit)")

    def run(*args, input=None, binary=False):
        # binary=True: stdout/stderr as bytes (text mode would turn a CR inside a value into LF)
        return subprocess.run([str(program), *map(str, args)], capture_output=True, text=not binary, input=input)

    return run
