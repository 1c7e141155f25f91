"""What the browser tests share: the two screen sizes, the start screen filled in and submitted, and ``Console``,
one dealer device on one table's console (Playwright on Debian's Chromium; the fixtures are in conftest.py)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

TABLET = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
WAIT = 15000  # ms, generous: the machine is shared
QUIET_MS = 400  # static/js/console.js: after each change the console's buttons rest this long (a double tap's second
# tap lands on nothing)


# The console has taken a tap's answer in: a new #console-state, and console.js's after-swap step has run (it copies
# the answer's seq to #console once every part of the answer is in place, the log's appended lines included).
SWAPPED = ("() => { const state = document.querySelector('#console-state'); return Boolean(state) "
           "&& state !== window.__before && document.querySelector('#console').dataset.seq === state.dataset.seq; }")


def console_device(browser: Any, **options: Any) -> Any:
    """A browser context for a dealer's console whose page clock a test may move on (``ready_for_a_tap``); the clock
    still runs by itself, at the real pace, until a test moves it."""
    context = browser.new_context(**options)
    context.clock.install()
    return context


def until(page: Any, selector: str, timeout: int = WAIT) -> None:
    """Wait until an element matches ``selector``, looking at every frame: Playwright's own waits look again after
    20, 50, 100, 100, then every 500 ms, a quarter of a second lost on average each time a screen follows a tap."""
    page.wait_for_function("(selector) => document.querySelector(selector) !== null", arg=selector, timeout=timeout)


def until_text(page: Any, testid: str, words: str, timeout: int = WAIT) -> None:
    """Wait, looking at every frame, until an element of that test id says ``words`` (as Playwright's ``has_text``
    reads it: the text as written, any case, white space run together)."""
    page.wait_for_function("""([testid, words]) => [...document.querySelectorAll(`[data-testid="${testid}"]`)]
      .some((element) => element.textContent.replace(/\\s+/g, " ").toLowerCase().includes(words.toLowerCase()))""",
                           arg=[testid, " ".join(words.split())], timeout=timeout)


def ready_for_a_tap(page: Any) -> None:
    """Wait until the console's buttons take a tap again: past the quiet moment after the last change.

    The dealer would wait out the moment; the page's clock jumps over what is left of it instead (its timer fires at
    once), and the test watches every frame for the buttons to come back rather than Playwright's click retrying a
    disabled button (after 0, 20, 100, 100 then 500 ms: about 0.9 s a tap where 0.4 s is the moment itself)."""
    if page.evaluate("() => Boolean(document.querySelector('#console.is-quiet'))"):
        page.clock.fast_forward(QUIET_MS)
    page.wait_for_function("() => !document.querySelector('#console.is-quiet')", timeout=WAIT)


def fill_start_screen(page: Any, base: str, names: list[str], button: int | None = None,
                      stacks: dict[int, int] | None = None) -> None:
    """The start screen with the players' names in seat order, some stacks and the first button (by seat)."""
    page.goto(base + "/")
    for index, name in enumerate(names):
        page.get_by_test_id(f"name-{index}").fill(name)
    for index, stack in (stacks or {}).items():
        page.get_by_test_id(f"stack-{index}").fill(str(stack))
    if button is not None:
        page.get_by_test_id(f"button-{button}").check()


def create_table(page: Any) -> str:
    """Tap "Create the table" on a filled start screen; the new table's id, once its console is open."""
    page.get_by_test_id("create-table").click()
    page.wait_for_url(re.compile(r"/t/[a-z0-9]+/dealer$"))
    return str(page.url.split("/t/")[1].split("/")[0])


class Console:
    """One dealer device on one table's console."""

    def __init__(self, browser: Any, base: str, size: dict[str, int] = TABLET) -> None:
        self.context = console_device(browser, viewport=size, locale="en-US", has_touch=True,
                                      extra_http_headers={"Accept-Language": "en"})
        self.page = self.context.new_page()
        self.base = base
        self.table = ""

    def create(self, names: list[str], button: int = 0, stacks: dict[int, int] | None = None) -> str:
        fill_start_screen(self.page, self.base, names, button, stacks)
        self.table = create_table(self.page)
        return self.table

    def text(self, testid: str) -> str:
        return " ".join(self.page.get_by_test_id(testid).inner_text().split())

    def has(self, testid: str) -> bool:
        return bool(self.page.get_by_test_id(testid).count() > 0)

    def seq(self) -> int:
        return int(self.page.get_by_test_id("console").get_attribute("data-seq"))

    def tap(self, testid: str) -> None:
        """Tap and wait for the console to be swapped for the answer."""
        page = self.page
        ready_for_a_tap(page)
        page.evaluate("window.__before = document.querySelector('#console-state')")
        page.get_by_test_id(testid).tap()
        page.wait_for_function(SWAPPED, timeout=WAIT)

    def close(self) -> None:
        self.context.close()


@contextmanager
def pages_at(browser: Any, sizes: dict[str, dict[str, int]], timeout: int) -> Iterator[dict[str, Any]]:
    """One page per named screen size, each in its own context, waiting up to ``timeout`` ms for what it awaits."""
    contexts = {name: browser.new_context(viewport=size) for name, size in sizes.items()}
    pages = {}
    for name, context in contexts.items():
        page = context.new_page()
        page.set_default_timeout(timeout)
        pages[name] = page
    try:
        yield pages
    finally:
        for context in contexts.values():
            context.close()
