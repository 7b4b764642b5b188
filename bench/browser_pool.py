"""Browser contexts kept for reuse by the browser tests (``open_page`` and ``page`` in
tests/browser/conftest.py): a test's page opens in a context that has shown the app before.

Chromium fetches, parses and compiles Streamlit's front end again in every new browser context (the
HTTP cache and the compiled scripts are the context's own). A new page in a context that has loaded
the app costs about 0.8 s of Chromium's CPU less than a page in a new context, and the server sends
the front end's files no more (docs/research/test-suite-time.md). It is still a new Streamlit
session: a session is one page's connection to the server.

``pool = ContextPool(browser)``; ``with pool.page(app_url, width, height, pace) as page:`` a page set
up as ``bench.browser.new_page`` sets one up, in a context of that window size that no other open
page of the pool is using: two pages open at once are two browsers, each with its own cookies.

When the block ends every page of the context closes and the context is cleared of what a test can
leave in it: its cookies, and the localStorage of each site its pages opened (Streamlit keeps the
sidebar's state there; sessionStorage is each page's own). A context that cannot be cleared so is
closed instead of kept:
- the test changed the context itself: installed or moved its clock (``page.clock`` is the
  context's), routed its requests, added an init script or a binding, set permissions, a
  geolocation, offline, extra headers, a storage state, a default timeout, or listened to its
  events;
- a site its pages opened is no longer open in any of them (the test closed that page), or a page
  did not answer, so its localStorage could not be cleared.
``fresh=True``: a context of the page's own, closed afterwards (``new_page``), for a test that needs a
browser that has cached nothing.

**A kept renderer.** A new page in Chromium starts a renderer process of its own, and starting one
costs more Chromium CPU than the page then takes to load the app (1.6 CPU-s a page load of Learn
against 1.0 s; docs/research/test-suite-time.md). So each kept context also holds a *keeper*: a page
open on the server's health check, a site the test pages share (the site of ``http://127.0.0.1:port``
is ``127.0.0.1``, whatever the port). With ``KEEPER_ARGS`` given to Chromium (``--process-per-site``),
a new page of that site opens in the keeper's process, which stays warm between tests. The keeper
loads no script and opens no Streamlit session; it is not one of the pages a test sees open.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlsplit

from bench.browser import RUN_COUNTER, new_page, pace_cookies, set_up_page

# Chromium's flag for the kept renderer (see the module): one renderer process for a site in a context.
KEEPER_ARGS = ["--process-per-site"]
KEEPER_PATH = "/_stcore/health"  # a plain-text answer of every Streamlit server

# A context's methods that change it for every page it opens later (page.route and the like change
# one page, which closes): a context used so is not kept.
CONTEXT_CHANGES = (
    "add_init_script",
    "clear_permissions",
    "expose_binding",
    "expose_function",
    "grant_permissions",
    "on",
    "once",
    "route",
    "route_from_har",
    "route_web_socket",
    "set_default_navigation_timeout",
    "set_default_timeout",
    "set_extra_http_headers",
    "set_geolocation",
    "set_offline",
    "set_storage_state",
    "unroute",
    "unroute_all",
)
CLOCK_CHANGES = (
    "fast_forward",
    "install",
    "pause_at",
    "resume",
    "run_for",
    "set_fixed_time",
    "set_system_time",
)

# Run in each open page of a context being given back: the page (about to close) can write its
# site's storage no more, then that storage is emptied. Returns the page's site.
CLEAR_STORAGE = """() => {
  Storage.prototype.setItem = () => {};
  localStorage.clear();
  return location.origin;
}"""


def site(url: str) -> str | None:
    """The origin of an http(s) address (``http://127.0.0.1:8501``), None for about:blank and the like."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme in ("http", "https") else None


class Pooled:
    """One context of the pool: whether a test has changed it, and the sites its pages opened."""

    def __init__(self, context: Any, size: tuple[int, int], app_url: str) -> None:
        self.context = context
        self.size = size
        self.changed = False
        self.sites: set[str] = set()
        context.add_init_script(RUN_COUNTER)
        self.keeper = context.new_page()  # before the watch: its site needs no clearing
        self._keep_warm(app_url)
        context.on("page", self._page_opened)
        for name in CONTEXT_CHANGES:
            self._watch(context, name)
        for name in CLOCK_CHANGES:
            self._watch(context.clock, name)

    def _keep_warm(self, app_url: str) -> None:
        """The keeper opens the server's health check; a server that does not answer (a test's page
        on a server it stopped) leaves the keeper blank: the pages then start renderers of their own."""
        from playwright.sync_api import Error as PlaywrightError

        try:
            self.keeper.goto(app_url.rstrip("/") + KEEPER_PATH)
        except PlaywrightError:
            pass

    def test_pages(self) -> list[Any]:
        """The context's open pages but the keeper."""
        return [page for page in self.context.pages if page is not self.keeper]

    def _watch(self, owner: Any, name: str) -> None:
        method = getattr(owner, name)

        def changing(*args: Any, **kwargs: Any) -> Any:
            self.changed = True
            return method(*args, **kwargs)

        setattr(owner, name, changing)

    def _page_opened(self, page: Any) -> None:
        page.on("framenavigated", lambda frame: self._visited(frame.url))

    def _visited(self, url: str) -> None:
        found = site(url)
        if found:
            self.sites.add(found)

    def cleared(self) -> bool:
        """Empties the localStorage of every site the context's pages opened, through its open pages;
        False when the context was changed, or a site could not be reached or a page did not answer."""
        from playwright.sync_api import Error as PlaywrightError

        if self.changed:
            return False
        reached = set()
        for page in self.test_pages():
            if site(page.url) is None:
                continue
            try:
                reached.add(str(page.evaluate(CLEAR_STORAGE)))
            except PlaywrightError:
                return False
        return self.sites <= reached


class ContextPool:
    """Browser contexts of one browser, kept for the tests' pages by window size (see the module)."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.idle: dict[tuple[int, int], list[Pooled]] = {}

    def _take(self, size: tuple[int, int], app_url: str) -> Pooled:
        idle = self.idle.get(size)
        if idle:
            return idle.pop()
        width, height = size
        return Pooled(self.browser.new_context(viewport={"width": width, "height": height}), size, app_url)

    def _give_back(self, pooled: Pooled) -> None:
        if not pooled.cleared():
            pooled.context.close()
            return
        for page in pooled.test_pages():
            page.close()
        pooled.context.clear_cookies()
        pooled.sites.clear()
        self.idle.setdefault(pooled.size, []).append(pooled)

    @contextmanager
    def page(
        self,
        app_url: str,
        width: int = 1280,
        height: int = 900,
        pace: str | None = "instant",
        fresh: bool = False,
    ) -> Iterator[Any]:
        """A new page (a new Streamlit session) in a context of the pool, or of its own with
        ``fresh``; ``pace`` as ``new_page``'s. The context is cleared and kept, or closed, afterwards."""
        if fresh:
            with new_page(self.browser, app_url, width, height, pace) as page:
                yield page
            return
        pooled = self._take((width, height), app_url)
        try:
            pooled.context.add_cookies(pace_cookies(app_url, pace))
            page = pooled.context.new_page()
            set_up_page(page, app_url)
            yield page
        finally:
            self._give_back(pooled)

    def close(self) -> None:
        """Closes the contexts kept."""
        for kept in self.idle.values():
            for pooled in kept:
                pooled.context.close()
        self.idle.clear()
