"""The tables the analyzer values every option against: how the other three seats bid.

- ``people``: a table that bids as people do (``engine.analysis.human_rates``): the sound
  model's thresholds moved until every seat and round with a published figure calls that
  share of hands (World of Card Games' human tables). It drives the advice a learner sees
  by default (``DEFAULT_TABLE``). Where it is missing (a file written before it), the sound
  model stands in.
- ``sound``: strong players, the fitted sound bidding model (``engine.analysis.bidding_fit``):
  the Club player's bid strength with a call threshold and an alone threshold per seat and
  round that are a best response to themselves. The Expert player bids from it.
- ``cautious``: a table that never bids light: the sound model's thresholds with three of the
  published figures matched and ``CAUTIOUS_EXTRA`` more everywhere else, to call and to go
  alone. Where it is missing, the sound model plus ``CAUTIOUS_EXTRA`` everywhere stands in.
- ``eager``: the Club player as it is, one threshold for every seat (it calls more).

Card play is the Club player's in every table. The fitted thresholds ship for every rules
preset in ``bidding_styles.json`` (``python -m engine study fit-bidding`` writes it). Other rule
combinations take the preset that shares the most of what changes the bidding (the number
of players first, then stick the dealer, the joker and the two-handed pick-up); when even
the number of players differs, the eager Club thresholds stand in (no caution).

>>> sound_caution(Rules()) == sound_caution(Rules(target=5))
True
>>> table_for("eager", Rules()).player() == ClubPlayer()
True
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from engine.core.errors import EuchreError, quoted
from engine.core.rules import PRESETS, Rules
from engine.core.view import SeatView
from engine.players.base import Decision
from engine.players.club import ClubPlayer, club_thresholds
from engine.players.evaluate import Score

DATA_FILE = Path(__file__).with_name("bidding_styles.json")
TABLES: tuple[str, ...] = ("people", "sound", "cautious", "eager")
DEFAULT_TABLE = "people"


@dataclass(frozen=True, slots=True)
class TableWords:
    """How the pages and the explanations name one table, in plain words."""

    name: str  # a setting's label: "People (the default)"
    described: str  # after "against": "a table of people"
    does: str  # one plain clause after ``described``: what that table does
    others_bid: str  # after "the other seats ...": how they bid


TABLE_WORDS: dict[str, TableWords] = {
    "people": TableWords(
        "People (the default)",
        "a table of people",
        "calls as often as people do in each seat, by published figures from human games",
        "bid as people do (fitted to published figures of human games)",
    ),
    "sound": TableWords(
        "Strong players",
        "a table of strong players",
        "calls whenever the cards make it pay against players as strong as themselves",
        "bid as strong players do (the sound bidding model)",
    ),
    "cautious": TableWords(
        "Cautious players",
        "a cautious table",
        "calls only on a clearly strong hand",
        "bid cautiously, never on a light hand",
    ),
    "eager": TableWords(
        "Eager bidders",
        "a table of eager bidders",
        "calls on light hands, as our club player does",
        "bid as eager bidders do (the club player's own bidding)",
    ),
}
CAUTIOUS_EXTRA = 0.4
BIDDING_FIELDS = ("players", "stick_the_dealer", "joker", "optional_pickup")


class UnknownTable(EuchreError):
    """A table name that is not one of TABLES."""


@lru_cache(maxsize=1)
def _presets() -> dict[str, dict[str, Any]]:
    if not DATA_FILE.exists():
        return {}
    presets: dict[str, dict[str, Any]] = json.loads(DATA_FILE.read_text(encoding="utf-8"))["presets"]
    return presets


def _tables(field: str) -> dict[str, tuple[float, ...]]:
    return {
        name: tuple(float(x) for x in entry[field]) for name, entry in _presets().items() if field in entry
    }


@lru_cache(maxsize=1)
def _fitted() -> dict[str, tuple[float, ...]]:
    return _tables("caution")


@lru_cache(maxsize=1)
def _cautious() -> dict[str, tuple[float, ...]]:
    return _tables("cautious")


@lru_cache(maxsize=1)
def _people() -> dict[str, tuple[float, ...]]:
    return _tables("people")


def preset_for(rules: Rules) -> str | None:
    """The fitted preset whose thresholds these rules use (see the module docstring)."""
    fitted = _fitted()
    for name, preset in PRESETS.items():
        if name in fitted and preset == rules:
            return name
    best: tuple[int, str] | None = None
    for name, preset in PRESETS.items():
        if name not in fitted or preset.players != rules.players:
            continue
        score = sum(getattr(preset, f) == getattr(rules, f) for f in BIDDING_FIELDS)
        if best is None or score > best[0]:
            best = (score, name)
    return best[1] if best else None


def sound_caution(rules: Rules) -> tuple[float, ...]:
    """The sound model's caution table (16 numbers, ``ClubPlayer.caution``) for these rules."""
    name = preset_for(rules)
    return _fitted()[name] if name else ()


def cautious_caution(rules: Rules) -> tuple[float, ...]:
    """The cautious table's caution table (16 numbers) for these rules."""
    name = preset_for(rules)
    if name and name in _cautious():
        return _cautious()[name]
    return tuple(c + CAUTIOUS_EXTRA for c in (sound_caution(rules) or (0.0,) * 16))


def people_caution(rules: Rules) -> tuple[float, ...]:
    """The people table's caution table (16 numbers) for these rules."""
    name = preset_for(rules)
    if name and name in _people():
        return _people()[name]
    return sound_caution(rules)


@dataclass(frozen=True, slots=True)
class Table:
    """One table the advice is for, as a value: its name (the same in code, in the command line's
    ``--table`` and in the JSON's ``table``), its words, and its bidding as numbers: the caution
    (16 numbers, one call and one alone margin per seat and round, ``ClubPlayer.caution``) the
    Club player's bid strength must clear at this table; () for the Club player's own."""

    name: str
    words: TableWords
    caution: tuple[float, ...]

    def numbers(self, rules: Rules, score: Score | None = None) -> tuple[np.ndarray, bool]:
        """What this table bids by under ``rules`` (those it was made for, ``table_for``), as the
        compiled Club player takes them: the call and alone thresholds by seat and round and
        whether going alone is worth it (``engine.players.club.club_thresholds`` of the caution,
        the numbers ``player`` decides by too). The analyzer's compiled play-outs take these,
        never a player to ask them back from."""
        return club_thresholds(rules, score, self.caution)

    def player(self, score: Score | None = None) -> ClubPlayer:
        """The player that bids (and plays) the other seats at this table, where a player is
        stepped through the hand in Python (the sampler's checks of an auction with a bid in it,
        the puzzles, a failing deal)."""
        return ClubPlayer(score=score, caution=self.caution)


_CAUTION = {"people": people_caution, "sound": sound_caution, "cautious": cautious_caution}


@lru_cache(maxsize=256)
def table_for(name: str, rules: Rules) -> Table:
    """The table called ``name`` for these rules (``UnknownTable`` for another name).

    >>> table_for("eager", Rules()).caution, len(table_for("people", Rules()).caution)
    ((), 16)
    """
    if name not in TABLES:
        raise UnknownTable(
            f"{quoted(name)} is not a table the analyzer knows; choose one of: {', '.join(TABLES)}"
        )
    caution = _CAUTION[name](rules) if name in _CAUTION else ()
    return Table(name, TABLE_WORDS[name], caution)


@dataclass(frozen=True, slots=True)
class SoundBidder:
    """A computer player that bids by the sound model for whatever rules its table plays (and
    plays its cards, discards and declares as the Club player)."""

    score: Score | None = None

    def with_score(self, score: Score | None) -> SoundBidder:
        return SoundBidder(score)

    def decide(self, view: SeatView, rng: random.Random) -> Decision:
        return table_for("sound", view.rules).player(self.score).decide(view, rng)


__all__ = [
    "CAUTIOUS_EXTRA",
    "DATA_FILE",
    "DEFAULT_TABLE",
    "TABLES",
    "TABLE_WORDS",
    "TableWords",
    "people_caution",
    "SoundBidder",
    "UnknownTable",
    "cautious_caution",
    "table_for",
    "Table",
    "preset_for",
    "sound_caution",
]
