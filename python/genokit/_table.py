"""Columns of one kind of element (a model's parts, a scene's bodies, ...) as numpy arrays.

A :class:`Table` holds one column per property: numpy arrays with one row per element (``(n,)``
for numbers, ``(n, 3)`` for vectors, ``(n, 3, 3)`` for matrices) and lists of str for texts. As in
pandas, ``len(table)`` is the number of elements and iterating gives the column names. Columns
are items (``parts["fr"]``) and, when the name is not a Python keyword, attributes
(``parts.position``). The arrays are read-only views of the element data at the time the table was made.
"""

from __future__ import annotations

__all__ = ["Table"]


class Table:
    """Read-only columns of one kind of element; see the module documentation."""

    __slots__ = ("_kind", "_rows", "_columns")

    def __init__(self, kind: str, rows: int, columns: dict):
        self._kind = kind
        self._rows = rows
        self._columns = dict(columns)
        for value in self._columns.values():
            if hasattr(value, "setflags"):
                value.setflags(write=False)

    def __getitem__(self, name: str):
        try:
            return self._columns[name]
        except KeyError:
            raise KeyError(f"{self._kind} have no column {name!r} (columns: {', '.join(self._columns)})") from None

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)
        try:
            return self._columns[name]
        except KeyError:
            raise AttributeError(f"{self._kind} have no column {name!r} (columns: {', '.join(self._columns)})") from None

    def __len__(self) -> int:
        return self._rows

    def __iter__(self):
        return iter(self._columns)

    def __contains__(self, name) -> bool:
        return name in self._columns

    def keys(self):
        """The column names, in order."""
        return self._columns.keys()

    def values(self):
        return self._columns.values()

    def items(self):
        return self._columns.items()

    def to_dict(self) -> dict:
        """The columns as a new dict (name -> array or list)."""
        return dict(self._columns)

    def __dir__(self):
        return sorted(set(object.__dir__(self)) | {k for k in self._columns if k.isidentifier()})

    def __repr__(self):
        return f"<genokit.Table of {self._rows} {self._kind}: {', '.join(self._columns)}>"
