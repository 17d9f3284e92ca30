"""Genotypes of every encoding genokit reads, through the genotype door.

One call turns a genotype text (f0, f1, f4, f9, fB, fF, fH, fL, fn; the encoding from its header,
an explicit ``format`` or the bare-text rule) into a :class:`Model`: the creature's parts, joints,
neurons and connections as :class:`genokit.Table` columns of numpy arrays, the SDK's verdict, and
diagnostics positioned in the text::

    >>> import genokit.genotype as gt
    >>> m = gt.parse("XX[|]")                      # no header: f1, as in the SDK
    >>> m.format, m.valid, len(m.parts), len(m.joints), len(m.neurons)
    ('1', True, 3, 2, 1)
    >>> m.parts.position
    array([[0., 0., 0.],
           [1., 0., 0.],
           [2., 0., 0.]])
    >>> m.neurons.class_name, m.neurons.joint
    (['|'], array([1], dtype=int32))
    >>> print(gt.to_f0("//0\\np:  1.0 ,0\\np:2\\nj:0,1\\n"), end="")   # canonical f0
    //0
    p:1.0
    p:2.0
    j:0, 1

An invalid genotype raises :class:`genokit.ParseError` (with ``errors="keep"`` the invalid model is
returned); :func:`validate` returns the diagnostics instead. Many genotypes are read on every core
without the GIL by :func:`parse_many`.
"""

from __future__ import annotations

from ._genokit import genotype as _c

Model = _c.Model
Batch = _c.Batch
parse = _c.parse
load = _c.load
read_file = _c.read_file
validate = _c.validate
parse_many = _c.parse_many
detect_format = _c.detect_format
encodings = _c.encodings
rewrite = _c.rewrite

__all__ = [
    "Model", "Batch", "parse", "load", "read_file", "validate", "validate_many", "parse_many", "to_f0",
    "detect_format", "encodings", "rewrite",
]


def to_f0(genotype, *, header: bool = True, format: str | None = None, bare: str = "f1") -> str:
    """The genotype as canonical f0 text, exactly as the Framsticks SDK r909 writes it: an f0
    genotype in canonical form, any other encoding converted. genokit.ParseError when it is invalid."""
    return parse(genotype, format=format, bare=bare, lint=False).f0(header=header)


def validate_many(genotypes, *, format: str | None = None, bare: str = "f1", lint: bool = True,
                  threads: int = 0) -> list:
    """The diagnostics of each genotype (a list of lists of genokit.Diagnostic, in input order), read
    on every core as parse_many reads them. A genotype is valid when none of its diagnostics is an error."""
    batch = parse_many(genotypes, format=format, bare=bare, lint=lint, threads=threads)
    return [batch.diagnostics(i) for i in range(len(batch))]
