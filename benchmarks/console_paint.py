"""The console's tap to paint: Chromium at 1280x800 on the dealer's console, from the click on Call or
Check to the new to-act name on screen, while 30 phones poll the player view's live fragment.

Starts the real server (``python app.py`` on 127.0.0.1 with a temporary SQLite file), creates a six-player table
through the start screen and taps the first betting round and the checks of later rounds, hand after hand. Two ways
in the same run, alternating tap by tap so the machine's load hits both alike:
  - "whole console" (as before): the tap's answer re-sends every part of the console, QR codes and chart included,
    uncompressed (the console forgets which zones it shows and the request refuses gzip);
  - "kept" (now): the answer carries the console's state and only the zones that changed (htmx out-of-band
    swaps), gzipped.
Reported per way: p50/p95 of click to paint in ms (measured in the page: the click's timestamp to the first
animation frame that shows the new name) and the answer's size on the wire. Goal: p95 <= 100 ms and the answer
<= 10 KB for "kept". Exit status 0 when met.

With ``--against COMMIT`` the two ways are that commit's console and this one's, both "kept", each on its own
server (the commit exported to a temporary folder), the taps alternating between them; ``--hand N`` plays both
tables untimed up to hand N first (a long night: ``--hand 60``). Each table is created with 100,000 chips a player
and 500 hands, so no one busts and the night goes on.

Run: ``.venv/bin/python benchmarks/console_paint.py [--taps 60] [--phones 30] [--hand 1] [--against COMMIT]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from console_render import checkout, next_input  # noqa: E402  (the same short hands as the server-side benchmark)

from conftest import ServerProcess  # noqa: E402  (the tests' real-server helper)

PLAYERS = ["Ana", "Bia", "Caio", "Duda", "Enzo", "Fabi"]
GOAL_MS = 100.0
GOAL_BYTES = 10_000

TIMED_CLICK = """async (testid) => {
  const before = document.querySelector('#console .turn-name');
  const name = before ? before.textContent : '';
  const button = document.querySelector(`[data-testid="${testid}"]`);
  const started = performance.now();
  button.click();
  return await new Promise((resolve) => {
    function look() {
      const now = document.querySelector('#console .turn-name');
      if (now && now.textContent !== name) {
        requestAnimationFrame(() => resolve(performance.now() - started));
        return;
      }
      if (performance.now() - started > 20000) { resolve(-1); return; }
      requestAnimationFrame(look);
    }
    look();
  });
}"""


def phones(base: str, table: str, count: int, stop: threading.Event) -> list[threading.Thread]:
    def poll() -> None:
        seq = 0
        while not stop.is_set():
            try:
                with urllib.request.urlopen(f"{base}/t/{table}/live?seq={seq}", timeout=5) as answer:
                    body = answer.read()
                    if answer.status == 200 and b'data-seq="' in body:
                        seq = int(body.split(b'data-seq="')[1].split(b'"')[0])
            except OSError:
                pass
            stop.wait(1.0)
    threads = [threading.Thread(target=poll, daemon=True) for _ in range(count)]
    for thread in threads:
        thread.start()
    return threads


class Way:
    """One way of answering a tap: a console page on a server, with the answers it received."""

    def __init__(self, name: str, browser: Any, server: ServerProcess, phones_count: int, stop: threading.Event,
                 forget: bool = False) -> None:
        self.name, self.forget, self.base = name, forget, server.base
        self.times: list[float] = []
        self.sizes: list[int] = []
        self.answers: list[Any] = []
        self.page = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US").new_page()
        page = self.page
        page.goto(server.base + "/")
        for index, name in enumerate(PLAYERS):
            page.get_by_test_id(f"name-{index}").fill(name)
        page.get_by_test_id("stakes-stack").fill("100000")
        page.get_by_test_id("other-stakes").locator("summary").click()
        page.get_by_test_id("stakes-hands").fill("500")
        page.get_by_test_id("create-table").click()
        page.wait_for_url("**/dealer")
        table = page.url.split("/t/")[1].split("/")[0]
        phones(server.base, table, phones_count, stop)
        page.on("response", lambda response: self.answers.append(response)
                if response.request.method == "POST" else None)
        page.route("**/dealer/act", lambda route: route.continue_(headers=_headers(route.request)))

    def tap(self, timed: bool) -> bool:
        """One tap on this console (timed or not); False when the session is over."""
        page = self.page
        page.wait_for_selector("#console:not(.is-quiet):not(.is-busy)", timeout=20000)
        testid = _next_tap(page)
        if testid is None:
            return False
        if self.forget:
            page.evaluate("document.querySelectorAll('#console [data-keep]').forEach((el) => "
                          "el.setAttribute('data-keep', 'forgotten-' + Math.random()))")
        self.answers.clear()
        ms = page.evaluate(TIMED_CLICK, testid)
        if timed and testid not in ("act-deal", "draw-0") and ms >= 0:  # only bets: a deal or a draw may keep
            self.times.append(ms)                                         # the same name on screen
            if self.answers:
                self.sizes.append(self.answers[-1].request.sizes()["responseBodySize"])
        return True


def _play_to(way: Way, hand: int) -> None:
    """Plays the table up to hand ``hand`` dealt, through the console's plain form posts (the page's own cookie,
    untimed, nothing rendered), then reloads the console."""
    table, base = way.page.url.split("/t/")[1].split("/")[0], way.base
    request = way.page.request
    while True:
        body = request.get(f"{base}/api/tables/{table}").json()
        if body["hand"] >= hand and body["phase"] != "deal":
            break
        request.post(f"{base}/t/{table}/dealer/act", form=next_input(body), headers={"Origin": base},
                     max_redirects=0)
    way.page.reload()


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--taps", type=int, default=60)
    parser.add_argument("--phones", type=int, default=30)
    parser.add_argument("--hand", type=int, default=1, help="the hand the timed taps start at")
    parser.add_argument("--against", help="a commit whose console (kept) takes turns with this one's")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as driver:
        servers = [ServerProcess(Path(folder) / "paint.sqlite3")]
        if args.against:
            old = checkout(args.against, Path(folder) / "against")
            servers.append(ServerProcess(Path(folder) / "against.sqlite3", root=old))
        for server in servers:
            server.start()
        browser = driver.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        stop = threading.Event()
        try:
            if args.against:
                ways = [Way(f"kept at {args.against[:10]}", browser, servers[1], args.phones // 2, stop),
                        Way("kept (now)", browser, servers[0], args.phones // 2, stop)]
            else:
                ways = [Way("whole console", browser, servers[0], args.phones // 2, stop, forget=True),
                        Way("kept (now)", browser, servers[0], args.phones // 2, stop)]
            for way in ways:
                _play_to(way, args.hand)
            turn = 0
            while sum(len(way.times) for way in ways) < args.taps and ways[turn % 2].tap(timed=True):
                turn += 1
        finally:
            stop.set()
            browser.close()
            for server in servers:
                server.stop()
    met = True
    for way in ways:
        found = sorted(way.times)
        if not found:
            continue
        p50 = statistics.median(found)
        p95 = found[max(0, round(0.95 * len(found)) - 1)]
        size = statistics.median(way.sizes) if way.sizes else 0
        print(f"{way.name:20s} taps {len(found):3d}  click to paint p50 {p50:6.1f} ms  p95 {p95:6.1f} ms  "
              f"answer {size / 1000:5.1f} KB on the wire")
        if way.name == "kept (now)":
            met = p95 <= GOAL_MS and size <= GOAL_BYTES
    return 0 if met else 1


def _next_tap(page: Any) -> str | None:
    """Calls and the big blind's check in the first round, pat draws, then folds to the last player: many hands,
    no showdown."""
    has = {tid: page.get_by_test_id(tid).count() > 0 for tid in ("act-deal", "act-call", "act-check", "draw-0")}
    if has["act-call"]:
        return "act-call"
    if has["act-check"]:
        return "act-check" if "round 1 of" in page.get_by_test_id("stage").inner_text() else "act-fold"
    if has["draw-0"]:
        return "draw-0"
    return "act-deal" if has["act-deal"] else None


def _headers(request: Any) -> dict[str, str]:
    """The "whole console" way refuses gzip, as the console did before."""
    headers = dict(request.headers)
    if headers.get("x-console-keep", "").startswith("forgotten-"):
        headers["accept-encoding"] = "identity"
    return headers


if __name__ == "__main__":
    sys.exit(main())
