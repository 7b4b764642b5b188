"""The search layer: the Expert player (the analyzer's bidding and the exact solver's card play),
the registry of every computer player level (``registry.make_player``) and the arena that plays
them against each other. The exact solver it searches with is ``engine.compiled.solver``: the
analysis below this layer needs it too."""
