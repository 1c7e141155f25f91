"""The console's answers and words (issue 21), through the Flask app on a real SQLite file: a tap's answer leaves out
the QR codes and chart the console already shows and travels gzipped; a mucked hand is shown as such and the pots name
who can still win them; the sentences for spoken announcements come from the engine."""

from __future__ import annotations

import gzip
import re
from typing import Any

from test_console import HX, at_showdown, create, ok, state, text


def _kept_keys(page: Any) -> list[str]:
    return re.findall(r'data-keep="([^"]+)"', page.get_data(as_text=True))


def _zones(html: str) -> dict[str, str]:
    """The zones an answer carries, by name, each with its key."""
    return dict(re.findall(r'<div id="zone-([a-z_]+)" class="zone" data-keep="([^"]+)" hx-swap-oob="true">', html))


def test_a_tap_answer_leaves_out_what_the_console_already_shows(client: Any) -> None:
    table = create(client, ["Ana", "Bia", "Caio"])
    page = client.get(f"/t/{table}/dealer")
    keys = _kept_keys(page)
    assert {key.split("-")[0] for key in keys} >= {"qr_players", "qr_tv", "qr_dealer", "seats", "log"}
    assert page.get_data(as_text=True).count("<svg") >= 3
    body = state(client, table)
    answer = client.post(f"/t/{table}/dealer/act", data={"action": "deal", "seq": str(body["seq"])},
                         headers={**HX, "X-Console-Keep": ",".join(keys)})
    html = answer.get_data(as_text=True)
    assert answer.status_code == 200 and 'id="console-state"' in html
    assert "<svg" not in html  # every QR code stayed on the console
    sent = _zones(html)
    assert not {"qr_players", "qr_tv", "qr_dealer", "tools"} & set(sent)  # unchanged: left out
    assert {"seats", "pots", "turn", "controls", "log", "top"} <= set(sent)  # the deal changed them
    assert all(sent[name] not in keys for name in sent)  # only what changed
    # as the console now shows: the zones sent replace theirs, with what they hold (the log's mark of its lines)
    keys = [key for key in keys if key.split("-")[0] not in sent and not key.startswith("lines")] + _kept_keys(answer)
    again = client.get(f"/t/{table}/dealer", headers={**HX, "X-Console-Keep": ",".join(keys)})
    assert _zones(again.get_data(as_text=True)) == {}  # nothing changed since: only the state
    fresh = client.get(f"/t/{table}/dealer")  # a full page always has them
    assert fresh.get_data(as_text=True).count("<svg") >= 3


def test_a_tap_answer_travels_gzipped_and_small(client: Any) -> None:
    table = create(client, ["Alexandrina Pereiras", "Bartholomew Santanas", "Constantina Oliveira",
                            "Dagoberto Fernandess", "Esmeralda Vasconcelo", "Florisbela Rodrigues"])
    keys = _kept_keys(client.get(f"/t/{table}/dealer"))
    body = ok(client, table, "deal")
    answer = client.post(f"/t/{table}/dealer/act",
                         data={"action": "call", "player": body["to_act"], "seq": str(body["seq"])},
                         headers={**HX, "X-Console-Keep": ",".join(keys), "Accept-Encoding": "gzip, deflate"})
    assert answer.status_code == 200 and answer.headers["Content-Encoding"] == "gzip"
    raw = answer.get_data()
    assert len(raw) <= 10_000, len(raw)
    assert 'id="console-state"' in gzip.decompress(raw).decode()


def test_a_muck_is_shown_and_the_pots_name_who_can_still_win(client: Any) -> None:
    table = at_showdown(client)
    first = state(client, table)["to_act"]
    ok(client, table, "show", typed="7h 5c 4d 3s 2c")
    second = state(client, table)["to_act"]
    ok(client, table, "muck")
    page = client.get(f"/t/{table}/dealer")
    html = page.get_data(as_text=True)
    seat = re.search(rf'data-testid="status-{second}">(.*?)</span>\s*</li>', html, re.S)
    assert seat and "Mucked" in seat.group(1)
    eligible = re.search(r'class="pot-eligible">([^<]*)<', html)
    assert eligible and second not in eligible.group(1) and first in eligible.group(1)


def test_the_spoken_sentences_come_from_the_engine(client: Any) -> None:
    table = create(client, ["Ana", "Bia", "Caio"], button=0)
    ok(client, table, "deal")
    ok(client, table, "call")  # Ana
    page = client.get(f"/t/{table}/dealer")
    spoken = re.search(r'data-testid="speech">(.*?)</div>', page.get_data(as_text=True), re.S)
    assert spoken and [re.sub(r"<[^>]+>", "", part) for part in spoken.group(1).split("</span><span>")] == [
        "Ana calls 2", "Bia to act, 1 to call"]
    ok(client, table, "call")  # Bia
    ok(client, table, "check")  # Caio
    ok(client, table, "draw", count="2")  # Bia draws two
    words = text(client.get(f"/t/{table}/dealer", headers={"Accept-Language": "pt"}))
    assert "quantas cartas?" in words


def test_every_zone_of_the_page_is_one_an_answer_replaces(client: Any) -> None:
    """A part of the console outside the zones would never change after a tap: the page's zones are exactly those
    every answer may carry, and a console that shows none gets them all back."""
    from web.console import ZONES

    table = create(client, ["Ana", "Bia", "Caio"])
    ok(client, table, "deal")
    page = client.get(f"/t/{table}/dealer").get_data(as_text=True)
    on_page = re.findall(r'<div id="zone-([a-z_]+)" class="zone"', page)
    assert sorted(on_page) == sorted(ZONES) and len(on_page) == len(set(on_page))
    answer = client.get(f"/t/{table}/dealer", headers=HX).get_data(as_text=True)
    sent = re.findall(r'<div id="zone-([a-z_]+)" class="zone"', answer)  # each alone or inside the one around it
    assert sorted(sent) == sorted(ZONES) and set(_zones(answer)) == set(ZONES) - {"chips", "stacks"}
