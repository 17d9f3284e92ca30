"""genokit.framspy: a drop-in for framspy's FramsticksLib (placeholder)."""
