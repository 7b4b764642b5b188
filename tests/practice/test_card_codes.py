"""No card code reaches a learner (issue 49, item 2): bench/card_codes.py's scan on a sample (the
whole scan, 200 hands: ``python -m bench card_codes``), and a planted code it must find."""

from __future__ import annotations

from bench.card_codes import card_codes, class_texts, lesson_texts, practice_texts, scan, visible


def test_the_scan_finds_a_card_code_wherever_a_reader_would_see_one() -> None:
    assert card_codes("Best: pick it up (discard QH) — the 10♦ or TS") == ["QH", "TS"]
    assert card_codes("Deal code AAAE-E7IH-GFAA-BWZZ; the J♦ (a jack); JOKER") == ["JOKER"]
    assert card_codes(visible('<img alt="9D"><b>play the 9&#9830;</b>')) == []  # attributes are not read
    read, found = scan(iter([("planted", "order up (discard 9C)")]))
    assert read == 1 and [code for _, code, _ in found] == ["9C"]


def test_no_lesson_step_drill_or_class_question_shows_a_card_code() -> None:
    read, found = scan(lesson_texts(seeds=1))
    assert read > 150 and found == []
    read, found = scan(class_texts(seeds=1))
    assert read > 10 and found == []


def test_no_hint_or_review_row_of_twelve_seeded_hands_shows_a_card_code() -> None:
    # seed 9's dealer is told to pick up alone: the advice named its discard as "JC" before
    read, found = scan(practice_texts(12))
    assert read >= 12 * 3 and found == []
