"""genokit.sim (placeholder: filled by the bindings of this area)."""

from ._genokit import sim as _c  # noqa: F401
