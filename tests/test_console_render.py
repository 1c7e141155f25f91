"""A tap renders only what changed (issue 26), through the Flask app on a real SQLite file: the answer carries only
the zones whose key the console does not hold, this hand's log grows by appending its new lines however long the
night, an undo that strikes lines sends the log whole again, and the keys are the same after a restart."""

from __future__ import annotations

import re
from typing import Any

from conftest import browser_client
from test_console import HX, create, state

KEYED = re.compile(r'<[a-z]+ id="([^"]+)"[^>]*? data-keep="([^"]+)"')
APPEND = re.compile(r'<ol hx-swap-oob="beforeend:#log-current">(.*?)</ol>', re.S)


class Tablet:
    """A console on screen, as far as the server can tell: the key of every keyed part it shows, by id. A zone
    sent whole replaces what was keyed inside it (the log's mark), as htmx's swap does."""

    def __init__(self, client: Any, table: str) -> None:
        self.client, self.table = client, table
        self.keys: dict[str, str] = dict(KEYED.findall(client.get(f"/t/{table}/dealer").get_data(as_text=True)))

    def tap(self, action: str, **fields: Any) -> str:
        body = state(self.client, self.table)
        data = {"action": action, "seq": str(body["seq"]), **{key: str(value) for key, value in fields.items()}}
        if body["to_act"] and action not in ("deal", "misdeal"):
            data.setdefault("player", body["to_act"])
        return self._answer(self.client.post(f"/t/{self.table}/dealer/act", data=data, headers=self._headers()))

    def undo(self) -> str:
        data = {"seq": str(state(self.client, self.table)["seq"]), "confirm": "yes"}
        return self._answer(self.client.post(f"/t/{self.table}/dealer/undo", data=data, headers=self._headers()))

    def _headers(self) -> dict[str, str]:
        return {**HX, "X-Console-Keep": ",".join(self.keys.values())}

    def _answer(self, answer: Any) -> str:
        html: str = answer.get_data(as_text=True)
        assert answer.status_code == 200 and 'id="console-state"' in html, html[:500]
        if 'id="zone-log"' in html:
            self.keys.pop("log-mark", None)
        self.keys.update(KEYED.findall(html))
        return html


def sent_zones(html: str) -> set[str]:
    return set(re.findall(r'<div id="zone-([a-z_]+)" class="zone" data-keep="[^"]+" hx-swap-oob="true">', html))


def play_hand(tablet: Tablet) -> None:
    """Deal, then everyone folds to the big blind."""
    tablet.tap("deal")
    while state(tablet.client, tablet.table)["phase"] == "bet":
        tablet.tap("fold")


def test_a_tap_answer_carries_only_the_zones_that_changed(client: Any) -> None:
    table = create(client, ["Ana", "Bia", "Caio", "Duda"], stack="1000")
    tablet = Tablet(client, table)
    play_hand(tablet)
    html = tablet.tap("deal")
    assert {"top", "seats", "pots", "turn", "controls", "log", "earlier"} <= sent_zones(html)  # a new hand
    assert 'data-testid="log-hand-1"' in html  # hand 1 joins the earlier hands
    html = tablet.tap("call")
    sent = sent_zones(html)
    assert {"top", "seats", "controls"} <= sent  # a stack, whose turn, the screen's seq
    assert not {"earlier", "log", "qr_players", "qr_tv", "qr_dealer", "tools", "tv_state", "plan"} & sent
    assert "data-qr" not in html and 'data-testid="earlier-hands"' not in html
    assert "Ana calls 2" in "".join(APPEND.findall(html))  # the log's new line, appended
    again = client.get(f"/t/{table}/dealer", headers={**HX, "X-Console-Keep": ",".join(tablet.keys.values())})
    assert sent_zones(again.get_data(as_text=True)) == set()  # nothing changed since: only the state
    assert not APPEND.search(again.get_data(as_text=True))


def test_after_many_hands_a_tap_appends_its_log_lines_and_stays_small(client: Any) -> None:
    table = create(client, ["Ana", "Bia", "Caio"], stack="1000", hands="30")
    tablet = Tablet(client, table)
    sizes = []
    for _ in range(14):
        play_hand(tablet)
        tablet.tap("deal")
        html = tablet.tap("call")
        assert "zone-log" not in html and "earlier-hands" not in html  # neither the hand nor the night again
        lines = APPEND.findall(html)
        assert len(lines) == 1 and lines[0].count("<li") == 1 and "calls" in lines[0]
        assert re.search(r'<span id="log-mark" data-keep="lines\d+-[0-9a-f]+" hidden hx-swap-oob="true">', html)
        sizes.append(len(html))
        tablet.tap("fold")
        tablet.tap("fold")
    assert sizes[-1] <= sizes[1] * 1.1, sizes  # the answer does not grow with the night
    page = client.get(f"/t/{table}/dealer").get_data(as_text=True)
    assert page.count('data-testid="log-hand-') == 10  # the earlier hands shown stay the last 10


def test_an_undo_that_strikes_lines_sends_the_log_whole_and_appending_resumes(client: Any) -> None:
    table = create(client, ["Ana", "Bia", "Caio"])
    tablet = Tablet(client, table)
    tablet.tap("deal")
    tablet.tap("call")
    html = tablet.undo()  # Ana's call is taken back: its line is struck, not removed
    assert "log" in sent_zones(html) and not APPEND.search(html)
    log = html.split('id="zone-log"')[1].split("</ol>")[0]
    assert re.search(r'<li class="undone" data-undone><s>Ana calls 2</s> <span class="undone-mark">undone at', log)
    html = tablet.tap("raise")
    assert "log" not in sent_zones(html)
    appended = "".join(APPEND.findall(html))
    assert "Ana raises to 4" in appended and "undone" not in appended
    fresh = client.get(f"/t/{table}/dealer").get_data(as_text=True)
    whole = fresh.split('data-testid="log-current">')[1].split("</ol>")[0]
    assert whole.index("Ana calls 2") < whole.index("Ana raises to 4")  # the page a reload shows: the same lines


def test_a_stale_log_mark_gets_the_whole_log(client: Any) -> None:
    table = create(client, ["Ana", "Bia", "Caio"])
    tablet = Tablet(client, table)
    tablet.tap("deal")
    tablet.keys["log-mark"] = "lines99-000000000000"  # a console whose lines the server cannot tell
    html = tablet.tap("call")
    assert "log" in sent_zones(html) and not APPEND.search(html)


def test_the_keys_are_the_same_after_a_restart(app: Any) -> None:
    """Keys spell the snapshot's values, never where they sit in memory: a rebuilt table gives the same keys, so a
    console that outlives a restart of the laptop keeps its zones."""
    from web import create_app

    client = browser_client(app)
    table = create(client, ["Ana", "Bia", "Caio"])
    tablet = Tablet(client, table)
    tablet.tap("deal")
    tablet.tap("call")
    tablet.undo()
    tablet.tap("call")
    before = tablet.keys
    restarted = browser_client(create_app({"DATABASE": app.config["DATABASE"], "TESTING": True}))
    cookie = client.get_cookie(f"dealer_{table}")
    restarted.set_cookie(cookie.key, cookie.value)
    page = restarted.get(f"/t/{table}/dealer").get_data(as_text=True)
    after = dict(KEYED.findall(page))
    assert after == before


def test_a_poll_answering_after_a_tap_never_appends_its_lines_twice(client: Any) -> None:
    """A poll sent before a tap may be answered after it, at the same seq: its answer sends the log whole (an
    append would add the tap's lines a second time), and nothing when the lines are those the console shows."""
    table = create(client, ["Ana", "Bia", "Caio"])
    tablet = Tablet(client, table)
    tablet.tap("deal")
    before = dict(tablet.keys)  # what the poll's request named, sent just before the tap
    tablet.tap("call")
    poll = client.get(f"/t/{table}/dealer/live?seq=1", headers={**HX, "X-Console-Keep": ",".join(before.values())})
    html = poll.get_data(as_text=True)
    assert "log" in sent_zones(html) and not APPEND.search(html)
    assert html.split('id="zone-log"')[1].split("</ol>")[0].count("Ana calls 2") == 1
    now = client.get(f"/t/{table}/dealer/live?seq=1", headers={**HX, "X-Console-Keep": ",".join(tablet.keys.values())})
    assert "log" not in sent_zones(now.get_data(as_text=True)) and not APPEND.search(now.get_data(as_text=True))
