"""The package itself: version from the C++ version header, the exception hierarchy."""

import re

import genokit


def test_version_is_the_cmake_project_version():
    root = __import__("pathlib").Path(__file__).resolve().parents[2]
    cmake = (root / "CMakeLists.txt").read_text()
    assert genokit.__version__ == re.search(r"project\(genokit VERSION ([0-9.]+)", cmake).group(1)
    assert genokit.version_info == tuple(int(x) for x in genokit.__version__.split("."))


def test_errors_are_python_errors_of_the_right_kind():
    assert issubclass(genokit.ParseError, genokit.Error) and issubclass(genokit.ParseError, ValueError)
    assert issubclass(genokit.FileError, OSError)
    e = genokit.ParseError("x", [])
    assert e.code == "" and e.line == 0
