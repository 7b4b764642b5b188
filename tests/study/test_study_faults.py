"""A study pointed at the wrong service or the wrong files (issue 39 items 9 and 10): one line on
stderr, exit 2, within the connect timeout, and nothing half-written; never a traceback, a hang or
an exabyte allocation. The scheduler's address may be an IPv6 address in brackets."""

from __future__ import annotations

import http.server
import os
import shutil
import socket
import struct
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cli.study import main
from engine.study import dask_tasks
from engine.study.dask_tasks import StudyError, greet, part_name, split_address

ONE = [
    "--cells",
    "first/r1/t3-RLa-o0-v1-up9/*",
    "--deals-per-cell",
    "5",
    "--frequency-deals",
    "0",
    "--seed",
    "5",
]
KEY = "cell/first/r1/t3-RLa-o0-v1-up9/any"


def one_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if not line.startswith("study: Dask's dashboard")]
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


# ---- the scheduler's address ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("address", "parts"),
    [
        ("tcp://[::1]:8786", ("tcp", "::1", 8786)),
        ("tcp://[::1]", ("tcp", "::1", 8786)),
        ("tls://[2001:db8::7]:9000", ("tls", "2001:db8::7", 9000)),
        ("tcp://[::ffff:10.0.0.1]:8786", ("tcp", "::ffff:10.0.0.1", 8786)),
        ("tcp://10.0.0.1:8786", ("tcp", "10.0.0.1", 8786)),
        ("tcp://scheduler.example:1", ("tcp", "scheduler.example", 1)),
    ],
)
def test_an_ipv6_address_in_brackets_reads_as_the_documented_format_says(
    address: str, parts: tuple[str, str, int]
) -> None:
    assert split_address(address) == parts


@pytest.mark.parametrize(
    "address",
    [
        "tcp://[::1]:0",
        "tcp://[::1]:65536",
        "tcp://[zz::1]:8786",
        "tcp://[::1",
        "tcp://::1:8786",
        "http://h:8786",
        "tcp://h:port",
        "tcp://[1:2:3:4:5:6:7:8:9]",
    ],
)
def test_an_address_that_is_not_one_is_refused(
    address: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    with pytest.raises(ValueError):
        split_address(address)
    assert main(["charts", "--out", str(tmp_path / "x.parquet"), "--scheduler", address, *ONE]) == 2
    line = one_line(capsys)
    assert "--scheduler must be an address like tcp://HOST:8786 or tcp://[::1]:8786" in line, line
    assert "invalid" not in line and not list(tmp_path.iterdir())


# ---- a service that is not a Dask scheduler ----------------------------------------------------------------


@pytest.fixture
def http_port() -> Iterator[int]:
    """A tiny HTTP server on a loopback port (it answers a request, and says nothing before one)."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), http.server.SimpleHTTPRequestHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


def _speaker(greeting: bytes) -> tuple[socket.socket, threading.Thread]:
    """A loopback server that sends ``greeting`` to whoever connects, then waits for them to hang up."""
    listener = socket.create_server(("127.0.0.1", 0))

    def serve() -> None:
        try:
            conn, _ = listener.accept()
        except OSError:
            return
        with conn:
            conn.sendall(greeting)
            conn.settimeout(5)
            try:
                while conn.recv(4096):
                    pass
            except OSError:
                pass

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    return listener, thread


def test_an_http_server_is_one_line_within_the_connect_timeout(
    http_port: int, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(dask_tasks, "CONNECT_TIMEOUT", 1.5)
    start = time.monotonic()
    assert (
        main(
            [
                "charts",
                "--out",
                str(tmp_path / "x.parquet"),
                "--scheduler",
                f"tcp://127.0.0.1:{http_port}",
                *ONE,
            ]
        )
        == 2
    )
    assert time.monotonic() - start < 10
    line = one_line(capsys)
    assert line.startswith(f"study charts: error: tcp://127.0.0.1:{http_port} is not a Dask scheduler"), line
    assert "said nothing within 1.5 s" in line
    assert not list(tmp_path.iterdir())  # no parts folder for a study that never started


def test_a_service_that_speaks_first_but_not_dask_is_one_line() -> None:
    listener, thread = _speaker(b"HTTP/1.0 400 Bad Request\r\n\r\n")
    with listener:
        with pytest.raises(StudyError, match="is not a Dask scheduler: it answered b'HTTP/1.0'"):
            greet(f"tcp://127.0.0.1:{listener.getsockname()[1]}", timeout=5)
    thread.join(5)


def test_a_dask_greeting_passes_and_is_answered() -> None:
    body = struct.pack("QQ", 1, 8) + b"\x81\xa1a\x01" + b"\0" * 4  # one frame of 8 bytes
    listener, thread = _speaker(struct.pack("Q", len(body)) + body)
    with listener:
        greet(f"tcp://127.0.0.1:{listener.getsockname()[1]}", timeout=5)
    thread.join(5)


def test_a_closed_port_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
    assert (
        main(["charts", "--out", str(tmp_path / "x.parquet"), "--scheduler", f"tcp://127.0.0.1:{port}", *ONE])
        == 2
    )
    assert f"cannot reach the scheduler tcp://127.0.0.1:{port}" in one_line(capsys)


# ---- the files: parts folder, part files, --out -----------------------------------------------------------


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished one-cell study's parts folder (one worker), copied by each test that damages it."""
    folder = tmp_path_factory.mktemp("finished")
    assert main(["charts", "--out", str(folder / "s.parquet"), "--workers", "1", *ONE]) == 0
    return folder / "s.parquet.parts"


def _copy(finished: Path, tmp_path: Path) -> tuple[Path, Path]:
    parts = tmp_path / "s.parquet.parts"
    shutil.copytree(finished, parts)
    return tmp_path / "s.parquet", parts


def test_a_parts_path_that_is_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "s.parquet.parts").write_text("not a folder")
    assert main(["charts", "--out", str(tmp_path / "s.parquet"), "--workers", "1", *ONE]) == 2
    assert "s.parquet.parts is a file, where the study keeps its finished tasks in a folder" in one_line(
        capsys
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.parquet.parts"]


@pytest.mark.parametrize("kind", ["folder", "fifo", "dev-zero", "manifest-fifo"])
def test_a_part_that_is_not_a_regular_file(
    kind: str, finished: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, parts = _copy(finished, tmp_path)
    path = parts / ("manifest.json" if kind == "manifest-fifo" else part_name(KEY))
    path.unlink()
    if kind == "folder":
        path.mkdir()
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")
    else:
        os.mkfifo(path)
    start = time.monotonic()
    assert main(["charts", "--out", str(out), "--workers", "1", "--resume", *ONE]) == 2
    assert time.monotonic() - start < 30  # no hang on the FIFO, no endless read of /dev/zero
    line = one_line(capsys)
    assert f"{path.parent.name}/{path.name}" in line and (
        "is a folder" in line if kind == "folder" else "is not a regular file" in line
    )
    assert not out.exists() and not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_an_out_folder_that_cannot_be_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if os.geteuid() == 0:  # root writes anywhere a mode forbids: /proc refuses even root
        folder = Path("/proc")
    else:
        folder = tmp_path / "read-only"
        folder.mkdir()
        folder.chmod(0o555)
    try:
        assert main(["charts", "--out", str(folder / "s.parquet"), "--workers", "1", *ONE]) == 2
        line = one_line(capsys)
        assert f"cannot write --out {folder / 's.parquet'}: the folder {folder} is not writable" in line, line
    finally:
        if folder != Path("/proc"):
            folder.chmod(0o755)


def test_a_failed_final_write_leaves_nothing_half_written(
    finished: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import pyarrow.parquet as pq

    out, parts = _copy(finished, tmp_path)

    def half(table: object, where: Path, **_: object) -> None:
        Path(where).write_bytes(b"PAR1 half")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(pq, "write_table", half)
    assert main(["charts", "--out", str(out), "--workers", "1", "--resume", *ONE]) == 2
    line = one_line(capsys)
    assert f"cannot write {out}: No space left on device" in line and "--resume" in line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.parquet.parts"]  # the parts kept, nothing else


def test_a_fit_out_that_is_a_fifo(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "styles.json"
    os.mkfifo(out)
    assert (
        main(
            [
                "fit-bidding",
                "--out",
                str(out),
                "--preset",
                "Two-handed",
                "--deals",
                "100",
                "--check-deals",
                "100",
                "--rounds",
                "1",
                "--workers",
                "1",
            ]
        )
        == 2
    )
    assert "styles.json is not a regular file" in one_line(capsys)


addresses = st.one_of(
    st.text(max_size=40),
    st.builds(
        lambda scheme, host, port: f"{scheme}://{host}{port}",
        st.sampled_from(["tcp", "tls", "http", "TCP"]),
        st.one_of(
            st.text(alphabet="[]:.0123456789abcdefABCDEF-", max_size=30), st.sampled_from(["[::1]", "h"])
        ),
        st.one_of(st.just(""), st.integers(-5, 70000).map(lambda p: f":{p}"), st.text(max_size=6)),
    ),
)


@settings(derandomize=True, deadline=None, database=None, max_examples=200)
@given(text=addresses)
def test_any_scheduler_text_is_an_address_or_one_clear_refusal(text: str) -> None:
    try:
        scheme, host, port = split_address(text)
    except ValueError:
        return
    assert scheme in ("tcp", "tls") and 0 < port < 65536 and host
    written = f"{scheme}://[{host}]:{port}" if ":" in host else f"{scheme}://{host}:{port}"
    assert split_address(written) == (scheme, host, port)  # what it read, written out, reads the same
