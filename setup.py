"""Builds the Python package genokit: python/genokit/*.py plus the extension genokit._genokit,
compiled by the project's CMake build (target genokit_python) in the release tree (build/, or
$GENOKIT_BUILD_DIR) so that the package and the C++ library come from one build.

    /usr/bin/python3 -m venv --system-site-packages .venv
    .venv/bin/pip install --no-build-isolation .
(scripts/python-env.sh does both.) No package comes from outside Debian's archive: setuptools,
pybind11 and numpy are Debian's python3-* packages seen through --system-site-packages.
"""

import os
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = os.path.dirname(os.path.abspath(__file__))


def project_version():
    with open(os.path.join(ROOT, "CMakeLists.txt"), encoding="utf-8") as f:
        return re.search(r"project\(genokit VERSION ([0-9.]+)", f.read()).group(1)


class CMakeBuild(build_ext):
    """Builds genokit._genokit with CMake and copies it where setuptools expects it."""

    def build_extension(self, ext):
        build_dir = os.environ.get("GENOKIT_BUILD_DIR", os.path.join(ROOT, "build"))
        if not os.path.isabs(build_dir):
            build_dir = os.path.join(ROOT, build_dir)
        if not os.path.exists(os.path.join(build_dir, "CMakeCache.txt")):
            # The same configuration as scripts/build.sh, so either one reuses the other's build.
            launcher = "ccache" if shutil.which("ccache") else ""
            subprocess.check_call([
                "cmake", "-S", ROOT, "-B", build_dir, "-G", "Ninja",
                "-DCMAKE_CXX_COMPILER_LAUNCHER=" + launcher, "-DCMAKE_BUILD_TYPE=Release",
                "-DPython_EXECUTABLE=" + sys.executable,
            ])
        subprocess.check_call(["cmake", "--build", build_dir, "--target", "genokit_python"])
        built = [f for f in os.listdir(os.path.join(build_dir, "python", "genokit")) if f.startswith("_genokit")]
        if not built:
            raise RuntimeError("the CMake build made no genokit._genokit extension (is pybind11-dev installed?)")
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(os.path.join(build_dir, "python", "genokit", built[0]), target)


setup(
    name="genokit",
    version=project_version(),
    description="Artificial-life creatures: Framsticks and Creatures formats, simulation and evolution",
    package_dir={"": "python"},
    packages=["genokit"],
    package_data={"genokit": ["py.typed", "*.pyi"]},
    ext_modules=[Extension("genokit._genokit", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    python_requires=">=3.9",
    install_requires=["numpy"],
    zip_safe=False,
)
