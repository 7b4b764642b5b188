"""Only tests/practice/test_records_busy.py still imports this (by bare name): it goes when that
test computes APP where it uses it, as the other tests do (tests/test_layers.py lists it)."""

from __future__ import annotations

from pathlib import Path

APP = str(Path(__file__).resolve().parents[2] / "app.py")
