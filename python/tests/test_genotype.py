"""genokit.genotype: genotypes of every encoding -> numpy models, checked against the Framsticks SDK
r909 dumps of the corpus (oracle-sdk-r909), the genokit program, and bad input."""

import json
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import genokit
import genokit.genotype as gt
import sdk_oracle

STICK_F0 = "//0\np:\np:1\nj:0, 1\n"
PART_KEYS = ["x", "y", "z"]


def oracle_dir(shared_dir):
    return shared_dir / "corpus" / "framsticks" / "oracle-sdk-r909"


def assert_matches_oracle(m, o, where, exact_positions=False):
    """The model's columns against one SDK dump (exact positions where genokit is bit-exact)."""
    assert m.valid == o["valid"], where
    assert (len(m.parts), len(m.joints), len(m.neurons), len(m.connections)) == o["counts"], where
    if not o["parts"] or not o["valid"]:
        return  # the SDK places the parts of valid models only
    want = np.array([[p[k] for k in PART_KEYS] for p in o["parts"]])
    if exact_positions:
        assert np.array_equal(m.parts.position, want), where
    else:
        np.testing.assert_allclose(m.parts.position, want, rtol=1e-9, atol=1e-9, err_msg=where)
    np.testing.assert_allclose(m.parts.orientation, np.array([p["orient"] for p in o["parts"]]),
                               rtol=1e-9, atol=1e-9, err_msg=where)
    for col, key in (("fr", "fr"), ("dn", "dn"), ("mass", "mass"), ("s", "s")):
        np.testing.assert_allclose(m.parts[col], [p[key] for p in o["parts"]], rtol=1e-9, err_msg=f"{where} {col}")
    assert m.joints.p1.tolist() == [j["p1"] for j in o["joints"]], where
    assert m.joints.p2.tolist() == [j["p2"] for j in o["joints"]], where
    np.testing.assert_allclose(m.joints.length, [j["len"] for j in o["joints"]], rtol=1e-9, err_msg=where)
    assert m.neurons.class_name == [n["class"] for n in o["neurons"]], where
    assert m.neurons.part.tolist() == [n["p"] for n in o["neurons"]], where
    assert m.neurons.joint.tolist() == [n["j"] for n in o["neurons"]], where
    # the dump lists inputs per target neuron; the model's connections are in genotype order
    got = sorted(zip(m.connections.target.tolist(), m.connections.source.tolist(), m.connections.weight.tolist()))
    want_c = sorted((c["n1"], c["n2"], c["w"]) for c in o["connections"])
    assert [x[:2] for x in got] == [x[:2] for x in want_c], where
    np.testing.assert_allclose([x[2] for x in got], [x[2] for x in want_c], rtol=1e-9, err_msg=where)


def test_f1_models_are_the_sdks(shared_dir):
    """The 49 hand-made f1 cases: positions bit-exact, orientations, elements, the f0 the SDK writes."""
    cases = sorted((oracle_dir(shared_dir) / "f1").glob("*.f1"))
    assert len(cases) == 49
    for path in cases:
        o = sdk_oracle.parse((path.parent / (path.name + ".oracle.txt")).read_text())[0]
        m = gt.parse(path.read_bytes(), format="1", errors="keep")
        assert m.format == "1"
        assert_matches_oracle(m, o, path.name, exact_positions=True)
        if o["valid"]:
            assert m.f0(header=False) == o["f0_out"], path.name


def test_gen_files_of_the_corpus_match_the_sdk(shared_dir):
    """Every org of the corpus .gen files the SDK dumped, in every encoding genokit reads, read one by
    one and as a batch."""
    base = shared_dir / "corpus" / "framsticks"
    compared = formats = 0
    seen = set()
    for dump in sorted(oracle_dir(shared_dir).glob("*.gen.oracle.txt")):
        oracle = sdk_oracle.parse(dump.read_text())
        if not oracle:
            continue
        stem = dump.name[: -len(".oracle.txt")]
        path = next(p for p in base.rglob("*.gen") if str(p.relative_to(base)).replace("/", "_") == stem)
        entries = gt.read_file(path)
        assert len(entries) == len(oracle), path
        texts = [e["text"] for e in entries]
        batch = gt.parse_many(texts, keep_models=True)
        for i, (e, o) in enumerate(zip(entries, oracle)):
            assert e["name"][:40] == o["name"]  # the SDK keeps 40 characters of a name (s 0 40)
            if not e["readable"]:
                continue
            m = gt.parse(e["text"], errors="keep")
            where = f"{path.name} #{i} {o['name']}"
            assert m.format == o["format"], where
            assert_matches_oracle(m, o, where)
            assert batch.valid[i] == m.valid and tuple(batch.counts[i]) == o["counts"], where
            assert batch.model(i).f0() == m.f0(), where
            if o["valid"] and o["f0_out"] is not None:
                assert m.f0(header=False) == o["f0_out"], where
            compared += 1
            seen.add(m.format)
    assert compared > 500 and {"0", "1", "4"} <= seen


def test_the_model_is_what_the_genokit_program_shows(shared_dir, cli):
    path = shared_dir / "corpus" / "framsticks" / "framsticks-distribution" / "gen" / "walking.gen"
    entries = gt.read_file(path)
    m = gt.load(path, entries[3]["name"])
    shown = json.loads(cli("show", "--json", path).stdout)[3]
    assert shown["name"] == entries[3]["name"]
    for key in ("valid", "shape_type", "se", "parts", "joints", "neurons", "connections", "sdk_messages"):
        assert m.to_dict()[key] == shown[key], key
    rendered = cli("render", "--org", "3", "--title", "t", "-o", "-", path).stdout
    assert m.svg(title="t") == rendered
    # the file's genotype positioned in the file
    assert entries[3]["line"] > 1 and m.parts.line[0] >= 1


def test_columns_of_an_f0_model():
    m = gt.parse("//0\np:1, 2, 3, fr=0.7, i=\"x\"\np:2, 2, 3, sx=2\nj:0, 1, stam=0.5\n"
                 "n:p=0, d=\"N:in=0.5\"\nn:j=0, d=|\nc:1, 0, 2.5\n")
    assert m.format == "0" and m.valid and m.shape_type == "ball-and-stick"
    assert m.parts.position.tolist() == [[1, 2, 3], [2, 2, 3]]
    assert m.parts.position.shape == (2, 3) and m.parts.orientation.shape == (2, 3, 3)
    assert m.parts.fr.tolist() == [0.7, 0.4] and m.parts.info == ["x", ""]
    assert m.parts.sh.tolist() == [0, 0] and m.parts.scale.tolist() == [[1, 1, 1], [2, 1, 1]]
    assert m.joints.p1.tolist() == [0] and m.joints.stam.tolist() == [0.5] and m.joints.length.tolist() == [1.0]
    assert m.neurons.class_name == ["N", "|"] and m.neurons.params == ["in=0.5", ""]
    assert m.neurons.part.tolist() == [0, -1] and m.neurons.joint.tolist() == [-1, 0]
    assert m.connections.target.tolist() == [1] and m.connections.weight.tolist() == [2.5]
    assert m.parts.line.tolist() == [2, 3] and m.connections.line.tolist() == [7]
    with pytest.raises(ValueError):
        m.parts.position[0, 0] = 5  # read-only views of the model
    assert "position" in m.parts and list(m.parts)[0] == "position" and m.parts["as"].tolist() == [0.25, 0.25]


def test_f0_hinge_joints_only_when_asked():
    # SDK r909 clamps j:sh to 1 and does not know hx (its warnings); f0_hinges=True reads Framsticks 5.x hinges.
    text = "//0\np:sh=1\np:1,sh=1\nj:0,1,sh=2,hx=0.5\n"
    m = gt.parse(text)
    assert m.valid and m.joints.sh.tolist() == [1] and m.joints.hinge_position.tolist() == [[0, 0, 0]]
    assert [d.code for d in m.diagnostics] == ["f0.value-clamped", "f0.unknown-property"]
    h = gt.parse(text, f0_hinges=True)
    assert h.valid and h.joints.sh.tolist() == [2] and h.joints.hinge_position.tolist() == [[0.5, 0, 0]]
    assert [d.code for d in gt.validate(text, f0_hinges=True)] == []


def test_canonical_f0_conversion_and_map():
    assert gt.to_f0("//0\np:  1.0 ,0\np:2\nj:0,1\n") == "//0\np:1.0\np:2.0\nj:0, 1\n"
    # f1 sticks are grey (vr=vg=vb=0.5), as the SDK converts them
    assert gt.to_f0("X", header=False) == "p:vr=0.5, 0.5, 0.5\np:1.0, vr=0.5, 0.5, 0.5\nj:0, 1, dx=1.0, 0.0, 0.0, vr=0.5, 0.5, 0.5\n"
    m = gt.parse("X[|]X", mapping=True)
    kinds = {k for _, _, k, _ in m.map}
    assert kinds == {"part", "joint", "neuron"}
    assert ("neuron", 0) in [(k, i) for _, _, k, i in m.elements_at(1)]
    assert m.ranges_of("neuron", 0) == [(1, 4)]
    with pytest.raises(ValueError):
        m.ranges_of("muscle", 0)


def test_formats_and_encodings():
    assert [gt.detect_format(t) for t in ("//0\np:\n", "/*4*/<X>X>", "X", "/*9*/RR")] == ["0", "4", "1", "9"]
    assert gt.detect_format("p:\np:1\nj:0,1\n", bare="guess") == "0"
    assert gt.detect_format("//0p") is None
    assert [e["name"] for e in gt.encodings()][:2] == ["f0", "f1"]
    assert gt.parse("/*9*/RRU").format == "9"
    assert gt.parse("RRU", format="f9").format == "9"
    with pytest.raises(ValueError, match="format must be an encoding"):
        gt.parse("X", format="f7")


def test_rewrite_turns_a_files_genotypes_into_f0():
    gen = "org:\nname:a\ngenotype:X\n\norg:\nname:b\ngenotype:XX\n"
    out = gt.rewrite(gen, formats=["1"])
    assert out == (f"org:\nname:a\ngenotype:~\n{gt.to_f0('X')}~\n\n"
                   f"org:\nname:b\ngenotype:~\n{gt.to_f0('XX')}~\n")
    assert gt.rewrite(gen, formats=["0"]) == gen  # no f0 genotype in it: unchanged
    bad = "org:\nname:q\ngenotype:X%\n"
    with pytest.raises(genokit.ParseError) as e:
        gt.rewrite(bad, formats=["1"], name="r.gen")
    assert (e.value.code, e.value.file, e.value.line, e.value.column) == ("f1.invalid-character", "r.gen", 3, 11)
    assert gt.rewrite(bad, formats=["1"], keep_invalid=True) == bad


def test_genotypes_that_do_not_parse_raise_with_positions():
    with pytest.raises(genokit.ParseError) as e:
        gt.parse("//0\np:\nj:0, 5\n", name="g.f0")
    err = e.value
    assert (err.code, err.file, err.line, err.column) == ("f0.bad-part-ref", "g.f0", 3, 1)
    assert str(err) == "g.f0:3:1: error: Invalid reference to Part #5, line #2 [f0.bad-part-ref]"
    assert isinstance(err, ValueError) and err.diagnostics[0].code == "f0.bad-part-ref"
    kept = gt.parse("//0\np:\nj:0, 5\n", errors="keep")
    assert not kept.valid and any(d.severity == "error" for d in kept.diagnostics)
    assert any(d.severity == "error" for d in gt.validate("//0\np:\nj:0, 5\n"))
    assert [d.severity for d in gt.validate(STICK_F0)] == []
    with pytest.raises(genokit.ParseError) as e:
        gt.parse("/*Q*/X")
    assert e.value.code == "genotype.unsupported-encoding"
    with pytest.raises(genokit.ParseError) as e:
        gt.parse("//0p:\n")
    assert e.value.code == "genotype.bad-header"
    # strict f1: a warning is an error
    assert gt.parse("X[foo]").valid
    with pytest.raises(genokit.ParseError):
        gt.parse("X[foo]", strict=True)


def test_files(tmp_path):
    path = tmp_path / "two.gen"
    path.write_text("org:\nname:a\ngenotype:X\n\norg:\nname:b\ngenotype:~\n//0\np:\np:1\nj:0,1\n~\n")
    entries = gt.read_file(path)
    assert [(e["name"], e["format"], e["line"]) for e in entries] == [("a", "1", 3), ("b", "0", 8)]
    assert gt.load(path, "b").format == "0" and gt.load(path, "1").format == "0" and gt.load(path).format == "1"
    bare = tmp_path / "stick.f0"
    bare.write_text("p:\np:1\nj:0, 1\n")
    assert gt.load(bare).format == "0" and gt.read_file(bare)[0]["format"] == "0"  # .f0: f0, as the CLI
    assert gt.load(bare, bare="f1", errors="keep").format == "1"
    with pytest.raises(genokit.ParseError) as e:
        gt.load(path, "c")
    assert e.value.code == "genotype.no-genotype"
    with pytest.raises(genokit.FileError):
        gt.load(tmp_path / "none.gen")
    bad = tmp_path / "bad.gen"
    bad.write_text("org:\nname:x\ngenotype:~\n//0\np:\nj:0,3\n~\n")
    with pytest.raises(genokit.ParseError) as e:
        gt.load(bad)
    assert (e.value.file, e.value.line) == (str(bad), 6)  # positioned in the file, not the genotype


def test_batches():
    texts = [STICK_F0, "//0\np:\nj:0, 3\n", "//0\np:\np:1\np:2\nj:0,1\nj:1,2\n"]
    b = gt.parse_many(texts)
    assert len(b) == 3 and b.valid.tolist() == [True, False, True]
    assert b.counts.tolist() == [[2, 1, 0, 0], [1, 0, 0, 0], [3, 2, 0, 0]]
    assert b.error_counts.tolist() == [0, 1, 0] and b.diagnostics(1)[0].severity == "error" and b.diagnostics(-1) == []
    with pytest.raises(ValueError, match="keep_models"):
        b.model(0)
    with pytest.raises(IndexError):
        b.diagnostics(3)
    mixed = gt.parse_many(["X", STICK_F0, "/*4*/<X>X>", "//0p"], threads=2, keep_models=True)
    assert mixed.formats == ["1", "0", "4", ""] and mixed.valid.tolist() == [True, True, True, False]
    assert mixed.model(0).f0() == gt.parse("X").f0()
    # the same verdicts on one thread and on every core, from a tuple or a generator
    many = texts * 200
    one = gt.parse_many(many, threads=1)
    assert np.array_equal(one.valid, gt.parse_many(tuple(many)).valid)
    assert np.array_equal(one.counts, gt.parse_many(t for t in many).counts)
    assert [len(d) for d in gt.validate_many(texts)] == [len(b.diagnostics(i)) for i in range(3)]


def test_wrong_types():
    with pytest.raises(TypeError):
        gt.parse(None)
    with pytest.raises(TypeError, match="genotype 1 must be str"):
        gt.parse_many(["X", 3])
    with pytest.raises(TypeError, match="not one str"):
        gt.parse_many("X")
    with pytest.raises(TypeError):
        gt.parse_many(5)
    with pytest.raises(ValueError, match="bare must be one of"):
        gt.parse("X", bare="f2")
    with pytest.raises(ValueError, match="width"):
        gt.parse("X").svg(width=10)


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.sampled_from("XxLlRrQqCc()[],|@*GTS:0123.-=N/*049H\n"), max_size=60))
def test_random_text_never_crashes(text):
    for fmt in (None, "0", "1", "4", "9", "H", "L", "B", "F", "n"):
        try:
            m = gt.parse(text, format=fmt, errors="keep")
        except genokit.ParseError as e:  # nothing to read: a malformed header or an unknown encoding
            assert fmt is None and e.code in ("genotype.bad-header", "genotype.unsupported-encoding")
            continue
        if any(d.severity == "error" for d in m.diagnostics):
            assert not m.valid
        m.f0()
        assert len(m.parts) == m.parts.position.shape[0] and len(m.joints) == len(m.joints.p1)
    assert len(gt.parse_many([text], format="1")) == 1


def _thousandths(v):  # a named function: Hypothesis would re-read a lambda's source on every draw
    return v / 1000


def _f0_genotype(parts):
    lines = ["//0"]
    for x, y, z in parts:
        lines.append(f"p:{x}, {y}, {z}")
    lines += [f"j:{i - 1}, {i}" for i in range(1, len(parts))]
    return "\n".join(lines) + "\n"


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(*[st.integers(-3000, 3000).map(_thousandths)] * 3), min_size=1, max_size=6))
def test_canonical_f0_round_trips(parts):
    m = gt.parse(_f0_genotype(parts), errors="keep")
    canon = m.f0()
    again = gt.parse(canon, errors="keep")
    assert again.f0() == canon
    assert again.valid == m.valid
    assert np.array_equal(again.parts.position, m.parts.position)
    assert all(math.isfinite(v) for v in again.parts.position.ravel())


def test_models_pickle_for_other_processes():
    import pickle

    for m in (gt.parse("X[|G:1](X,X)", mapping=True), gt.parse("/*4*/<X>X>"), gt.parse("//0\np:\nj:0, 3\n", errors="keep"),
              gt.parse_many(["XX", STICK_F0], keep_models=True).model(1)):
        back = pickle.loads(pickle.dumps(m))
        assert (back.format, back.valid, back.text, back.f0(), back.map) == (m.format, m.valid, m.text, m.f0(), m.map)
        assert np.array_equal(back.parts.orientation, m.parts.orientation)
        assert [str(d) for d in back.diagnostics] == [str(d) for d in m.diagnostics]
