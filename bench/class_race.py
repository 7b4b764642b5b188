"""Does any answer land after its question's reveal, with pupils on two servers? (issue 39, item 5)

    python -m bench class_race [--pupils 60] [--questions 40] [--servers 2]

A throw-away database whose triggers log, in order, every answer written and every reveal. The
pupils are split between ``--servers`` separate processes (each a "server" on the same file, one
thread per pupil through ``store.classes``); for each question this process (the teacher) asks, the
pupils answer over and over (about every 20 ms) while the teacher reveals 0.3 s later. Prints the
answers written and how many of them landed after their question's reveal (should be 0).
"""

from __future__ import annotations

import argparse
import select
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from store import classes as c
from store.backend import Location, is_server
from store.db import connect

ROOT = Path(__file__).resolve().parent.parent
EVENTS = (
    "CREATE TABLE events (seq INTEGER PRIMARY KEY, what TEXT NOT NULL, number INTEGER)",
    "CREATE TRIGGER answer_saved AFTER INSERT ON class_answers BEGIN "
    "INSERT INTO events (what, number) VALUES ('answer', NEW.number); END",
    "CREATE TRIGGER answer_changed AFTER UPDATE ON class_answers BEGIN "
    "INSERT INTO events (what, number) VALUES ('answer', NEW.number); END",
    "CREATE TRIGGER question_revealed AFTER UPDATE OF revealed ON class_questions WHEN NEW.revealed IS NOT NULL "
    "BEGIN INSERT INTO events (what, number) VALUES ('reveal', NEW.number); END",
)
PHONES = """
import threading, time as _t
def phone(token, number):
    for i in range(500):
        try:
            c.answer(code, token, number, "JD" if i % 2 else "JH", path=db)
        except c.AnswerClosed:
            return
        _t.sleep(0.02)
def phones(tokens, number):
    threads = [threading.Thread(target=phone, args=(tok, number)) for tok in tokens]
    [th.start() for th in threads]
    [th.join() for th in threads]
"""


# The same log on PostgreSQL: its triggers call a function, and a row is logged at its commit's turn
# (every write holds the database's write lock, store/backend.py), so the order is the real one too.
SERVER_EVENTS = """
CREATE TABLE events (seq BIGSERIAL PRIMARY KEY, what TEXT NOT NULL, number BIGINT);
CREATE FUNCTION log_answer() RETURNS trigger AS $$
BEGIN INSERT INTO events (what, number) VALUES ('answer', NEW.number); RETURN NEW; END $$ LANGUAGE plpgsql;
CREATE FUNCTION log_reveal() RETURNS trigger AS $$
BEGIN IF NEW.revealed IS NOT NULL AND OLD.revealed IS NULL THEN
  INSERT INTO events (what, number) VALUES ('reveal', NEW.number); END IF; RETURN NEW; END $$ LANGUAGE plpgsql;
CREATE TRIGGER answer_logged AFTER INSERT OR UPDATE ON class_answers FOR EACH ROW EXECUTE FUNCTION log_answer();
CREATE TRIGGER reveal_logged AFTER UPDATE ON class_questions FOR EACH ROW EXECUTE FUNCTION log_reveal();
"""


def log_events(db: Location) -> None:
    """Create the class tables in ``db`` (a SQLite file or a PostgreSQL URL) with the triggers that
    log every answer and reveal in order."""
    if is_server(db):
        import psycopg

        c.poll("NOCODE", path=db)  # the class tables, made as a server makes them
        with psycopg.connect(str(db), autocommit=True) as server:
            server.execute(SERVER_EVENTS)
        return
    conn = sqlite3.connect(db)
    with conn:
        for sql in c.SCHEMA + EVENTS:
            conn.execute(sql)
    conn.close()


def logged_events(db: Location) -> list[tuple[str, int]]:
    """("answer" or "reveal", question number), in the order the rows really changed."""
    conn = connect(db)
    rows = conn.execute("SELECT what, number FROM events ORDER BY seq").fetchall()
    conn.close()
    return [(str(w), int(n)) for w, n in rows]


def answers_after_reveal(events: list[tuple[str, int]]) -> list[int]:
    """The question numbers of the answers logged after their question's reveal."""
    revealed: set[int] = set()
    late = []
    for what, number in events:
        if what == "reveal":
            revealed.add(number)
        elif number in revealed:
            late.append(number)
    return late


def start_server(db: Location, code: str) -> subprocess.Popen[str]:
    """A server process on the database: it runs the lines it is sent and answers 'done' after each."""
    where = repr(db) if is_server(db) else f"Path({str(db)!r})"
    script = (
        f"import sys; from pathlib import Path; from store import classes as c; db = {where}; "
        f"code = {code!r}\nfor line in sys.stdin:\n    try:\n        exec(line)\n"
        "    except Exception as err:\n        print(type(err).__name__, flush=True)\n"
        "    print('done', flush=True)\n"
    )
    return subprocess.Popen(
        [sys.executable, "-c", script], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )


def send(server: subprocess.Popen[str], line: str) -> None:
    assert server.stdin is not None
    server.stdin.write(line + "\n")
    server.stdin.flush()


def finished_within(server: subprocess.Popen[str], seconds: float) -> bool:
    """Did the server answer 'done' to the line it was sent last within ``seconds``?"""
    assert server.stdout is not None
    ready, _, _ = select.select([server.stdout], [], [], seconds)
    return bool(ready) and server.stdout.readline().strip() == "done"


def _wait(server: subprocess.Popen[str], seconds: float) -> None:
    if not finished_within(server, seconds):
        raise RuntimeError(f"a server did not finish within {seconds} s")


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench class_race", description=__doc__.split("\n\n")[0])
    ap.add_argument("--pupils", type=int, default=60)
    ap.add_argument("--questions", type=int, default=40)
    ap.add_argument("--servers", type=int, default=2)
    args = ap.parse_args(argv)
    db = Path(tempfile.mkdtemp(prefix="class-race-")) / "coach.sqlite3"
    log_events(db)
    code, secret = c.start_class(path=db)
    tokens = [c.join(code, f"Pupil {i}", path=db) for i in range(args.pupils)]
    servers = [start_server(db, code) for _ in range(args.servers)]
    share = -(-args.pupils // args.servers)
    start = time.perf_counter()
    for s in servers:
        send(s, f"exec({PHONES!r})")
        _wait(s, 30)
    for number in range(1, args.questions + 1):
        c.ask(code, secret, "{}", path=db, after=number - 1)
        for i, s in enumerate(servers):
            send(s, f"phones({tokens[i * share : (i + 1) * share]!r}, {number})")
        time.sleep(0.3)
        c.reveal(code, secret, path=db)
        for s in servers:
            _wait(s, 120)
    for s in servers:
        s.communicate(timeout=10)
    events = logged_events(db)
    answers = sum(w == "answer" for w, _ in events)
    reveals = sum(w == "reveal" for w, _ in events)
    print(
        f"{args.pupils} pupils on {args.servers} server processes, {args.questions} questions: {answers:,} answers "
        f"written, {reveals} reveals, answers after a reveal: {len(answers_after_reveal(events))} "
        f"({time.perf_counter() - start:.0f} s)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
