"""genokit.xode (placeholder: filled by the bindings of this area)."""

from ._genokit import xode as _c  # noqa: F401
