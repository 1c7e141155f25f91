"""A tournament on the dealer's console (R35-R37), over HTTP (Flask client on a real SQLite file): the clock strip
(level, stakes, time left, paused, the next level), Pause / Resume, Rebuy / Out for a busted player, and the chop
form with the engine's suggestions; every control only where the engine's `legal` offers it, a refusal said in the
engine's words, and a session's console without any of it."""

from __future__ import annotations

import re
import time
from typing import Any

from test_console import HX, ids_of, state, text

LOSER, WINNER = "Kh Qd Jc 9s 8h", "7h 5c 4d 3s 2c"


def tournament(client: Any, players: list[Any], **settings: Any) -> str:
    """A tournament created through the API (levels of 10/20 then 15/30, 15 minutes each, a rebuy open through
    level 2 unless given), its console opened on this client with the dealer's link."""
    body = {"players": players, "stack": 1000, "format": "tournament", "button": "Bia",
            "levels": [{"blinds": [10, 20], "minutes": 15}, {"blinds": [15, 30], "minutes": 15}],
            "buy_in": "20", "rebuy": {"chips": 1000, "price": "20", "through_level": 2}}
    body.update(settings)
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.get_json()
    table, token = answer.get_json()["table"], answer.get_json()["dealer_token"]
    assert client.get(f"/t/{table}/join?token={token}").status_code == 303
    return str(table)


def tap(client: Any, table: str, action: str, **fields: Any) -> Any:
    """One tap on the console (htmx), at the table's seq."""
    data = {"action": action, "seq": str(state(client, table)["seq"]), **fields}
    return client.post(f"/t/{table}/dealer/act", data=data, headers=HX)


def play_hand(client: Any, table: str, cards: dict[str, str]) -> None:
    """Deal and play one hand to its end: Caio folds, the others call or check, stand pat, and show ``cards``."""
    assert tap(client, table, "deal").status_code == 200
    while (body := state(client, table))["phase"] not in ("deal", "over"):
        offered = {option["action"] for option in body["legal"]}
        player = body["to_act"]
        if "fold" in offered and player == "Caio":
            action, fields = "fold", {}
        elif "check" in offered or "call" in offered:
            action, fields = "check" if "check" in offered else "call", {}
        elif "draw" in offered:
            action, fields = "draw", {"count": "0"}
        else:
            action, fields = "show", {"typed": cards[player]}
        answer = tap(client, table, action, player=player, **fields)
        assert answer.status_code == 200, text(answer)[:600]


def busted_ana(client: Any) -> str:
    """Ana's 20 chips are her big blind; she loses the showdown to Bia and is busted with the rebuy open."""
    table = tournament(client, [{"name": "Ana", "stack": 20}, "Bia", "Caio"])
    play_hand(client, table, {"Ana": LOSER, "Bia": WINNER})
    seat = next(seat for seat in state(client, table)["players"] if seat["name"] == "Ana")
    assert seat["stack"] == 0 and seat["status"] == "busted", seat
    return table


def strip(page: str) -> str:
    found = re.search(r'<section class="clock-strip.*?</section>', page, re.S)
    assert found, "no clock strip"
    return " ".join(re.sub(r"<[^>]+>", " ", found.group(0)).split())


def test_the_clock_strip_names_the_level_its_stakes_and_the_next_one_and_waits_for_the_first_deal(
        client: Any) -> None:
    table = tournament(client, ["Ana", "Bia", "Caio"])
    page = client.get(f"/t/{table}/dealer").get_data(as_text=True)
    words = strip(page)
    assert "Level 1" in words and "Blinds 10/20" in words and "Next: level 2 · Blinds 15/30" in words
    assert "15:00" in words and "The clock starts with the first deal" in words
    assert "clock-pause" not in ids_of(client.get(f"/t/{table}/dealer"))  # not started: nothing to pause
    assert 'src="/static/js/console_clock.js"' in page and "<script>" not in page  # CSP: no inline script


def test_pause_and_resume_from_the_console_stop_and_restart_the_countdown(client: Any) -> None:
    table = tournament(client, ["Ana", "Bia", "Caio"])
    tap(client, table, "deal")
    page = client.get(f"/t/{table}/dealer").get_data(as_text=True)
    assert 'data-testid="clock-pause"' in page and "data-clock-running" in page
    answer = tap(client, table, "pause")
    assert answer.status_code == 200
    paused = answer.get_data(as_text=True)
    assert "Clock paused" in strip(paused) and 'data-testid="clock-resume"' in paused
    assert "data-clock-running" not in paused  # the browser stops counting
    assert state(client, table)["level"]["paused"] is True
    resumed = tap(client, table, "resume").get_data(as_text=True)
    assert 'data-testid="clock-pause"' in resumed and "data-clock-running" in resumed
    assert state(client, table)["level"]["paused"] is False


def test_a_busted_player_is_offered_rebuy_and_out_and_the_rebuy_gives_the_chips(client: Any) -> None:
    table = busted_ana(client)
    page = client.get(f"/t/{table}/dealer")
    ids = ids_of(page)
    assert "rebuy-Ana" in ids and "out-Ana" in ids and "rebuy-Bia" not in ids
    words = text(page)
    assert "Ana is busted" in words and "Rebuy" in words and "1000 chips for 20" in words
    answer = tap(client, table, "rebuy", player="Ana")
    assert answer.status_code == 200
    assert "rebuy-Ana" not in ids_of(answer)
    ana = next(seat for seat in state(client, table)["players"] if seat["name"] == "Ana")
    assert ana["stack"] == 1000 and ana["status"] != "busted"


def test_out_places_the_busted_player_and_a_stale_tap_is_refused_in_words(client: Any) -> None:
    table = busted_ana(client)
    seq = state(client, table)["seq"]
    assert tap(client, table, "out", player="Ana").status_code == 200
    body = state(client, table)
    assert body["places"][-1]["name"] == "Ana" and body["places"][-1]["place"] == 3
    assert "out-Ana" not in ids_of(client.get(f"/t/{table}/dealer"))
    again = client.post(f"/t/{table}/dealer/act", data={"action": "rebuy", "player": "Ana", "seq": str(seq)},
                        headers=HX)
    assert again.status_code == 409 and state(client, table)["seq"] == seq + 1


def test_a_refused_rebuy_is_said_in_the_engines_words_and_changes_nothing(client: Any) -> None:
    table = tournament(client, ["Ana", "Bia", "Caio"])
    seq = state(client, table)["seq"]
    answer = tap(client, table, "rebuy", player="Ana")  # nobody is busted
    assert answer.status_code == 409
    assert 'data-testid="notice"' in answer.get_data(as_text=True)
    assert state(client, table)["seq"] == seq


def test_the_chop_form_shows_icm_and_chip_chop_and_records_an_agreed_deal(client: Any) -> None:
    table = tournament(client, ["Ana", "Bia", "Caio"], payouts=[50, 30, 20])
    body = state(client, table)
    assert body["chop"], body["chop"]
    page = client.get(f"/t/{table}/dealer")
    ids = ids_of(page)
    assert {"chop-icm", "chop-chips", "chop-agreed", "chop-amount-Ana"} <= set(ids)
    for name in ("Ana", "Bia", "Caio"):
        assert body["chop"]["icm"][name] in text(page)
    # An agreed deal that does not add up: the engine's sentence, nothing recorded.
    bad = tap(client, table, "chop", chop_player=["Ana", "Bia", "Caio"], chop_amount=["30", "20", "1"])
    assert bad.status_code in (400, 409) and 'data-testid="notice"' in bad.get_data(as_text=True)
    assert state(client, table)["phase"] != "over"
    good = tap(client, table, "chop", chop_player=["Ana", "Bia", "Caio"], chop_amount=["30", "20", "10"])
    assert good.status_code == 200, text(good)[:600]
    after = state(client, table)
    assert after["phase"] == "over" and after["legal"] == []
    over = client.get(f"/t/{table}/dealer")
    assert "chop-agreed" not in ids_of(over)
    assert "1. Ana · 30.00 2. Bia · 20.00 3. Caio · 10.00" in strip(over.get_data(as_text=True))  # the prizes


def test_a_session_console_has_no_clock_and_no_tournament_controls(client: Any) -> None:
    answer = client.post("/api/tables", json={"players": ["Ana", "Bia"]})
    table, token = answer.get_json()["table"], answer.get_json()["dealer_token"]
    client.get(f"/t/{table}/join?token={token}")
    page = client.get(f"/t/{table}/dealer").get_data(as_text=True)
    assert "clock-strip" not in page and "tournament-controls" not in page
    # The poll without a clock still answers 204 while nothing changed.
    seq = state(client, table)["seq"]
    assert client.get(f"/t/{table}/dealer/live?seq={seq}").status_code == 204


def test_a_level_that_ends_during_a_hand_reaches_the_polling_console_which_says_next_hand(client: Any) -> None:
    table = tournament(client, ["Ana", "Bia", "Caio"], levels=[{"blinds": [10, 20], "minutes": "0.1"},
                                                               {"blinds": [15, 30], "minutes": 15},
                                                               {"blinds": [20, 40], "minutes": 15}])
    tap(client, table, "deal")
    page = client.get(f"/t/{table}/dealer").get_data(as_text=True)
    found = re.search(r'name="clock" value="([0-9a-f]+)"', page)
    assert found and "Level 1" in strip(page)
    seq = state(client, table)["seq"]
    deadline = time.monotonic() + 30  # level 1 lasts 6 s of running time
    while (answer := client.get(f"/t/{table}/dealer/live?seq={seq}&clock={found.group(1)}")).status_code == 204:
        assert time.monotonic() < deadline, "the console's poll never saw level 2"
        time.sleep(0.2)
    polled = strip(answer.get_data(as_text=True))
    assert "Level 2" in polled and "Blinds 15/30" in polled and re.search(r"\b1[45]:\d\d\b", polled)
    assert "Next hand: blinds 15/30" in polled  # this hand keeps its blinds (TDA 23)


def test_on_the_add_on_break_each_player_is_offered_the_add_on_and_no_deal(client: Any) -> None:
    table = tournament(client, ["Ana", "Bia", "Caio"],
                       levels=[{"blinds": [10, 20], "minutes": "0.02"}, {"blinds": [15, 30], "minutes": 15}],
                       breaks=[{"after_level": 1, "minutes": 15}], add_on={"chips": 1500, "price": "20", "at_break": 1})
    tap(client, table, "deal")
    tap(client, table, "fold", player="Bia")
    tap(client, table, "fold", player="Caio")  # Ana wins the blinds: the hand is over
    deadline = time.monotonic() + 20  # level 1 lasts 1.2 s of running time, then the break begins
    while not state(client, table)["level"]["on_break"]:
        assert time.monotonic() < deadline, "the break never began"
        time.sleep(0.2)
    page = client.get(f"/t/{table}/dealer")
    ids = ids_of(page)
    assert {"add-on-Ana", "add-on-Bia", "add-on-Caio"} <= set(ids) and "act-deal" not in ids
    words = strip(page.get_data(as_text=True))
    assert "Break" in words and "Play resumes with level 2: Blinds 15/30" in words
    stack = next(seat for seat in state(client, table)["players"] if seat["name"] == "Bia")["stack"]
    answer = tap(client, table, "add_on", player="Bia")
    assert answer.status_code == 200 and "add-on-Bia" not in ids_of(answer) and "add-on-Ana" in ids_of(answer)
    assert next(seat for seat in state(client, table)["players"] if seat["name"] == "Bia")["stack"] == stack + 1500


def test_levels_by_hands_show_the_hands_left_and_no_pause(client: Any) -> None:
    table = tournament(client, ["Ana", "Bia", "Caio"], level_by="hands",
                       levels=[{"blinds": [10, 20], "hands": 2}, {"blinds": [15, 30], "hands": 2}])
    tap(client, table, "deal")
    page = client.get(f"/t/{table}/dealer")
    assert "Hands left in this level" in strip(page.get_data(as_text=True))
    assert "clock-pause" not in ids_of(page) and "data-clock-left" not in page.get_data(as_text=True)
