"""Creatures 1, 2 and 3/DS genomes (``.gen`` files of the Creatures games).

Decode a genome's bytes into its genes, look at their headers and fields, edit them, and encode
the genome back (``encode()`` gives exactly the bytes that were decoded, broken genomes included);
the editable text form; validation; which genes a creature expresses; gene-aligned diffs; and the
engines' crossover and mutation with a seed::

    >>> import genokit.genome as gn
    >>> g = gn.assemble("genome c2\\ngene stimulus id=1 gen=1 stage=embryo flags=mut\\ngend\\n")
    >>> g.version, len(g), g[0].kind, g[0].flag_names
    ('c2', 1, 'stimulus', 'mut')
    >>> gn.decode(g.encode()).encode() == g.encode()
    True
    >>> child = gn.cross(g, g, seed=7)
    >>> child.version
    'c2'

Bytes with errors (a truncated gene, a missing end marker) raise :class:`genokit.ParseError` with
the byte offset; ``errors="keep"`` returns the genome with its diagnostics instead.
"""

from __future__ import annotations

from ._genokit import genome as _c

Genome = _c.Genome
Gene = _c.Gene
Notes = _c.Notes
decode = _c.decode
load = _c.load
assemble = _c.assemble
load_notes = _c.load_notes
diff = _c.diff
cross = _c.cross
mutate = _c.mutate
layouts_markdown = _c.layouts_markdown

__all__ = [
    "Genome", "Gene", "Notes", "decode", "load", "assemble", "load_notes", "diff", "cross", "mutate",
    "layouts_markdown",
]
