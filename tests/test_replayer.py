"""Going to the tape: each hand's steps, the table after each of its entries (the deal first, corrections included),
through the JSON API of a real server and, for random sessions with undos and redos, through the engine."""

from __future__ import annotations

import random
from urllib.parse import urlencode

import pytest

from conftest import Api, ServerProcess
from dealer import Game
from dealer.errors import DealerError
from dealer.rules.entries import Input, parse_create, parse_input
from dealer.rules.legal import Action
from dealer.view.snapshot_json import state_json
from dealer.view.tape import play_tape, steps_json, tape_start
from replay_scenario import play_hand
from session_driver import fresh_hand, pick, random_create, random_session
from test_cross_site import Dealer

PINNED = ("table", "seq", "phase", "hand", "hands", "round", "button", "small_blind", "big_blind", "to_act", "legal",
          "bet_unit", "current_bet", "raises", "capped", "uncapped", "players", "pots", "deck", "deal_plan",
          "showdown", "last_hand", "standings", "games", "choice", "game", "hand_size", "format", "ledger",
          "settlement", "total")


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


def test_a_step_or_hand_that_is_no_plain_number_is_answered_never_a_500(api: Api) -> None:
    """``"²".isdigit()`` is true and ``int("²")`` fails: the page reads ASCII digits only."""
    table, token, _ = api.create(["Ana", "Bia"], button="Ana")
    api.ok(table, token, "deal")
    assert api.request("GET", f"/t/{table}/hands/1?step=%C2%B2")[0] == 200  # the first step
    assert api.request("GET", f"/t/{table}/hands/%C2%B2")[0] == 404


def test_a_hand_in_play_is_replayed_up_to_its_latest_step(api: Api) -> None:
    table, token, _ = api.create(["Ana", "Bia", "Caio"], button="Ana")
    api.ok(table, token, "deal")
    state = api.ok(table, token, "raise", player="Ana")
    steps = api.request("GET", f"/api/tables/{table}/hands/1/steps")[1]["steps"]
    assert [step["seq"] for step in steps] == [1, 2] and pinned(steps[-1]["state"]) == pinned(state)
    state = api.ok(table, token, "call", player="Bia")
    steps = api.request("GET", f"/api/tables/{table}/hands/1/steps")[1]["steps"]
    assert pinned(steps[-1]["state"]) == pinned(state)


def test_an_open_games_inputs_between_hands_are_steps_of_the_hand_just_played(api: Api) -> None:
    """R26: a join, a sit-out, added chips and a leave (then undone) after hand 1 are hand 1's last steps, each at
    its place with the table as the API answered it; hand 2 starts at its deal. A join before hand 1 belongs to no
    hand: hand 1's deal shows the player seated."""
    table, token, _ = api.create(["Ana", "Bia", "Caio"], button="Ana", format="open")
    answered = {1: api.ok(table, token, "join", player="Duda", stack=50, after="Ana")}
    state = api.ok(table, token, "deal")
    answered[state["seq"]] = state
    while state["phase"] != "deal":
        state = api.ok(table, token, "fold", player=state["to_act"])
        answered[state["seq"]] = state
    between = [("join", {"player": "Edu", "stack": 40, "after": "Bia"}), ("sit_out", {"player": "Caio"}),
               ("add_chips", {"player": "Ana", "amount": 20}), ("leave", {"player": "Duda"})]
    for action, fields in between:
        state = api.ok(table, token, action, **fields)
        answered[state["seq"]] = state
    status, state = api.undo(table, token)
    assert status == 200
    answered[state["seq"]] = state
    dealt = api.ok(table, token, "deal")
    steps = api.request("GET", f"/api/tables/{table}/hands/1/steps")[1]["steps"]
    assert [step["seq"] for step in steps] == list(range(2, dealt["seq"]))
    for step in steps:
        assert pinned(step["state"]) == pinned(answered[step["seq"]]), step["seq"]
    assert [step["line"] for step in steps[-5:-1]] == [
        "Edu sits down after Bia with 40 chips; dealt in from the next hand",
        "Caio sits out: no cards, no button, no blinds until coming back", "Ana adds 20 chips (now 120)",
        "Duda leaves the table and takes 49 chips away"]
    assert steps[-2]["undone"] and steps[-1]["kind"] == "undo"
    assert "Duda" in [player["name"] for player in steps[0]["state"]["players"]]
    later = api.request("GET", f"/api/tables/{table}/hands/2/steps")[1]["steps"]
    assert [step["seq"] for step in later] == [dealt["seq"]] and pinned(later[0]["state"]) == pinned(dealt)


def log_at(steps: list[dict], index: int) -> list[dict]:
    """The hand's log after step ``index``, read from the steps' changes: each step's ``added`` lines, with the
    lines an undo ``struck`` put in their place (a struck line keeps its place and gets its mark)."""
    log: list[dict] = []
    for step in steps[:index + 1]:
        log += step["added"]
        struck = {(line["seq"], line["text"]): line for line in step["struck"]}
        log = [struck.get((line["seq"], line["text"]), line) for line in log]
    return log


def check_tapes(game: Game, seed: object) -> None:
    """Each hand's steps' states equal the STATE after each of its entries (the slow way: the log up to that entry,
    replayed), for the table played live and replayed from its log; the hands' steps together are every entry once
    (but the open game's entries before hand 1, which belong to no hand)."""
    for table in (game, Game.rebuild(game.entries)):
        seen: list[int] = []
        number = 0
        while (start := tape_start(table, number + 1)) is not None:  # a hand dealt, then undone, has its tape too
            number += 1
            answer = steps_json(play_tape(start), "t")
            steps = answer["steps"]
            assert log_at(steps, len(steps) - 1) == answer["log"], (seed, number)
            first = table.entries[steps[0]["seq"]]
            assert isinstance(first, Input) and first.action is Action.DEAL and steps[0]["state"]["hand"] == number
            seen += [step["seq"] for step in steps]
            for index, step in enumerate(steps):
                expected = state_json(Game.rebuild(table.entries[:step["seq"] + 1]), "t")
                assert pinned(step["state"]) == pinned(expected), (seed, number, step["seq"])
                if expected["hand"] == number:  # (an undone deal stands in the hand before: its log is that one's)
                    assert log_at(steps, index) == expected["log"], (seed, number, step["seq"])
        before = [seq for seq in range(1, table.seq + 1) if seq not in seen]
        assert len(seen) == len(set(seen)) and (table.state.settings.is_open or not before), seed
        assert all(Game.rebuild(table.entries[:seq + 1]).hand_number == 0 for seq in before), seed
        assert number >= table.hand_number and tape_start(table, 0) is None


@pytest.mark.parametrize("seed", range(12))
def test_random_sessions_steps_equal_the_state_after_each_entry(seed: int) -> None:
    """Property: for random sessions with undos and redos (played live, and replayed from the log), each hand's
    steps' states equal the STATE the table answered after each of those entries, and the hands' steps together are
    every entry once."""
    check_tapes(random_session(random.Random(seed), undos=0.25, inputs=160), seed)


def random_games_session(rng: random.Random, undos: float, inputs: int, **table: object) -> Game:
    """A random session of other games or of an open game: the deal names a game under dealer's choice, shown
    hands have the game's size, and an open game's players join, leave, sit out, come back and add chips between
    hands; undos and redos throughout."""
    game = Game(parse_create({**random_create(rng), **table}))
    for _ in range(inputs):
        roll = rng.random()
        try:
            if game.inputs and roll < undos:
                game.undo()
            elif roll < 1.5 * undos:
                game.redo()
            elif game.state.settings.is_open and game.between_hands and rng.random() < 0.4:
                game.push(between_hands(game, rng))
            elif game.legal:
                game.push(games_pick(game, rng))
        except DealerError:
            continue  # a refusal changes nothing: pick again
    return game


def games_pick(game: Game, rng: random.Random) -> Input:
    legal = {option.action: option for option in game.legal}
    if Action.DEAL in legal and legal[Action.DEAL].games:
        return parse_input({"action": "deal", "game": rng.choice(legal[Action.DEAL].games)})
    if game.between_hands and Action.DEAL not in legal:  # fewer than two sitting in: only the table's inputs
        return between_hands(game, rng)
    chosen = pick(game, rng)
    size = game.state.hand.game.hand_size if game.state.hand else 5
    if chosen.action is Action.SHOW and size != 5:
        cards = " ".join(fresh_hand(game, rng).split()[:size])
        return parse_input({"action": "show", "player": chosen.player, "cards": cards})
    return chosen


def between_hands(game: Game, rng: random.Random) -> Input:
    here = [seat.name for seat in game.state.seats if not seat.left]
    kind = rng.choice(["join", "leave", "sit_out", "sit_in", "add_chips", "add_chips"])
    name = rng.choice(("Ana", "Bia", "Caio", "Dani", "Edu", "Fabi", "Gil"))
    if kind == "join":
        return parse_input({"action": kind, "player": name, "stack": rng.randint(1, 60), "after": rng.choice(here)})
    if kind == "add_chips":
        return parse_input({"action": kind, "player": rng.choice(here), "amount": rng.randint(1, 40)})
    return parse_input({"action": kind, "player": rng.choice(here) if kind != "leave" or rng.random() < 0.3 else name})


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("table", [{"games": ["badeucey", "badacey"], "hands_per_game": 2},
                                   {"games": ["badugi", "badeucey", "2-7-triple-draw"], "choice": "dealer"},
                                   {"format": "open", "max_buy_in": 200},
                                   {"format": "open", "games": ["badacey", "badugi"], "choice": "dealer"}],
                         ids=["split", "dealers-choice", "open", "open-choice"])
def test_random_sessions_of_every_game_and_format_replay_step_by_step(seed: int, table: dict) -> None:
    """The same property for split pots (two awards per pot), dealer's choice (the deal names the game) and open
    games (joins, leaves, sit-outs and added chips between hands, undone and redone like any input)."""
    game = random_games_session(random.Random(seed), undos=0.2, inputs=160, **table)
    check_tapes(game, (seed, table))


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


def test_a_hand_redealt_after_chips_were_added_between_hands_replays_step_by_step() -> None:
    """An open game of several games: hand 2 dealt, undone, chips added, dealt again; its replay starts from the
    table kept before the first deal, where the addition belongs to hand 1, whose deal is not on that tape."""
    game = Game(parse_create({"players": ["Ana", "Bia"], "button": "Ana", "format": "open",
                              "games": ["badacey", "badugi"], "choice": "dealer"}))
    game.push(parse_input({"action": "deal", "game": "badacey"}))
    game.push(parse_input({"action": "fold", "player": "Ana"}))
    game.push(parse_input({"action": "deal", "game": "badugi"}))
    game.undo()
    game.push(parse_input({"action": "add_chips", "player": "Bia", "amount": 10}))
    game.push(parse_input({"action": "deal", "game": "badugi"}))
    check_tapes(game, "redealt")
    steps = steps_json(play_tape(tape_start(game, 2)), "t")["steps"]  # type: ignore[arg-type]
    assert [step["kind"] for step in steps] == ["input", "undo", "input"]
    assert steps[-1]["state"]["game"] == "badugi" and steps[-1]["state"]["hand"] == 2
