"""Rated puzzles made by the engine (issue 53): the bank's records (``bank``), the rules they are
played under (``rule_sets``), seat puzzles (``seat``: the seat judge and the analyzer) and open-hand
puzzles (``open_hand``: the solver, and the replies a page plays), their themes (``themes``) and
starting ratings (``rating``), and the study that makes them (``bank_study``,
``python -m engine study puzzles``)."""
