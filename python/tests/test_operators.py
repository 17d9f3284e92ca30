"""genokit.operators: mutation, crossover, repair, simplest genotypes and validity, checked against
the genokit program on the same input (bit for bit), with fixed-seed statistics and bad input."""

import collections

import pytest

import genokit
import genokit.operators as ops
import genokit.sim as sim
from gen_text import read_orgs, write_gen

F1 = ["X(X,X)", "XX[|,-1:1]X", "X[Sin]X[|,-1:2]X[|,-2:-2]X", "RX(fX,MX[T])"]
F0 = ["//0\np:\np:1\nj:0,1\n", "//0\np:\np:1\np:2\nj:0,1\nj:1,2\nn:j=0,d=|\nn:d=Sin\nc:0,1\n"]


def test_mutants_equal_the_genokit_program(tmp_path, cli):
    genotypes = F1 + F0
    f = write_gen(tmp_path / "p.gen", genotypes)
    r = cli("mutate", f, "--seed", 5)
    theirs = read_orgs(r.stdout)
    ours = ops.mutate(genotypes, seed=5, names=[f"g{i}" for i in range(len(genotypes))])
    assert len(theirs) == len(ours) == len(genotypes)
    for m, t in zip(ours, theirs):
        assert m.ok and m.genotype == t["genotype"] and m.kind == t["mutation"] and m.info == t["info"]
        assert m.change == pytest.approx(float(t["change"]), rel=1e-5)
    # one genotype alone with the batch's seed for it gives the same mutant
    assert ops.mutate(genotypes[1], seed=ops.mix_seed(5, 1)).genotype == ours[1].genotype


def test_children_equal_the_genokit_program(tmp_path, cli):
    a, b = F1[:3] + F0[:1], F1[1:4] + F0[1:]
    fa = write_gen(tmp_path / "a.gen", a, [f"a{i}" for i in range(4)])
    fb = write_gen(tmp_path / "b.gen", b, [f"b{i}" for i in range(4)])
    theirs = read_orgs(cli("cross", fa, fb, "--seed", 9).stdout)
    ours = ops.crossover(list(zip(a, b)), seed=9, names=[(f"a{i}", f"b{i}") for i in range(4)])
    assert len(theirs) == len(ours) == 4
    for c, t in zip(ours, theirs):
        assert c.ok and c.genotype == t["genotype"] and c.info == t["info"]


def test_simplest_genotypes_equal_the_genokit_program(cli):
    for f in ops.formats():
        if not f["simplest"]:
            continue
        out = cli("simplest", f["id"], "--header").stdout
        assert ops.simplest(f["id"]) == out.rstrip("\n") or ops.simplest(f["id"]) == out
    assert ops.simplest("1") == ops.simplest("f1") == ops.simplest(1) == "X"


def test_framspy_validity_self_test_and_creature_validity():
    assert ops.is_valid(["X[0:0],", "X[0:0]", "X[1:0]"]) == [False, True, False]
    assert ops.is_valid_creature(["X[@][@]", "X[|][|]", "X(X,X)", "X[]"]) == [False, False, True, False]
    ok, why = ops.validity("X[1:0]")
    assert not ok and why and all(d.line >= 1 for d in why if d.severity == "error")
    ok, why = ops.validity("X[@][@]", creature=True)
    assert not ok and any(d.code == "genotype.duplicate-muscle" for d in why)


def test_mutants_are_valid_and_deterministic_and_seeds_give_variety():
    kinds = collections.Counter()
    for seed in range(200):
        m = ops.mutate("X(X[|,-1:1],X)", seed=seed)
        assert ops.is_valid(m.genotype) and 1 <= m.attempts <= 100
        kinds[m.kind] += 1
        assert ops.mutate("X(X[|,-1:1],X)", seed=seed).genotype == m.genotype
    # with the default rates every kind of f1 change happens within 200 mutants
    assert {"f1.add-stick", "f1.remove-stick", "f1.add-modifier", "f1.add-neuron"} <= set(kinds)
    assert len(kinds) >= 6


def test_operator_settings_change_what_mutation_does(shared_dir):
    s = ops.OperatorSettings()
    for k in ("f1_smX", "f1_smJunct", "f1_smComma", "f1_smModif", "f1_nmNeu", "f1_nmConn", "f1_nmProp", "f1_nmWei",
              "f1_nmVal"):
        s[k] = 0.0
    s["f1_smX"] = 1.0
    kinds = {m.kind for m in ops.mutate(["X(X,X)"] * 100, seed=1, settings=s)}
    assert kinds <= {"f1.add-stick", "f1.remove-stick"} and "f1.add-stick" in kinds
    # from a real framspy settings file, through the one .sim reader
    real = ops.load_settings(str(shared_dir / "corpus/framsticks/framspy-sim/f1_params.sim"))
    assert real["f1_nmWei"] == 1.0 and real["f1_smModifiers"] == "LlRrCcQqFfMm"
    with pytest.raises(KeyError):
        s["no_such_rate"] = 1
    with pytest.raises(ValueError):
        s["f1_smX"] = "lots"


def test_sim_settings_carry_operator_settings():
    st = sim.load_settings("eval-allcriteria.sim")
    st["f1_smX"] = 0.0
    st["f1_smModif"] = 0.0
    a = ops.mutate(["X(X,X)"] * 20, seed=3, settings=st)
    b = ops.mutate(["X(X,X)"] * 20, seed=3, settings=st.operators)
    assert [m.genotype for m in a] == [m.genotype for m in b]
    assert not any(m.kind in ("f1.add-stick", "f1.add-modifier") for m in a)


def test_repair_and_failures():
    assert ops.is_valid(ops.repair("X[1:0]"))
    assert ops.repair("X(X,X)") == "X(X,X)"
    with pytest.raises(genokit.Error) as e:
        ops.crossover("X", ops.simplest("0"))
    assert e.value.code == "genotype.mixed-encodings"
    failed = ops.mutate(["X", "//0\np:\nj:0,7\n"], seed=1)
    assert failed[0].ok and not failed[1].ok and failed[1].genotype is None and failed[1].message
    with pytest.raises(genokit.ParseError):
        ops.mutate("//0\np:\nj:0,7\n")


def test_bad_arguments_raise_type_and_value_errors():
    with pytest.raises(TypeError):
        ops.mutate(5)
    with pytest.raises(TypeError):
        ops.mutate(["X", None])
    with pytest.raises(TypeError):
        ops.mutate("X", seed="1")
    with pytest.raises(ValueError):
        ops.mutate("X", seed=-1)
    with pytest.raises(TypeError):
        ops.crossover("X")
    with pytest.raises(TypeError):
        ops.crossover([("X",)])
    with pytest.raises(TypeError):
        ops.mutate("X", settings="f1_smX=1")
    with pytest.raises(genokit.Error):
        ops.simplest("no-such-format")
    with pytest.raises(ValueError):
        ops.is_valid(["X"], format="zz")
