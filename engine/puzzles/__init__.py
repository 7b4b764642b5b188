"""Rated puzzles made by the engine (issue 53): the bank's records (``bank``), their themes, and the
study that makes them (``python -m engine study puzzles``)."""
