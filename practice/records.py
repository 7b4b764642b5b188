"""A learner's saved records, as the pages reach them: the one way from ``ui/`` and ``views/`` to
the database (``store/``), which the pages never import themselves (tests/test_layers.py says so).

- the practice log (``store.practice_log``): the statistics, the skill figure's hands, the saves
  waiting for the background writer, the note on records left out;
- the mistake deck's entries (``store.mistake_deck.Entry``; the deck itself is ``practice.deck``);
- the lessons' progress (``store.lesson_progress``): a learner's or a browser's, loaded and saved on a
  connection ``open_store`` opens (a damaged record raises ``ProgressReset``, reset by the store);
- ``StoreError``: every problem of the database (busy, unreadable, a bad name), one exception.

The names and their meaning are the store's; this module only gathers them below the pages.
"""

from __future__ import annotations

from store.db import StoreError
from store.lesson_progress import ProgressReset, load, load_browser, open_store, save, save_browser
from store.mistake_deck import Entry
from store.practice_log import damaged_note, save_status, skill_hands, statistics

__all__ = [
    "Entry",
    "ProgressReset",
    "StoreError",
    "damaged_note",
    "load",
    "load_browser",
    "open_store",
    "save",
    "save_browser",
    "save_status",
    "skill_hands",
    "statistics",
]
