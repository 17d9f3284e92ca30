"""genokit.genotype (placeholder: filled by the bindings of this area)."""

from ._genokit import genotype as _c  # noqa: F401
