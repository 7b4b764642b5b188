"""Keeping score with a 6 and a 4: how the two cards lie for each score 0..10.

The scheme taught in lesson 8: the pips showing count the points.

>>> [layout(p).pips_showing for p in range(11)]
[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
>>> layout(7).description
'the 6 face up, and the 4 face up beside it with 1 of its pips showing'
"""

from __future__ import annotations

from dataclasses import dataclass


class ScoreError(ValueError):
    """A score the two cards cannot show (only 0..10)."""


@dataclass(frozen=True, slots=True)
class ScoreCards:
    points: int
    six_face_up: bool
    four_face_up: bool
    six_pips: int  # pips of the 6 that show
    four_pips: int  # pips of the 4 that show
    description: str

    @property
    def pips_showing(self) -> int:
        return self.six_pips + self.four_pips


def layout(points: int) -> ScoreCards:
    if not 0 <= points <= 10:
        raise ScoreError(f"the 6 and the 4 show a score from 0 to 10, not {points}")
    if points == 0:
        return ScoreCards(0, False, False, 0, 0, "both cards face down")
    if points <= 4:
        pip = "pip" if points == 1 else "pips"
        return ScoreCards(
            points, False, True, 0, points, f"the 4 face up, the face-down 6 covering all but {points} {pip}"
        )
    if points == 5:
        return ScoreCards(5, True, False, 5, 0, "the 6 face up, the face-down 4 covering one pip")
    if points == 6:
        return ScoreCards(6, True, False, 6, 0, "the 6 face up, nothing covering it")
    if points < 10:
        extra = points - 6
        return ScoreCards(
            points,
            True,
            True,
            6,
            extra,
            f"the 6 face up, and the 4 face up beside it with {extra} of its pips showing",
        )
    return ScoreCards(10, True, True, 6, 4, "both cards face up, all ten pips showing: the game is won")
