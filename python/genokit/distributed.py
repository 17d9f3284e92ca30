"""genokit.distributed: evaluation on a Dask cluster (placeholder)."""
