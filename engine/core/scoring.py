"""Scoring a hand (docs/rules.md §9), as a table.

``hand_points`` gives (makers' points, each defender side's points) — exactly one
of the two is non-zero.

>>> hand_points(4, maker_tricks=5, alone=True)
(4, 0)
>>> hand_points(3, maker_tricks=2)
(0, 2)
"""

from __future__ import annotations

# (players, alone, lone_defender) -> (points for 3-4 tricks, for 5 tricks, defenders' for a euchre)
_TABLE: dict[tuple[int, bool, bool], tuple[int, int, int]] = {
    (4, False, False): (1, 2, 2),
    (4, True, False): (1, 4, 2),
    (4, True, True): (1, 4, 4),
    (2, False, False): (1, 2, 2),
    (3, False, False): (1, 3, 2),  # each of the two defenders scores the 2
}


CASES: tuple[tuple[int, bool, bool], ...] = tuple(_TABLE)  # every (players, alone, lone_defender) scored


def hand_points(
    players: int, maker_tricks: int, alone: bool = False, lone_defender: bool = False
) -> tuple[int, int]:
    """Points to the makers and to each defending side for one finished hand."""
    if not 0 <= maker_tricks <= 5:
        raise ValueError(f"maker_tricks must be 0..5, got {maker_tricks}")
    if lone_defender and not alone:
        raise ValueError("a lone defender is only possible against a lone maker")
    make, march, euchre = _TABLE[(players, alone, lone_defender)]
    if maker_tricks == 5:
        return march, 0
    if maker_tricks >= 3:
        return make, 0
    return 0, euchre


def scoring_rows(players: int, defend_alone: bool = False) -> list[tuple[str, str]]:
    """The scoring table for a rules setting, as (result, points) rows for display."""
    if players == 4:
        rows = [
            ("makers win 3 or 4 tricks", f"makers {hand_points(4, 3)[0]}"),
            ("makers win all 5 (a march)", f"makers {hand_points(4, 5)[0]}"),
            ("lone maker wins 3 or 4", f"makers {hand_points(4, 3, True)[0]}"),
            ("lone maker wins all 5", f"makers {hand_points(4, 5, True)[0]}"),
            ("makers euchred (fewer than 3)", f"defenders {hand_points(4, 2)[1]}"),
        ]
        if defend_alone:
            rows.append(
                ("lone defender euchres a lone maker", f"defenders {hand_points(4, 2, True, True)[1]}")
            )
        return rows
    each = " each" if players == 3 else ""
    return [
        ("maker wins 3 or 4 tricks", f"maker {hand_points(players, 3)[0]}"),
        ("maker wins all 5 (a march)", f"maker {hand_points(players, 5)[0]}"),
        (
            "maker euchred (fewer than 3)",
            f"defender{'s' if players == 3 else ''} {hand_points(players, 2)[1]}{each}",
        ),
    ]
