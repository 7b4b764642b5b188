"""What the practice table shows, as plain values: button labels, what each seat did last, why a
card is disabled, the traditional score cards. Pure functions of engine values (the page only
draws them)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.compiled.solver import solve
from engine.core.action_words import WORDS, Tense, Word, action_words, capital
from engine.core.actions import Action, Kind
from engine.core.cards import Card, Suit
from engine.core.game import GameState, side_of, sides
from engine.core.hand import TRICKS, HandState, Phase
from engine.core.narration import describe
from engine.core.ranking import effective_table, left_bower
from engine.core.seats import LEARNER, seat_name
from practice.session import Move


def singular(suit: Suit) -> str:
    return suit.noun[:-1]


def action_label(hand: HandState, action: Action) -> str:
    """The button text for a bidding action of the seat to act: 'Order it up', 'Turn it down',
    'Call ♠ spades alone', 'Leave the 9♥ on the kitty' (``engine.core.action_words``, what to do)."""
    if action.kind is Kind.DECLINE:
        return capital(WORDS[Word.LEAVE].say(Tense.IMPERATIVE, f"the {hand.upcard.short} on the kitty"))
    if action.kind in (Kind.PLAY, Kind.DISCARD):
        return str(action)
    return capital(_words(hand, action, Tense.IMPERATIVE))


def done_label(before: HandState, action: Action, seen: bool = True) -> str:
    """What the seat to act in ``before`` did, as the few words its place at the table shows:
    'Passed', 'Turned it down', 'Ordered it up alone', 'Called ♠ spades', 'Led the K♦' (the
    words of ``engine.core.action_words``, in the past). A discard names its card only when
    ``seen`` (the learner's own; the others' discards are face down)."""
    if action.kind is Kind.DISCARD and not seen:
        return capital(WORDS[Word.DISCARD].say(Tense.PAST, "a card face down"))
    return capital(_words(before, action, Tense.PAST))


def _words(hand: HandState, action: Action, tense: Tense) -> str:
    """``action`` of the seat to act in ``hand`` as the table says it: the upcard is "it" to
    order up, pick up or turn down, and "the 9♥" to leave; a suit with its symbol."""
    return action_words(
        action,
        tense,
        dealer=hand.to_act == hand.dealer,
        phase=hand.phase,
        leads=not hand.trick,
        upcard=f"the {hand.upcard.short}" if action.kind is Kind.DECLINE else "it",
        symbol=True,
    )


def latest_actions(now: HandState, moves: tuple[Move, ...], you: int = LEARNER) -> dict[int, str]:
    """Each seat's latest action this hand (``done_label``; a discard's card only for ``you``, the
    seat looking), for its place at the table. A pass from the first round of bidding says so once
    the second round has begun."""
    latest: dict[int, str] = {}
    for move in moves:
        text = done_label(move.before, move.action, seen=move.seat == you)
        if now.phase is Phase.BID2 and move.before.phase is Phase.BID1 and move.action.kind is Kind.PASS:
            text = "Passed in round 1" if text == "Passed" else f"{text} (round 1)"
        latest[move.seat] = text
    return latest


def move_line(move: Move, you: int = LEARNER) -> str:
    """One move of the hand in a sentence, as the hand's log lists it; a discard but ``you``'s
    stays face down (``engine.core.narration.describe`` names the card)."""
    if move.action.kind is Kind.DISCARD and move.seat != you:
        return f"{seat_name(move.before.players, move.seat)} discards a card face down."
    return describe(move.before, move.action)


def choice_text(hand: HandState, action: Action) -> str:
    """Any action of the seat to act in ``hand`` as a short instruction: 'Play the K♦', 'Order it up'."""
    if action.card is not None and action.kind in (Kind.PLAY, Kind.DISCARD):
        return capital(action_words(action))  # 'play', also for a lead
    return action_label(hand, action)


def side_name(players: int, seats: Sequence[int]) -> str:
    """A side as a reader says it: 'North–South', 'East–West'; a seat playing alone by its name."""
    names = [seat_name(players, s) for s in seats]
    if set(names) == {"North", "South"}:
        return "North–South"
    if set(names) == {"East", "West"}:
        return "East–West"
    return " & ".join(names)


def side_seats(game: GameState, side: int) -> tuple[int, ...]:
    """The seats of one side of the game's score (a side per seat with three players)."""
    return tuple(s for s in range(game.rules.players) if side_of(game.rules, s) == side)


def _points(n: int) -> str:
    return f"{n} point{'s' if n != 1 else ''}"


def hand_result(game: GameState) -> str:
    """A finished hand in one line, with the game's score after it (sides in score order, the
    learner's first): 'North–South made it: 1 point, 4–6.', 'East–West euchred North–South:
    2 points, 4–8.', 'Everyone passed: thrown in, no points, 4–6.' The points and the score are
    the engine's (``HandState.points``, ``GameState.scores``)."""
    hand, n = game.hand, game.rules.players
    score = "–".join(map(str, game.scores))
    if hand.maker is None:
        return f"Everyone passed: thrown in, no points, {score}."
    maker_side = side_of(game.rules, hand.maker)
    makers = f"{seat_name(n, hand.maker)} alone" if hand.alone else side_name(n, side_seats(game, maker_side))
    pts = _points(max(hand.points))
    tricks = hand.maker_tricks
    if tricks == 5:
        return f"{makers} marched: {pts}, {score}."
    if tricks >= 3:
        return f"{makers} made it: {pts}, {score}."
    if hand.lone_defender is not None:
        defenders = f"{seat_name(n, hand.lone_defender)} alone"
    else:
        defenders = " & ".join(
            side_name(n, side_seats(game, side)) for side in range(sides(game.rules)) if side != maker_side
        )
    return f"{defenders} euchred {makers}: {pts}, {score}."


def game_result(game: GameState, learner: int = LEARNER) -> str | None:
    """The end of a game, once a hand decides it: 'The game is over: North–South won 10–6 — you
    win!' (the winner's score first); in a match with games still to play, 'North–South won game 1,
    10–6.'. None while the game goes on."""
    winner = game.game_winner
    if winner is None:
        return None
    others = [v for side, v in enumerate(game.scores) if side != winner]
    final = "–".join(map(str, [game.scores[winner], *others]))
    name = side_name(game.rules.players, side_seats(game, winner))
    if not game.is_over:
        return f"{name} won game {game.game_number + 1}, {final}."
    you = " — you win!" if winner == side_of(game.rules, learner) else "."
    return f"The game is over: {name} won {final}{you}"


def join_reason(label: str, reason: str) -> str:
    """A choice and its reason as one sentence or two: 'Play the K♦: the only legal card.' (a
    reason that goes on from the choice), 'Order it up. You hold three trumps.' (a sentence of its
    own), or the reason alone when it already begins with the choice."""
    reason = " ".join(reason.split())
    if not reason:
        text = label
    elif reason.lower().startswith(label.lower()):
        text = reason
    elif reason[0].islower():
        text = f"{label}: {reason}"
    else:
        text = f"{label}. {reason}"
    return text if text.endswith((".", "!", "?")) else text + "."


def advice_text(hand: HandState, action: Action, reason: str) -> str:
    """Advice for the seat to act in ``hand`` in words: the choice ('Play the K♦', ``choice_text``)
    and why. When the engine allows nothing else, that is the reason: 'Play the K♦: the only legal
    card.' ('your last card' for the last one)."""
    label = choice_text(hand, action)
    legal = hand.legal_actions()
    if legal == (action,):
        if action.card is None:
            return f"{label}: the only legal choice."
        seat = hand.to_act
        last = seat is not None and len(hand.hands[seat]) == 1 and action.kind is Kind.PLAY
        return f"{label}: {'your last card' if last else 'the only legal card'}."
    return join_reason(label, reason)


def disabled_reasons(hand: HandState, seat: int, cards: tuple[Card, ...]) -> dict[Card, str]:
    """For each of ``cards`` that ``seat`` may not choose now, the reason in one sentence."""
    if hand.is_over:
        return dict.fromkeys(cards, "The hand is over.")
    if hand.to_act != seat:
        who = seat_name(hand.players, hand.to_act) if hand.to_act is not None else "nobody"
        return dict.fromkeys(cards, f"Wait: it is {who}'s turn.")
    if hand.phase is Phase.DISCARD:
        return {}
    if hand.phase is not Phase.PLAY:
        return dict.fromkeys(cards, "Bid first: cards are played once trump is made.")
    legal = {a.card for a in hand.legal_actions()}
    return {c: follow_reason(hand, c) for c in cards if c not in legal}


def follow_reason(hand: HandState, card: Card) -> str:
    """Why ``card`` may not be played: the led suit must be followed ("You must follow hearts —
    the J♦ is a heart this hand")."""
    assert hand.trump is not None and hand.trick and hand.to_act is not None
    eff = effective_table(hand.trump)
    led = eff[hand.trick[0][1]]
    follow = [c for c in hand.hands[hand.to_act] if eff[c] == led]
    text = f"You must follow {led.noun}"
    if card.suit == led and eff[card] != led:
        return f"{text} — the {card.short} is the left bower, a {singular(hand.trump)} this hand."
    tricky = [c for c in follow if c.suit != led]
    if tricky:
        c = tricky[0]
        role = "the joker" if c.is_joker else f"the {c.short}"
        why = " (the left bower)" if c == left_bower(hand.trump) else ""
        return f"{text} — {role} is a {singular(led)} this hand{why}."
    return f"{text}: you hold {', '.join(c.short for c in follow)}."


def spare_cards(score: int) -> tuple[int, int]:
    """Traditional score keeping with a 4 and a 6 (docs/rules.md §11): pips showing on (the 4, the 6).

    0: both face down; 1-4: the 4 face up, partly covered by the face-down 6; 5: the 6 face up,
    partly covered; 6: the 6 alone; 7-10: the 6 face up and that many more pips of the 4.
    """
    n = max(0, min(10, score))
    if n <= 4:
        return n, 0
    if n <= 6:
        return 0, n
    return n - 6, 6


def spare_cards_svg(score: int, colour: str = "#c8102e", label: str = "") -> str:
    """The two spare cards as a small inline SVG: visible pips count the score (0-10)."""
    four, six = spare_cards(score)
    parts = []
    for x, total, showing in ((4, 4, four), (52, 6, six)):
        face_up = showing > 0
        fill = "#ffffff" if face_up else "#1b6e3a"
        parts.append(f'<rect x="{x}" y="4" width="44" height="62" rx="5" fill="{fill}" stroke="#555"/>')
        for i in range(showing):
            cx = x + 14 + (i % 2) * 16
            cy = 14 + (i // 2) * 16
            parts.append(f'<circle cx="{cx}" cy="{cy}" r="5" fill="{colour}"/>')
        if face_up and showing < total:
            parts.append(
                f'<rect x="{x}" y="{8 + ((showing + 1) // 2) * 16}" width="44" height="'
                f'{62 - ((showing + 1) // 2) * 16 - 4}" rx="3" fill="#1b6e3a" opacity="0.9"/>'
            )
    title = f"{label} {score} points".strip()
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 70" width="100" height="70" role="img" '
        f'aria-label="{title}" data-score="{score}"><title>{title}</title>{"".join(parts)}</svg>'
    )


def claim_card(hand: HandState, seat: int = LEARNER) -> Action | None:
    """When ``seat`` may claim the rest: its side takes every trick still to play whatever the
    others do and hold (the double-dummy solver, every card known, proves the side takes them all
    with its best play), the card of its best line to play now; else None. Only in the play, on
    the seat's turn."""
    if hand.phase is not Phase.PLAY or hand.to_act != seat or hand.maker is None:
        return None
    solution = solve(hand)
    left = TRICKS - len(hand.tricks)
    ours = hand.is_maker_side(seat)
    target = hand.maker_tricks + left if ours else hand.maker_tricks  # makers' total when we take the rest
    if solution.tricks != target:
        return None
    return next((a for a, t in solution.cards.items() if t == target), None)
