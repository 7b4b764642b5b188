"""The Practice page (``practice``, app.py's page script: its file name is the page's address) and
its own parts: the game in the session and its link (``game``), the table as drawn (``felt``), a
finished hand's review (``review``), the Statistics view (``statistics``) and its skill section
(``skill``)."""
