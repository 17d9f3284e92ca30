"""Framsticks object files (``.gen``, ``.sim``, ``.expdef``, ``.neuro``, ``.style``, ``.show``, ...).

Read a file from a path or from text, look at its objects as mappings, edit fields, write it back
byte-identical where nothing changed (or in the SDK's canonical form), and convert it to and from
Python dicts and JSON::

    >>> import genokit.frams as frams
    >>> doc = frams.parse("org:\\nname:Walker\\ngenotype:X\\n")
    >>> [o.to_dict() for o in doc]
    [{'_classname': 'org', 'name': 'Walker', 'genotype': 'X'}]
    >>> doc[0]["genotype"] = "XX"
    >>> doc.text()
    'org:\\nname:Walker\\ngenotype:XX\\n'
    >>> frams.from_dicts([{"_classname": "sim_params", "nnoise": 0.5}]).text()
    'sim_params:\\nnnoise:0.5\\n\\n'

Reading follows the Framsticks SDK r909 loader (warnings for unknown objects and fields, the SDK's
number conversion); problems are :class:`genokit.Diagnostic` objects with file, line and column.
With ``errors="raise"`` (the default) a file with errors raises :class:`genokit.ParseError`; a
file that cannot be read raises :class:`genokit.FileError`.
"""

from __future__ import annotations

import json as _json

from ._genokit import frams as _c

Document = _c.Document
FramsObject = _c.FramsObject
parse = _c.parse
load = _c.load
from_json = _c.from_json
json_to_text = _c.json_to_text
property_type = _c.property_type
properties = _c.properties

__all__ = [
    "Document", "FramsObject", "parse", "load", "from_json", "from_dicts", "json_to_text", "property_type",
    "properties",
]


def from_dicts(objects, *, name: str = "<dicts>") -> Document:
    """A Document from a list of dicts, each with ``"_classname"`` and its fields.

    Values may be str, int, float, bool or None (an empty value); ``from_dicts(doc.to_dicts())``
    gives the document's canonical form. Raises TypeError for values JSON cannot hold and
    genokit.ParseError for dicts of the wrong shape (no ``_classname``, nested values, bad names).
    """
    if isinstance(objects, dict):
        raise TypeError("from_dicts takes a list of dicts (one per object), not one dict")
    try:
        text = _json.dumps(list(objects), allow_nan=True)
    except TypeError as e:
        raise TypeError(f"from_dicts: {e}") from None
    return from_json(text, name=name)
