"""The skeleton holds together: the engine imports and replays the README example."""

from collections.abc import Callable
from typing import Any


def test_replay_cli_runs_the_readme_example(
    readme_deal: dict[str, Any], engine_json: Callable[[str, dict[str, Any]], Any]
) -> None:
    actions = ["pass", "pass", "order", "discard AH", "play TC", "play JC"]
    record = {"rules": {"players": 4}, **readme_deal, "actions": actions}
    result = engine_json("replay", record)
    # Spades are trump: the jack of clubs is the left bower, a spade, so seat 1 (no clubs) may
    # play it; seat 2 holds the only club left and must follow with it.
    assert result["trump"] == "S" and result["maker"] == 2
    assert result["complete"] is False
    assert result["to_act"] == 2 and result["legal"] == ["play KC"]
