"""genokit.genome (placeholder: filled by the bindings of this area)."""

from ._genokit import genome as _c  # noqa: F401
