"""A pupil without a browser, for the class-mode load bench (bench/class_load.py).

Thirty Chromium pages on the two cores of the server they measure starve it (the load average
reached 17 with every pupil a browser page), so most of the bench's pupils are this instead: one
websocket to the Streamlit server speaking Streamlit's own protocol (the ``BackMsg`` and
``ForwardMsg`` protobufs the browser's client sends and reads), doing for the Class page what
the browser's client does and nothing else:

- opens the page (``rerun_script`` with the link's query), joins with a name through the page's
  form (the text box's value and the submit button's trigger), and follows the link the server
  writes (``page_info_changed``);
- keeps the page's ``run_every`` timers (``auto_rerun``; cleared on a new full run and by
  ``stop_auto_rerun``) and, like the browser, skips a tick while a run is in flight;
- taps a card by sending the button's trigger with the button's fragment id.

The server does the same work for it as for a browser (the same script runs, the same messages),
except that a browser also sends the sidebar's widget values with each run. What it does not do
is draw: its "the phone shows the question" is the moment the question's card buttons arrive,
without the page's layout and paint (the bench's browser pupils measure those).
"""

from __future__ import annotations

import asyncio
import random
import re
import time
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

PENDING_S = 10.0  # a run the server never finished stops blocking the timers after this


def _now_ms() -> float:
    return time.time() * 1000


def _key(widget_id: str) -> str:
    """The user key in a widget id ``$$ID-<hash>-<key>`` ("" when the widget has none)."""
    parts = widget_id.split("-", 2)
    return parts[2] if len(parts) == 3 else ""


WAIT = re.compile(r"wait (\d+) seconds and press Join again")


class SocketPupil:
    """One pupil's page over one websocket; ``seen``/``taps`` are the bench's figures (``Date.now()``
    milliseconds, the browsers' clock)."""

    def __init__(self, url: str, query: str) -> None:
        self.url = url.replace("http://", "ws://", 1) + "/_stcore/stream"
        self.query = query
        self.widgets: dict[str, tuple[str, str]] = {}  # key or label -> (widget id, fragment id)
        self.labels: dict[str, str] = {}  # key -> the widget's label, as last drawn
        self.texts: list[tuple[float, str]] = []  # (when, text) of every markdown and alert received
        self.timers: dict[str, tuple[float, float]] = {}  # fragment id -> (interval s, next tick, monotonic)
        self.pending_since: float | None = None
        self.full_runs = 0  # the script runs the server started for this page: whole-page runs
        self.fragment_runs = 0  # and fragment runs
        self.seen: dict[str, float] = {}
        self.taps: list[list[float]] = []
        self.changed = asyncio.Event()
        self.ws: Any = None

    # ---- the connection ----------------------------------------------------------------------

    async def _send(
        self, fragment: str = "", auto: bool = False, widgets: Iterable[tuple[str, str, Any]] = ()
    ) -> None:
        msg = BackMsg()
        state = msg.rerun_script
        state.query_string = self.query
        state.page_name = "class"
        state.fragment_id = fragment
        state.is_auto_rerun = auto
        for widget_id, field, value in widgets:
            w = state.widget_states.widgets.add()
            w.id = widget_id
            setattr(w, field, value)
        self.pending_since = time.monotonic()
        await self.ws.send(msg.SerializeToString())

    def _read(self, data: bytes) -> None:
        msg = ForwardMsg()
        msg.ParseFromString(data)
        kind = msg.WhichOneof("type")
        if kind == "new_session" and msg.metadata.run.fragment_ids:
            self.fragment_runs += 1
        elif kind == "new_session":
            self.full_runs += 1
            self.timers.clear()  # a full run: the browser drops every timer, the run sets them again
        elif kind == "script_finished":
            self.pending_since = None
        elif kind == "auto_rerun":
            interval = float(msg.auto_rerun.interval)
            self.timers[msg.auto_rerun.fragment_id] = (interval, time.monotonic() + interval)
        elif kind == "stop_auto_rerun":
            for fragment in msg.stop_auto_rerun.fragment_ids:
                self.timers.pop(fragment, None)
        elif kind == "page_info_changed":
            self.query = msg.page_info_changed.query_string
        elif kind == "delta" and msg.delta.WhichOneof("type") == "new_element":
            self._element(msg.delta.new_element, msg.delta.fragment_id)
        self.changed.set()

    def _element(self, element: Any, fragment: str) -> None:
        kind = element.WhichOneof("type")
        if kind in ("button", "text_input"):
            body = getattr(element, kind)
            key = _key(body.id)
            self.widgets[key or body.label] = (body.id, fragment)
            self.labels[key] = body.label
            if key.startswith("cl_q") and "-" in key:  # a card of question N: cl_q{N}-{card}
                self.seen.setdefault(key[4:].split("-", 1)[0], _now_ms())
            elif key.startswith("cl_choice_"):  # a choice of question N: cl_choice_{N}_{i}
                self.seen.setdefault(key.split("_")[2], _now_ms())
        elif kind in ("markdown", "alert"):
            self.texts.append((_now_ms(), getattr(element, kind).body))

    async def _reader(self) -> None:
        async for data in self.ws:
            self._read(data)

    async def _ticker(self) -> None:
        while True:
            await asyncio.sleep(0.05)
            now = time.monotonic()
            if self.pending_since is not None and now - self.pending_since > PENDING_S:
                self.pending_since = None
            for fragment, (interval, due) in list(self.timers.items()):
                if now >= due:
                    self.timers[fragment] = (
                        interval,
                        due + interval * max(1, int((now - due) // interval) + 1),
                    )
                    if self.pending_since is None:  # the browser drops a tick while a run is in flight
                        await self._send(fragment, auto=True)

    # ---- what a pupil does -------------------------------------------------------------------

    async def wait_for(self, test: Any, timeout: float) -> Any:
        """The first value ``test()`` gives that is not None, waiting for messages up to ``timeout`` s."""
        end = time.monotonic() + timeout
        while True:
            found = test()
            if found is not None:
                return found
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError("the page did not show it in time")
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except TimeoutError:
                pass

    def text_since(self, part: str, since: float) -> float | None:
        return next((at for at, body in self.texts if at >= since and part in body), None)

    def _joined_or_told(self, name: str, since: float) -> str | None:
        """ "in" once the page says "Class CODE · name"; the seconds to wait when told to wait."""
        if self.text_since(f" · {name}", 0) is not None:
            return "in"
        return next((m.group(1) for t, b in self.texts if t >= since for m in [WAIT.search(b)] if m), None)

    async def join(self, name: str, timeout: float) -> None:
        """Type ``name`` and press Join; told to wait (the class's join limit), wait as a pupil would
        and press Join again."""
        await self._send()
        end = time.monotonic() + timeout
        while True:
            box = await self.wait_for(lambda: self.widgets.get("cl_pupil_name"), timeout)
            go = await self.wait_for(lambda: self.widgets.get("cl_name_go"), timeout)
            at = _now_ms()
            await self._send(widgets=[(box[0], "string_value", name), (go[0], "trigger_value", True)])
            said = await self.wait_for(
                lambda at=at: self._joined_or_told(name, at), max(1.0, end - time.monotonic())
            )
            if said == "in":
                return
            await asyncio.sleep(int(said) + 0.5)

    async def tap(self, number: int, rng: random.Random, timeout: float, card: str | None = None) -> None:
        """Tap ``card`` (else one of question ``number``'s cards at random) and wait until the page
        says the answer is saved."""
        prefix = f"cl_q{number}-"
        keys = sorted(k for k in self.widgets if k.startswith(prefix))
        await self._press(number, prefix + card if card else keys[rng.randrange(len(keys))], timeout)

    async def choose(self, number: int, words: str, timeout: float) -> None:
        """Tap the choice button labelled ``words`` on question ``number`` and wait until the page
        says the answer is saved."""
        prefix = f"cl_choice_{number}_"
        key = next(k for k, label in self.labels.items() if k.startswith(prefix) and label == words)
        await self._press(number, key, timeout)

    async def _press(self, number: int, key: str, timeout: float) -> None:
        """Press the button ``key`` (an answer to question ``number``), as a tap on it sends."""
        widget, fragment = self.widgets[key]
        at = _now_ms()
        self.taps.append([number, at])
        await self._send(fragment, widgets=[(widget, "trigger_value", True)])
        await self.wait_for(lambda: self.text_since("You can change it until the reveal", at), timeout)

    @asynccontextmanager
    async def connected(self) -> AsyncIterator[SocketPupil]:
        """The open websocket, with the reader and the page's timers running."""
        async with websockets.connect(self.url, subprotocols=["streamlit"], max_size=None) as ws:  # type: ignore[list-item]
            self.ws = ws
            tasks = [asyncio.create_task(self._reader()), asyncio.create_task(self._ticker())]
            try:
                yield self
            finally:
                for task in tasks:
                    task.cancel()

    async def session(
        self,
        name: str,
        questions: int,
        think: tuple[float, float],
        rng: random.Random,
        stop: Path,
        timeout: float,
    ) -> dict[str, Any]:
        """Join, answer ``questions`` questions as they come, then stay until ``stop`` exists."""
        async with self.connected():
            missed = 0
            await self.join(name, timeout)
            for n in range(1, questions + 1):
                try:
                    await self.wait_for(
                        lambda n=n: True if any(int(k) >= n for k in self.seen) else None, timeout
                    )
                except TimeoutError:
                    missed += 1
                    continue
                if str(n) not in self.seen:
                    missed += 1  # a later question came first
                    continue
                await asyncio.sleep(rng.uniform(*think))
                try:
                    await self.tap(n, rng, timeout)
                except (TimeoutError, KeyError, ValueError):
                    missed += 1
            while not stop.exists():
                await asyncio.sleep(0.5)
        return {"name": name, "seen": self.seen, "taps": self.taps, "missed": missed, "socket": True}


__all__ = ["SocketPupil"]
