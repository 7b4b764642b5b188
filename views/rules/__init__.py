"""The Rules page (``rules``, app.py's page script: its file name is the page's address) and its
own parts: the "can I play this?" checker (``follow``), the page's link read without Streamlit
(``link``) and the seeded deal played out one action at a time (``walkthrough``)."""
