"""The one rules object: every option of docs/rules.md, with its defaults.

Variants are data: a preset is a Rules value with a few fields changed.

>>> Rules()
Rules(players=4, deck=24, joker=False, stick_the_dealer=False, defend_alone=False, lone_lead='left_of_dealer', discard_upcard=False, optional_pickup=False, target=10, draw_for_deal=False, match_games=1)
>>> Rules.from_dict({"players": 2, "defend_alone": True})
Traceback (most recent call last):
...
engine.core.errors.RulesError: defend_alone needs 4 players (there is no partner to sit out with 2)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from engine.core.errors import RulesError, quoted

LONE_LEADS = ("left_of_dealer", "left_of_loner")


@dataclass(frozen=True, slots=True)
class Rules:
    players: int = 4
    deck: int = 24
    joker: bool = False
    stick_the_dealer: bool = False
    defend_alone: bool = False
    lone_lead: str = "left_of_dealer"
    discard_upcard: bool = False
    optional_pickup: bool = False
    target: int = 10
    draw_for_deal: bool = False
    match_games: int = 1  # a match is the best of 1, 3 or 5 games

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            expected = bool if f.type in ("bool", bool) else int if f.type in ("int", int) else str
            if type(value) is not expected:
                raise RulesError(f"rules field {f.name!r} must be {expected.__name__}, got {quoted(value)}")
        _check_choice("players", self.players, (2, 3, 4))
        _check_choice("deck", self.deck, (24, 28, 32))
        _check_choice("lone_lead", self.lone_lead, LONE_LEADS)
        _check_choice("target", self.target, (5, 7, 10))
        _check_choice("match_games", self.match_games, (1, 3, 5))
        if self.players != 4:
            if self.defend_alone:
                raise RulesError(
                    f"defend_alone needs 4 players (there is no partner to sit out with {self.players})"
                )
            if self.lone_lead != "left_of_dealer":
                raise RulesError(
                    f"lone_lead={quoted(self.lone_lead)} needs 4 players: nobody goes alone with {self.players}"
                )

    @property
    def partnerships(self) -> bool:
        return self.players == 4

    @property
    def can_go_alone(self) -> bool:
        """Going alone exists only with partners (docs/rules.md §7)."""
        return self.players == 4

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def changes(self) -> dict[str, Any]:
        """Only the fields that differ from the defaults (for compact records and links)."""
        default = Rules()
        return {k: v for k, v in asdict(self).items() if getattr(default, k) != v}

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Rules:
        """Build from a dict; omitted fields take their defaults, unknown fields are refused."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise RulesError(f"rules must be a JSON object, got {quoted(data)}")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise RulesError(
                f"unknown rules field(s) {', '.join(map(quoted, unknown[:5]))}{' …' if len(unknown) > 5 else ''}; known fields: {', '.join(sorted(known))}"
            )
        return cls(**data)

    def with_(self, **changes: Any) -> Rules:
        return replace(self, **changes)

    def summary(self) -> str:
        """One line a teacher can read off the screen."""
        deck = f"{self.deck}+joker" if self.joker else str(self.deck)
        parts = [f"{self.players} players", f"{deck} cards", f"to {self.target}"]
        if self.stick_the_dealer:
            parts.append("stick the dealer")
        if self.defend_alone:
            parts.append("defend alone")
        if self.lone_lead == "left_of_loner":
            parts.append("lead left of loner")
        if self.optional_pickup:
            parts.append("optional pick-up")
        if self.discard_upcard:
            parts.append("upcard may be buried")
        if self.draw_for_deal:
            parts.append("draw for deal")
        if self.match_games > 1:
            parts.append(f"best of {self.match_games}")
        return " · ".join(parts)


def _check_choice(name: str, value: object, allowed: tuple[object, ...]) -> None:
    if value not in allowed:
        raise RulesError(f"rules field {name!r} is {quoted(value)}; allowed: {', '.join(map(repr, allowed))}")


PRESETS: dict[str, Rules] = {
    "Standard (North America)": Rules(),
    "Tournament (stick the dealer)": Rules(stick_the_dealer=True),
    "British (25 cards, Benny)": Rules(joker=True),
    "Two-handed": Rules(players=2, optional_pickup=True),
    "Cutthroat (3 players)": Rules(players=3),
    "Railroad (defend alone)": Rules(defend_alone=True, stick_the_dealer=True),
}

# A spread of rules that between them turn every option on, with every player count and deck
# size: what the property tests, the differential tests and the benchmarks range over.
VARIANTS: tuple[Rules, ...] = (
    Rules(),
    Rules(joker=True),
    Rules(deck=28, stick_the_dealer=True),
    Rules(deck=32, joker=True, stick_the_dealer=True),
    Rules(players=3),
    Rules(players=3, deck=32, joker=True, stick_the_dealer=True),
    Rules(players=3, deck=28, joker=True, discard_upcard=True),
    Rules(players=2, optional_pickup=True),
    Rules(players=2, deck=32),
    Rules(defend_alone=True, stick_the_dealer=True),
    Rules(defend_alone=True, discard_upcard=True),
    Rules(deck=28, joker=True, defend_alone=True, lone_lead="left_of_loner"),
    Rules(optional_pickup=True, discard_upcard=True, joker=True),
)
