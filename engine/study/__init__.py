"""Studies: many seeded tasks run on Dask, saved as they finish (see runner.py)."""
