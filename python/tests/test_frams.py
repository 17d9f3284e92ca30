"""genokit.frams: Framsticks object files from Python, checked against the genokit program and the
corpus (lossless round trip of every distribution file), plus bad input."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import genokit
import genokit.frams as frams

SIMPLE = "org:\nname:Walker\ngenotype:X\n"


def distribution_files(shared_dir):
    base = shared_dir / "corpus" / "framsticks" / "framsticks-distribution"
    return sorted(p for p in base.rglob("*") if p.is_file())


def test_objects_are_mappings_of_their_fields():
    doc = frams.parse("org:\nname:A\ngenotype:~\n//0\np:\n~\nnum:7\nname:B\n\nsim_params:\nnnoise:0.5\n")
    assert len(doc) == 2 and [o.class_name for o in doc.objects] == ["org", "sim_params"]
    org = doc[0]
    # repeated fields: the last one wins, as in the SDK; keys in order of first occurrence
    assert org["name"] == "B" and list(org) == ["name", "genotype", "num"] and len(org) == 3
    assert org["genotype"] == "//0\np:\n"
    assert org.get("missing") is None and org.get("missing", "x") == "x" and "num" in org
    assert org.to_dict() == {"_classname": "org", "name": "B", "genotype": "//0\np:\n", "num": "7"}
    assert org.line == 1 and doc[1].line == 10 and doc[-1].class_name == "sim_params"
    assert [o["nnoise"] for o in doc.select("sim_params")] == ["0.5"]
    with pytest.raises(KeyError):
        org["missing"]
    with pytest.raises(IndexError):
        doc[2]


def test_editing_keeps_every_untouched_byte():
    text = "# comment\norg:\nname:Walker\ngenotype:X\n\n# between\nsim_params:\nnnoise:0\n"
    doc = frams.parse(text)
    assert doc.text() == text
    doc[0]["genotype"] = "XX"
    doc[0]["num"] = 3
    doc[0]["energy"] = 2.0
    doc[0]["flag"] = True
    assert doc.text() == "# comment\norg:\nname:Walker\ngenotype:XX\nnum:3\nenergy:2.0\nflag:1\n\n# between\nsim_params:\nnnoise:0\n"
    # a multi-line value is written as key:~ ... ~ with the tilde escaped
    doc[1]["script"] = "a~b\nc"
    assert doc.text(canonical=True).endswith("sim_params:\nnnoise:0\nscript:~\na\\~b\nc~\n\n")


def test_dicts_and_json_both_ways():
    doc = frams.from_dicts([{"_classname": "sim_params", "nnoise": 0.5, "n": 3, "b": False, "e": None, "s": "t"}])
    assert doc.text() == "sim_params:\nnnoise:0.5\nn:3\nb:0\ne:\ns:t\n\n"
    assert doc.to_dicts() == [{"_classname": "sim_params", "nnoise": "0.5", "n": "3", "b": "0", "e": "", "s": "t"}]
    # typed: d/f fields of known classes become numbers
    typed = frams.parse("org:\nvelocity:0.5\nnum:100\nname:7\n").to_dicts(typed=True)
    assert typed == [{"_classname": "org", "velocity": 0.5, "num": 100, "name": "7"}]
    assert json.loads(doc.to_json()) == doc.to_dicts()
    assert frams.json_to_text('[{"_classname":"org","genotype":"X"}]') == "org:\ngenotype:X\n\n"
    assert frams.from_json('[{"_classname":"org","genotype":"X"}]')[0]["genotype"] == "X"


def test_matches_the_genokit_program(shared_dir, cli):
    """to_dicts / canonical text are what `genokit frams to-json` and `genokit cat` print."""
    base = shared_dir / "corpus" / "framsticks"
    files = [base / "framsticks-distribution" / "_custom" / "_simple.gen",
             base / "framspy-sim" / "eval-allcriteria.sim",
             base / "framsticks-distribution" / "expdef" / "standard.expdef",
             base / "framsticks-distribution" / "gen" / "walking.gen"]
    for path in files:
        doc = frams.load(path)
        for typed in (False, True):
            out = cli("frams", "to-json", *(["--typed"] if typed else []), path)
            assert out.returncode == 0, out.stderr
            assert doc.to_dicts(typed=typed) == json.loads(out.stdout), path
        assert doc.to_bytes(canonical=True) == cli("cat", path, binary=True).stdout, path


def test_every_distribution_file_is_written_back_byte_identical(shared_dir):
    files = distribution_files(shared_dir)
    assert len(files) > 100
    for path in files:
        doc = frams.load(path, includes="forbid", errors="keep")
        assert doc.to_bytes() == path.read_bytes(), path
        assert doc.file_name == str(path)
        # canonical text is idempotent
        canon = doc.to_bytes(canonical=True)
        assert frams.parse(canon, errors="keep").to_bytes(canonical=True) == canon, path


def test_typed_values_follow_the_sdk_conversion():
    # hex integers and exponents as in the SDK's _simple.gen test file; a decimal integer is truncated
    doc = frams.parse("org:\nnum:0x10\nvelocity:12.3e+05\ngnum:1.9\n")
    assert doc.to_dicts(typed=True)[0] == {"_classname": "org", "num": 16, "velocity": 1230000.0, "gnum": 1}


def test_save_is_atomic_and_reports_failures(tmp_path):
    doc = frams.parse(SIMPLE)
    target = tmp_path / "out.gen"
    doc.save(target)
    assert target.read_text() == SIMPLE
    doc.save(str(target), canonical=True)
    assert target.read_text() == "org:\nname:Walker\ngenotype:X\n\n"
    with pytest.raises(genokit.FileError) as e:
        doc.save(tmp_path / "missing-folder" / "x.gen")
    assert e.value.code == "core.write-failed" and isinstance(e.value, OSError)


def test_damaged_files_raise_parse_errors_with_positions(tmp_path):
    with pytest.raises(genokit.ParseError) as e:
        frams.parse("org:\nname:Walker\ngenotype:~\nX\n", name="w.gen")
    err = e.value
    assert (err.code, err.file, err.line, err.column) == ("frams.unterminated-multiline", "w.gen", 3, 10)
    assert isinstance(err, ValueError) and str(err).startswith("w.gen:3:10: error:")
    # errors="keep": the document with its diagnostics
    doc = frams.parse("org:\nname:Walker\ngenotype:~\nX\n", errors="keep")
    assert [d.code for d in doc.diagnostics] == ["frams.unterminated-multiline"]
    assert doc.diagnostics[0].severity == "error"
    # warnings do not raise; the SDK's loader message is kept
    doc = frams.parse("stats:\nx:1\n", name="a.gen")
    assert [(d.code, d.severity, d.line) for d in doc.diagnostics] == [("frams.unknown-object", "warning", 1)]
    # a file that is not there
    with pytest.raises(genokit.FileError) as e:
        frams.load(tmp_path / "nothing.gen")
    assert e.value.code == "core.read-failed"


def test_bad_json_and_dicts():
    with pytest.raises(genokit.ParseError) as e:
        frams.from_json('{"a": 1}')
    assert e.value.code == "frams.json-shape"
    with pytest.raises(genokit.ParseError) as e:
        frams.from_json('[{"a": }]', name="in.json")
    assert (e.value.code, e.value.file) == ("frams.json-syntax", "in.json")
    with pytest.raises(genokit.ParseError) as e:
        frams.from_dicts([{"_classname": "ok", "c": [1]}])
    assert e.value.code == "frams.json-bad-value"
    with pytest.raises(TypeError):
        frams.from_dicts([{"_classname": "ok", "c": {1, 2}}])
    with pytest.raises(TypeError):
        frams.from_dicts({"_classname": "ok"})


def test_wrong_types_and_values():
    with pytest.raises(TypeError):
        frams.parse(12)
    with pytest.raises(TypeError):
        frams.load(12)
    with pytest.raises(ValueError, match="includes must be one of"):
        frams.parse(SIMPLE, includes="sometimes")
    with pytest.raises(ValueError, match="errors must be one of"):
        frams.parse(SIMPLE, errors="ignore")
    doc = frams.parse(SIMPLE)
    with pytest.raises(TypeError, match="field value must be"):
        doc[0]["genotype"] = [1]
    with pytest.raises(ValueError, match="field name"):
        doc[0]["a:b"] = "x"


def test_property_types_and_definitions(shared_dir, cli):
    t = frams.property_type("d 0 3 1 ~a~b~c~d")
    assert t == json.loads(cli("frams", "type", "--json", "d 0 3 1 ~a~b~c~d").stdout)
    assert t["labels"] == ["a", "b", "c", "d"] and t["range_enforced"] is True
    bad = frams.property_type("q 1 2")
    assert bad["valid"] is False and bad["error"]
    path = shared_dir / "corpus" / "framsticks" / "framsticks-distribution" / "expdef" / "standard.expdef"
    props = frams.properties(frams.load(path))
    assert props == json.loads(cli("frams", "props", "--json", path).stdout)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("org:name~\\\n\r #@x0123456789.,\t\"é"), max_size=200))
def test_random_text_never_crashes_and_canonical_text_is_stable(text):
    doc = frams.parse(text, errors="keep", includes="forbid")
    canon = doc.text(canonical=True)
    again = frams.parse(canon, errors="keep", includes="forbid")
    assert again.text(canonical=True) == canon
    try:
        back = frams.from_json(doc.to_json())
    except genokit.ParseError as e:
        # the reader takes any header line as a class ("::", "0 :"); the JSON form only names a
        # Framsticks writer makes
        assert e.code == "frams.json-bad-name"
    else:
        assert again.to_dicts() == back.to_dicts()


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes_never_crash(data):
    doc = frams.parse(data, errors="keep", includes="forbid")
    assert doc.to_bytes() == data
