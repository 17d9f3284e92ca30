"""genokit.operators (placeholder: filled by the bindings of this area)."""

from ._genokit import operators as _c  # noqa: F401
