"""The start form creates a tournament (R35-R37) through the real server: its levels, breaks, buy-in, rebuy, add-on
and payouts reach the engine as the JSON API's creation takes them, a refusal shows the engine's own sentence by the
form and creates nothing, and without JavaScript a level or a break is added and removed by posting the form."""

from __future__ import annotations

import http.client
import re
from itertools import pairwise
from typing import Any
from urllib.parse import urlencode

import pytest

from conftest import Api, ServerProcess

NAMES = ["Ana", "Bia", "Caio", "Duda", "Eva", ""]


def level_rows(*levels: tuple[str, ...]) -> dict[str, list[str]]:
    """The level fields of the form, one row per level: small blind, big blind, small bet, big bet, ante, length."""
    keys = ("sb", "bb", "small", "big", "ante", "length")
    return {f"level_{key}": [level[index] for level in levels] for index, key in enumerate(keys)}


def tournament_form(**fields: Any) -> dict[str, Any]:
    """What a browser posts for a tournament: every field of the page, the session's hidden ones included."""
    data: dict[str, Any] = {
        "name": NAMES, "player_stack": ["", "", "2000", "", "", ""], "button": "0", "stack": "100", "sb": "1",
        "bb": "2", "small": "2", "big": "4", "raises": "3", "hands": "10", "games": "2-7-triple-draw",
        "choice": "rotation",
        "ante": "", "ante_by": "each", "format": "tournament", "chip_value": "", "currency": "EUR", "max_buy_in": "",
        "level_by": "minutes", "level_ante_by": "big-blind", "tournament_stack": "1500", "buy_in": "20",
        **level_rows(("10", "20", "20", "40", "", "15"), ("15", "30", "", "", "5", "12.5"),
                     ("25", "50", "", "", "5", "15"), ("", "", "", "", "", "")),
        "break_after": ["1"], "break_minutes": ["10"],
        "rebuy_chips": "1000", "rebuy_price": "20", "rebuy_through": "2",
        "add_on_chips": "1500", "add_on_price": "20", "add_on_break": "1",
        "payout": ["60", "40", "", "", "", ""],
    }
    data.update(fields)
    return data


def post_form(server: ServerProcess, data: dict[str, Any]) -> tuple[int, str, http.client.HTTPResponse]:
    """POST the start form as the page does (this server's Origin), without following the redirect."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=15)
    connection.request("POST", "/new", body=urlencode(data, doseq=True), headers={
        "Content-Type": "application/x-www-form-urlencoded", "Origin": server.base, "Accept-Language": "en"})
    answer = connection.getresponse()
    text = answer.read().decode(errors="replace")
    connection.close()
    return answer.status, text, answer


def create(server: ServerProcess, data: dict[str, Any]) -> str:
    status, text, answer = post_form(server, data)
    assert status == 303, re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text))[:1500]
    match = re.fullmatch(r"/t/([a-z0-9]+)/dealer", answer.getheader("Location") or "")
    assert match, answer.getheader("Location")
    return match.group(1)


def tables_listed(server: ServerProcess) -> set[str]:
    status, text, _ = get_start(server)
    assert status == 200
    return set(re.findall(r'data-testid="table-([a-z0-9]+)"', text))


def get_start(server: ServerProcess) -> tuple[int, str, Any]:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=15)
    connection.request("GET", "/", headers={"Accept-Language": "en"})
    answer = connection.getresponse()
    text = answer.read().decode(errors="replace")
    connection.close()
    return answer.status, text, answer


def words(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_start_form_creates_a_tournament_with_the_levels_asked_for(server: ServerProcess, api: Api) -> None:
    state = api.state(create(server, tournament_form()))
    assert state["format"] == "tournament"
    level = state["level"]
    assert (level["number"], level["blinds"], level["limits"], level["ante"]) == (1, [10, 20], [20, 40], 0), level
    upcoming = state["next_level"]
    assert (upcoming["number"], upcoming["blinds"], upcoming["ante"], upcoming["ante_by"]) == (2, [15, 30], 5,
                                                                                             "big-blind"), upcoming
    assert float(upcoming["minutes"]) == 12.5
    assert [player["stack"] for player in state["players"]] == [1500, 1500, 2000, 1500, 1500], "a stack typed is kept"
    tournament = state["tournament"]
    assert (tournament["entrants"], tournament["buy_in"], tournament["currency"]) == (5, "20.00", "EUR"), tournament
    assert state["prize_pool"] == "100.00"
    assert [(row["place"], row["amount"]) for row in state["payouts"]] == [(1, "60.00"), (2, "40.00")]


def test_a_tournament_by_hands_from_the_start_form(server: ServerProcess, api: Api) -> None:
    data = tournament_form(level_by="hands", break_after=[""], break_minutes=[""], add_on_chips="", add_on_price="",
                           add_on_break="", payout=[""] * 6,
                           **level_rows(("10", "20", "", "", "", "3"), ("20", "40", "", "", "", "3")))
    state = api.state(create(server, data))
    assert state["format"] == "tournament" and state["tournament"]["level_by"] == "hands"
    assert (state["level"]["blinds"], state["level"]["hands_left"], state["level"]["seconds_left"]) == ([10, 20], 3,
                                                                                                       None)
    assert state["next_level"]["blinds"] == [20, 40] and state["next_level"]["hands"] == 3


@pytest.mark.parametrize("fields, sentence", [
    (level_rows(("10", "20", "", "", "", "15"), ("30", "20", "", "", "", "15")),
     "The small blind cannot be larger than the big blind."),
    ({"payout": ["50", "30", "", "", "", ""]}, "The payouts add up to 80%: they must add up to 100%."),
    (level_rows(("ten", "20", "", "", "", "15")), "“small blind of level 1” must be a whole number."),
    ({"level_by": "hands", **level_rows(("10", "20", "", "", "", "5"), ("15", "30", "", "", "", "5"))},
     "Breaks need levels on the clock"),
])
def test_a_bad_tournament_is_refused_with_the_engines_sentence_and_nothing_is_created(
        server: ServerProcess, fields: dict[str, Any], sentence: str) -> None:
    before = tables_listed(server)
    status, html, answer = post_form(server, tournament_form(**fields))
    assert status == 400, words(html)[:1500]
    error = re.search(r'data-testid="form-error">(.*?)</div>', html, re.DOTALL)
    assert error and sentence in words(error.group(1)), words(html)[:1500]
    assert re.search(r'value="tournament" checked', html), "the form stays on the tournament"
    assert re.findall(r'name="level_sb" value="([^"]*)"', html)[:2] == fields.get("level_sb", ["10", "15"])[:2]
    assert not [value for value in answer.getheaders() if value[0] == "Set-Cookie" and "dealer_" in value[1]]
    assert tables_listed(server) == before


def test_without_javascript_a_level_and_a_break_are_added_and_removed(server: ServerProcess) -> None:
    before = tables_listed(server)
    status, html, _ = post_form(server, tournament_form(edit="level-add"))
    assert status == 200
    assert re.findall(r'name="level_sb" value="([^"]*)"', html) == ["10", "15", "25", "", ""]
    assert re.search(r'value="tournament" checked', html) and 'name="rebuy_chips" value="1000"' in html
    status, html, _ = post_form(server, tournament_form(edit="level-remove:0"))
    assert status == 200
    assert re.findall(r'name="level_sb" value="([^"]*)"', html) == ["15", "25", ""]
    assert re.findall(r'name="level_length" value="([^"]*)"', html) == ["12.5", "15", ""]
    status, html, _ = post_form(server, tournament_form(edit="break-remove:0"))
    assert re.findall(r'name="break_after" value="([^"]*)"', html) == [""], "an empty row stays to type in"
    status, html, _ = post_form(server, tournament_form(edit="break-add"))
    assert re.findall(r'name="break_after" value="([^"]*)"', html) == ["1", ""]
    assert tables_listed(server) == before, "editing the rows creates no table"


def test_a_session_from_the_same_page_sends_none_of_the_tournament_fields(server: ServerProcess, api: Api) -> None:
    """The tournament's fields stay on the page (hidden) when another format is picked, and are not sent."""
    state = api.state(create(server, tournament_form(format="session", currency="")))
    assert state["format"] == "session" and state.get("level") is None and state.get("tournament") is None
    assert [player["stack"] for player in state["players"]] == [100, 100, 2000, 100, 100]
    status, html, _ = post_form(server, tournament_form(format="open", currency="EUR", chip_value="0.10"))
    assert status == 303, words(html)[:1500]


def test_a_new_start_screen_offers_a_preset_tournament(server: ServerProcess) -> None:
    status, html, _ = get_start(server)
    assert status == 200 and 'data-testid="format-tournament"' in html
    blinds = list(zip(re.findall(r'name="level_sb" value="([^"]*)"', html),
                      re.findall(r'name="level_bb" value="([^"]*)"', html), strict=True))
    assert blinds[0] == ("10", "20") and len(blinds) >= 8
    assert all(int(bb) > int(before) for (_, before), (_, bb) in pairwise(blinds)), "the blinds go up"
    assert set(re.findall(r'name="level_length" value="([^"]*)"', html)) == {"15"}
