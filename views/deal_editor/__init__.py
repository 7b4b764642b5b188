"""The Deal editor page (``deal_editor``, app.py's page script: its file name is the page's address)
and its own parts: the draft and what a whole deal opens (``draft``), the editor's widgets (``editor``)."""
