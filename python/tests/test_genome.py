"""genokit.genome: Creatures genomes from Python, checked against the genokit program on the corpus
genomes (C1, C2, C3, exports), plus damaged bytes and bad arguments."""

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import genokit
import genokit.genome as gn


def corpus_genomes(shared_dir):
    base = shared_dir / "corpus"
    files = sorted((base / "creatures2").glob("*.gen")) + sorted((base / "creatures-other").glob("*.gen"))
    assert len(files) >= 9
    return files


@pytest.fixture(scope="module")
def norn(shared_dir):
    return shared_dir / "corpus" / "creatures2" / "c2-norn.gen"


def test_every_corpus_genome_round_trips_exactly(shared_dir):
    versions = set()
    for path in corpus_genomes(shared_dir):
        data = path.read_bytes()
        g = gn.load(path, errors="keep")
        versions.add(g.version)
        assert g.encode() == data == bytes(g), path
        assert gn.assemble(g.to_text()).encode() == data, path
        assert gn.assemble(g.to_text(comments=False)).encode() == data, path
        table = g.table()
        assert len(table) == len(g) and table.offset.tolist() == [gene.offset for gene in g.genes]
        assert table.type.dtype == np.uint8 and table.kind == [gene.kind for gene in g.genes]
    assert versions == {"c1", "c2", "c3"}


def test_text_summary_and_json_are_the_programs(norn, cli):
    g = gn.load(norn)
    notes = gn.load_notes(norn.with_suffix(".gno"))  # the program finds it next to the genome
    assert len(notes) > 100 and notes.caption(g[1]) == "001 <<<< The Brain >>>> - Brain Organ"
    assert g.to_text(notes=notes) == cli("genome", "dump", norn).stdout
    assert g.to_text(comments=False, notes=notes) == cli("genome", "dump", "--no-comments", norn).stdout
    assert g.summary(notes=notes) == cli("genome", "dump", "--format", "summary", norn).stdout
    assert g.to_dict(notes=notes) == json.loads(cli("genome", "dump", "--format", "json", norn).stdout)
    j = g.to_dict()
    assert all(j["genes"][i].get("fields", {}) == g[i].fields for i in range(len(g)))
    assert g[0].fields == {"species": 0, "mum": "toby", "dad": "sjgl"}


def test_expression_is_the_programs(norn, cli):
    g = gn.load(norn)
    for sex, stage, up_to in (("male", "adult", False), ("female", "embryo", True), ("female", 3, False)):
        args = ["genome", "express", norn, "--sex", sex, "--stage", str(stage), "--format", "json"]
        shown = json.loads(cli(*args, *(["--up-to"] if up_to else [])).stdout)
        assert g.express(sex, stage, up_to=up_to) == [x["index"] for x in shown["genes"]]
    assert g.express("male", "baby") == g.express("male", "embryo") == g.express("male", 0)


def test_cross_mutate_and_diff_are_the_programs(norn, shared_dir, cli, tmp_path):
    mum = gn.load(norn)
    dad_path = shared_dir / "corpus" / "creatures2" / "c2exp-6KUC.gen"
    dad = gn.load(dad_path)
    child = gn.cross(mum, dad, seed=42)
    out = tmp_path / "child.gen"
    assert cli("genome", "cross", norn, dad_path, "-o", out, "--seed", "42").returncode == 0
    assert child.encode() == out.read_bytes()
    c3, stats = gn.cross(mum, dad, seed=42, scheme="c3", parent_chance=100, parent_degree=50, return_stats=True)
    cli("genome", "cross", norn, dad_path, "-o", out, "--seed", "42", "--scheme", "c3", "--parent-chance", "100",
        "--parent-degree", "50")
    assert c3.encode() == out.read_bytes() and stats["crossovers"] > 0
    assert gn.cross(mum, dad, seed=42).encode() == child.encode()  # same seed, same child
    assert gn.cross(mum, dad, seed=43).encode() != child.encode()
    plain = gn.cross(mum, mum, seed=1, mutation=False, mum_moniker="abcd", dad_moniker="efgh")
    assert plain[0].fields["mum"] == "abcd" and plain[0].fields["dad"] == "efgh"

    mutant, st_m = gn.mutate(mum, seed=5, return_stats=True)
    cli("genome", "mutate", norn, "-o", out, "--seed", "5")
    assert mutant.encode() == out.read_bytes() and len(mutant.encode()) == len(mum.encode())
    assert 0 < st_m["mutated_bytes"] < st_m["eligible_bytes"]

    a, b = tmp_path / "a.gen", tmp_path / "b.gen"
    mum.save(a)
    mutant.save(b)
    assert gn.diff(mum, mutant) == json.loads(cli("genome", "diff", "--json", a, b).stdout)
    assert gn.diff(mum, mum) == []


def test_editing_genes():
    g = gn.assemble("genome c2\ngene stimulus id=1 gen=1 stage=embryo flags=mut\ngend\n")
    gene = g[0]
    assert (gene.kind, gene.id, gene.generation, gene.switch_on, gene.flags) == ("stimulus", 1, 1, 0, 1)
    gene.id = 9
    gene.switch_on = 4
    gene.flags = 1 | 2
    name, value = next(iter(gene.fields.items()))
    gene.set_field(name, 7)
    assert g[0].fields[name] == 7 and gene.flag_names == "mut+dup"
    back = gn.decode(g.encode())
    assert (back[0].id, back[0].switch_on, back[0].fields[name]) == (9, 4, 7)
    gene.data = b"\x00" * len(gene.data)
    assert set(gn.decode(g.encode())[0].data) == {0}
    with pytest.raises(ValueError, match="0..255"):
        gene.id = 300
    with pytest.raises(KeyError):
        gene.set_field("nothing", 1)
    assert "stimulus" in g.to_text() and g.moniker == gn.decode(g.encode()).moniker


def test_damaged_bytes(norn):
    data = norn.read_bytes()
    with pytest.raises(genokit.ParseError) as e:
        gn.decode(data[:1000], name="cut.gen")
    err = e.value
    assert (err.code, err.file, err.offset, err.line) == ("genome.truncated-gene", "cut.gen", 993, 0)
    kept = gn.decode(data[:1000], errors="keep")
    assert kept.encode() == data[:1000] and kept.diagnostics[0].code == "genome.truncated-gene"
    assert kept[-1].truncated
    for junk in (b"", b"hello", b"\x00\x01\x02"):
        with pytest.raises(genokit.ParseError) as e:
            gn.decode(junk, errors="keep")  # no genome at all: nothing to keep
        assert e.value.code == "genome.not-a-genome"
    with pytest.raises(genokit.ParseError) as e:
        gn.assemble("genome c2\ngene foo id=1\n", name="t.txt")
    assert (e.value.code, e.value.line, e.value.column) == ("genome.text-unknown-kind", 2, 6)


def test_validation(norn):
    g = gn.load(norn, validate=True)
    assert [d for d in g.diagnostics if d.severity == "error"] == []
    broken = gn.assemble("genome c2\ngene stimulus id=1 gen=1 stage=embryo flags=male+female\ngend\n")
    found = [(d.severity, d.code, d.offset) for d in broken.validate()]
    # offsets in encode(): the first gene at 4 (after "dna2"), its flags byte at 13
    assert found == [("error", "genome.missing-genus", 4), ("warning", "genome.both-sexes", 13)]
    assert broken.express("male", "embryo") == [] and broken.express("female", "embryo") == []
    with pytest.raises(genokit.ParseError) as e:
        gn.decode(broken.encode(), validate=True)
    assert e.value.code == "genome.missing-genus"


def test_exports_and_files(shared_dir, tmp_path):
    exp = shared_dir / "corpus" / "creatures2" / "exports" / "c2exp.exp"
    g = gn.load(exp)
    assert g.version == "c2" and len(g) > 100
    assert any(d.severity == "note" for d in g.diagnostics)
    with pytest.raises(genokit.ParseError):
        gn.load(exp, accept_export=False)
    with pytest.raises(genokit.FileError):
        gn.load(tmp_path / "missing.gen")
    with pytest.raises(genokit.FileError):
        g.save(tmp_path / "no" / "such" / "dir.gen")
    assert "**Brain lobe** `lobe` (0,0), 121 data bytes" in gn.layouts_markdown("c3")


def test_wrong_types_and_values(norn):
    g = gn.load(norn)
    with pytest.raises(TypeError):
        gn.decode("dna2")  # text, not bytes
    with pytest.raises(ValueError, match="sex must be one of"):
        g.express("other", "adult")
    with pytest.raises(ValueError, match="stage must be"):
        g.express("male", "teen")
    with pytest.raises(ValueError, match="0..255"):
        g.express("male", 300)
    with pytest.raises(ValueError, match="scheme must be one of"):
        gn.mutate(g, seed=1, scheme="c2")
    c1 = gn.assemble("genome c1\ngene stimulus id=1 gen=1 stage=embryo flags=mut\ngend\n")
    with pytest.raises(ValueError, match="different games"):
        gn.cross(g, c1, seed=1)
    with pytest.raises(TypeError):
        gn.cross(g, "dad", seed=1)
    with pytest.raises(IndexError):
        g[len(g)]


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.binary(max_size=200), st.binary(max_size=200).map(b"dna2gene".__add__),
                 st.binary(max_size=200).map(b"dna3gene".__add__)))
def test_random_bytes_never_crash(data):
    try:
        g = gn.decode(data, errors="keep", validate=True)
    except genokit.ParseError as e:
        assert e.code == "genome.not-a-genome"
        return
    assert g.encode() == data
    g.to_text(), g.summary(), g.to_dict(), g.table()
    assert gn.assemble(g.to_text()).encode() == data


def test_genomes_pickle_for_other_processes(norn):
    import pickle

    g = gn.load(norn)
    g[3].id = 77  # an edit survives: the pickle holds the encoded bytes
    back = pickle.loads(pickle.dumps(g))
    assert back.encode() == g.encode() and back[3].id == 77 and back.version == "c2"
