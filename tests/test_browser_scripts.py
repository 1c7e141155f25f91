"""Each page loads the scripts it uses and nothing written inline (the Content-Security-Policy would block it): the
start screen its own script, never the console's; the dealer's console and the room display the one module that
keeps the screen awake, which asks for the lock on both and, where the browser has no Wake Lock, says so on both."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import Api, ServerProcess

pytestmark = pytest.mark.browser

WAIT = 15_000  # ms a page may take before the test gives up (not a speed goal)

# The page's own scripts by file name, and the elements that carry an inline script or event handler.
SCRIPTS = """() => Array.from(document.scripts, (script) => script.src ? new URL(script.src).pathname.split("/").pop()
                                                                        : "(inline)")"""
INLINE_HANDLERS = """() => Array.from(document.querySelectorAll("*")).filter((element) =>
  Array.from(element.attributes).some((attribute) => /^on/i.test(attribute.name))
  || (element.getAttribute("href") || "").trim().toLowerCase().startsWith("javascript:"))
  .map((element) => element.tagName)"""

# Counts the page's requests for the screen's wake lock (the browser's own method, wrapped before any script runs).
COUNT_LOCKS = """
window.__locks = 0;
if (navigator.wakeLock) {
  const request = navigator.wakeLock.request.bind(navigator.wakeLock);
  navigator.wakeLock.request = (kind) => { window.__locks += 1; return request(kind); };
}"""
NO_WAKE_LOCK = "delete Navigator.prototype.wakeLock;"


def loaded(page: Any) -> list[str]:
    scripts: list[str] = page.evaluate(SCRIPTS)
    assert "(inline)" not in scripts and page.evaluate(INLINE_HANDLERS) == []
    return scripts


def dealer_pages(browser: Any, server: ServerProcess, api: Api, init: str) -> tuple[Any, Any, Any]:
    """The dealer's console and the room display of a new table, each opened with ``init`` run first."""
    table, token, _ = api.create(["Ana", "Bia", "Caio"], button="Ana")
    context = browser.new_context()
    context.add_init_script(init)
    console = context.new_page()
    console.set_default_timeout(WAIT)
    console.goto(f"{server.base}/t/{table}/join?token={token}")
    console.get_by_test_id("console").wait_for()
    tv = context.new_page()
    tv.set_default_timeout(WAIT)
    tv.goto(f"{server.base}/t/{table}/tv")
    tv.get_by_test_id("tv-live").wait_for()
    return context, console, tv


def test_the_start_screen_loads_its_own_script_and_not_the_consoles(browser: Any, server: ServerProcess) -> None:
    page = browser.new_page()
    page.set_default_timeout(WAIT)
    page.goto(f"{server.base}/")
    scripts = loaded(page)
    assert "start.js" in scripts
    assert not {"console.js", "console_keys.js", "wake_lock.js", "speech.js"} & set(scripts)
    # Its script moves a seat without a round trip.
    page.get_by_test_id("name-0").fill("Caio")
    page.get_by_test_id("name-1").fill("Ana")
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.get_by_test_id("down-0").click()
    assert [page.get_by_test_id(f"name-{i}").input_value() for i in range(2)] == ["Ana", "Caio"]
    assert page.get_by_test_id("down-1").evaluate("(button) => button === document.activeElement")
    assert requests == []
    page.close()


def test_console_and_tv_keep_the_screen_awake_with_one_module(browser: Any, server: ServerProcess, api: Api) -> None:
    context, console, tv = dealer_pages(browser, server, api, COUNT_LOCKS)
    for page in (console, tv):
        scripts = loaded(page)
        assert scripts.count("wake_lock.js") == 1, scripts
        page.wait_for_function("() => window.__locks >= 1")  # asked for the lock as the page opened
        assert page.locator("[data-wake-hint]").is_hidden()
    # Only the one module asks for the lock: no other script of either page names it.
    every = "() => Array.from(document.scripts, (script) => script.src)"
    sources = {src for page in (console, tv) for src in page.evaluate(every)}
    holders = [src.rsplit("/", 1)[-1] for src in sources if "wakeLock" in console.request.get(src).text()]
    assert holders == ["wake_lock.js"]
    assert "console.js" in loaded(console) and "console.js" not in loaded(tv)
    context.close()


def test_without_a_wake_lock_the_console_and_tv_say_so(browser: Any, server: ServerProcess, api: Api) -> None:
    context, console, tv = dealer_pages(browser, server, api, NO_WAKE_LOCK)
    for page in (console, tv):
        hint = page.locator("[data-wake-hint]")
        hint.wait_for(state="visible")
        assert "cannot keep the screen on" in hint.inner_text()
    context.close()


def test_other_pages_carry_no_inline_script(browser: Any, server: ServerProcess, api: Api) -> None:
    table, token, _ = api.create(["Ana", "Bia"], button="Ana")
    api.ok(table, token, "deal")
    page = browser.new_page()
    page.set_default_timeout(WAIT)
    for path in (f"/t/{table}", f"/t/{table}/log", f"/t/{table}/hands/1", "/rules", "/compare", "/t/nosuch"):
        page.goto(server.base + path)
        scripts = loaded(page)
        assert "console.js" not in scripts and "wake_lock.js" not in scripts, path
    page.close()
