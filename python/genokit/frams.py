"""genokit.frams (placeholder: filled by the bindings of this area)."""

from ._genokit import frams as _c  # noqa: F401
