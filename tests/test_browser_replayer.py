"""The replayer in a real browser: a six-player hand with side pots, a reshuffle and a correction (a raise undone),
stepped through on a tablet (1280x800) and a phone (390x844) with the buttons, the arrow keys and the slider, and
shown on the room display (1920x1080) by the dealer's "Show on the TV", which follows the dealer's steps.

At every step the page's stacks, bets, pots and deck counts are the STATE the API answered after that step's entry
(the page names the seq it shows), the page does not scroll sideways and no text is cut off. Screens are saved in
artifacts/ (replay-*.png)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from browser_driver import until
from conftest import Api, ServerProcess
from replay_scenario import play_hand
from test_browser_tv import GEOMETRY

pytestmark = pytest.mark.browser

WAIT = 15_000  # ms a step may take to show before the test gives up (not a speed goal)

# Sideways scrolling and texts cut off by their box, measured in the page.
FITS = """() => {
  const problems = [];
  const page = document.documentElement;
  if (page.scrollWidth > page.clientWidth) problems.push(`scrolls sideways: ${page.scrollWidth} > ${page.clientWidth}`);
  for (const owner of document.querySelectorAll("#replay *")) {
    const style = getComputedStyle(owner);
    if (style.display === "inline" || style.display === "none" || !owner.textContent.trim()) continue;
    if (owner.scrollWidth > owner.clientWidth + 1 && style.overflowX !== "visible") {
      problems.push(`cut off: "${owner.textContent.trim().slice(0, 40)}"`);
    }
    const box = owner.getBoundingClientRect();
    if (box.width > 0 && (box.right > page.clientWidth + 1 || box.left < -1)) {
      problems.push(`outside: "${owner.textContent.trim().slice(0, 40)}" ${Math.round(box.right)}`);
    }
  }
  return problems;
}"""


def shown(page: Any) -> dict[str, Any]:
    """What the replay part shows: its seq, each seat's stack and bet, the pots and the deck's counts."""
    return page.evaluate("""() => {
      const part = document.getElementById("replay");
      const text = (id) => {
        const found = part.querySelector(`[data-testid="${id}"]`);
        return found ? found.textContent.trim() : null;
      };
      const seats = {};
      for (const seat of part.querySelectorAll("[data-testid^='seat-']")) {
        const name = seat.dataset.testid.slice(5);
        seats[name] = [Number(text("stack-" + name)), Number(text("bet-" + name) || 0)];
      }
      return {seq: Number(part.dataset.seq), step: Number(part.dataset.step), seats,
              pots: Array.from(part.querySelectorAll(".pots .pot-amount")).map((pot) => Number(pot.textContent)),
              deck: ["stub", "burned", "discards", "folded"].map((pile) => Number(text("deck-" + pile)))};
    }""")


def expected(state: dict[str, Any]) -> dict[str, Any]:
    return {"seq": state["seq"], "seats": {p["name"]: [p["stack"], p["bet"]] for p in state["players"]},
            "pots": [pot["amount"] for pot in state["pots"]],
            "deck": [state["deck"][pile] for pile in ("stub", "burned", "discards", "folded")]}


def check(page: Any, answered: dict[int, dict[str, Any]], step: int) -> None:
    until(page, f'#replay[data-step="{step}"]', WAIT)
    seen = shown(page)
    assert {key: value for key, value in seen.items() if key != "step"} == expected(answered[seen["seq"]]), step
    assert page.evaluate(FITS) == [], step


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["tablet", "phone"])
def test_stepping_through_a_hand_shows_the_state_of_each_step(browser: Any, server: ServerProcess, api: Api,
                                                               artifacts: Path, size: tuple[int, int]) -> None:
    table, _, answered = play_hand(api)
    last = len(answered)
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    page.set_default_timeout(WAIT)
    page.goto(f"{server.base}/t/{table}/hands/1")
    page.evaluate("window.__sameDocument = true")
    check(page, answered, 1)
    assert page.get_by_test_id("step-line").inner_text().startswith("#1 Deal hand 1")
    for step in range(2, last + 1):  # buttons for the first half, the arrow key for the rest
        if step <= last // 2:
            page.get_by_test_id("step-next").click()
        else:
            page.keyboard.press("ArrowRight")
        check(page, answered, step)
        assert page.url.endswith(f"?step={step}")
        if step % 8 == 0 or step in (7, 8, 16):
            page.screenshot(path=str(artifacts / f"replay-{size[0]}-{step:02}.png"), full_page=True)
        if step == 7:  # the raise later undone: at its place, marked undone with its time
            assert "Caio raises to 7" in page.get_by_test_id("step-line").inner_text()
            assert page.get_by_test_id("step-undone").inner_text().startswith("undone at")
        if step == 8:  # the undo: the table put back as it was
            assert "Undo: takes back" in page.get_by_test_id("step-line").inner_text()
        if step == 16:  # the draw that ran the stub short: the reshuffle's piles
            assert page.get_by_test_id("reshuffle-box").count() == 1
    assert page.evaluate("window.__sameDocument") is True  # stepped without reloading the page
    page.keyboard.press("Home")
    check(page, answered, 1)
    page.keyboard.press("End")
    check(page, answered, last)
    assert page.get_by_test_id("last-hand").count() == 1  # the hand's awards at its last step
    page.keyboard.press("ArrowLeft")
    check(page, answered, last - 1)
    page.go_back()  # the address keeps the step: Back returns to the step before
    check(page, answered, last)
    page.get_by_test_id("step-first").click()
    check(page, answered, 1)
    page.get_by_test_id("step-slider").fill("10")
    page.get_by_test_id("step-slider").dispatch_event("change")
    check(page, answered, 10)
    page.get_by_test_id("step-slider").focus()
    page.keyboard.press("ArrowRight")  # on the slider, the arrow moves the slider
    check(page, answered, 11)
    page.goto(f"{server.base}/t/{table}/hands/1?step=16")  # a link points at a moment
    check(page, answered, 16)
    context.close()


HAND_WRITTEN = ("fetch(", "pushState", "replaceState", "XMLHttpRequest", "HX-Request")


def page_scripts(page: Any) -> dict[str, str]:
    """Every script the page loads (htmx's own file aside), by address, with its text."""
    sources = page.evaluate("() => Array.from(document.scripts, (script) => script.src)")
    assert all(sources), "a page carries no inline script"
    return {src: page.request.get(src).text() for src in sources if "/htmx-" not in src}


def test_steps_are_htmx_requests_that_keep_the_address_and_back_returns(browser: Any, server: ServerProcess,
                                                                         api: Api) -> None:
    """The buttons, the tape's lines and the slider change the step and the address without reloading the page
    (htmx: no script of ours fetches or pushes history); Back and Forward walk the steps seen."""
    table, _, answered = play_hand(api)
    page = browser.new_page()
    page.set_default_timeout(WAIT)
    page.goto(f"{server.base}/t/{table}/hands/1")
    scripts = page_scripts(page)
    assert any(src.endswith("/js/replay.js") for src in scripts)
    for src, text in scripts.items():
        assert not [word for word in HAND_WRITTEN if word in text], src
    page.evaluate("window.__sameDocument = true")
    page.get_by_test_id("step-next").click()
    check(page, answered, 2)
    assert page.url.endswith("?step=2")
    page.get_by_test_id("replay-tape").locator("li").nth(5).locator("a").click()
    check(page, answered, 6)
    assert page.url.endswith("?step=6")
    page.get_by_test_id("step-slider").fill("12")  # its input and change events, as a finger lifted
    check(page, answered, 12)
    assert page.url.endswith("?step=12")
    page.get_by_test_id("step-previous").click()
    check(page, answered, 11)
    for step in (12, 6, 2, 1):
        page.go_back()
        check(page, answered, step)
        assert page.url.endswith(f"?step={step}") or (step == 1 and page.url.endswith("/hands/1"))
    page.go_forward()
    check(page, answered, 2)
    assert page.url.endswith("?step=2")
    assert page.evaluate("window.__sameDocument") is True
    page.close()


def test_a_refused_show_on_the_tv_says_so_in_the_page(browser: Any, server: ServerProcess, api: Api) -> None:
    """The device lost the dealer's key meanwhile: the refusal's sentence takes the page's place (no replay part
    left half-drawn) and the TV keeps the live table."""
    table, token, _ = play_hand(api)
    context = browser.new_context()
    dealer = context.new_page()
    dealer.set_default_timeout(WAIT)
    dealer.goto(f"{server.base}/t/{table}/join?token={token}")
    dealer.goto(f"{server.base}/t/{table}/hands/1?step=3")
    context.clear_cookies()
    dealer.get_by_test_id("show-on-tv").click()
    dealer.locator(".error-page").wait_for()
    assert "does not hold the dealer's key" in dealer.locator("main").inner_text()
    assert dealer.locator("#replay").count() == 0 and dealer.locator("header.topbar").count() == 1
    assert 'data-testid="tv-replay"' not in dealer.request.get(f"{server.base}/t/{table}/tv").text()
    context.close()


def test_log_lines_lead_to_their_step(browser: Any, server: ServerProcess, api: Api) -> None:
    table, _, answered = play_hand(api)
    page = browser.new_page()
    page.goto(f"{server.base}/t/{table}/log")
    page.get_by_test_id("log-hand-1").get_by_test_id("replay-1").wait_for()
    page.locator("[data-testid=log-hand-1] li").nth(3).get_by_test_id("to-step").click()
    check(page, answered, 4)
    page.close()


def test_the_tv_shows_the_dealers_step_and_goes_back_to_the_table(browser: Any, server: ServerProcess, api: Api,
                                                                  artifacts: Path) -> None:
    table, token, answered = play_hand(api)
    dealer = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    room = browser.new_context(viewport={"width": 1920, "height": 1080})
    tv = room.new_page()
    for page in (dealer, tv):
        page.set_default_timeout(WAIT)
    dealer.goto(f"{server.base}/t/{table}/join?token={token}")
    tv.goto(f"{server.base}/t/{table}/tv")
    dealer.goto(f"{server.base}/t/{table}/hands/1?step=3")
    dealer.get_by_test_id("show-on-tv").click()
    for step in range(3, 19):
        until(tv, f'[data-testid=tv-replay][data-step="{step}"]', WAIT)
        state = answered[int(dealer.locator("#replay").get_attribute("data-seq"))]
        for player in state["players"]:
            seat = tv.get_by_test_id(f"tv-seat-{player['name']}")
            assert seat.locator(".tv-seat-stack .num").inner_text() == str(player["stack"])
            bet = seat.locator(".tv-seat-bet .num")
            assert (bet.inner_text() if bet.count() else "0") == str(player["bet"])
        pots = [int(text) for text in tv.locator("[data-testid=tv-pots] .tv-pot .num").all_inner_texts()]
        assert pots == [pot["amount"] for pot in state["pots"]]
        assert [int(tv.get_by_test_id(f"tv-deck-{pile}").inner_text()) for pile in
                ("stub", "burned", "discards", "folded")] == list(state["deck"].values())
        assert tv.evaluate(GEOMETRY) == [], step
        if step in (7, 8, 16):
            tv.screenshot(path=str(artifacts / f"replay-tv-{step:02}.png"))
        dealer.keyboard.press("ArrowRight")
        until(dealer, f'#replay[data-step="{step + 1}"]')
    # The dealer's page says where the TV is; going Back or moving the slider moves the TV with it.
    until(tv, '[data-testid=tv-replay][data-step="19"]', WAIT)
    # The dealer's page says so once the answer of its own tap has been swapped in (the TV may be quicker).
    dealer.wait_for_function("() => document.querySelector('[data-testid=tv-state]').textContent"
                             " === 'The TV shows hand 1, step 19.'")
    dealer.go_back()
    until(dealer, '#replay[data-step="18"]')
    until(tv, '[data-testid=tv-replay][data-step="18"]', WAIT)
    dealer.get_by_test_id("step-slider").fill("5")
    dealer.get_by_test_id("step-slider").dispatch_event("change")
    until(tv, '[data-testid=tv-replay][data-step="5"]', WAIT)
    dealer.wait_for_function("() => document.querySelector('[data-testid=tv-state]').textContent.includes('step 5.')")
    for src, text in page_scripts(dealer).items():
        assert not [word for word in HAND_WRITTEN if word in text], src
    dealer.get_by_test_id("tv-back").click()
    tv.wait_for_selector("[data-testid=tv-replay]", state="detached", timeout=WAIT)
    assert "/dealer" in dealer.url and dealer.get_by_test_id("tv-state").count() == 0
    # Shown again, then the next hand's deal gives the TV back to the live table by itself.
    dealer.goto(f"{server.base}/t/{table}/hands/1?step=3")
    dealer.get_by_test_id("show-on-tv").click()
    until(tv, '[data-testid=tv-replay][data-step="3"]', WAIT)
    state = api.ok(table, token, "deal")
    until(tv, f'#tv-live[data-seq="{state["seq"]}"]', WAIT)
    assert tv.get_by_test_id("tv-replay").count() == 0
    room.close()
    dealer.context.close()


SPLIT_SHOWN = {"Ana": "7h5c4d3h2h", "Bia": "9c8d6h5sKh", "Caio": "QcJdTs9h8c"}  # Ana the 2-7 half, Bia the badugi


def play_split_hand(api: Api) -> tuple[str, dict[int, dict[str, Any]]]:
    """A Badeucey hand (R24): Caio short and all-in (a main pot and a side pot), everyone pat, and each pot split:
    the 2-7 half to Ana, the badugi half to Bia. The STATE after each entry, by seq."""
    table, token, _ = api.create([{"name": "Ana", "stack": 100}, {"name": "Bia", "stack": 100},
                                  {"name": "Caio", "stack": 6}], button="Ana", games=["badeucey"])
    answered: dict[int, dict[str, Any]] = {}
    state = api.ok(table, token, "deal")
    answered[state["seq"]] = state
    while state["phase"] != "deal":
        player, actions = state["to_act"], {option["action"] for option in state["legal"]}
        if state["phase"] == "draw":
            action, fields = "draw", {"count": 0}
        elif state["phase"] == "showdown":
            action, fields = "show", {"cards": SPLIT_SHOWN[player]}
        elif "bet" in actions and player == "Bia":
            action, fields = "bet", {}
        elif "raise" in actions and player == "Ana" and state["round"] == 1:
            action, fields = "raise", {}
        else:
            action, fields = ("check" if "check" in actions else "call"), {}
        state = api.ok(table, token, action, player=player, **fields)
        answered[state["seq"]] = state
    return table, answered


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["tablet", "phone"])
def test_a_split_pot_is_replayed_with_each_halfs_winner(browser: Any, server: ServerProcess, api: Api,
                                                        artifacts: Path, size: tuple[int, int]) -> None:
    """Badeucey: at every step the shown stacks, bets, pots and deck counts are the STATE at that seq; at the end
    each pot shows its two halves (the five-card half first), each with its winner, amount and reason."""
    table, answered = play_split_hand(api)
    last = len(answered)
    awards = answered[max(answered)]["last_hand"]["awards"]
    assert len(awards) == 4 and [award["winners"] for award in awards] == [["Ana"], ["Bia"]] * 2
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    page.set_default_timeout(WAIT)
    page.goto(f"{server.base}/t/{table}/hands/1")
    check(page, answered, 1)
    for step in range(2, last + 1):
        page.keyboard.press("ArrowRight")
        check(page, answered, step)
    page.screenshot(path=str(artifacts / f"replay-split-{size[0]}.png"), full_page=True)
    result = page.get_by_test_id("last-hand")
    assert result.count() == 1
    for index, award in enumerate(awards):
        row = result.get_by_test_id(f"award-{index}")
        assert int(row.locator(".pot-amount").inner_text()) == award["amount"]
        assert row.locator(".winners").inner_text() == award["winners"][0]
        assert row.get_by_test_id("award-half").inner_text() == f"{award['half']} half"
        assert row.get_by_test_id("award-reason").inner_text().strip()
    context.close()
