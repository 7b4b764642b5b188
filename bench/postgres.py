"""A PostgreSQL server of our own, for the tests and the benches: Debian's ``postgresql`` package,
a fresh cluster in a temporary folder, listening on a free loopback port, stopped and removed after.

    with postgres_server() as url:          # postgresql://postgres@127.0.0.1:PORT/postgres
        db = schema_url(url, "t_1")          # the same server, tables in a schema of their own
    with running_server() as server:        # the same, as a Server: server.stop(), server.start()

``.ci/run`` installs the package with apt-get when it is missing. The server runs as the
``postgres`` user when this process is root (PostgreSQL refuses to run as root). ``durable=False``
(the tests) turns off the waits for the disk; the benches keep PostgreSQL's defaults.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

from bench.browser import stop_process

START_TIMEOUT = 60.0  # seconds for initdb and the first connection (a loaded 2-core machine)
INSTALL_HINT = "install Debian's postgresql package (apt-get install postgresql), as .ci/run does"


class PostgresMissing(RuntimeError):
    """No PostgreSQL server programs on this machine."""


def server_bin() -> Path:
    """The folder of the newest installed PostgreSQL's ``initdb`` and ``postgres``."""
    found = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/postgres"),
        key=lambda p: int(p.parent.parent.name),
        reverse=True,
    )
    if found:
        return found[0].parent
    initdb = shutil.which("initdb")
    if initdb:
        return Path(initdb).resolve().parent
    raise PostgresMissing(f"no PostgreSQL server found: {INSTALL_HINT}")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _server_user() -> str | None:
    """Who runs the server's programs: ``postgres`` when we are root, else we ourselves (None)."""
    return "postgres" if os.geteuid() == 0 else None


class Server:
    """A PostgreSQL server of our own (``running_server``): its URL, and ``stop``/``start`` for a
    test or bench that takes the records away for a while (an outage) and brings them back on the
    same port, with the same data."""

    def __init__(self, bindir: Path, root: Path, port: int, options: list[str], who: str | None) -> None:
        self.root = root
        self.url = f"postgresql://postgres@127.0.0.1:{port}/postgres"
        self._command = [
            str(bindir / "postgres"),
            "-D",
            str(root / "data"),
            "-p",
            str(port),
            "-k",
            str(root),
            *options,
        ]
        self._who = who
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def start(self) -> None:
        """Start the server (again) and wait until it takes connections."""
        if self.running:
            return
        with open(self.root / "server.log", "ab") as log:
            self._process = subprocess.Popen(
                self._command, stdout=log, stderr=subprocess.STDOUT, user=self._who, group=self._who
            )
        _wait_ready(self.url, self._process, self.root)

    def stop(self, *, fast: bool = True) -> None:
        """Stop the server: ``fast`` (SIGINT) ends every session at once, as ``pg_ctl stop -m fast``
        does ("terminating connection due to administrator command"); else a smart shutdown
        (SIGTERM), which waits for the clients to leave."""
        process = self._process
        if process is None or process.poll() is not None:
            return
        stop_process(process, 20, signal.SIGINT if fast else signal.SIGTERM)


@contextmanager
def running_server(*, durable: bool = False, max_connections: int = 300) -> Iterator[Server]:
    """A running server (``Server``); stopped and its files removed after."""
    bindir = server_bin()
    root = Path(tempfile.mkdtemp(prefix="coach-pg-"))
    who = _server_user()
    if who:
        shutil.chown(root, "postgres", "postgres")
    data = root / "data"
    subprocess.run(
        [
            str(bindir / "initdb"),
            "-D",
            str(data),
            "-U",
            "postgres",
            "--auth=trust",
            "-E",
            "UTF8",
            "--locale=C",
        ]
        + ([] if durable else ["--no-sync"]),
        check=True,
        capture_output=True,
        timeout=START_TIMEOUT,
        user=who,
        group=who,
    )
    options = ["-c", f"max_connections={max_connections}", "-c", "listen_addresses=127.0.0.1"]
    if not durable:
        options += ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]
    server = Server(bindir, root, _free_port(), options, who)
    try:
        server.start()
        yield server
    finally:
        server.stop(fast=False)  # a "smart" shutdown; the clients are gone by now
        shutil.rmtree(root, ignore_errors=True)


@contextmanager
def postgres_server(*, durable: bool = False, max_connections: int = 300) -> Iterator[str]:
    """A running server, its superuser's URL yielded; stopped and its files removed after."""
    with running_server(durable=durable, max_connections=max_connections) as server:
        yield server.url


def _wait_ready(url: str, server: subprocess.Popen[bytes], root: Path) -> None:
    import psycopg

    deadline = time.monotonic() + START_TIMEOUT
    while True:
        if server.poll() is not None:
            raise RuntimeError(f"PostgreSQL stopped at start: {(root / 'server.log').read_text()[-2000:]}")
        try:
            with psycopg.connect(url, connect_timeout=2):
                return
        except psycopg.OperationalError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def postmaster_pid(url: str) -> int:
    """The process id of the server at ``url`` (its connections are its children)."""
    import psycopg

    with psycopg.connect(url) as conn:
        folder = conn.execute("SHOW data_directory").fetchone()
    assert folder is not None
    return int((Path(folder[0]) / "postmaster.pid").read_text().split()[0])


def schema_url(url: str, schema: str) -> str:
    """``url`` with its tables in ``schema`` (made now if missing): one server, many databases."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA IF NOT EXISTS "{schema}"')
    return f"{url}?options={quote(f'-csearch_path={schema}')}"


def password_user(url: str, user: str, password: str) -> None:
    """Make ``user`` a login of the server at ``url`` that must give ``password`` over TCP (SCRAM,
    the one rule ahead of the cluster's ``trust``), so that a wrong or mangled password is refused
    as a real deployment refuses it. The server's other users stay as they were."""
    import psycopg
    from psycopg import sql

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("SET password_encryption = 'scram-sha-256'")
        exists = conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (user,)).fetchone()
        verb = "ALTER" if exists else "CREATE"
        conn.execute(
            sql.SQL(verb + " ROLE {} LOGIN SUPERUSER PASSWORD {}").format(
                sql.Identifier(user), sql.Literal(password)
            )
        )
        hba_row = conn.execute("SHOW hba_file").fetchone()
        assert hba_row is not None
        hba = Path(hba_row[0])
        rule = f"host all {user} 127.0.0.1/32 scram-sha-256\n"
        text = hba.read_text()
        if rule not in text:
            hba.write_text(rule + text)  # the first matching line wins
        conn.execute("SELECT pg_reload_conf()")
