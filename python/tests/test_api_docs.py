"""The documentation of the modules is true: their examples run (doctest), every public name has a
docstring, and the type stubs (.pyi) list exactly what the modules hold."""

import ast
import doctest
import importlib
import pathlib

import pytest

import genokit

# Every area module; framspy and distributed show no doctest examples (they need settings files or a
# cluster), docs/framspy.md shows them instead.
MODULES = ["frams", "genotype", "genome", "xode", "neuro", "sim", "operators", "similarity", "framspy", "distributed"]
EXAMPLE_MODULES = [m for m in MODULES if m not in ("framspy", "distributed")]
PACKAGE = pathlib.Path(genokit.__file__).parent


@pytest.mark.parametrize("name", EXAMPLE_MODULES)
def test_examples_in_docstrings_run(name):
    module = importlib.import_module(f"genokit.{name}")
    failures, tried = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert failures == 0
    assert tried > 0, f"genokit.{name} shows no example"


def _stub(name):
    return ast.parse((PACKAGE / f"{name}.pyi").read_text())


def _public(names):
    return {n for n in names if not n.startswith("_") or n in ("__len__", "__getitem__", "__iter__")}


@pytest.mark.parametrize("name", MODULES)
def test_stubs_list_every_public_name_and_member(name):
    module = importlib.import_module(f"genokit.{name}")
    tree = _stub(name)
    top = {n.name: n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    assert set(module.__all__) == set(top), f"genokit.{name}: __all__ and the stub differ"
    for cls_name, node in top.items():
        obj = getattr(module, cls_name)
        assert obj.__doc__, f"genokit.{name}.{cls_name} has no docstring"
        if not isinstance(node, ast.ClassDef):
            continue
        stubbed = {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
        stubbed |= {n.target.id for n in node.body if isinstance(n, ast.AnnAssign)}  # settable properties
        runtime = {m for m in dir(obj) if not m.startswith("_")}
        assert {m for m in stubbed if not m.startswith("_")} == runtime, f"genokit.{name}.{cls_name}"
        for member in runtime:
            attr = getattr(obj, member)
            doc = getattr(attr, "__doc__", None)
            assert doc, f"genokit.{name}.{cls_name}.{member} has no docstring"


def test_examples_in_docs_python_md_run(repo_root, monkeypatch):
    monkeypatch.chdir(repo_root)  # the examples read files of examples/
    failures, tried = doctest.testfile(str(repo_root / "docs" / "python.md"), module_relative=False,
                                       optionflags=doctest.NORMALIZE_WHITESPACE)
    assert tried > 20 and failures == 0
