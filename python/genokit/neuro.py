"""genokit.neuro (placeholder: filled by the bindings of this area)."""

from ._genokit import neuro as _c  # noqa: F401
