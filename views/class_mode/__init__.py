"""The Class page (``class_mode``, app.py's page script, at the address /class) and its own parts:
the teacher's screen (``teacher``), the teacher's tools (``tools``) and the address pupils join at
(``address``). What the pupil's phone draws is in ui/ (ui.class_pupil): the Practice page uses it
too."""
