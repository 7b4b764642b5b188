"""Benchmarks and statistical experiments: each script prints its figures; none is a test.

Run one with ``python -m bench NAME [options]`` (``python -m bench`` lists them, each with its
one-line description; ``python -m bench NAME --help`` shows its options). A script is a module
here with a ``main(argv)``; the other modules are what the scripts share: ``browser`` (the
harness of the browser tests and benchmarks), ``club_hands`` (seeded club-player hands for the
card-play checks) and ``textbook_panel`` (the textbook's bidding situations). Everything seeded
takes a ``--seed``: the same command prints the same figures, all but the timings.
"""
