"""Fixtures of the lesson tests (tests/lessons).

- ``south(text)``: South's view (seat 0) of the hand written as ``HandState.to_text`` writes it, the
  hand-worked positions of the seat and call drills.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.core.hand import HandState
from engine.core.view import SeatView, view_of


def _south(text: str) -> SeatView:
    return view_of(HandState.from_text(text), 0)


@pytest.fixture
def south() -> Callable[[str], SeatView]:
    return _south
