"""The documentation of sim, operators, similarity, framspy and distributed is true: the examples in
their docstrings run (doctest), every public name has a docstring, and the type stubs (.pyi) list
exactly what the modules hold (the same rules as test_api_docs.py for the other modules)."""

import ast
import doctest
import importlib
import pathlib

import pytest

import genokit

MODULES = ["sim", "operators", "similarity", "framspy", "distributed"]
PACKAGE = pathlib.Path(genokit.__file__).parent


@pytest.mark.parametrize("name", ["sim", "operators", "similarity"])
def test_examples_in_docstrings_run(name):
    module = importlib.import_module(f"genokit.{name}")
    failures, tried = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert failures == 0
    assert tried > 0, f"genokit.{name} shows no example"


@pytest.mark.parametrize("name", MODULES)
def test_stubs_list_every_public_name_and_member(name):
    module = importlib.import_module(f"genokit.{name}")
    tree = ast.parse((PACKAGE / f"{name}.pyi").read_text())
    top = {n.name: n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    assert set(module.__all__) == set(top), f"genokit.{name}: __all__ and the stub differ"
    for cls_name, node in top.items():
        obj = getattr(module, cls_name)
        assert obj.__doc__, f"genokit.{name}.{cls_name} has no docstring"
        if not isinstance(node, ast.ClassDef):
            continue
        stubbed = {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
        stubbed |= {n.target.id for n in node.body if isinstance(n, ast.AnnAssign)}
        runtime = {m for m in dir(obj) if not m.startswith("_")}
        assert {m for m in stubbed if not m.startswith("_")} == runtime, f"genokit.{name}.{cls_name}"
        for member in runtime:
            doc = getattr(getattr(obj, member), "__doc__", None)
            assert doc, f"genokit.{name}.{cls_name}.{member} has no docstring"
