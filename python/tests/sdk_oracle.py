"""Reads the Framsticks SDK r909 model dumps of corpus/framsticks/oracle-sdk-r909 (format:
spec/notes/framsticks.md §3.2): per genotype its validity, counts, parts with final positions and
orientations, joints, neurons, connections and the re-serialised f0 text."""

import math
import re

_FIELD = re.compile(r'(\w+)=("(?:[^"\\]|\\.)*"|\([^)]*\)|\S+)')


def _value(text):
    if text.startswith('"'):
        return text[1:-1]
    if text.startswith("("):
        return tuple(_number(x) for x in text[1:-1].split(","))
    return _number(text)


def _number(text):
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return {"inf": math.inf, "-inf": -math.inf, "nan": math.nan, "-nan": math.nan}.get(text, text)


def _fields(line):
    return {k: _value(v) for k, v in _FIELD.findall(line)}


def parse(text):
    """The genotypes of one dump: a list of dicts (name, format, valid, counts, parts, joints,
    neurons, connections, f0_out)."""
    genotypes = []
    g = None
    lines = iter(text.splitlines())
    for line in lines:
        if line.startswith("=== genotype"):
            head = _fields(line)
            g = {"name": head.get("name", ""), "format": str(head.get("format", "")), "parts": [], "joints": [],
                 "neurons": [], "connections": [], "f0_out": None}
            genotypes.append(g)
        elif g is None:
            continue
        elif line.startswith("valid:"):
            g["valid"] = line.split()[1] == "1"
        elif line.startswith("counts:"):
            f = _fields(line)
            g["counts"] = (f["parts"], f["joints"], f["neurons"], f["connections"])
        elif line.startswith("p["):
            g["parts"].append(_fields(line))
        elif line.startswith("  orient"):
            f = _fields(line)
            g["parts"][-1]["orient"] = (f["x"], f["y"], f["z"])
        elif line.startswith("j["):
            g["joints"].append(_fields(line))
        elif line.startswith("n["):
            g["neurons"].append(_fields(line))
        elif line.startswith("c "):
            g["connections"].append(_fields(line))
        elif line == "f0_out:":
            out = []
            for body in lines:
                if body == "f0_out_end":
                    break
                out.append(body + "\n")
            g["f0_out"] = "".join(out)
    return genotypes
