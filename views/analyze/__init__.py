"""The Analyze page (``analyze``, app.py's page script: its file name is the page's address) and its
own parts: the options drawn as cards and a finished deal trick by trick (``parts``)."""
