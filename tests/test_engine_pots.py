"""Pots, showdown and awards (§07, §08, §10; R15-R18)."""

from __future__ import annotations

from dealer.rules.outcomes import Pot
from dealer.rules.pots import build_pots
from dealer.rules.table_state import Seat
from engine_driver import Table

A_75 = "2c 3d 4h 7s 5d"  # §10: A's 7-5-4-3-2 after drawing the 5d
B_76 = "7h 6c 4s 3c 2d"  # §10: B's 7-6-4-3-2
C_KQ = "Kh Qh 9d 8s 6d"


def checks_and_pats(table: Table) -> Table:
    """Check every betting round and stand pat on every draw until the showdown."""
    while table.state["phase"] in ("bet", "draw"):
        if table.state["phase"] == "draw":
            table.pats()
        else:
            table.checks_round()
    return table


def side_pot_example() -> Table:
    """§07: A contributes 6 (all-in), B and C 10 each."""
    table = Table([{"name": "A", "stack": 6}, "B", "C"], button="A").do("deal")
    table.do("A raise", "B call", "C call")  # 4 each
    table.pats()
    table.do("B bet", "C call", "A call")  # A calls all-in: 6
    table.pats()
    table.do("B bet", "C call")  # 10 each
    table.pats()
    table.checks_round()
    return table


def test_s07_contributions_6_10_10_make_a_main_pot_of_18_and_a_side_pot_of_8() -> None:
    table = side_pot_example()
    state = table.state
    assert state["phase"] == "showdown"
    assert state["pots"] == [{"amount": 18, "eligible": ["A", "B", "C"]}, {"amount": 8, "eligible": ["B", "C"]}]


def test_s10_worked_example_best_hand_wins_only_what_it_covered() -> None:
    table = side_pot_example()
    assert table.state["showdown"]["order"] == ["B", "C", "A"]  # no bet in round 4: first left of the button
    table.do(f"B show {B_76}", f"C show {C_KQ}", f"A show {A_75}")
    state = table.state
    assert state["last_hand"]["awards"] == [
        {"amount": 18, "winners": ["A"], "shares": {"A": 18}, "odd_chips": []},
        {"amount": 8, "winners": ["B"], "shares": {"B": 8}, "odd_chips": []},
    ]
    assert table.stacks() == {"A": 18, "B": 98, "C": 90}
    reason = table.game.state.last_hand.awards[0].reason
    assert reason is not None and str(reason) == "7-5-4-3-2 beats 7-6-4-3-2 at the second card: 5 against 6."


def test_r15_uncalled_excess_goes_back_before_pots_are_built() -> None:
    table = Table(["Ana", {"name": "Bia", "stack": 3}], button="Ana").do("deal", "Ana raise", "Bia call")
    state = table.state
    assert table.player("Bia")["status"] == "all_in"
    assert [p["committed"] for p in state["players"]] == [3, 3]
    assert state["pots"] == [{"amount": 6, "eligible": ["Ana", "Bia"]}]
    assert any(line["ruling"] == "R15" for line in state["log"])
    checks_and_pats(table)
    table.do(f"Bia show {B_76}", f"Ana show {A_75}")
    assert table.state["last_hand"]["returned"] == {"Ana": 1}


def test_r16_side_pot_with_one_eligible_player_is_paid_without_a_showdown() -> None:
    # Ana all-in for 4; Bia raises to 6 and Caio to 8 then Bia folds in round 2: Caio alone can win the
    # chips above Ana's 4, Ana and Caio contest the main pot.
    table = Table([{"name": "Ana", "stack": 4}, "Bia", "Caio"], button="Ana").do("deal")
    table.do("Ana raise", "Bia raise", "Caio raise", "Bia call")
    table.pats()
    table.do("Bia bet", "Caio raise", "Bia fold")
    state = table.state
    assert state["last_hand"] is None
    assert [p["committed"] for p in state["players"]] == [4, 10, 10]
    assert state["pots"] == [{"amount": 12, "eligible": ["Ana", "Caio"]}, {"amount": 12, "eligible": ["Caio"]}]
    assert state["last_hand"] is None
    checks_and_pats(table)
    order = table.state["showdown"]["order"]
    assert order == ["Caio", "Ana"]
    table.do(f"Caio show {A_75}", f"Ana show {B_76}")
    awards = table.state["last_hand"]["awards"]
    assert awards == [{"amount": 12, "winners": ["Caio"], "shares": {"Caio": 12}, "odd_chips": []},
                      {"amount": 12, "winners": ["Caio"], "shares": {"Caio": 12}, "odd_chips": []}]
    assert table.game.state.last_hand.awards[1].shown is False


def test_r16_levels_merge_and_folded_chips_above_live_ones_join_the_highest_pot() -> None:
    seats = [Seat("A", 0, in_hand=True, committed=4), Seat("B", 0, in_hand=True, committed=6),
             Seat("C", 90, in_hand=True, folded=True, committed=8),
             Seat("D", 0, in_hand=True, folded=True, committed=2)]
    assert build_pots(seats) == [Pot(4 + 4 + 4 + 2, ("A", "B")), Pot(2 + 4, ("B",))]
    same = [Seat("A", 0, in_hand=True, committed=6), Seat("B", 0, in_hand=True, committed=6),
            Seat("C", 5, in_hand=True, committed=6)]
    assert build_pots(same) == [Pot(18, ("A", "B", "C"))]


def test_r17_split_pot_odd_chip_goes_to_the_first_tied_player_left_of_the_button() -> None:
    table = Table(["Ana", "Bia", "Caio"], button="Ana").do("deal", "Ana raise", "Bia fold", "Caio call")
    checks_and_pats(table)
    assert table.state["showdown"]["order"] == ["Caio", "Ana"]
    table.do("Caio show 7c 5d 4s 3h 2d", "Ana show 7h 5c 4d 3s 2c")
    award = table.state["last_hand"]["awards"][0]
    assert award == {"amount": 9, "winners": ["Ana", "Caio"], "shares": {"Ana": 4, "Caio": 5}, "odd_chips": ["Caio"]}
    assert table.stacks() == {"Ana": 100, "Bia": 99, "Caio": 101}
    said = [line["text"] for line in table.state["log"]]
    assert "The pot of 9 is split: Ana 4, Caio 5; odd chip to Caio (first tied left of the button)" in said


def test_r17_three_way_tie_leftover_one_each_clockwise_from_left_of_the_button() -> None:
    table = Table(["Ana", "Bia", "Caio", "Dani"], button="Ana").do("deal")
    table.do("Dani fold", "Ana call", "Bia call", "Caio check")  # 1 (Dani's nothing) -> pot 6
    checks_and_pats(table)
    table.do("Bia show 7c 5d 4s 3h 2d", "Caio show 7h 5c 4d 3s 2c", "Ana show 7d 5h 4c 3d 2s")
    award = table.state["last_hand"]["awards"][0]
    assert award["amount"] == 6 and award["odd_chips"] == []
    table.do("deal")  # Bia's button now: Caio SB, Dani BB, Ana first
    table.do("Ana call", "Bia call", "Caio call", "Dani raise", "Ana call", "Bia call", "Caio fold")
    checks_and_pats(table)
    # pot 2+4+4+4 = 14, three-way tie: 4 each and 2 left over, to Dani then Ana (clockwise from left of Bia's
    # button, skipping Caio who folded).
    order = table.state["showdown"]["order"]
    assert order == ["Dani", "Ana", "Bia"]
    table.do("Dani show 7c 5d 4s 3h 2d", "Ana show 7h 5c 4d 3s 2c", "Bia show 7d 5h 4c 3d 2s")
    award = table.state["last_hand"]["awards"][0]
    assert award["amount"] == 14 and award["odd_chips"] == ["Dani", "Ana"]
    assert award["shares"] == {"Ana": 5, "Bia": 4, "Dani": 5}
    assert any(line["text"].endswith("odd chips to Dani, Ana (first tied left of the button)")
               for line in table.state["log"])


def test_r18_last_aggressor_of_round_four_shows_first() -> None:
    table = Table(["Ana", "Bia", "Caio"], button="Ana").do("deal", "Ana call", "Bia call", "Caio check")
    for _ in range(3):
        table.pats()
        if table.state["round"] < 4:
            table.checks_round()
    assert table.state["round"] == 4
    table.do("Bia check", "Caio bet", "Ana raise", "Bia fold", "Caio call")
    assert table.state["showdown"]["order"] == ["Ana", "Caio"]


def test_r18_all_in_bet_in_round_four_makes_the_all_in_player_show_first() -> None:
    table = Table(["Ana", "Bia", {"name": "Caio", "stack": 5}], button="Ana").do("deal", "Ana call", "Bia call",
                                                                                   "Caio check")
    for _ in range(3):
        table.pats()
        if table.state["round"] < 4:
            table.checks_round()
    table.do("Bia check", "Caio bet", "Ana call", "Bia call")  # Caio: all-in bet of 3 in round 4
    assert table.state["showdown"]["order"] == ["Caio", "Ana", "Bia"]


def test_r18_muck_forfeits_every_pot_and_a_lone_claimant_is_paid_without_showing() -> None:
    table = side_pot_example()
    table.do(f"B show {B_76}", "C muck")
    state = table.state
    # The side pot had only B and C: C's muck leaves B alone, paid at once. A must still show for the main pot.
    assert state["phase"] == "showdown" and state["to_act"] == "A"
    table.do("A muck")
    state = table.state
    assert state["last_hand"]["awards"] == [
        {"amount": 18, "winners": ["B"], "shares": {"B": 18}, "odd_chips": []},
        {"amount": 8, "winners": ["B"], "shares": {"B": 8}, "odd_chips": []},
    ]
    assert set(state["showdown"]["shown"]) == {"B"}


def test_r18_first_to_show_mucks_and_the_other_wins_without_showing() -> None:
    table = checks_and_pats(Table(["Ana", "Bia"], button="Ana").do("deal", "Ana call", "Bia check"))
    assert table.state["showdown"]["order"] == ["Bia", "Ana"]
    table.do("Bia muck")
    state = table.state
    assert state["phase"] == "deal" and state["showdown"]["shown"] == {}
    assert state["last_hand"]["awards"][0]["winners"] == ["Ana"]


def test_s08_a_card_shown_by_another_player_is_refused() -> None:
    table = checks_and_pats(Table(["Ana", "Bia"], button="Ana").do("deal", "Ana call", "Bia check"))
    table.do(f"Bia show {A_75}")
    refusal = table.refuse("Ana show 2c 9d 8h 6s 4c")
    assert "2c" in str(refusal)


def test_s07_no_qualifier_pairs_still_win() -> None:
    table = checks_and_pats(Table(["Ana", "Bia"], button="Ana").do("deal", "Ana call", "Bia check"))
    table.do("Bia show 9c 9d 5h 4s 3c", "Ana show Kc Kd Qh Js Tc")
    assert table.state["last_hand"]["awards"][0]["winners"] == ["Bia"]


def test_a_three_way_split_is_explained_naming_all_three_hands() -> None:
    table = Table(["A", "B", "C"], button="A").do("deal")
    while table.state["phase"] in ("bet", "draw"):
        name = table.to_act
        table.do(f"{name} draw 0" if table.state["phase"] == "draw" else
                 f"{name} {'check' if 'check' in table.legal else 'call'}")
    order = table.state["showdown"]["order"]
    hands = ["7h 5c 4d 3s 2c", "7c 5d 4s 3h 2h", "7d 5h 4c 3c 2d"]
    table.do(*(f"{name} show {cards}" for name, cards in zip(order, hands, strict=True)))
    award = table.game.state.last_hand.awards[0]
    assert sorted(award.winners) == ["A", "B", "C"]
    assert str(award.reason) == "7-5-4-3-2, 7-5-4-3-2 and 7-5-4-3-2 tie: the same ranks, and suits never break a tie."
