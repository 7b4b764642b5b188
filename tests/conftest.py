"""Fixtures the whole suite shares. Test modules never import each other (tests/test_layers.py
checks it): what more than one module needs is here or in a folder's own conftest.py.

- ``db``: a fresh temporary database (``EUCHRE_COACH_DB``) for one test; returns its path. A module
  whose every test needs one says ``pytestmark = pytest.mark.usefixtures("db")``; ``class_db`` is
  the same with no ``EUCHRE_COACH_PUBLIC_URL`` (a class's join link is then the page's own);
  ``broken_db`` the same holding bytes that are no database.
- ``any_db``: the test twice, on a fresh SQLite file and on a fresh PostgreSQL database (``postgres_db``,
  a schema of its own on ``postgres_url``, this run's own server): its path or URL; ``conn``: a
  connection to it (store.db.connect), closed after the test.
- ``open_page(page, query, timeout)``: app.py run through its router as a link opens it, checked
  for exceptions (Streamlit's ``AppTest``); ``page_text(at)``: every string such a page sent. tests/browser's conftest.py has its own ``open_page``:
  a Chromium page.
- ``class_page(query, state=..., url=...)``: the Class page (``views/class_mode/class_mode.py``) opened so, as
  ``open_page`` opens it, with ``state`` put in its session first and ``url`` as the browser's address;
  ``class_page_to_run``: the same, not yet run; ``pupil_phone(code, token)``: the join link opened
  by the browser of the pupil of ``token``.
- ``new_drills``: issue 51's new drills (their exercise kinds); a test taking ``new_drill`` runs for each.
- ``bower``, ``clubs_bower``, ``points``: the class questions the class tests ask (the left bower with
  hearts and with clubs trump, who scores a euchre), their answers worked out by hand.
- ``played_records(count, seed)``: hands played at random and exported as the Practice page exports
  a game; ``big_import``: the tester's file of 12,594 records, one a line (tests/app, tests/browser).

- ``readme_deal``: the README example's deal (dealer, hands, upcard), as a record holds it;
  ``engine_json(command, record)``: ``python -m engine COMMAND -`` on the record, its JSON answer.
- ``write_shared_row(conn, row)``: a shared position's row written by hand (tests/store,
  tests/practice): its id.
- ``hand_row(hand, **fields)``: a hand as the practice log keeps it (``store.practice_log.HandRow``),
  ``fields`` changed (tests/practice, tests/app).
- ``puzzle_bank``: a small real puzzle bank (``practice.puzzle_sample``: 6 seat puzzles judged by the
  practice table's grade, 4 open-hand puzzles solved exactly) written to a file once per session:
  ``(path, puzzles)`` (tests/practice, tests/app, tests/browser: ``EUCHRE_COACH_PUZZLES`` names it).

- ``position(hands, upcard, dealer, actions, rules=None)``: a deal written by hand (South, West,
  North, East; card text) after ``actions``; ``club_choice(state, player=None)``: the Club player's
  action (as text) and reason there, drawn with ``random.Random(0)`` (tests/players, tests/analysis,
  tests/puzzles); ``club_plays(state, action, says, seat=None)`` asserts that action and a reason saying ``says``.
- ``hand_stats(ev, **chances)``: an option's analyzer figures written by hand (tests/analysis, tests/app).
- ``random_states(rules, deals, seed)``: states reached by mixed play; ``redeal_hidden``: the
  same state with the cards a seat cannot see dealt again (tests/players, tests/engine, tests/analysis).
- ``lone_hearts_maker(maker)``: a hand whose lone hearts maker takes every trick (tests/practice).
- ``random_players``, ``random_legal``, ``counting_players``: the practice tests' stand-in players
  (tests/practice).

Every test gets the markers of what it uses (``pytest_collection_modifyitems``): ``browser`` (headless
Chromium), ``app`` (Streamlit's AppTest: tests/app and every ``*_app.py``), ``montecarlo`` (simulated
deals: the analyzer, the studies, the solver's samples), ``postgres`` (this run's PostgreSQL server).
The quick run leaves those out (the README names it), so it starts no server::

    python -m pytest -n 2 -m "not browser and not app and not montecarlo and not postgres"
"""

from __future__ import annotations

import dataclasses
import functools
import html
import json
import random
import re
import subprocess
import sys
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from google.protobuf.message import Message
from streamlit.testing.v1 import AppTest

from bench.postgres import postgres_server, schema_url
from classroom.questions import ClassQuestion
from engine.analysis.bidding import Stats
from engine.core.actions import Action, call
from engine.core.cards import Card, Suit, parse_card, parse_cards
from engine.core.hand import HandState, Phase, deal, from_cards, replace
from engine.core.rules import Rules
from engine.core.view import SeatView, view_of
from engine.players.club import ClubPlayer
from engine.puzzles.bank import Puzzle
from engine.search.registry import make_player
from practice.export import MAX_IMPORT_BYTES, hand_record, to_jsonl
from practice.puzzle_sample import write_sample
from store import classes, shared_positions
from store.backend import Connection, Location
from store.db import connect
from store.practice_log import HandRow

# --doctest-modules would import every conftest.py as a module named "conftest" (two of them clash);
# they hold no doctests, and pytest loads them as conftests all the same.
collect_ignore_glob = ["conftest.py", "*/conftest.py"]

ROOT = Path(__file__).resolve().parents[1]
KIND_BY_FOLDER = {
    "browser": "browser",
    "app": "app",
    "analysis": "montecarlo",
    "study": "montecarlo",
    "solver": "montecarlo",
    "puzzles": "montecarlo",
}


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    """With ``-n`` and no ``--dist`` of the caller's, pytest-xdist's work stealing: a worker that runs
    out of tests takes half of the other's queue. Its default (``load``) hands out fixed chunks, and
    the whole run used to end with one worker idle for minutes while the other ran the browser tests
    it had been given. (Not in pyproject.toml's addopts: ``-p no:xdist`` would then refuse ``--dist``.)"""
    asked = any(arg == "-d" or arg.startswith("--dist") for arg in config.invocation_params.args)
    if getattr(config.option, "numprocesses", None) and config.option.dist == "load" and not asked:
        config.option.dist = "worksteal"
    _scan_components_once()


def _scan_components_once() -> None:
    """Every ``AppTest`` (a page run in the test process) makes Streamlit look through the metadata
    of every installed package for custom components (``scan_component_manifests``): about 0.33 s
    an AppTest here, most of the time of the damaged-class tests, whose 199 cases open three pages
    each. The installed packages do not change during a test run, so the scan is done once and its
    answer kept; the app itself (``streamlit run``, the browser tests) scans once at its start."""
    try:
        from streamlit.components.v2 import manifest_scanner
    except ImportError:  # a Streamlit without custom components v2: nothing to scan
        return
    scan = manifest_scanner.scan_component_manifests
    if hasattr(scan, "cache_info"):  # kept already (pytest_configure runs again in each worker)
        return
    manifest_scanner.scan_component_manifests = functools.cache(scan)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark each test by what it uses: its folder's kind (``KIND_BY_FOLDER``), ``app`` for a module
    of Streamlit AppTest runs wherever it lives (its name ends in ``_app.py``), ``postgres`` for a
    test on this run's PostgreSQL server (the ``postgres_url`` fixture, directly or through
    ``postgres_db``, or ``any_db``'s postgres case). The README's quick run leaves all but the
    plain unit tests out, so it starts no server and no browser."""
    for item in items:
        try:
            parts = Path(item.path).resolve().relative_to(ROOT).parts
        except ValueError:
            continue
        if len(parts) > 2 and parts[0] == "tests" and parts[1] in KIND_BY_FOLDER:
            item.add_marker(KIND_BY_FOLDER[parts[1]])
        if parts and parts[-1].endswith("_app.py"):
            item.add_marker("app")
        fixtures = set(getattr(item, "fixturenames", ()))
        params = getattr(getattr(item, "callspec", None), "params", {})
        if fixtures & {"postgres_url", "postgres_db"} or params.get("any_db") == "postgres":
            item.add_marker("postgres")
    items[:] = _browser_modules_spread(items)


def _browser_modules_spread(items: list[pytest.Item]) -> list[pytest.Item]:
    """The browser test modules spread evenly among the others, each module's tests kept together
    (its module-scoped servers start once). A browser test waits on the page for much of its time
    (a timer, the computer players' pace, a second server): beside the other worker's plain tests
    that wait is CPU put to use. In the folders' order the two workers ran the browser tests at the
    same time, and the machine was up to 45% idle then. The modules marked ``slow`` (a minute or
    more) go first: one of them last would leave the other worker idle while it runs."""
    blocks: dict[Path, list[pytest.Item]] = {}
    for item in items:
        blocks.setdefault(Path(item.path), []).append(item)
    browser = [block for block in blocks.values() if block[0].get_closest_marker("browser")]
    browser.sort(key=lambda block: not block[0].get_closest_marker("slow"))  # the longest first, not last
    rest = [block for block in blocks.values() if not block[0].get_closest_marker("browser")]
    if not browser or not rest:
        return items
    spread: list[pytest.Item] = []
    placed = 0
    for index, block in enumerate(rest, start=1):
        spread.extend(block)
        while placed < len(browser) and (placed + 1) * len(rest) <= index * (len(browser) + 1):
            spread.extend(browser[placed])
            placed += 1
    for block in browser[placed:]:
        spread.extend(block)
    return spread


APP = str(Path(__file__).resolve().parents[1] / "app.py")
# Pages app.py registers under a url_path of their own (``/class``): AppTest finds such a page
# only once st.navigation has run, so ``open_page`` runs the home page first for them (``/tables`` too).
OWN_URL_PATH = ("views/class_mode/class_mode.py", "views/tables/tables.py")
BIG_IMPORT = 12_594  # the tester's file (issue 29, item 9): 12,594 records, 1.99 MB


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    path = tmp_path / "coach.sqlite3"
    monkeypatch.setenv("EUCHRE_COACH_DB", str(path))
    yield path
    classes.forget_connections()


@pytest.fixture
def class_db(db: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv("EUCHRE_COACH_PUBLIC_URL", raising=False)
    return db


@pytest.fixture
def broken_db(db: Path) -> Path:
    """``db`` holding bytes that are no database: every store call on it fails."""
    db.write_bytes(b"not a database at all" * 200)
    return db


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A PostgreSQL server of this test run's own (bench.postgres: Debian's package, a fresh cluster
    on a free loopback port), one per pytest worker, stopped at the end."""
    with postgres_server() as url:
        yield url


@pytest.fixture
def postgres_db(postgres_url: str) -> Iterator[str]:
    """A fresh, empty database on that server (a schema of its own): its URL."""
    yield schema_url(postgres_url, f"t_{uuid.uuid4().hex[:12]}")
    classes.forget_connections()


@pytest.fixture(params=["sqlite", "postgres"])
def any_db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Location]:
    """The test twice: on a fresh SQLite file and on a fresh PostgreSQL database, the two kinds of
    ``EUCHRE_COACH_DB``."""
    if request.param == "sqlite":
        yield tmp_path / "coach.sqlite3"
    else:
        yield request.getfixturevalue("postgres_db")
    classes.forget_connections()


@pytest.fixture
def conn(any_db: Location) -> Iterator[Connection]:
    """A connection to ``any_db`` (the test on SQLite and on PostgreSQL), closed after the test."""
    connection = connect(any_db)
    yield connection
    connection.close()


def _page_to_run(
    page: str | None = None,
    query: dict[str, str] | None = None,
    timeout: float = 120,
    *,
    state: dict[str, Any] | None = None,
    url: str | None = None,
) -> AppTest:
    """app.py routed to ``page`` (the default page when None) as a link with ``query`` as the URL's
    parameters opens it, ``state`` put in the session first and ``url`` as the browser's address
    (None: no address, as outside a browser), ready for its run (``at.run()``)."""
    at = AppTest.from_file(APP, default_timeout=timeout)
    if url is not None:
        at.context = {"url": url}
    if page in OWN_URL_PATH:
        at.run()
    if page:
        at.switch_page(page)
    for key, value in (state or {}).items():
        at.session_state[key] = value
    for key, value in (query or {}).items():
        at.query_params[key] = value
    return at


def _open_page(
    page: str | None = None, query: dict[str, str] | None = None, timeout: float = 120, **at: Any
) -> AppTest:
    """``_page_to_run``'s page (``at``: its ``state`` and ``url``) run, checked that nothing raised."""
    opened = _page_to_run(page, query, timeout, **at)
    opened.run()
    assert not opened.exception, [e.value for e in opened.exception]
    return opened


@pytest.fixture
def open_page() -> Callable[..., AppTest]:
    return _open_page


@pytest.fixture
def class_page() -> Callable[..., AppTest]:
    """``class_page(query, state=None, url=None, timeout=60)``: the Class page opened by a link."""
    return functools.partial(_open_page, "views/class_mode/class_mode.py", timeout=60)


@pytest.fixture
def pupil_phone(class_page: Callable[..., AppTest]) -> Callable[[str, str], AppTest]:
    """``pupil_phone(code, token)``: the join link opened by the browser that joined as the pupil of
    ``token`` (it holds the token)."""
    return lambda code, token: class_page({"class": code}, state={"cl_pupil_tokens": {code: token}})


@pytest.fixture
def class_page_to_run() -> Callable[..., AppTest]:
    """``class_page_to_run(query, state=None)``: the same page, not yet run (a test times its run)."""
    return functools.partial(_page_to_run, "views/class_mode/class_mode.py", timeout=60)


# ---- issue 51's new drills (tests/lessons, tests/browser) ----

NEW_DRILLS = (
    "stick_dealer",
    "defend_alone",
    "score_bid",
    "loner_play",
    "makers_lead",
    "second_hand",
    "joker_up",
    "two_handed",
    "cutthroat",
)


# The Rules page's follow-suit checker: (trump, led, hand, the legal cards worked out by hand from
# docs/rules.md §3 and §8). Every case is checked in AppTest, the first four in Chromium too.
FOLLOW_CASES = (
    ("H", "KD", "JD QD AH 9C TS", "QD"),  # J♦ is a heart: only the Q♦ follows diamonds
    ("H", "KD", "JD AH 9C TS QS", "JD AH 9C TS QS"),  # no diamond: anything, even the left bower
    ("H", "JD", "9H AC KC QS TS", "9H"),  # the left bower leads hearts
    ("H", "AH", "JD 9D TD QC KS", "JD"),  # only the left bower follows a heart lead
    ("D", "AH", "JH KH 9C TS QS", "KH"),  # diamonds trump: J♥ is a diamond
    ("S", "AC", "JC QC 9H TD KS", "QC"),  # spades trump: J♣ is a spade
    ("S", "JS", "JC 9S AH KD QC", "JC 9S"),  # right bower led: left bower and 9♠ follow
    ("C", "AS", "JS 9D TD KH QH", "JS 9D TD KH QH"),  # J♠ is a club: no spade, play anything
    ("C", "9C", "JS JC AD AH AS", "JS JC"),  # both bowers are clubs
    ("D", "QD", "JH AC KC QS TS", "JH"),  # the left bower is the only diamond
    ("H", "AS", "KS QS JS TH 9C", "KS QS JS"),  # the J♠ is a plain spade with hearts trump
    ("S", "KH", "AH JD JC QC 9D", "AH"),  # J♦ stays a diamond when spades are trump
)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A test that takes ``new_drill`` runs once for each of issue 51's new drills; one that takes
    ``follow_case`` once for each of the follow-suit checker's ``FOLLOW_CASES``."""
    if "new_drill" in metafunc.fixturenames:
        metafunc.parametrize("new_drill", NEW_DRILLS)
    if "follow_case" in metafunc.fixturenames:
        metafunc.parametrize(
            "follow_case", FOLLOW_CASES, ids=[f"{t}-{led}-{hand}" for t, led, hand, _ in FOLLOW_CASES]
        )


@pytest.fixture(scope="session")
def follow_cases() -> tuple[tuple[str, str, str, str], ...]:
    """The follow-suit checker's cases (``FOLLOW_CASES``): trump, led card, hand, the legal cards."""
    return FOLLOW_CASES


@pytest.fixture
def new_drills() -> frozenset[str]:
    """Issue 51's new drills, by exercise kind."""
    return frozenset(NEW_DRILLS)


# ---- the class tests' questions (tests/classroom, tests/app, tests/browser) ----


@pytest.fixture(scope="session")
def bower() -> ClassQuestion:
    """Hearts are trump: the left bower is the J♦."""
    prompt, cards = "Hearts are trump. Which card is the left bower?", ("QD", "JD", "JH", "JS")
    question = ClassQuestion("Find the bower", "left_bower", prompt, "card", cards, trump="H", right=("JD",))
    return dataclasses.replace(
        question, answer_words="J♦", why="Hearts are trump, so the left bower is the J♦."
    )


@pytest.fixture(scope="session")
def clubs_bower(bower: ClassQuestion) -> ClassQuestion:
    """Clubs are trump: the left bower is the J♠ (no explanation)."""
    prompt, cards = "Clubs are trump. Which card is the left bower?", ("JC", "JS", "JD", "9C")
    return dataclasses.replace(
        bower, prompt=prompt, cards=cards, trump="C", right=("JS",), answer_words="J♠", why=""
    )


@pytest.fixture(scope="session")
def points() -> ClassQuestion:
    """The makers took 2 tricks: euchred, the defenders score 2."""
    prompt, choices = "The makers took 2 tricks. Who scores?", ("makers 1", "makers 2", "defenders 2")
    question = ClassQuestion("How many points?", "points", prompt, "choice", choices=choices)
    return dataclasses.replace(
        question, right=("defenders 2",), answer_words="defenders 2", why="Euchred: the defenders score 2."
    )


# Fields of an element's message that a reader does not read as text: ids, and what a widget holds
# or expects typed (a text box's value and its placeholder show the format it reads).
NOT_READ = frozenset({"id", "form_id", "default", "value", "placeholder", "page_script_hash", "url", "src"})
_TAG = re.compile(r"<[^>]+>")
_UNSEEN = re.compile(r"<(script|style)\b.*?</\1\s*>", re.DOTALL | re.IGNORECASE)  # never drawn as text
_TYPED = re.compile(r"`[^`]*`|<code>.*?</code>", re.DOTALL)  # how to type a card: shown as code
_URL = re.compile(r"(?:https?://|\b[\w-]+\?)[^\s<>\"']*")


def _strings(message: Message, rendered: bool) -> Iterator[str]:
    for field, value in message.ListFields():
        if rendered and field.name in NOT_READ:
            continue
        values = value if isinstance(value, (list, tuple)) or hasattr(value, "extend") else [value]
        for one in values:
            if isinstance(one, str):
                yield _reader_sees(one) if rendered else one
            elif isinstance(one, Message):
                yield from _strings(one, rendered)


def _reader_sees(text: str) -> str:
    """A string as a reader sees it: HTML without its tags and attributes, its scripts and styles;
    links, and the code spans that show how to type something (a card as ``JH``), left out (a
    learner's random id in a script that sets a cookie can start "JH")."""
    if text.startswith("$$ID-"):
        return ""
    return _URL.sub(" ", html.unescape(_TAG.sub(" ", _TYPED.sub(" ", _UNSEEN.sub(" ", text)))))


def _page_text(at: AppTest, rendered: bool = False) -> str:
    """Every string a page sent to the browser (texts, labels, captions, toasts, help, HTML, widget
    values), one a line, read from the elements' messages; ``rendered``: only what a reader reads
    (``_reader_sees``, no ids, no widget values or placeholders)."""
    out: list[str] = []

    def walk(node: object) -> None:
        proto = getattr(node, "proto", None)
        if isinstance(proto, Message):
            out.extend(_strings(proto, rendered))
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)
    return "\n".join(line for line in out if line.strip())


@pytest.fixture
def page_text() -> Callable[[AppTest], str]:
    """``page_text(at)``: every string the page ``at`` sent to the browser."""
    return _page_text


@pytest.fixture
def page_words() -> Callable[[AppTest], str]:
    """``page_words(at)``: what a reader reads on the page ``at`` (``_page_text(at, rendered=True)``)."""
    return functools.partial(_page_text, rendered=True)


# ---- Practice import files ----


def _played_records(count: int, seed: int = 3) -> list[dict[str, Any]]:
    """``count`` hands played to the end at random, exported as the practice table exports a game
    (``practice.export.hand_record``): eight hands to a game."""
    rng = random.Random(seed)
    records = []
    for k in range(count):
        state = deal(Rules(), dealer=k % 4, rng=rng)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        records.append(hand_record(state, 1 + k // 8, k % 8, ("you", "club", "club", "club"), seed, (0, 0)))
    return records


@pytest.fixture
def played_records() -> Callable[..., list[dict[str, Any]]]:
    return _played_records


@pytest.fixture
def big_import() -> bytes:
    """The large file of issue 29, item 9: the tester's 12,594 valid records, under MAX_IMPORT_BYTES.
    40 whole exported hands (five games), then the same deals again without their play, meta or
    kitty (an exported record is about 520 bytes; a deal alone about 140), one record a line."""
    played = _played_records(40)
    deals = [{key: r[key] for key in ("dealer", "hands", "upcard")} for r in played]
    data = (
        to_jsonl(played) + to_jsonl(deals[k % len(deals)] for k in range(BIG_IMPORT - len(played)))
    ).encode()
    assert data.count(b"\n") == BIG_IMPORT and len(data) <= MAX_IMPORT_BYTES
    return data


# ---- the README's example deal (tests/test_smoke.py, tests/engine) ----


@pytest.fixture
def readme_deal() -> dict[str, Any]:
    """The deal of the README's example record: East (seat 3) deals, the Q♠ turned up."""
    hands = [h.split() for h in ("9C 9D TC KH AC", "JC QH KD KS AS", "TD TH JD QD KC", "9S JS QC AD AH")]
    return {"dealer": 3, "hands": hands, "upcard": "QS"}


@pytest.fixture
def engine_json() -> Callable[[str, dict[str, Any]], Any]:
    """``engine_json(command, record)``: ``python -m engine COMMAND -`` run from the repository's root
    with ``record`` as JSON on its standard input; what it printed, read as JSON."""

    def run(command: str, record: dict[str, Any]) -> Any:
        args = [sys.executable, "-m", "engine", command, "-"]
        out = subprocess.run(
            args, input=json.dumps(record), capture_output=True, text=True, cwd=ROOT, check=True
        )
        return json.loads(out.stdout)

    return run


# ---- a shared position's row written by hand (tests/store, tests/practice) ----


def _write_shared_row(conn: Any, row: dict[str, object]) -> str:
    """A row of ``store.shared_positions`` written as another program could write it: ``row`` (its
    ``position`` and ``created``, any other column) over seed 5 and the rest's plain values; its id."""
    values: dict[str, object] = {"id": "abcdefghijklmnop", "seed": 5, "game_number": 0, "hand_number": 0}
    values |= {"dealer": None, "scores": "", "levels": "ccc", "single_deal": 0, **row}
    for sql in shared_positions.SCHEMA:
        conn.execute(sql)
    columns = shared_positions.COLUMNS
    with conn:
        conn.execute(
            f"INSERT INTO shared_positions ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
            tuple(values[c] for c in columns),
        )
    return str(values["id"])


@pytest.fixture
def write_shared_row() -> Callable[..., str]:
    return _write_shared_row


# ---- the practice log's hands (tests/practice, tests/app) ----


def _hand_row(hand: int, **fields: Any) -> HandRow:
    """Hand ``hand`` of game 0 as the practice log keeps it: dealt by seat ``hand`` (its record), not
    thrown in, the other side called and made it, 0 points to 1, no grades; ``fields`` change any."""
    row = HandRow(0, hand, {"dealer": hand}, False, False, False, True, False, False, False, 0, 1, ())
    return dataclasses.replace(row, **fields)


@pytest.fixture
def hand_row() -> Callable[..., HandRow]:
    return _hand_row


# ---- for tests/players, tests/analysis and tests/puzzles: positions written by hand ----


def _position(
    hands: list[str], upcard: str, dealer: int, actions: list[str], rules: Rules | None = None
) -> HandState:
    state = from_cards(rules or Rules(), dealer, [list(parse_cards(h)) for h in hands], parse_card(upcard))
    for action in actions:
        state = state.apply(action)
    return state


def _club_choice(state: HandState, player: ClubPlayer | None = None) -> tuple[str, str]:
    seat = state.to_act
    assert seat is not None
    decision = (player or ClubPlayer()).decide(view_of(state, seat), random.Random(0))
    return str(decision.action), decision.reason


@pytest.fixture
def position() -> Callable[..., HandState]:
    return _position


@pytest.fixture
def club_choice() -> Callable[..., tuple[str, str]]:
    return _club_choice


def _club_plays(state: HandState, action: str, says: str, seat: int | None = None) -> None:
    """The Club player to act at ``state`` (seat ``seat``, when given) takes ``action``, for a reason
    that says ``says``."""
    assert seat is None or state.to_act == seat, state.to_act
    chosen, reason = _club_choice(state)
    assert chosen == action, reason
    assert says in reason, reason


@pytest.fixture
def club_plays() -> Callable[..., None]:
    """``club_plays(state, "play 9D", "no partner", seat=0)``: asserts the seat to act (if given), the
    Club player's action and its reason."""
    return _club_plays


# ---- for tests/analysis and tests/app: an analysis built by hand ----


def _hand_stats(
    ev: float,
    *,
    n: int = 4000,
    ci: float = 0.04,
    make: float = 0.0,
    march: float = 0.0,
    euchred: float = 0.0,
    we_make: float = 1.0,
    we_make_it: float = 1.0,
    they_make_it: float = 0.0,
    win_delta: float | None = None,
) -> Stats:
    """One option's figures over ``n`` deals: ``ev`` points, its interval ``ci`` either side; the
    chances given (none thrown in; by default your side names trump and makes it every deal), no
    trick counts."""
    return Stats(
        n=n,
        ev=ev,
        ev_ci=(ev - ci, ev + ci),
        p_make=make,
        p_march=march,
        p_euchred=euchred,
        p_thrown_in=0.0,
        p_we_make=we_make,
        tricks=(0.0,) * 6,
        tricks_se=(0.0,) * 6,
        win_delta=win_delta,
        p_we_make_it=we_make_it,
        p_they_make_it=they_make_it,
    )


@pytest.fixture
def hand_stats() -> Callable[..., Stats]:
    return _hand_stats


# ---- for tests/players ----


def _random_states(rules: Rules, deals: int, seed: int) -> Iterator[HandState]:
    """Every state of ``deals`` hands in which the seat to act is chosen by a mix of random
    legal moves (to reach odd positions), the Beginner and the Club player."""
    rng = random.Random(seed)
    players = [make_player("club"), make_player("beginner")]
    for i in range(deals):
        state = deal(rules, i % rules.players, rng)
        while not state.is_over:
            yield state
            seat = state.to_act
            assert seat is not None
            roll = rng.random()
            if roll < 0.3:
                action = rng.choice(state.legal_actions())
            else:
                action = players[roll < 0.65].decide(view_of(state, seat), rng).action
            state = state.apply(action)


def _redeal_hidden(state: HandState, seat: int, rng: random.Random) -> HandState:
    """The same position with every card ``seat`` cannot place shuffled among the places
    it cannot see (the other hands, the kitty, another seat's discard)."""
    hidden = set(view_of(state, seat).unseen_cards())
    slots: list[tuple[str, int, int]] = []  # (where, which hand, index)
    for s, hand in enumerate(state.hands):
        if s != seat:
            slots += [("hand", s, i) for i, c in enumerate(hand) if c in hidden]
    slots += [("kitty", 0, i) for i, c in enumerate(state.kitty) if c in hidden]
    if state.discarded is not None and state.dealer != seat and state.discarded in hidden:
        slots.append(("discard", 0, 0))
    cards: list[Card] = []
    for where, s, i in slots:
        if where == "hand":
            cards.append(state.hands[s][i])
        elif where == "kitty":
            cards.append(state.kitty[i])
        else:
            assert state.discarded is not None  # a "discard" slot is only made for a discarded card
            cards.append(state.discarded)
    assert sorted(cards) == sorted(hidden), "every unseen card sits in a hidden place"
    rng.shuffle(cards)
    hands = [list(h) for h in state.hands]
    kitty = list(state.kitty)
    discarded = state.discarded
    for (where, s, i), card in zip(slots, cards, strict=True):
        if where == "hand":
            hands[s][i] = card
        elif where == "kitty":
            kitty[i] = card
        else:
            discarded = card
    return replace(state, hands=tuple(tuple(h) for h in hands), kitty=tuple(kitty), discarded=discarded)


@pytest.fixture
def random_states() -> Callable[[Rules, int, int], Iterator[HandState]]:
    return _random_states


@pytest.fixture
def redeal_hidden() -> Callable[[HandState, int, random.Random], HandState]:
    return _redeal_hidden


# ---- for tests/practice ----


@pytest.fixture
def lone_hearts_maker() -> Callable[[int], HandState]:
    def make(maker: int) -> HandState:
        """Rules with defend alone; South (the learner, dealer) holds the five top hearts. Everyone
        passes the 9C, then ``maker`` (West or East) names hearts alone holding only TH 9H AS KS QS:
        South takes every trick whoever plays beside them (any lead is followed or trumped from
        the top five trumps). North holds five clubs, no trump."""
        weak, diamonds = parse_cards("TH 9H AS KS QS"), parse_cards("AD KD QD TD 9D")
        hands = [
            parse_cards("JH JD AH KH QH"),
            weak if maker == 1 else diamonds,
            parse_cards("AC KC QC JC TC"),
            weak if maker == 3 else diamonds,
        ]
        state = from_cards(
            Rules(defend_alone=True),
            dealer=0,
            hands=hands,
            upcard=parse_card("9C"),
            kitty=parse_cards("JS TS 9S"),
        )
        for _ in range(4 + (maker - 1)):  # round 1 all pass; round 2 passes until the maker
            state = state.apply("pass")
        state = state.apply(call(Suit.HEARTS, alone=True))
        assert state.phase is Phase.DEFEND
        return state

    return make


@dataclass(frozen=True)
class Choice:
    action: Action
    reason: str


class RandomLegal:
    """Plays a uniformly random legal action drawn from the generator it is given."""

    def decide(self, view: SeatView, rng: random.Random) -> Choice:
        return Choice(view.legal[rng.randrange(len(view.legal))], "random legal action")


class CountingFactory:
    """Hands out RandomLegal players and counts how often they are asked to decide."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, level: str) -> RandomLegal:
        factory = self

        class Counted(RandomLegal):
            def decide(self, view: SeatView, rng: random.Random) -> Choice:
                factory.calls += 1
                return super().decide(view, rng)

        return Counted()


@pytest.fixture
def random_legal() -> type[RandomLegal]:
    return RandomLegal


@pytest.fixture
def random_players() -> Callable[[str], RandomLegal]:
    """A player factory (level -> player) whose every seat plays at random."""
    return lambda level: RandomLegal()


@pytest.fixture
def counting_players() -> CountingFactory:
    return CountingFactory()


@pytest.fixture(scope="session")
def puzzle_bank(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, tuple[Puzzle, ...]]:
    """A small bank made by the engine's judges (about 15 s once per session): its file and puzzles."""
    path = tmp_path_factory.mktemp("puzzles") / "bank.jsonl.gz"
    return path, write_sample(path, seats=6, opens=4, seed=0)


# ---- what a seat may not know, and where a text names a card (the tables of people's tests) ----


def _hidden_from(hand: HandState, seat: int | None) -> set[Card]:
    """The cards ``seat`` (None: somebody with no seat) may not know at ``hand``: the other hands,
    the kitty and another dealer's discard; the upcard is everybody's."""
    cards = {c for s, held in enumerate(hand.hands) if s != seat for c in held} | set(hand.kitty)
    if hand.discarded is not None and seat != hand.dealer:
        cards.add(hand.discarded)
    return cards - {hand.upcard}


def _cards_named(text: str, cards: set[Card], *, any_case: bool = False) -> list[str]:
    """The cards of ``cards`` that ``text`` names, as written (9♥), in words (nine of hearts) or as
    a code standing alone (9H; ``any_case``: 9h too, for JSON and messages, not for a page's HTML,
    where lower-case codes are keys and class names)."""
    found = []
    for card in cards:
        flags = re.IGNORECASE if any_case else 0
        code = re.compile(rf"(?<![A-Za-z0-9]){re.escape(str(card))}(?![A-Za-z0-9])", flags)
        if code.search(text) or card.short in text or card.name in text.lower():
            found.append(card.short)
    return found


@pytest.fixture(scope="session")
def hidden_from() -> Callable[[HandState, int | None], set[Card]]:
    return _hidden_from


@pytest.fixture(scope="session")
def cards_named() -> Callable[..., list[str]]:
    return _cards_named
