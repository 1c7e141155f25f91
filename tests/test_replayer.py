"""Going to the tape: each hand's steps, the table after each of its entries (the deal first, corrections included),
through the JSON API of a real server and, for random sessions with undos and redos, through the engine."""

from __future__ import annotations

import random
from urllib.parse import urlencode

import pytest

from conftest import Api, ServerProcess
from dealer.record.game import Game
from dealer.record.tape import play_tape, steps_json, tape_start
from dealer.view.snapshot_json import state_json
from replay_scenario import play_hand
from session_driver import random_session
from test_cross_site import Dealer

PINNED = ("table", "seq", "phase", "hand", "hands", "round", "button", "small_blind", "big_blind", "to_act", "legal",
          "bet_unit", "current_bet", "raises", "capped", "uncapped", "players", "pots", "deck", "deal_plan",
          "showdown", "last_hand", "standings")


def pinned(state: dict) -> dict:
    return {name: state[name] for name in PINNED}


def test_each_step_is_the_state_the_api_answered_after_that_entry(api: Api) -> None:
    table, _, answered = play_hand(api)
    status, body = api.request("GET", f"/api/tables/{table}/hands/1/steps")
    assert status == 200 and body["hand"] == 1
    steps = body["steps"]
    assert [step["seq"] for step in steps] == sorted(answered)
    assert steps[0]["line"].startswith("Deal hand 1") and steps[0]["kind"] == "input"
    for step in steps:
        assert pinned(step["state"]) == pinned(answered[step["seq"]]), step["seq"]
    undone = [step for step in steps if step["undone"]]
    assert [step["line"] for step in undone] == ["Caio raises to 7"]
    assert undone[0]["undone_at"].startswith("undone at")
    undo = next(step for step in steps if step["kind"] == "undo")
    assert undo["line"] == "Undo: takes back “Caio raises to 7”" and undo["state"]["to_act"] == "Caio"
    assert any(plan["step"] == "reshuffle" for step in steps for plan in step["state"]["deal_plan"])
    assert any(len(step["state"]["pots"]) > 1 for step in steps)


def test_steps_of_an_unknown_table_or_hand_are_404_with_a_sentence(api: Api) -> None:
    table, _, _ = api.create(["Ana", "Bia"], button="Ana")
    for path in (f"/api/tables/{table}/hands/1/steps", f"/api/tables/{table}/hands/x/steps",
                 "/api/tables/nosuch/hands/1/steps"):
        status, body = api.request("GET", path)
        assert status == 404 and len(body["error"]) > 10


def test_a_hand_in_play_is_replayed_up_to_its_latest_step(api: Api) -> None:
    table, token, _ = api.create(["Ana", "Bia", "Caio"], button="Ana")
    api.ok(table, token, "deal")
    state = api.ok(table, token, "raise", player="Ana")
    steps = api.request("GET", f"/api/tables/{table}/hands/1/steps")[1]["steps"]
    assert [step["seq"] for step in steps] == [1, 2] and pinned(steps[-1]["state"]) == pinned(state)
    state = api.ok(table, token, "call", player="Bia")
    steps = api.request("GET", f"/api/tables/{table}/hands/1/steps")[1]["steps"]
    assert pinned(steps[-1]["state"]) == pinned(state)


@pytest.mark.parametrize("seed", range(12))
def test_random_sessions_steps_equal_the_state_after_each_entry(seed: int) -> None:
    """Property: for random sessions with undos and redos (played live, and replayed from the log), each hand's
    steps' states equal the STATE the table answered after each of those entries, and the hands' steps together are
    every entry once."""
    game = random_session(random.Random(seed), undos=0.25, inputs=160)
    for table in (game, Game.replay(game.entries)):
        seen: list[int] = []
        for number in range(1, table.hand_number + 1):
            start = tape_start(table, number)
            assert start is not None
            steps = steps_json(play_tape(start), "t")["steps"]
            assert steps[0]["line"].startswith("Deal hand")
            seen += [step["seq"] for step in steps]
            for step in steps:
                expected = state_json(Game.replay(table.entries[:step["seq"] + 1]), "t")
                assert pinned(step["state"]) == pinned(expected), (seed, number, step["seq"])
        assert sorted(seen) == list(range(1, table.seq + 1))
        assert tape_start(table, table.hand_number + 1) is None and tape_start(table, 0) is None


def test_only_the_dealers_console_puts_a_hand_on_the_tv(server: ServerProcess, api: Api) -> None:
    """The TV setting is a dealer's form: refused (403, nothing changed) without the dealer's cookie, from another
    site, or without the form's CSRF token when no origin is named; the dealer's own form puts the step on."""
    dealer = Dealer(server, api)
    csrf = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": dealer.cookie}
    dealt = dealer.raw("POST", f"/t/{dealer.table}/dealer/act",
                       urlencode({"action": "deal", "seq": "0", "csrf_token": dealer.csrf}), csrf)
    assert dealt[0] == 303
    form = urlencode({"hand": "1", "step": "1", "csrf_token": dealer.csrf})
    plain = {"Content-Type": "application/x-www-form-urlencoded"}
    path = f"/t/{dealer.table}/dealer/tv"
    assert dealer.raw("POST", path, form, plain)[0] == 403  # no cookie
    foreign = dict(plain, Cookie=dealer.cookie, Origin="http://evil.example")
    assert dealer.raw("POST", path, form, foreign)[0] == 403
    tokenless = urlencode({"hand": "1", "step": "1"})
    assert dealer.raw("POST", path, tokenless, dict(plain, Cookie=dealer.cookie))[0] == 403
    assert "tv-replay" not in dealer.raw("GET", f"/t/{dealer.table}/tv")[2]
    status, headers, _ = dealer.raw("POST", path, form, dict(plain, Cookie=dealer.cookie))
    assert status == 303 and headers["Location"].endswith(f"/t/{dealer.table}/hands/1?step=1")
    assert 'data-testid="tv-replay"' in dealer.raw("GET", f"/t/{dealer.table}/tv")[2]
    back = urlencode({"back": "1", "csrf_token": dealer.csrf})
    assert dealer.raw("POST", path, back, dict(plain, Cookie=dealer.cookie))[0] == 303
    assert 'data-testid="tv-replay"' not in dealer.raw("GET", f"/t/{dealer.table}/tv")[2]
