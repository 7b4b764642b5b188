"""The Puzzles page (``puzzles``, app.py's page script: its file name is the page's address) and its
own parts: a puzzle at the table (``board``) and the learner's dashboard (``dashboard``)."""
