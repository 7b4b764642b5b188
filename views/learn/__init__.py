"""The Learn page (``learn``, app.py's page script: its file name is the page's address) and its
own parts: one exercise step drawn on the cards (``exercise``), the saved-progress notes and the
progress import (``progress``)."""
