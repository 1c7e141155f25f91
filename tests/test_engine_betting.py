"""Betting rounds: turn order, caps, short blinds, short all-ins and raises (§03, §04, §06; R5-R11)."""

from __future__ import annotations

from engine_driver import Table


def three_handed(**settings: object) -> Table:
    """Ana on the button, Bia small blind, Caio big blind: Ana acts first before the draw."""
    return Table(["Ana", "Bia", "Caio"], button="Ana", **settings).do("deal")


def to_round_3(table: Table) -> Table:
    """Limp and check through to the third betting round (u = 4)."""
    table.limps()
    table.pats()
    table.checks_round()
    table.pats()
    assert table.state["round"] == 3 and table.state["bet_unit"] == 4
    return table


def test_s03_blinds_and_first_to_act() -> None:
    table = three_handed()
    state = table.state
    assert (state["button"], state["small_blind"], state["big_blind"]) == ("Ana", "Bia", "Caio")
    assert [p["bet"] for p in state["players"]] == [0, 1, 2]
    assert state["to_act"] == "Ana"
    assert table.legal["call"] == {"action": "call", "amount": 2, "all_in": False}
    assert table.legal["raise"] == {"action": "raise", "to": 4, "amount": 4, "all_in": False}
    assert "bet" not in table.legal and "check" not in table.legal


def test_s03_big_blind_keeps_the_option_after_limps() -> None:
    table = three_handed().do("Ana call", "Bia call")
    assert table.to_act == "Caio"
    assert set(table.legal) >= {"check", "raise", "fold"}
    assert table.legal["raise"]["to"] == 4


def test_s04_later_rounds_start_left_of_the_button_and_check_or_bet() -> None:
    table = three_handed().do("Ana call", "Bia call", "Caio check")
    table.pats()
    state = table.state
    assert state["phase"] == "bet" and state["round"] == 2 and state["to_act"] == "Bia"
    assert table.legal["bet"] == {"action": "bet", "to": 2, "amount": 2, "all_in": False}
    assert "call" not in table.legal and "raise" not in table.legal


def test_r08_big_blind_counts_as_the_bet_so_round_one_caps_at_8() -> None:
    table = three_handed().do("Ana raise", "Bia raise", "Caio raise")
    state = table.state
    assert state["current_bet"] == 8 and state["raises"] == 3 and state["capped"] is True
    assert "raise" not in table.legal
    assert table.legal["call"]["amount"] == 4  # Ana has 4 in


def test_r08_round_3_bet_and_three_raises_cap_at_16() -> None:
    table = to_round_3(three_handed())
    table.do("Bia bet", "Caio raise", "Ana raise")
    assert table.state["current_bet"] == 12 and not table.state["capped"]
    table.do("Bia raise")
    state = table.state
    assert state["current_bet"] == 16 and state["capped"] is True and state["raises"] == 3
    assert "raise" not in table.legal


def test_r08_a_cap_stays_when_players_fold_afterwards() -> None:
    table = to_round_3(three_handed()).do("Bia bet", "Caio raise", "Ana raise", "Bia raise", "Caio fold")
    state = table.state
    assert state["capped"] is True and state["uncapped"] is False
    assert "raise" not in table.legal


def test_r09_heads_up_raises_are_unlimited() -> None:
    table = Table(["Ana", "Bia"], button="Ana").do("deal")
    assert table.state["uncapped"] is True
    for _ in range(3):
        table.do(f"{table.to_act} raise")
    table.do(f"{table.to_act} raise")  # the fourth raise
    table.do(f"{table.to_act} raise")  # and the fifth
    state = table.state
    assert state["raises"] == 5 and state["current_bet"] == 12 and not state["capped"]
    assert "raise" in table.legal


def test_r09_down_to_two_players_before_the_cap_makes_raises_unlimited() -> None:
    table = to_round_3(three_handed()).do("Bia bet", "Caio raise", "Ana fold")
    state = table.state
    assert state["uncapped"] is True
    table.do("Bia raise", "Caio raise", "Bia raise")
    assert table.state["raises"] == 4 and "raise" in table.legal


def test_r09_three_players_with_one_all_in_are_heads_up_for_raises() -> None:
    table = Table([{"name": "Ana", "stack": 4}, "Bia", "Caio"], button="Ana").do("deal", "Ana raise")
    state = table.state
    assert state["players"][0]["status"] == "all_in" and state["uncapped"] is True


def test_r10_fold_is_open_even_when_checking_is_free() -> None:
    table = three_handed().do("Ana call", "Bia call")
    assert "fold" in table.legal and "check" in table.legal
    table.do("Caio fold")
    assert table.player("Caio")["status"] == "folded"


def test_r10_last_player_left_wins_at_once_without_showing() -> None:
    table = three_handed().do("Ana raise", "Bia fold", "Caio fold")
    state = table.state
    assert state["phase"] == "deal" and state["showdown"] is None
    assert state["last_hand"]["awards"] == [{"amount": 5, "winners": ["Ana"], "shares": {"Ana": 5},
                                             "odd_chips": []}]
    assert state["last_hand"]["returned"] == {"Ana": 2}
    assert table.stacks() == {"Ana": 103, "Bia": 99, "Caio": 98}


def test_r10_fold_during_a_draw() -> None:
    table = three_handed().do("Ana call", "Bia call", "Caio check", "Bia draw 2")
    assert "fold" in table.legal and table.to_act == "Caio"
    table.do("Caio fold", "Ana draw 1")
    state = table.state
    assert state["deck"]["folded"] == 5 and state["player" + "s"][2]["status"] == "folded"


def test_r06_short_big_blind_others_still_call_two_and_raise_to_four() -> None:
    table = Table(["Ana", "Bia", {"name": "Caio", "stack": 1}], button="Ana").do("deal")
    state = table.state
    assert table.player("Caio")["status"] == "all_in" and table.player("Caio")["bet"] == 1
    assert state["current_bet"] == 2
    assert table.legal["call"]["amount"] == 2 and table.legal["raise"]["to"] == 4


def test_r06_all_in_big_blind_has_no_option() -> None:
    table = Table(["Ana", "Bia", {"name": "Caio", "stack": 2}], button="Ana").do("deal", "Ana call", "Bia call")
    assert table.state["phase"] == "draw"  # Caio, all-in for the full blind, is not asked


def test_r06_heads_up_small_blind_owes_nothing_against_an_all_in_big_blind_of_one() -> None:
    table = Table(["Ana", {"name": "Bia", "stack": 1}], button="Ana").do("deal")
    state = table.state
    assert state["phase"] == "draw" and state["round"] == 1
    assert [p["committed"] for p in state["players"]] == [1, 1]
    assert any(line["ruling"] == "R11" for line in state["log"])


def test_r06_nobody_is_asked_for_more_than_a_live_opponent_can_have_in() -> None:
    table = Table(["Ana", "Bia", {"name": "Caio", "stack": 1}], button="Ana").do("deal", "Ana fold")
    # Bia's small blind 1 already matches the most Caio can have in: the round ends, nothing more owed.
    assert table.state["phase"] == "draw"


def test_r06_short_small_blind_posts_all_and_is_all_in() -> None:
    table = Table(["Ana", {"name": "Bia", "stack": 1}, "Caio"], button="Ana").do("deal")
    assert table.player("Bia")["status"] == "all_in" and table.player("Bia")["bet"] == 1
    assert table.legal["call"]["amount"] == 2


def test_s06_half_raise_reopens() -> None:
    """§06: after a bet of 4, an all-in to 6 adds 2 (half the unit) and reopens: the next raise goes to 10."""
    table = to_round_3(Table(["Ana", "Bia", {"name": "Caio", "stack": 8}], button="Ana").do("deal"))
    table.do("Bia bet", "Caio raise")
    assert table.player("Caio")["status"] == "all_in" and table.player("Caio")["bet"] == 6
    table.do("Ana call")
    assert table.to_act == "Bia"
    assert table.legal["raise"] == {"action": "raise", "to": 10, "amount": 6, "all_in": False}


def test_r07_incomplete_all_in_is_call_or_complete_for_those_yet_to_act() -> None:
    """Bet 4, all-in to 5: the player yet to act may call 5 or complete to 8; the bettor may only call."""
    table = to_round_3(Table(["Ana", "Bia", {"name": "Caio", "stack": 7}], button="Ana").do("deal"))
    table.do("Bia bet", "Caio raise")
    assert table.player("Caio")["bet"] == 5 and table.state["current_bet"] == 5
    assert table.legal["call"]["amount"] == 5
    assert table.legal["raise"] == {"action": "raise", "to": 8, "amount": 8, "all_in": False}
    table.do("Ana call")
    assert table.to_act == "Bia"
    assert "raise" not in table.legal and table.legal["call"]["amount"] == 1
    assert any(note["ruling"] == "R7" for note in table.state["notes"])


def test_r07_completing_an_incomplete_raise_reopens_and_counts() -> None:
    table = to_round_3(Table(["Ana", "Bia", {"name": "Caio", "stack": 7}], button="Ana").do("deal"))
    table.do("Bia bet", "Caio raise", "Ana raise")  # Ana completes to 8
    state = table.state
    assert state["current_bet"] == 8 and state["raises"] == 1
    assert table.to_act == "Bia" and table.legal["raise"]["to"] == 12


def test_r07_every_all_in_raise_qualifies_in_rounds_one_and_two() -> None:
    table = Table(["Ana", "Bia", {"name": "Caio", "stack": 3}], button="Ana").do("deal", "Ana call", "Bia call",
                                                                                   "Caio raise")
    assert table.player("Caio")["bet"] == 3  # all-in, adds 1 = u/2 over the big blind
    assert table.legal["raise"]["to"] == 5  # reopened: B = 3, next raise 3 + 2


def test_r07_several_short_all_ins_add_up_from_the_level() -> None:
    players = ["Ana", "Bia", {"name": "Caio", "stack": 7}, {"name": "Dani", "stack": 8}, "Edu"]
    # Ana button, Bia SB, Caio BB, Dani, Edu. Round 1: everyone limps.
    table = to_round_3(Table(players, button="Ana").do("deal"))
    # Caio (5 left) and Dani (6 left) are short. Bia bets 4; Caio all-in 5 adds 1 (incomplete);
    # Dani all-in 6 adds 2 over B = 4 in total: together they qualify and reopen, next raise to 10.
    table.do("Bia bet", "Caio raise")
    assert table.state["current_bet"] == 5
    table.do("Dani raise")
    assert table.player("Dani")["bet"] == 6
    table.do("Edu call", "Ana call")
    assert table.to_act == "Bia" and table.legal["raise"]["to"] == 10


def test_r08_all_in_bet_of_one_completed_to_four_is_the_bet() -> None:
    table = to_round_3(Table(["Ana", "Bia", {"name": "Caio", "stack": 5}], button="Ana").do("deal"))
    # Caio has 3 left after the blinds and limps... no: Caio is the big blind with 5, posted 2, has 3.
    table.do("Bia check", "Caio bet")  # all-in bet of 3 >= u/2: qualifies, it is the bet
    state = table.state
    assert table.player("Caio")["bet"] == 3 and state["raises"] == 0
    assert table.legal["raise"]["to"] == 7


def test_r08_examples_round_3_all_in_bet_of_one_then_4_8_12_16_capped() -> None:
    players = ["Ana", "Bia", {"name": "Caio", "stack": 3}, "Dani"]
    # Ana button, Bia SB, Caio BB (3 chips), Dani first.
    table = to_round_3(Table(players, button="Ana").do("deal"))
    table.do("Bia check", "Caio bet")  # all-in bet of 1: below u/2, not the bet
    assert table.player("Caio")["bet"] == 1 and table.state["current_bet"] == 1
    assert table.legal["raise"] == {"action": "raise", "to": 4, "amount": 4, "all_in": False}
    table.do("Dani raise")  # the completion to 4 is the round's bet
    assert table.state["raises"] == 0
    table.do("Ana raise", "Bia raise", "Dani raise")
    state = table.state
    assert state["current_bet"] == 16 and state["capped"] is True and state["raises"] == 3


def test_r08_examples_round_3_all_in_bet_of_3_then_7_11_15_capped() -> None:
    players = ["Ana", "Bia", {"name": "Caio", "stack": 5}, "Dani"]
    table = to_round_3(Table(players, button="Ana").do("deal"))
    table.do("Bia check", "Caio bet", "Dani raise", "Ana raise", "Bia raise")
    state = table.state
    assert [p["bet"] for p in state["players"]] == [11, 15, 3, 7]
    assert state["capped"] is True and state["raises"] == 3


def test_r08_examples_round_3_4_8_all_in_10_then_14_18_capped() -> None:
    players = ["Ana", "Bia", "Caio", {"name": "Dani", "stack": 12}]
    table = to_round_3(Table(players, button="Ana").do("deal"))
    table.do("Bia bet", "Caio raise", "Dani raise")  # Dani: all-in to 10, adds 2 = u/2: reopens, not counted
    assert table.player("Dani")["status"] == "all_in" and table.state["raises"] == 1
    table.do("Ana raise", "Bia raise")
    state = table.state
    assert [p["bet"] for p in state["players"]] == [14, 18, 8, 10]
    assert state["capped"] is True and state["raises"] == 3
    assert "raise" not in table.legal


def test_r11_raise_not_offered_when_nobody_could_call_more() -> None:
    table = Table(["Ana", {"name": "Bia", "stack": 3}, "Caio"], button="Ana").do("deal", "Ana fold")
    # Bia (SB, 2 left) and Caio (BB). Bia may call 1 or raise all-in to 3; Caio can answer.
    assert "raise" in table.legal
    table.do("Bia raise")
    # Caio faces an all-in: nobody else could put in more, so Caio may only call or fold.
    assert table.to_act == "Caio" and "raise" not in table.legal
    assert any(note["ruling"] == "R11" for note in table.state["notes"])


def test_r11_rounds_are_skipped_but_draws_go_on_when_players_are_all_in() -> None:
    table = Table(["Ana", {"name": "Bia", "stack": 4}], button="Ana").do("deal", "Ana raise", "Bia call")
    assert table.player("Bia")["status"] == "all_in"
    for number in (1, 2, 3):
        state = table.state
        assert state["phase"] == "draw" and state["round"] == number
        assert state["to_act"] == "Bia"  # heads-up, the big blind draws first (R5)
        table.do("Bia draw 1", "Ana draw 1")
    assert table.state["phase"] == "showdown"
