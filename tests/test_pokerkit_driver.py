"""The PokerKit driver on its own: scripted hands with amounts worked out by hand from the house card.

These pin how PokerKit behaves in our seat convention (blinds, turn order, draws, pots, showdown, payouts), and
pin the known differences from the house rules, so a PokerKit upgrade that changes them fails here first.
"""

from __future__ import annotations

import pytest

pytest.importorskip("pokerkit", reason="pokerkit is not installed: the differential tests need it (CI installs it)")

from pokerkit import CardBurning, HoleDealing, StandingPatOrDiscarding

from pokerkit_driver import PokerKitHand


def play(hand: PokerKitHand, moves: str) -> None:
    """Apply moves, one letter each: c = check/call, r = bet/raise, f = fold, 0-5 = draw that many cards."""
    for move in moves.replace(" ", ""):
        if move == "c":
            hand.check_or_call()
        elif move == "r":
            hand.bet_or_raise()
        elif move == "f":
            hand.fold()
        else:
            hand.draw(int(move))


CHECK_ROUND_3 = "ccc 000 ccc"  # three players: call the blind, draw none, check round 2


@pytest.mark.parametrize("players", range(2, 7))
def test_seat_mapping_puts_the_button_last(players: int) -> None:
    for button in range(players):
        hand = PokerKitHand([100] * players, button)
        assert hand.seat(players - 1) == button
        assert hand.seat(0) == (button + 1) % players
        assert [hand.player(hand.seat(player)) for player in range(players)] == list(range(players))


def test_blinds_and_first_to_act_three_handed() -> None:
    hand = PokerKitHand([100, 100, 100], button=1)  # small blind seat 2, big blind seat 0
    assert hand.bets() == [2, 0, 1]
    assert (hand.phase(), hand.betting_round(), hand.to_act()) == ("bet", 1, 1)  # left of the big blind
    assert (hand.call_amount(), hand.raise_to()) == (2, 4)
    play(hand, "cc")
    assert (hand.to_act(), hand.call_amount(), hand.raise_to()) == (0, 0, 4)  # the big blind's option
    play(hand, "c")
    assert (hand.phase(), hand.to_act()) == ("draw", 2)  # draws start left of the button
    assert hand.pots() == [(6, (0, 1, 2))]


def test_heads_up_button_posts_small_blind_acts_first_before_the_draw_only() -> None:
    hand = PokerKitHand([100, 100], button=1)
    assert hand.bets() == [2, 1]
    assert (hand.to_act(), hand.call_amount()) == (1, 1)
    play(hand, "cc")
    assert (hand.phase(), hand.to_act()) == ("draw", 0)  # the big blind draws first
    play(hand, "32")
    assert (hand.phase(), hand.betting_round(), hand.to_act()) == ("bet", 2, 0)


def test_draw_announces_all_then_burns_then_serves_in_order() -> None:
    hand = PokerKitHand([100, 100, 100], button=0)
    play(hand, "ccc")
    start = len(hand.state.operations)
    play(hand, "203")
    kinds = [(type(operation), getattr(operation, "player_index", None), len(getattr(operation, "cards", ())))
             for operation in hand.state.operations[start:]]
    # PokerKit players 0, 1, 2 are seats 1, 2, 0: announce 2, 0, 3; one burn; seat 1 gets 2 cards, seat 0 gets 3.
    assert kinds == [(StandingPatOrDiscarding, 0, 2), (StandingPatOrDiscarding, 1, 0), (StandingPatOrDiscarding, 2, 3),
                     (CardBurning, None, 0), (HoleDealing, 0, 2), (HoleDealing, 2, 3)]
    assert all(len(cards) == 5 for cards in hand.state.hole_cards)
    assert (hand.phase(), hand.betting_round(), hand.to_act()) == ("bet", 2, 1)


def test_burn_even_when_everybody_stands_pat() -> None:
    hand = PokerKitHand([100, 100], button=0)
    play(hand, "cc 00")
    assert isinstance(hand.state.operations[-1], CardBurning)
    assert hand.phase() == "bet"


def test_pre_draw_cap_is_four_raises_over_the_blind_unlike_ours() -> None:
    # Divergence: the house caps round 1 at 8 (the big blind is the bet, then 3 raises); PokerKit at 10.
    hand = PokerKitHand([100, 100, 100], button=2)
    targets = []
    while (target := hand.raise_to()) is not None:
        targets.append(target)
        hand.bet_or_raise()
    assert targets == [4, 6, 8, 10]
    assert hand.raises_this_round() == 4
    assert (hand.to_act(), hand.call_amount()) == (0, 4)  # the small blind, who raised to 6, faces 10


def test_post_draw_cap_is_a_bet_and_three_raises_as_ours() -> None:
    hand = PokerKitHand([100, 100, 100], button=2)
    play(hand, CHECK_ROUND_3 + " 000")
    targets = []
    while (target := hand.raise_to()) is not None:
        targets.append(target)
        hand.bet_or_raise()
    assert (hand.betting_round(), targets) == (3, [4, 8, 12, 16])


def test_heads_up_raises_stay_capped_unlike_ours() -> None:
    # Divergence: ruling R9 makes raises unlimited with two players able to bet; PokerKit keeps the cap.
    hand = PokerKitHand([100, 100], button=0)
    play(hand, "cc 00")
    play(hand, "rrrr")
    assert (hand.call_amount(), hand.raise_to()) == (2, None)


def test_short_all_in_raise_of_half_a_unit_does_not_reopen_unlike_ours() -> None:
    # Round 3, unit 4: seat 0 bets 4, seat 1 goes all-in to 6 (adds 2 = half a unit), seat 2 calls 6.
    # Divergence: R7 reopens the betting for seat 0 (next raise to 10); PokerKit lets seat 0 only call or fold.
    hand = PokerKitHand([50, 8, 50], button=2)
    play(hand, CHECK_ROUND_3 + " 000")
    play(hand, "rr")
    assert hand.stacks()[1] == 0 and hand.bets() == [4, 6, 0]
    assert hand.raise_to() == 10  # seat 2 has not acted: a full unit over the all-in
    play(hand, "c")
    assert (hand.to_act(), hand.call_amount(), hand.raise_to()) == (0, 2, None)


def test_short_all_in_raise_counts_toward_the_cap_unlike_ours() -> None:
    # Round 3: bet 4, all-in to 5, raise to 9, raise to 13: PokerKit has counted 4 and stops; R8 would allow 17.
    hand = PokerKitHand([50, 7, 50], button=2)
    play(hand, CHECK_ROUND_3 + " 000")
    play(hand, "rrrr")
    assert hand.bets() == [13, 5, 9]
    assert (hand.to_act(), hand.raise_to()) == (2, None)


def test_side_pot_showdown_without_a_final_bet() -> None:
    # §07/§10's pots: contributions 6 (all-in), 10, 10 make a main pot of 18 for all and a side pot of 8.
    hand = PokerKitHand([20, 6, 30], button=2)  # small blind seat 0, big blind seat 1
    play(hand, "rc")  # seat 2 raises to 4, seat 0 calls
    play(hand, "r")  # the big blind goes all-in to 6: a full raise, so the betting reopens
    assert (hand.stacks()[1], hand.to_act(), hand.raise_to()) == (0, 2, 8)
    play(hand, "cc 120")
    assert hand.pots() == [(18, (0, 1, 2))]
    play(hand, "rrc 000 cc 000 cc")  # round 2: 2, raised to 4, called; rounds 3-4 checked
    assert hand.pots() == [(18, (0, 1, 2)), (8, (0, 2))]
    # No bet in round 4: the first live player left of the button shows first, then clockwise.
    assert (hand.phase(), hand.to_act()) == ("showdown", 0)
    hand.show("8c 6d 4h 3s 2c")
    assert hand.to_act() == 1
    hand.show("7h 5c 4d 3c 2d")  # the best hand, but it can win only the main pot
    hand.show("7c 6h 4s 3d 2h")  # second best: wins the side pot
    assert hand.phase() == "deal"
    assert hand.awards() == [(0, [0, 18, 0]), (1, [0, 0, 8])]
    assert hand.payoffs() == [-10, 12, -2]
    assert hand.stacks() == [10, 18, 28]


def test_last_aggressor_of_round_four_shows_first() -> None:
    hand = PokerKitHand([100, 100, 100], button=2)
    play(hand, CHECK_ROUND_3 + " 000 ccc 000")
    play(hand, "crcc")  # round 4: seat 0 checks, seat 1 bets 4, both call
    assert (hand.phase(), hand.to_act()) == ("showdown", 1)
    hand.show("7h 5c 4d 3s 2c")
    hand.muck()  # seat 2 concedes
    hand.show("8h 6c 4c 3d 2d")
    assert hand.payoffs() == [-6, 12, -6]


def test_odd_chip_goes_to_the_first_tied_player_left_of_the_button() -> None:
    hand = PokerKitHand([100, 100, 100], button=2)
    play(hand, "cfc 00 cc 00 cc 00 cc")  # seat 2 calls, the small blind folds: pot 5 for seats 1 and 2
    assert hand.pots() == [(5, (1, 2))]
    hand.show("7h 5c 4d 3s 2c")
    hand.show("7d 5h 4c 3d 2h")
    assert hand.awards() == [(0, [0, 3, 2])]


def test_three_way_tie_gives_the_whole_remainder_to_the_first_unlike_ours() -> None:
    # Divergence: R17 deals odd chips one at a time clockwise (3, 3, 2 of 8); PokerKit gives both to the first.
    hand = PokerKitHand([100] * 4, button=3)
    play(hand, "cccc 0000 cccc 0000 cccc 0000 cccc")
    assert hand.pots() == [(8, (0, 1, 2, 3))]
    hand.show("7h 5c 4d 3s 2c")
    hand.show("7d 5h 4c 3d 2h")
    hand.show("7s 5d 4s 3c 2s")
    hand.show("8c 6c 4h 3h 2d")
    assert hand.awards() == [(0, [4, 2, 2, 0])]


def test_fold_with_nothing_to_call_and_fold_to_one_player() -> None:
    hand = PokerKitHand([100, 100, 100], button=2)
    play(hand, "cc")
    assert (hand.to_act(), hand.call_amount()) == (1, 0)
    hand.fold()  # the big blind throws away a free option (R10)
    assert hand.phase() == "draw" and hand.pots() == [(6, (0, 2))]
    play(hand, "00 r f")  # round 2: seat 0 bets, seat 2 folds
    assert hand.phase() == "deal"
    assert hand.payoffs() == [4, -2, -2]
    assert hand.awards() == [(0, [6, 0, 0])]  # the winner's uncalled bet of 2 was never collected


def test_unknown_cards_never_run_the_deck_short() -> None:
    hand = PokerKitHand([100] * 6, button=0)
    play(hand, "cccccc 555555 cccccc 555555 cccccc 555555")
    assert hand.phase() == "bet" and hand.betting_round() == 4  # 30 + 90 replacements and 3 burns from 52
