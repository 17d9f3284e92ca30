"""genokit.framspy.FramsticksLib: framspy's constructor, self-tests, methods, result shapes and
conventions (spec notes evolution.md §1), on genokit."""

import pickle

import numpy as np
import pytest

import genokit.operators as ops
import genokit.sim as sim
import genokit.similarity as similarity
from genokit.framspy import DissimMethod, FramsticksLib

WALKER = "X[Sin]X[|,-1:2]X[|,-2:-2]X"
QUICK = "sim_params:\nevalcount:1\nplacement:1\nrandinit:0.0\nEnergy0:300\n"


@pytest.fixture
def lib(tmp_path):
    (tmp_path / "quick.sim").write_text(QUICK)
    return FramsticksLib(None, None, f"eval-allcriteria.sim;{tmp_path / 'quick.sim'}", seed=3)


def test_constructor_like_framspy(tmp_path):
    lib = FramsticksLib(None, None, None)  # EVALUATION_SETTINGS_FILE: genokit's eval-allcriteria.sim
    assert lib.settings.evalcount == 2 and lib.getSimplest("1") == "X"
    # a Framsticks folder: its data/ holds the .sim files named in the chain
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "eval-allcriteria.sim").write_text("sim_params:\nevalcount:5\n")
    lib = FramsticksLib(str(tmp_path), "frams-objects.so", "eval-allcriteria.sim;deterministic.sim")
    assert lib.settings.sources == [str(tmp_path / "data" / "eval-allcriteria.sim"), "genokit:deterministic.sim"]
    assert lib.settings.evalcount == 1  # deterministic.sim came later
    with pytest.raises(ValueError, match="Problem while importing file 'nothere.sim'"):
        FramsticksLib(None, None, "nothere.sim")


def test_framspy_settings_folder(shared_dir):
    d = shared_dir / "corpus/framsticks/framspy-sim"
    lib = FramsticksLib(str(d), None, "eval-allcriteria.sim;deterministic.sim;sample-period-longest.sim")
    assert lib.settings.sources[0] == str(d / "eval-allcriteria.sim")
    assert (lib.settings.evalcount, lib.settings.perfperiod, lib.settings["simil_type"]) == (1, 999999, 1)


def test_self_tests_pass_and_deterministic_seed():
    assert FramsticksLib.GENOTYPE_INVALID == "/*invalid*/"
    lib = FramsticksLib(None, None, "deterministic.sim")
    assert lib.isValid(["X[0:0],", "X[0:0]", "X[1:0]"]) == [False, True, False]

    class Det(FramsticksLib):
        DETERMINISTIC = True

    assert Det(None, None, None).seed == 0
    a, b = Det(None, None, None), Det(None, None, None)
    assert a.mutate(["X(X,X)"] * 5) == b.mutate(["X(X,X)"] * 5)


def test_evaluate_shape_and_invalid_genotypes(lib):
    r = lib.evaluate([WALKER, "X[1:0]", "(((", "X(X,X)"])
    assert [x["num"] for x in r] == [1, 2, 3, 4]
    assert all(set(x) == {"num", "name", "evaluations"} for x in r)
    ev = r[0]["evaluations"][""]
    assert set(ev) == set(sim.FRAMSPY_CRITERIA)
    assert ev["numparts"] == 5 and ev["lifespan"] == 300.0 and ev["velocity"] > 0
    assert r[1]["evaluations"] is None and r[2]["evaluations"] is None  # not valid genotypes
    assert r[3]["evaluations"][""]["numjoints"] == 3
    with pytest.raises(AssertionError):
        lib.evaluate(WALKER)
    # what framspy's DEAP example does with it
    fitness = []
    for x in r:
        try:
            fitness.append(x["evaluations"][""]["velocity"])
        except (KeyError, TypeError):
            fitness.append(-1)
    assert fitness[1:3] == [-1, -1]


def test_evaluate_is_genokit_evaluation_with_the_library_seed(lib):
    ours = lib.evaluate([WALKER])[0]["evaluations"][""]
    direct = sim.evaluate([WALKER], lib.settings, seed=lib.seed)[0].criteria
    assert {k: ours[k] for k in direct} == direct


def test_unstable_creatures_have_no_evaluations(tmp_path):
    (tmp_path / "wild.sim").write_text("sim_params:\nodeworldcfm:0\nodeworlderp:1\nodestep:1\nodecolbounce:1\n"
                                       "Population:\ninitial_nn_active:1\n")
    lib = FramsticksLib(None, None, f"deterministic.sim;{tmp_path / 'wild.sim'}")
    assert lib.evaluate(["X[Sin:f0=1]X[|,-1:2]X[|,-2:-2]X[@,-3:1]X"])[0]["evaluations"] is None


def test_sizes_and_constraints(lib):
    assert lib.getPJNC(WALKER) == (5, 4, 3, 2)
    assert lib.getPJNC("X[1:0]") is None
    assert lib.satisfiesConstraints(WALKER, 5, 4, 3, 2, len(WALKER))
    assert not lib.satisfiesConstraints(WALKER, 4, None, None, None, None)
    assert not lib.satisfiesConstraints(WALKER, None, None, None, None, len(WALKER) - 1)
    assert not lib.satisfiesConstraints("(((", None, None, None, None, None)


def test_mutate_and_crossover_conventions(lib):
    out = lib.mutate(["X(X,X)", "//0\np:\nj:0,7\n", WALKER])
    assert len(out) == 3 and out[1] == "/*invalid*/"
    assert ops.is_valid(out[0]) and ops.is_valid(out[2])
    assert lib.crossOver("X", ops.simplest("0")) == "/*invalid*/"
    child = lib.crossOver("X(X,X)", WALKER)
    assert ops.is_valid(child)

    class Substitute(FramsticksLib):
        GENOTYPE_INVALID_OFFSPRING_SUBSTITUTE_ORIGINAL = True

    s = Substitute(None, None, None, seed=1)
    assert s.mutate(["//0\np:\nj:0,7\n"]) == ["//0\np:\nj:0,7\n"]
    assert s.crossOver("X", ops.simplest("0")) in ("X", ops.simplest("0"))


def test_same_seed_same_operators():
    a, b = FramsticksLib(None, None, None, seed=9), FramsticksLib(None, None, None, seed=9)
    assert a.mutate(["X(X,X)"] * 10) == b.mutate(["X(X,X)"] * 10)
    assert [a.crossOver("X(X,X)", WALKER) for _ in range(5)] == [b.crossOver("X(X,X)", WALKER) for _ in range(5)]
    c = FramsticksLib(None, None, None, seed=10)
    assert a.mutate(["X(X,X)"] * 10) != c.mutate(["X(X,X)"] * 10)


def test_dissimilarity_methods(lib):
    pop = ["X", "XX", "X(X,X)", WALKER]
    lev = lib.dissimilarity(pop, -1)
    assert isinstance(lev, np.ndarray) and lev[0, 1] == 1 and lev[1, 2] == similarity.levenshtein("XX", "X(X,X)")
    np.testing.assert_array_equal(lib.dissimilarity(pop, 1), similarity.matrix(pop, 1, settings=lib.settings))
    np.testing.assert_array_equal(lib.dissimilarity(pop, DissimMethod.PHENE_STRUCT_GREEDY),
                                  similarity.matrix(pop, "greedy", settings=lib.settings))
    m = lib.dissimilarity(["X", "(((", "XX"], 1)  # as the SDK: 0 for a genotype it cannot measure
    assert m[1].tolist() == [0, 0, 0] and m[0, 2] > 0
    with pytest.raises(ValueError, match="not available in genokit"):
        lib.dissimilarity(pop, 2)
    with pytest.raises(ValueError, match="Don't know what to do with dissimilarity method = 7"):
        lib.dissimilarity(pop, 7)


def test_random_genotype_reaches_its_target():
    hits = 0
    for seed in range(10):
        lib = FramsticksLib(None, None, None, seed=seed)
        g = lib.getRandomGenotype("X", 3, 6, 0, 2, 60, False)
        if g is not None:
            p, _, n, _ = lib.getPJNC(g)
            assert 3 <= p <= 6 and 0 <= n <= 2 and lib.isValidCreature([g]) == [True]
            hits += 1
        assert FramsticksLib(None, None, None, seed=seed).getRandomGenotype("X", 3, 6, 0, 2, 60, False) == g
    assert hits >= 5  # most random walks of 60 mutations reach a 4x3 target from one stick
    with pytest.raises(ValueError):
        FramsticksLib(None, None, None).getRandomGenotype("X[@][@]", 1, 2, 0, 1, 4, True)


def test_pickled_library_evaluates_the_same(lib):
    twin = pickle.loads(pickle.dumps(lib))
    a, b = lib.evaluate([WALKER])[0]["evaluations"][""], twin.evaluate([WALKER])[0]["evaluations"][""]
    a.pop("time"), b.pop("time")
    assert a == b
