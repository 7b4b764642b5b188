"""The analyzer's drills' searches kept for their first seeds (``lessons.searched``): every kept
seed is there, a kept deal is the one the search finds when made again, and the Learn page's seeds
stay among the kept ones."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from lessons import searched
from lessons.__main__ import main
from lessons.balance import drawn
from lessons.exercises import forget_searches, generate
from lessons.searched import QUICK_SEEDS, SEARCHED_KINDS, first_seed, fresh_seeds, next_seed
from lessons.searched_found import FOUND, VALUED


def kept_seeds(kind: str) -> dict[int, tuple[str, int]]:
    """seed -> (address, deal number) of the kept searches of ``kind``."""
    out: dict[int, tuple[str, int]] = {}
    for address, number in FOUND.items():
        name, seed, *_ = address.split(":")
        if name == kind:
            assert int(seed) not in out, f"two searches kept for {kind} seed {seed}"
            out[int(seed)] = address, number
    return out


@pytest.mark.parametrize("kind", SEARCHED_KINDS)
def test_every_quick_seed_of_every_searched_kind_is_kept(kind: str) -> None:
    kept = kept_seeds(kind)
    assert sorted(kept) == list(range(QUICK_SEEDS))
    # a search values the deals in turn up to the one it keeps at least (all of them when none is wanted)
    assert all(VALUED[address] >= number + 1 for address, number in kept.values())


@pytest.mark.parametrize("kind", SEARCHED_KINDS)
def test_a_kept_deal_is_the_one_the_search_finds_and_gives_the_same_question(kind: str) -> None:
    # The two kept seeds whose search valued fewest deals: made again, it costs as many valuations.
    cheap = sorted(kept_seeds(kind).items(), key=lambda item: (VALUED[item[1][0]], item[0]))[:2]
    for seed, (address, number) in cheap:
        forget_searches()
        kept = generate(kind, seed, {})
        forget_searches()
        with searched.searching() as recorder:
            again = generate(kind, seed, {})
        forget_searches()
        assert recorder == {address: (number, VALUED[address])}, (kind, seed)
        assert again == kept, (kind, seed)


def fail(candidate: str) -> str | None:
    raise AssertionError(f"{candidate} was valued, though its search is kept")


@pytest.fixture
def kept(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, int]]:
    table: dict[str, int] = {"demo:1": 2, "demo:2": 7}
    monkeypatch.setattr("lessons.searched_found.FOUND", table)
    yield table


def test_drawn_takes_the_kept_candidate_without_valuing_any(kept: dict[str, int]) -> None:
    assert drawn(iter("abcd"), "yes", fail, "demo:1") == "c"


def test_a_kept_number_past_the_candidates_falls_back_on_the_search(kept: dict[str, int]) -> None:
    answers = {"a": None, "b": "no", "c": "yes"}
    with searched.searching() as recorder:
        assert drawn(iter("abc"), "yes", answers.get, "demo:9") == "c"
    assert recorder == {"demo:9": (2, 3)}  # deal 2, after valuing 3
    # demo:2 keeps deal 7 of 3: the kept number is not believed, every candidate is valued
    assert drawn(iter("abc"), "yes", answers.get, "demo:2") == "c"
    assert drawn(iter("ab"), "yes", answers.get, "demo:2") == "b"  # no 'yes': the first clear one
    asked: list[str] = []

    def counted(candidate: str) -> str | None:
        asked.append(candidate)
        return answers[candidate]

    assert drawn(["a", "b"], "yes", counted, "demo:2") == "b"  # a list, not an iterator
    assert asked == ["a", "b"]  # each candidate valued once


def test_the_learn_pages_seeds_stay_among_the_kept_ones() -> None:
    rng = random.Random(5)
    assert all(first_seed("stick_dealer", rng) < QUICK_SEEDS for _ in range(200))
    assert max(first_seed("left_bower", rng) for _ in range(200)) >= QUICK_SEEDS  # the others: any seed
    assert next_seed("name_suit", 5) == 6
    assert next_seed("name_suit", QUICK_SEEDS - 1) == 0  # round the kept seeds
    assert next_seed("name_suit", 5000) == 5001  # a shared link's seed goes on from itself
    assert next_seed("can_play", QUICK_SEEDS - 1) == QUICK_SEEDS


def test_the_class_pages_draws_are_different_kept_seeds() -> None:
    rng = random.Random(7)
    for _ in range(50):
        three = fresh_seeds("name_suit", 3, rng, wide=10**9)
        assert len(set(three)) == 3 and all(0 <= s < QUICK_SEEDS for s in three)
    assert len(fresh_seeds("name_suit", QUICK_SEEDS, rng)) == QUICK_SEEDS  # every kept seed once
    wide = fresh_seeds("points", 50, rng, wide=10**9)
    assert max(wide) > 10**6  # a kind not searched: any seed, as wide as asked
    assert all(0 <= s < 10**9 for s in fresh_seeds(None, 50, rng, wide=10**9))


def test_an_unknown_kind_is_named_with_the_searched_ones(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["searched", "--kinds", "can_play"]) == 2
    err = capsys.readouterr().err
    assert "can_play" in err and "stick_dealer" in err
