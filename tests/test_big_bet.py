"""Pot-limit and no-limit play, antes and 2-7 Single Draw (rulings R28-R33) through the engine's public face and
through the JSON API on a real server."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import Api
from dealer import NO_LIMIT, POT_LIMIT, BadInput, NotAllowed, game_rules, parse_input, read_pushed, ruling
from dealer.rules.facts import AntePosted
from engine_driver import Table


def dealt(game: str, players: list[Any] | None = None, **settings: Any) -> Table:
    """A table of one game, Ana on the button (three players: Bia small blind, Caio big blind), hand 1 dealt."""
    return Table(players or ["Ana", "Bia", "Caio"], games=[game], **settings).do("deal")


def wager(table: Table) -> dict[str, Any]:
    legal = table.legal
    return legal.get("bet") or legal["raise"]


def lines(table: Table) -> list[str]:
    return [line["text"] for line in table.state["log"]]


def to_the_draw_and_pat(table: Table) -> Table:
    table.limps()
    table.pats()
    return table


# --- R28: structures -----------------------------------------------------------------------------------------

def test_r28_prefixes_name_the_structure_and_fixed_limit_keeps_its_cap() -> None:
    assert game_rules("pl-badugi").structure == POT_LIMIT and game_rules("pl-badugi").draws == 3
    assert game_rules("2-7-single-draw").structure == NO_LIMIT and game_rules("2-7-single-draw").draws == 1
    assert game_rules("2-7-triple-draw").big_bet is False
    assert str(game_rules("nl-2-7-triple-draw").full_name) == "No-Limit 2-7 Triple Draw"
    assert str(game_rules("2-7-triple-draw").full_name) == "2-7 Triple Draw"
    table = dealt("nl-2-7-triple-draw")
    state = table.state
    assert state["betting"] == "no-limit" and state["draws"] == 3 and state["game"] == "nl-2-7-triple-draw"
    assert wager(table) == {"action": "raise", "min": 4, "max": 100}
    table.do("Ana raise 8", "Bia raise 20", "Caio raise 40", "Ana raise 80")  # no cap in big-bet play
    assert "raise" in table.legal and not table.state["capped"]
    assert "no cap" in str(table.game.snapshot().betting.cap)  # type: ignore[union-attr]
    fixed = dealt("fl-2-7-triple-draw")
    assert fixed.state["betting"] == "fixed-limit" and fixed.legal["raise"] == {
        "action": "raise", "to": 4, "amount": 4, "all_in": False}
    refused = fixed.refuse("Ana raise 6")  # in fixed limit a declared total must be the one amount
    assert isinstance(refused, NotAllowed) and refused.message.ruling == "R28"
    fixed.do("Ana raise 4", "Bia raise", "Caio raise")
    assert fixed.state["capped"]  # the card's cap (§04, R8) still holds in fixed limit
    assert "§04" in ruling("R28").text and "no cap" in ruling("R28").text


def test_r28_unknown_codes_and_prefixes_are_refused() -> None:
    for code in ("xl-badugi", "nl-", "nl-poker", "2-7-double-draw"):
        with pytest.raises(BadInput):
            Table(["Ana", "Bia"], games=[code])
    table = Table(["Ana", "Bia"], games=["NL-2-7-Single-Draw "])
    assert table.state["games"] == ["nl-2-7-single-draw"]


# --- R29: minimums ---------------------------------------------------------------------------------------------

def test_r29_minimum_bet_is_the_big_blind_and_a_raise_adds_the_largest_full_raise() -> None:
    table = dealt("nl-2-7-single-draw")
    assert wager(table) == {"action": "raise", "min": 4, "max": 100}  # the big blind counts as the opening bet
    refused = table.refuse("Ana raise 3")
    assert isinstance(refused, NotAllowed) and refused.message.ruling == "R29"
    assert str(refused.message) == "Between 4 and 100: a raise must add at least 2."
    table.do("Ana raise 7")  # raises by 5
    assert wager(table)["min"] == 12  # 7 + the largest full raise, 5
    table.do("Bia raise 20")  # raises by 13
    assert wager(table)["min"] == 33
    table.do("Caio fold", "Ana call", "Bia draw 0", "Ana draw 0")
    assert wager(table) == {"action": "bet", "min": 2, "max": 80}  # after the draw: the big blind
    refused = table.refuse("Bia bet 1")
    assert str(refused.message) == "Between 2 and 80: a bet is at least the big blind, 2."


def test_r29_a_short_big_blind_changes_neither_the_call_nor_the_minimum_raise() -> None:
    table = dealt("nl-2-7-single-draw", [{"name": "Ana", "stack": 100}, {"name": "Bia", "stack": 100},
                                         {"name": "Caio", "stack": 1}])
    assert table.legal["call"]["amount"] == 2 and wager(table)["min"] == 4


def test_r29_a_missing_or_broken_amount_is_400_and_the_exact_all_in_is_always_allowed() -> None:
    table = dealt("nl-2-7-single-draw", [{"name": "Ana", "stack": 3}, {"name": "Bia", "stack": 100},
                                         {"name": "Caio", "stack": 100}])
    assert table.refuse("Ana raise").__class__ is BadInput  # no "to" in no-limit
    for broken in (3.5, "3", True):
        with pytest.raises(BadInput):
            parse_input({"action": "raise", "player": "Ana", "to": broken})
    assert wager(table) == {"action": "raise", "min": 3, "max": 3}  # only the all-in, short of the minimum
    table.do("Ana raise 3")
    assert "Ana raises to 3 — all-in" in lines(table)[-1]


# --- R30: reopening --------------------------------------------------------------------------------------------

def _bettor_and_two_short_stacks() -> Table:
    """Blinds 1/2; after the draw Bia (first to act) bets 10 and Caio goes all-in to 14; Dan can go all-in to 20."""
    table = dealt("nl-2-7-single-draw", [{"name": "Ana", "stack": 100}, {"name": "Bia", "stack": 100},
                                         {"name": "Caio", "stack": 16}, {"name": "Dan", "stack": 22}])
    return to_the_draw_and_pat(table).do("Bia bet 10", "Caio raise 14")


def test_r30_short_all_ins_adding_up_to_a_full_raise_reopen_and_the_minimum_stays_the_last_full_raise() -> None:
    table = _bettor_and_two_short_stacks().do("Dan raise 20", "Ana call")
    assert table.to_act == "Bia"
    assert wager(table) == {"action": "raise", "min": 30, "max": 98}
    assert "differs from the card's §06 on purpose" in ruling("R30").text


def test_r30_a_short_all_in_does_not_reopen_for_a_player_who_already_acted() -> None:
    table = _bettor_and_two_short_stacks()
    assert "incomplete" in lines(table)[-1]
    table.do("Dan fold", "Ana call")
    assert table.to_act == "Bia" and set(table.legal) == {"fold", "call"}
    notes = [note["text"] for note in table.state["notes"]]
    assert any("did not reopen" in note for note in notes)
    refused = table.refuse("Bia raise 40")
    assert refused.message.ruling == "R30"


def test_r30_the_big_blind_keeps_its_option() -> None:
    table = dealt("nl-2-7-single-draw").do("Ana call", "Bia call")
    assert table.to_act == "Caio" and wager(table) == {"action": "raise", "min": 4, "max": 100}


# --- R31: pot-limit maximum ------------------------------------------------------------------------------------

def test_r31_pot_limit_first_to_act_may_make_it_7_with_blinds_1_2() -> None:
    table = dealt("pl-2-7-single-draw")
    assert wager(table) == {"action": "raise", "min": 4, "max": 7}  # TDA 54-B
    refused = table.refuse("Ana raise 8")
    assert refused.message.ruling == "R31" and "the most is the pot, 7" in str(refused.message)
    state = table.state
    assert state["wager_range"]["hint"] == "Pot-size raise: to 7"
    assert [(preset["key"], preset["to"]) for preset in state["wager_range"]["presets"]] == [
        ("min", 4), ("half_pot", 4), ("pot", 7)]
    table.do("Ana raise 7")  # pot 10 on the table: Bia calls 6, pot 16, max 7 + 16 = 23
    assert wager(table)["max"] == 23


def test_r31_short_blinds_count_as_full_before_the_draw() -> None:
    table = dealt("pl-2-7-single-draw", [{"name": "Ana", "stack": 100}, {"name": "Bia", "stack": 100},
                                         {"name": "Caio", "stack": 1}])
    assert wager(table)["max"] == 7


def test_r31_after_the_draw_the_pot_counts_every_chip_in_the_middle() -> None:
    table = to_the_draw_and_pat(dealt("pl-2-7-single-draw", ante=1))
    assert wager(table) == {"action": "bet", "min": 2, "max": 9}  # 3 antes and 3 × 2
    table.do("Bia bet 9")  # Caio: call 9, pot 27, raise to 9 + 27 = 36
    assert wager(table)["max"] == 36


# --- R32: antes ------------------------------------------------------------------------------------------------

def test_r32_each_player_posts_the_ante_as_dead_money() -> None:
    table = dealt("nl-2-7-single-draw", ante=1)
    state = table.state
    assert [player["committed"] for player in state["players"]] == [1, 2, 3]
    assert table.legal["call"]["amount"] == 2  # the ante is not part of the round's bet
    assert "Ana, Bia, Caio post the ante 1" in lines(table)
    assert state["stakes"]["ante"] == 1 and state["stakes"]["ante_by"] == "each"
    assert "ante" not in dealt("2-7-triple-draw").state["stakes"]  # tables without antes read as before


def test_r32_the_big_blind_posts_one_ante_after_the_blind_and_a_short_stack_is_all_in() -> None:
    table = dealt("nl-2-7-single-draw", [{"name": "Ana", "stack": 100}, {"name": "Bia", "stack": 100},
                                         {"name": "Caio", "stack": 3}], ante=2, ante_by="big-blind")
    assert [player["committed"] for player in table.state["players"]] == [0, 1, 3]
    assert "Caio posts the ante 1 and is all-in" in lines(table)
    facts = [fact for step in table.game.state.record for fact in step.facts if isinstance(fact, AntePosted)]
    assert facts == [AntePosted("Caio", 1, 2, True)]
    table.do("Ana call", "Bia call")
    assert table.chips() == 203


def test_r32_a_big_blind_ante_is_never_returned_as_uncalled() -> None:
    table = dealt("nl-2-7-single-draw", ante=1, ante_by="big-blind").do("Ana fold", "Bia call", "Caio check")
    assert table.state["phase"] == "draw" and table.state["pots"][0]["amount"] == 5
    assert not any("uncalled" in line for line in lines(table))
    assert table.stacks() == {"Ana": 100, "Bia": 98, "Caio": 97}


def test_r32_antes_are_checked_at_creation() -> None:
    for bad in ({"ante": -1}, {"ante": 1.5}, {"ante_by": "button"}):
        with pytest.raises(BadInput):
            Table(["Ana", "Bia"], **bad)


# --- R33: 2-7 Single Draw ---------------------------------------------------------------------------------------

def test_r33_single_draw_bets_draws_once_bets_and_shows_in_the_cards_order() -> None:
    table = dealt("2-7-single-draw")
    state = table.state
    assert state["betting"] == "no-limit" and state["draws"] == 1 and state["hand_size"] == 5
    assert str(table.game.snapshot().stage) == "Betting round 1 of 2"
    table.limps()
    assert table.state["phase"] == "draw" and str(table.game.snapshot().stage) == "The draw"
    table.do("Bia draw 2", "Caio draw 0", "Ana draw 5")
    assert table.state["phase"] == "bet" and table.state["round"] == 2
    table.do("Bia check", "Caio bet 6", "Ana call", "Bia fold")
    state = table.state
    assert state["phase"] == "showdown" and state["to_act"] == "Caio"  # the last aggressor shows first (§08)
    table.do("Caio show 7h 5c 4d 3s 2c", "Ana muck")
    assert table.state["phase"] == "deal" and table.chips() == 300


def test_r33_fixed_limit_single_draw_bets_the_small_bet_then_the_big_bet() -> None:
    table = dealt("fl-2-7-single-draw")
    assert table.legal["raise"]["to"] == 4  # small bet 2 over the big blind
    table.limps()
    table.pats()
    assert table.legal["bet"]["to"] == 4 and table.state["bet_unit"] == 4  # the big bet after the draw
    assert "no-limit unless" in ruling("R33").text


# --- Through the JSON API on a real server -------------------------------------------------------------------

def test_r29_api_ranges_and_refusals(api: Api) -> None:
    table, token, state = api.create(["Ana", "Bia", "Caio"], button="Ana", games=["nl-2-7-single-draw"],
                                     ante=1)
    assert state["betting"] == "no-limit" and state["draws"] == 1 and state["stakes"]["ante"] == 1
    api.ok(table, token, "deal")
    state = api.state(table)
    assert {"action": "raise", "min": 4, "max": 99} in state["legal"]
    assert state["wager_range"]["min"] == 4 and state["wager_range"]["hint"] == "Min raise: to 4"
    status, body = api.act(table, token, "raise", player="Ana")
    assert status == 400
    status, body = api.act(table, token, "raise", player="Ana", to="ten")
    assert status == 400
    status, body = api.act(table, token, "raise", player="Ana", to=3)
    assert status == 409 and "Between 4 and 99" in body["error"]
    api.ok(table, token, "raise", player="Ana", to=10)
    state = api.state(table)
    assert state["to_act"] == "Bia" and {"action": "raise", "min": 18, "max": 99} in state["legal"]


def test_r28_api_refuses_unknown_prefixes_and_a_fixed_limit_amount_out_of_line(api: Api) -> None:
    status, body = api.request("POST", "/api/tables", {"players": ["Ana", "Bia"], "games": ["zl-badugi"]})
    assert status == 400 and "Unknown game" in body["error"]
    status, body = api.request("POST", "/api/tables", {"players": ["Ana", "Bia"], "ante_by": "seat"})
    assert status == 400
    table, token, _ = api.create(["Ana", "Bia", "Caio"], button="Ana")
    api.ok(table, token, "deal")
    assert api.act(table, token, "raise", player="Ana", to=6)[0] == 409
    api.ok(table, token, "raise", player="Ana", to=4)


# --- Invariants (hypothesis) ----------------------------------------------------------------------------------

SHOWN = ("7h 5c 4d 3s 2c", "8h 6c 4s 3d 2h", "9c 7d 5s 4h 3c", "Tc 8d 6s 5h 2d", "Jc 9d 7s 6h 2s", "Qc Td 8s 7c 3h")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(stacks=st.lists(st.integers(1, 60), min_size=3, max_size=6),
       game=st.sampled_from(["nl-2-7-single-draw", "pl-2-7-single-draw", "pl-badugi", "nl-a-5-triple-draw"]),
       ante=st.integers(0, 3), ante_by=st.sampled_from(["each", "big-blind"]), data=st.data())
def test_r32_chips_are_conserved_with_antes_and_all_ins(stacks: list[int], game: str, ante: int, ante_by: str,
                                                        data: st.DataObject) -> None:
    players = [{"name": f"P{number}", "stack": stack} for number, stack in enumerate(stacks)]
    table = Table(players, button="P0", games=[game], ante=ante, ante_by=ante_by, hands=3)
    total = sum(stacks)
    shown = 0
    for _ in range(200):
        state = table.state
        if state["phase"] == "over":
            break
        assert sum(player["stack"] + player["committed"] for player in state["players"]) == total
        if state["phase"] == "deal":
            table.do("deal")
            shown = 0
            continue
        who = state["to_act"]
        if state["phase"] == "draw":
            table.do(f"{who} draw {data.draw(st.integers(0, state['hand_size']))}")
            continue
        if state["phase"] == "showdown":
            cards = SHOWN[shown].split()[:state["hand_size"]]
            shown += 1
            table.do(f"{who} muck" if data.draw(st.booleans()) else f"{who} show {' '.join(cards)}")
            continue
        legal = table.legal
        choice = data.draw(st.sampled_from(sorted(action for action in legal if action in (
            "fold", "check", "call", "bet", "raise"))))
        if choice in ("bet", "raise"):
            entry = legal[choice]
            assert entry["min"] <= entry["max"]
            table.do(f"{who} {choice} {data.draw(st.integers(entry['min'], entry['max']))}")
        else:
            table.do(f"{who} {choice}")


def test_r29_the_console_form_passes_the_declared_total_to_the_engine(client: Any) -> None:
    from test_console import act, create, ok

    table = create(client, ["Ana", "Bia", "Caio"], games="nl-2-7-single-draw")
    ok(client, table, "deal")
    refused = act(client, table, "raise", to="3")
    assert refused.status_code == 409 and "Between 4 and 100" in refused.get_data(as_text=True)
    assert act(client, table, "raise").status_code == 400  # no amount
    assert act(client, table, "raise", to="1,000").status_code == 409  # read as typed: more than the stack
    state = ok(client, table, "raise", to="12")
    assert state["to_act"] == "Bia" and any(line["text"] == "Ana raises to 12" for line in state["log"])


def test_r31_the_wager_range_gives_the_amount_entry_its_words() -> None:
    pot_limit = dealt("pl-2-7-single-draw").game.snapshot().wager_range
    assert pot_limit is not None and (pot_limit.player, pot_limit.min, pot_limit.max) == ("Ana", 4, 7)
    assert str(pot_limit.confirm) == "Raise to 4" and str(pot_limit.confirm_template) == "Raise to {to}"
    assert str(pot_limit.all_in_confirm) == "Raise to 7"  # the pot, not the stack
    assert str(pot_limit.rule_words) == "Between 4 and 7: in pot-limit the most is the pot, 7."
    assert [str(preset.label) for preset in pot_limit.presets] == ["Min", "½ Pot", "Pot"]
    no_limit = to_the_draw_and_pat(dealt("nl-2-7-single-draw")).game.snapshot().wager_range
    assert no_limit is not None and str(no_limit.hint) == "Min bet: 2" and str(no_limit.confirm) == "Bet 2"
    assert str(no_limit.all_in_confirm) == "All-in 98" and no_limit.presets[-1].key == "all_in"
    assert str(no_limit.rule_words) == "Between 2 and 98: a bet is at least the big blind, 2."
    assert dealt("2-7-triple-draw").game.snapshot().wager_range is None  # fixed limit: one amount, no entry


def test_r29_chips_pushed_without_a_word_count_as_tda_43a_says() -> None:
    table = to_the_draw_and_pat(dealt("nl-2-7-single-draw")).do("Bia bet 10")
    snap = table.game.snapshot()  # Caio: 10 to call, the minimum raise is to 20 (10 over the call)
    small = read_pushed(snap, 14)
    assert small is not None and (small.action, small.to, small.returned) == ("call", 10, 4)
    assert str(small.words) == ("Chips pushed without a word: less than half the minimum raise over the call, so "
                                "Caio calls 10. 4 go back to Caio.")
    half = read_pushed(snap, 15)
    assert half is not None and (half.action, half.to, half.returned) == ("raise", 20, 0)  # made the minimum
    big = read_pushed(snap, 35)
    assert big is not None and (big.action, big.to) == ("raise", 35)
    table.do(f"Caio {big.action} {big.to}")
    assert lines(table)[-1] == "Caio raises to 35"
