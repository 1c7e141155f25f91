"""A tournament outside the console, over HTTP: the room display as the tournament clock, the phones, the night's
report and the hand histories, each reading what the engine decided (levels, the clock, places, payouts: R35-R37).
The browser tests of the countdown are in test_browser_tv_tournament.py."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from test_player import Table
from test_tv import part

WAIT = 15.0  # seconds an outcome may take before the test gives up (not a speed goal)
SEVEN_FIVE, EIGHT_SIX = "7h 5c 4d 3s 2c", "8c 6d 4s 3h 2h"
LEVELS = [{"blinds": [10, 20], "minutes": 10}, {"blinds": [15, 30], "ante": 5, "minutes": 10}]


@pytest.fixture
def phone_app(tmp_path: Any) -> Flask:
    from web import create_app

    return create_app({"DATABASE": str(tmp_path / "dealer.sqlite3"), "TESTING": True})


@pytest.fixture
def phone(phone_app: Flask) -> FlaskClient:
    return phone_app.test_client()  # no dealer cookie: a phone or the TV on the network


def tournament(app: Flask, players: list[Any], **settings: Any) -> Table:
    fields: dict[str, Any] = {"format": "tournament", "stack": 1000, "button": "Ana", "levels": LEVELS,
                              "buy_in": "20", "currency": "EUR"}
    return Table(app, players, **(fields | settings))


def short_stack_loses(table: Table, short: str = "Caio") -> None:
    """Ana on the button folds, Bia completes her small blind, Caio is all-in on the big blind; both stand pat
    through every draw and Bia's 7-5 beats Caio's 8-6: Caio has no chips left."""
    table.act("deal")
    table.act("fold", player="Ana")
    table.act("call", player="Bia")
    while (state := table.state())["phase"] not in ("deal", "over"):
        actions = {option["action"] for option in state["legal"]}
        if "draw" in actions:
            table.auto("draw", count=0)
        elif "show" in actions:
            table.auto("show", cards=EIGHT_SIX if state["to_act"] == short else SEVEN_FIVE)
        else:
            table.auto("check")


def page(client: FlaskClient, url: str, language: str = "en") -> str:
    answer = client.get(url, headers={"Accept-Language": language})
    assert answer.status_code == 200
    return answer.get_data(as_text=True)


def countdown(markup: str, testid: str) -> dict[str, str]:
    """The attributes of one countdown: data-left, data-at, and data-running while it counts."""
    tag = re.search(rf'<span class="countdown[^"]*" data-testid="{testid}"([^>]*)>', markup)
    assert tag, testid
    return dict(re.findall(r'(data-[\w-]+)(?:="([^"]*)")?', tag.group(1)))


def test_tv_is_the_tournament_clock_with_level_next_level_players_and_prizes(phone_app: Flask,
                                                                             phone: FlaskClient) -> None:
    table = tournament(phone_app, ["Ana", "Bia", "Caio", "Duda", "Enzo"], payouts=[70, 30],
                       breaks=[{"after_level": 1, "minutes": 5}])
    screen = page(phone, f"/t/{table.id}/tv")
    assert "tv-tournament" in screen and "tournament_clock.js" in screen
    assert part(screen, "tv-level") == "Level 1"
    assert part(screen, "tv-level-stakes") == "blinds 10/20 · limits 20/40"
    assert part(screen, "tv-next-level") == "Next level blinds 15/30 · limits 30/60 · ante 5"
    assert part(screen, "tv-players-left") == "Players left 5 / 5"
    assert part(screen, "tv-average-stack") == "Average stack 1000"
    assert part(screen, "tv-prize-pool") == "100.00 EUR"
    assert part(screen, "tv-payout-1") == "1 70.00" and part(screen, "tv-payout-2") == "2 30.00"
    before = countdown(screen, "tv-clock-time")
    assert part(screen, "tv-clock-time") == "10:00" and "data-running" not in before  # the first deal starts it
    assert "Break in 10:00" in part(screen, "tv-to-break")

    table.act("deal")
    running = countdown(page(phone, f"/t/{table.id}/tv"), "tv-clock-time")
    assert "data-running" in running and 0 < float(running["data-left"]) <= 600
    assert abs(float(running["data-at"]) - time.time()) < 60  # the laptop's time it was read at


def test_tv_says_paused_and_its_countdown_stands_still_until_resumed(phone_app: Flask, phone: FlaskClient) -> None:
    table = tournament(phone_app, ["Ana", "Bia", "Caio", "Duda", "Enzo"])
    table.act("deal")
    table.act("pause")
    screen = page(phone, f"/t/{table.id}/tv")
    assert part(screen, "tv-paused") == "Paused" and "data-running" not in countdown(screen, "tv-clock-time")
    phone_screen = page(phone, f"/t/{table.id}")
    assert part(phone_screen, "player-paused") == "Paused"
    table.act("resume")
    screen = page(phone, f"/t/{table.id}/tv")
    assert 'data-testid="tv-paused"' not in screen and "data-running" in countdown(screen, "tv-clock-time")


def live_url(markup: str) -> str:
    return re.search(r'id="(?:tv-)?live"[^>]*hx-get="([^"]+)"', markup).group(1).replace("&amp;", "&")  # type: ignore[union-attr]


def test_tv_and_phones_polls_bring_the_next_level_without_any_input(phone_app: Flask, phone: FlaskClient) -> None:
    table = tournament(phone_app, ["Ana", "Bia", "Caio", "Duda", "Enzo"],
                       levels=[{"blinds": [10, 20], "minutes": 0.1}, {"blinds": [15, 30], "minutes": 10}])
    table.act("deal")
    screens = {testid: page(phone, url) for url, testid in ((f"/t/{table.id}/tv", "tv-level"),
                                                            (f"/t/{table.id}", "player-level"))}
    deadline = time.monotonic() + WAIT
    for testid, shown in screens.items():
        assert part(shown, testid).startswith("Level 1") and "p=0" in live_url(shown)  # the clock's period
        polled = 0
        while not part(shown, testid).startswith("Level 2"):
            assert time.monotonic() < deadline, "the screen never showed level 2"
            answer = phone.get(live_url(shown))
            assert answer.headers["X-Clock-Now"]  # the laptop's time, for the countdown
            if answer.status_code == 200:
                shown, polled = answer.get_data(as_text=True), polled + 1
            else:
                time.sleep(0.2)
        assert polled and table.state()["seq"] == 1  # brought by a poll, with no input
    # The hand dealt at level 1 is still played at its stakes: the screens say what the next hand posts (TDA 23).
    assert "Next hand: blinds 15/30" in part(page(phone, f"/t/{table.id}/tv"), "tv-level-stakes")
    assert "Next hand: blinds 15/30" in part(page(phone, f"/t/{table.id}"), "player-next-hand")


def test_phone_shows_level_time_next_level_prizes_and_the_places_of_players_out(phone_app: Flask,
                                                                                 phone: FlaskClient) -> None:
    table = tournament(phone_app, ["Ana", "Bia", {"name": "Caio", "stack": 20}], payouts=[100])
    screen = page(phone, f"/t/{table.id}")
    assert part(screen, "player-level").startswith("Level 1") and part(screen, "player-clock-time") == "10:00"
    assert part(screen, "player-next-level") == "blinds 15/30 · limits 30/60 · ante 5"
    assert part(screen, "player-prize-pool") == "60.00 EUR" and "60.00 EUR" in part(screen, "player-payouts")
    short_stack_loses(table)
    screen = page(phone, f"/t/{table.id}")
    assert part(screen, "player-players-left") == "2 / 3"
    assert part(screen, "player-place-Caio") == "3 Caio out in hand 1"
    assert part(page(phone, f"/t/{table.id}/tv"), "tv-place-Caio") == "Place 3"


def test_phone_and_tv_speak_portuguese_and_spanish(phone_app: Flask, phone: FlaskClient) -> None:
    table = tournament(phone_app, ["Ana", "Bia", "Caio", "Duda", "Enzo"])
    assert part(page(phone, f"/t/{table.id}/tv", "pt"), "tv-level") == "Nível 1"
    assert "Próximo nível" in part(page(phone, f"/t/{table.id}/tv", "pt"), "tv-next-level")
    assert part(page(phone, f"/t/{table.id}", "es"), "player-level").startswith("Nivel 1")
    assert "ciegas 15/30" in part(page(phone, f"/t/{table.id}", "es"), "player-next-level")


def test_report_shows_places_payouts_rebuys_and_add_ons(phone_app: Flask, phone: FlaskClient) -> None:
    table = tournament(phone_app, ["Ana", "Bia", {"name": "Caio", "stack": 20}], payouts=[100],
                       rebuy={"chips": 1000, "price": "20", "through_level": 1})
    short_stack_loses(table)
    table.act("rebuy", player="Caio")
    assert "80.00 EUR rebuys 1 · add-ons 0" in part(page(phone, f"/t/{table.id}"), "player-tournament")
    report = page(phone, f"/t/{table.id}/report")
    assert "Prize pool 80.00 EUR" in part(report, "report-tournament")
    assert part(report, "report-purchases") == "rebuys 1 · add-ons 0"
    assert part(report, "rebuys-Caio") == "1" and part(report, "rebuys-Ana") == "0"
    assert "Nobody is out yet." in part(report, "report-tournament")


def test_report_lists_each_place_with_its_payout_and_hand(phone_app: Flask, phone: FlaskClient) -> None:
    table = tournament(phone_app, ["Ana", "Bia", {"name": "Caio", "stack": 20}], payouts=[100])
    short_stack_loses(table)
    report = page(phone, f"/t/{table.id}/report")
    assert part(report, "report-place-3") == "3 Caio – 1"
    assert part(report, "report-place-1") == "1 – 60.00 EUR –"  # paid, not decided yet
    assert "Prize pool 60.00 EUR" in part(report, "report-tournament")
    assert "1 hands played" in part(report, "report")  # a tournament has no number of hands to play


def test_a_tournament_hand_history_names_its_level_and_stakes(phone_app: Flask, phone: FlaskClient) -> None:
    table = tournament(phone_app, ["Ana", "Bia", "Caio", "Duda", "Enzo"],
                       levels=[{"blinds": [10, 20], "hands": 1}, {"blinds": [15, 30], "hands": 1},
                               {"blinds": [25, 50], "hands": 1}], level_by="hands")
    table.act("deal")
    table.act("misdeal")  # dealt again: still hand 1, still level I
    screen = page(phone, f"/t/{table.id}/tv")  # levels by hands: no clock, the hands left in the next level
    assert part(screen, "tv-hands-left") == "1 hand left" and "data-countdown" not in screen
    for _ in range(2):
        while table.state()["phase"] != "deal":
            table.auto("fold")
        table.act("deal")
    texts = [page(phone, f"/api/tables/{table.id}/hands/{number}.txt") for number in (1, 2, 3)]
    assert texts[0].startswith(f"Triple Draw Dealer Hand #1: Tournament #{table.id}, Triple Draw 2-7 Lowball Limit"
                               " - Level I (20/40) - ")
    assert " - Level II (30/60) - " in texts[1].splitlines()[0]
    assert " - Level III (50/100) - " in texts[2].splitlines()[0]
    assert "\nlevel = 2\n" in page(phone, f"/api/tables/{table.id}/hands/2.phh")  # PHH's own field
    session = Table(phone_app, ["Ana", "Bia"], button="Ana")
    session.act("deal")
    assert "Tournament" not in page(phone, f"/api/tables/{session.id}/hands/1.txt").splitlines()[0]


def test_a_tournament_survives_a_restart_with_its_clock(tmp_path: Any) -> None:
    from web import create_app

    settings = {"DATABASE": str(tmp_path / "dealer.sqlite3"), "TESTING": True}
    table = tournament(create_app(settings), ["Ana", "Bia", "Caio", "Duda", "Enzo"])
    table.act("deal")
    table.act("pause")
    again = create_app(settings).test_client()  # a new server on the same file: the table is rebuilt from its log
    screen = page(again, f"/t/{table.id}/tv")
    assert part(screen, "tv-level") == "Level 1 Paused" and float(countdown(screen, "tv-clock-time")["data-left"]) > 590
