"""Exceptions raised by genokit.

Every error genokit finds in its input is an :class:`Error` (or a subclass) carrying the stable
``code`` of its first error, the position (``file``, ``line``, ``column``; 1-based, 0 when unknown;
``offset``: 0-based byte offset, -1 when unknown, the only position in binary formats) and every
diagnostic of the operation in ``diagnostics``. Wrong argument types and values raise Python's own
``TypeError`` and ``ValueError``.
"""

from __future__ import annotations

__all__ = ["Error", "ParseError", "FileError", "SimulationError"]


class Error(Exception):
    """An error genokit found in its input (see ``code``, ``file``, ``line``, ``column``)."""

    def __init__(self, message: str, diagnostics: list | None = None):
        super().__init__(message)
        self.diagnostics = list(diagnostics or [])
        first = next((d for d in self.diagnostics if d.severity == "error"), None)
        self.code: str = first.code if first else ""
        self.file: str = first.file if first else ""
        self.line: int = first.line if first else 0
        self.column: int = first.column if first else 0
        self.offset: int = first.offset if first else -1


class ParseError(Error, ValueError):
    """Text that does not parse or does not make a valid object (a genotype, a file, a scene)."""


class FileError(Error, OSError):
    """A file that cannot be read or written."""


class SimulationError(Error):
    """A simulation that cannot be built or run."""
