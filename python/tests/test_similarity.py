"""genokit.similarity: numpy dissimilarity matrices checked against the Framsticks SDK's own goal
values (its nine similarity tests), the genokit program, and the measures' laws; bad input."""

import json

import numpy as np
import pytest

import genokit
import genokit.sim as sim
import genokit.similarity as similarity
from gen_text import read_orgs, write_gen

POP = ["X", "XX", "X(X,X)", "X(X,X,X)", "XX[|,-1:1]X", "X[Sin]X[|,-1:2]X[|,-2:-2]X", "(X,X)X"]


def read_sdk_tests(d):
    tests, cur = [], None
    for line in (d / "similarity-tests.txt").read_text().splitlines():
        if line.startswith("TESTNAME:"):
            cur = {"name": line[9:], "args": []}
            tests.append(cur)
        elif line.startswith("arg:") and cur:
            cur["args"].append(line[4:])
        elif line.startswith("out:") and cur:
            cur["goal"] = line.rsplit(":", 1)[1] + ".goal"
    return tests


def test_the_sdk_similarity_goals(shared_dir):
    d = shared_dir / "corpus/framsticks/sdk-tests"
    genotypes = [o["genotype"] for o in read_orgs((d / "similarity.gen").read_text())]
    assert len(genotypes) == 5
    compared = 0
    for t in read_sdk_tests(d):
        _, measure, wp, wdeg, wneu, wgeo, fixz = t["args"]
        found = similarity.measure(genotypes, "hungarian" if measure == "0" else "greedy",
                                   weights=[float(wp), float(wdeg), float(wneu), float(wgeo)], fixed_z=fixz == "1")
        m = found.matrix
        goal = [[float(x) for x in row.split("\t") if x] for row in (d / t["goal"]).read_text().splitlines()]
        for i in range(5):
            for j in range(5):
                if found.measured[i] and found.measured[j]:
                    assert f"{m[i, j]:.2f}" == f"{goal[i][j]:.2f}", (t["name"], i, j)
                    compared += 1
    assert compared >= 9 * 16  # every test, at least the four genotypes genokit reads


def test_matrix_equals_the_genokit_program(tmp_path, cli):
    f = write_gen(tmp_path / "pop.gen", POP)
    for method, extra in (("hungarian", []), ("greedy", ["--weights", "1,1,0.5,1"]), ("levenshtein", [])):
        r = cli("dissim", f, "--method", method, "--json", *extra)
        theirs = np.array(json.loads(r.stdout)["matrix"], dtype=float)
        kw = {"weights": [1, 1, 0.5, 1]} if extra else {}
        np.testing.assert_array_equal(similarity.matrix(POP, method, **kw), theirs)


def test_settings_from_sim_files_choose_the_method_and_weights(tmp_path, cli):
    s = sim.load_settings("eval-allcriteria.sim")  # simil_type 1 (Hungarian); greedy: geometry 1, weighted MDS
    assert similarity.options(settings=s)["method"] == "hungarian"
    g = similarity.options(0, settings=s)
    assert g["method"] == "greedy" and g["weights"]["geometry"] == 1.0 and g["weighted_mds"] is True
    simfile = tmp_path / "s.sim"
    simfile.write_text("sim_params:\nsimil_type:0\nsimil_greedy_partgeom:1.0\nsimil_greedy_neuro:0.5\n")
    f = write_gen(tmp_path / "pop.gen", POP)
    theirs = np.array(json.loads(cli("dissim", f, "--sim", simfile, "--json").stdout)["matrix"], dtype=float)
    ours = similarity.measure(POP, settings=sim.load_settings(str(simfile)))
    assert ours.options["method"] == "greedy"
    np.testing.assert_array_equal(ours.matrix, theirs)


def test_laws_of_a_dissimilarity():
    for method in ("levenshtein", "greedy", "hungarian", -1, 0, 1):
        m = similarity.matrix(POP, method)
        assert m.shape == (7, 7) and m.dtype == np.float64
        np.testing.assert_array_equal(m, m.T)
        np.testing.assert_array_equal(np.diag(m), 0)
        assert np.all(m >= 0)
    # Hungarian matching is optimal: never worse than greedy with the same weights
    assert np.all(similarity.matrix(POP, "hungarian") <= similarity.matrix(POP, "greedy") + 1e-9)
    # Levenshtein counts edits of the texts
    assert similarity.levenshtein("X(X,X)", "X(X,X,X)") == 2 and similarity.levenshtein("żółw", "zolw") == 3
    assert similarity.distance("X", "XX", "levenshtein") == 1
    # the same on any number of threads
    np.testing.assert_array_equal(similarity.matrix(POP * 3, threads=1), similarity.matrix(POP * 3, threads=2))


def test_genotypes_that_cannot_be_measured():
    d = similarity.measure(["X", "(((", "XX"])
    m = d.matrix
    assert list(d.measured) == [True, False, True]
    assert np.isnan(m[1]).all() and np.isnan(m[:, 1]).all() and m[0, 2] == 2.0
    np.testing.assert_array_equal(similarity.matrix(["X", "(((", "XX"]), m)
    assert any("genotype 1" in x.message for x in d.diagnostics)
    with pytest.raises(genokit.ParseError):
        similarity.matrix(["X", "((("], errors="raise")
    with pytest.raises(genokit.ParseError):
        similarity.distance("X", "(((")
    assert similarity.matrix([], "hungarian").shape == (0, 0)


def test_bad_arguments():
    with pytest.raises(TypeError):
        similarity.matrix("XX")
    with pytest.raises(TypeError):
        similarity.matrix(["X", 1])
    with pytest.raises(ValueError):
        similarity.matrix(POP, 2)  # framspy's descriptor measure is not in genokit
    with pytest.raises(ValueError):
        similarity.matrix(POP, "cosine")
    with pytest.raises(TypeError):
        similarity.matrix(POP, 1.5)
    with pytest.raises(ValueError):
        similarity.matrix(POP, weights=[1, 2, 3])
    with pytest.raises(ValueError):
        similarity.matrix(POP, weights=[-1, 1, 1, 1])
    with pytest.raises(ValueError):
        similarity.matrix(POP, weights={"legs": 1})
    with pytest.raises(ValueError):
        similarity.matrix(POP, errors="ignore")
