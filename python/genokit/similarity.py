"""genokit.similarity (placeholder: filled by the bindings of this area)."""

from ._genokit import similarity as _c  # noqa: F401
