"""Differential test of big-bet play: random no-limit and pot-limit hands through our engine and PokerKit 0.7.7.

Random hands of no-limit and pot-limit 2-7 Single Draw and 2-7 Triple Draw (3-6 players, random blinds, antes
"each" or the big blind's, random stacks, a random button) are driven through both engines with the same inputs,
picked from OUR legal actions, bets and raises to random totals inside our range. After every input both must agree
on whose turn it is, what a call costs, the smallest and largest total a bet or raise may go to (rulings R29, R31;
R30's reopening: neither may offer a raise the other refuses), the stacks and bets, the draw and showdown order, the
pots between rounds and, at the end, what each pot paid and every final stack. The lockstep driver is the fixed-limit
test's (``test_pokerkit_betting.Duo``), the big-bet ranges compared instead of the fixed amounts.

PokerKit ships no-limit 2-7 Single Draw only; the other three are built from its own parts in ``pokerkit_driver``.

Kept inside the rules both engines share:
- every blind covered, with its ante (a short blind is R29's own test: PokerKit makes the short blind the bet);
- no fold during a draw (R10), no tie of three hands (R17), as in the fixed-limit test;
- no all-in raise by less than the big blind before the first draw (PokerKit counts no opening bet there, so any
  first raise reopens the betting: R29, R30, see the divergence test);
- no all-in bet of less than the big blind after a draw (PokerKit lets a player who checked before it raise; to us
  it is not a full bet and reopens nothing: R30, see the divergence test);
- a big blind's ante with a player all-in: PokerKit keeps that ante as dead money in the main pot, we count it in the
  big blind's contribution level (R32), so the side pots differ; the pots, payouts and final stacks of those hands
  are not compared (the stacks and ranges during the hand still are); with a big blind's ante nobody mucks (PokerKit
  0.7.7 fails an assertion of its own paying it).

Explore many more hands quickly: ``PYTHONPATH=.:tests .venv/bin/python tests/test_pokerkit_big_bet.py 5000``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

pytest.importorskip("pokerkit", reason="pokerkit is not installed: the differential tests need it (CI installs it)")

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer.rules.entries import parse_input
from engine_driver import Table
from pokerkit_driver import BIG_BET_VARIANTS, PokerKitHand
from test_pokerkit_betting import NAMES, Duo, Picker

# Our game code -> (structure, draws): PokerKit's game is BIG_BET_VARIANTS[(structure, draws)].
GAMES = {"nl-2-7-single-draw": ("no-limit", 1), "pl-2-7-single-draw": ("pot-limit", 1),
         "nl-2-7-triple-draw": ("no-limit", 3), "pl-2-7-triple-draw": ("pot-limit", 3)}
BLINDS = ((1, 2), (2, 5), (5, 10))


class BigBetDuo(Duo):
    """One big-bet hand through both engines, compared after every input."""

    def __init__(self, stacks: Sequence[int], button: int, game: str, blinds: tuple[int, int] = (1, 2),
                 ante: int = 0, ante_by: str = "each") -> None:
        self.game_code, self.blinds, self.ante, self.ante_by = game, blinds, ante, ante_by
        self.dead_ante_differs = False  # set for good once a big blind's ante meets an all-in
        self.structure, draws = GAMES[game]
        table: dict[str, Any] = {"games": [game], "blinds": list(blinds)}
        if ante:
            table.update(ante=ante, ante_by=ante_by)
        super().__init__(stacks, button, table, blinds=blinds, bets=(blinds[1], blinds[1]),
                         variant=BIG_BET_VARIANTS[(self.structure, draws)], ante=ante, ante_by=ante_by)

    def choices(self) -> list[str]:
        """Our legal inputs; a bet or raise to the range's ends, its middle, one over the minimum, the pot."""
        if self.phase == "showdown" and self.ante and self.ante_by == "big-blind":
            return ["show"]  # PokerKit 0.7.7 fails its own assertion paying a muck with an untrimmed ante
        if self.phase != "bet":
            return super().choices()
        legal = self.legal
        passive = "check" if "check" in legal else "call"
        picks = [passive] * 3 + ["fold"]
        option = self.aggressive()
        if option is not None:
            low, high = option["min"], option["max"]
            totals = sorted({low, high, (low + high) // 2, min(low + 1, high), self.pot_total(option)})
            picks += [f"{option['action']} {to}" for to in totals
                      if not self.short_all_in_over_the_blind(option, to) and not self.short_all_in_bet(option, to)]
        return picks

    def pot_total(self, option: dict[str, Any]) -> int:
        """The pot-size bet or raise (call, then the whole pot), inside the range: no-limit's "Pot" preset."""
        state = self.state
        me = next(player for player in state["players"] if player["name"] == state["to_act"])
        call = state["current_bet"] - me["bet"]
        middle = sum(player["committed"] for player in state["players"])
        return max(option["min"], min(option["max"], state["current_bet"] + middle + call))

    def compare_betting(self, where: str) -> None:
        state, legal, theirs = self.state, self.legal, self.theirs
        assert state["betting"] == self.structure, where
        assert state["round"] == theirs.betting_round(), where
        assert "call" in legal or "check" in legal, where
        call = legal["call"]["amount"] if "call" in legal else 0
        assert call == theirs.call_amount(), where
        assert state["current_bet"] == max(theirs.bets()), where
        option = self.aggressive()
        ours = (option["min"], option["max"]) if option else None
        theirs_range = (theirs.min_to(), theirs.max_to()) if theirs.min_to() is not None else None
        assert ours == theirs_range, f"{where}: our range {ours}, PokerKit's {theirs_range}"
        if option is not None:
            assert set(option) == {"action", "min", "max"}, option  # the contract's big-bet shape

    def compare(self) -> None:
        self.state = self.ours.state
        self.dead_ante_differs = self.dead_ante_differs or self.big_blind_ante_in_side_pots()
        super().compare()

    def compare_stacks(self, where: str) -> None:
        if not (self.dead_ante_differs and self.over):
            super().compare_stacks(where)

    def compare_pots(self, where: str) -> None:
        if not self.dead_ante_differs:
            super().compare_pots(where)

    def compare_results(self, where: str) -> None:
        if not self.dead_ante_differs:
            super().compare_results(where)

    def big_blind_ante_in_side_pots(self) -> bool:
        """The big blind posted the table's ante and somebody is all-in: PokerKit keeps that ante as dead money in
        the main pot, outside the contribution levels; we count it in the big blind's level (R32), so a side pot
        can hold part of it, and the payouts differ."""
        if not self.ante or self.ante_by != "big-blind":
            return False
        return any(player["status"] == "all_in" for player in self.state["players"])

    def short_all_in_over_the_blind(self, option: dict[str, Any], to: int) -> bool:
        """Before the first draw PokerKit does not count the big blind as the round's opening bet: its first raise
        of any size is "full" and reopens the betting (R29, R30: only a raise by the big blind or more does)."""
        state = self.state
        return state["round"] == 1 and to - state["current_bet"] < self.blinds[1]


    def short_all_in_bet(self, option: dict[str, Any], to: int) -> bool:
        """An all-in bet of less than the big blind: PokerKit takes it as the round's opening bet and reopens the
        betting for a player who checked before it; to us it is not a full bet (R30)."""
        return option["action"] == "bet" and to < self.blinds[1]


def stack(pick: Picker, least: int, big_blind: int) -> int:
    """At least ``least``: short stacks (all-ins, side pots, all-ins for less than a raise) and deep ones."""
    band = pick.integer(0, 2, "stack band")
    low, high = ((0, 8), (8, 40), (40, 200))[band]  # in big blinds
    return pick.integer(max(least, low * big_blind), max(least, high * big_blind), "stack")


def play_random_big_bet_hand(pick: Picker) -> BigBetDuo:
    game = sorted(GAMES)[pick.integer(0, len(GAMES) - 1, "game")]
    blinds = BLINDS[pick.integer(0, len(BLINDS) - 1, "blinds")]
    players = pick.integer(3, 6, "players")
    button = pick.integer(0, players - 1, "button")
    ante_by = ("each", "big-blind")[pick.integer(0, 1, "ante by")]
    ante = (0, 0, 1, blinds[0], blinds[1])[pick.integer(0, 4, "ante")]
    blind_seats = {(button + 1) % players, (button + 2) % players}
    stacks = [stack(pick, blinds[1] + (ante if seat in blind_seats or ante_by == "each" else 0), blinds[1])
              for seat in range(players)]
    duo = BigBetDuo(stacks, button, game, blinds, ante, ante_by)
    while not duo.over:
        if duo.phase == "showdown" and not duo.cards:
            duo.deal_showdown(random.Random(pick.integer(0, 2**32 - 1, "cards")))
        duo.play(pick.choice(duo.choices()))
    return duo


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data())
def test_random_big_bet_hands_agree_with_pokerkit_after_every_input(data: st.DataObject) -> None:
    play_random_big_bet_hand(Picker(data=data))


@pytest.mark.parametrize("seed", range(0, 300, 100))
def test_seeded_random_big_bet_hands_agree_with_pokerkit(seed: int) -> None:
    """The same kind of hands from fixed seeds: 100 hands per seed, the same on every run."""
    for hand in range(seed, seed + 100):
        play_random_big_bet_hand(Picker(rng=random.Random(hand)))


# Where our rulings and PokerKit differ in big-bet play: the same inputs through both, ours pinned, PokerKit's asserted
# (so an upgrade that changes it is noticed).


def both(stacks: list[int], game: str = "nl-2-7-single-draw", **settings: Any) -> tuple[Table, PokerKitHand]:
    """A hand dealt at both engines, Ana on the button (PokerKit's player 0 is the small blind)."""
    players = [{"name": name, "stack": stack} for name, stack in zip(NAMES, stacks, strict=False)]
    structure, draws = GAMES[game]
    blinds = tuple(settings.get("blinds", (1, 2)))
    ours = Table(players, games=[game], **settings).do("deal")
    theirs = PokerKitHand(stacks, 0, blinds=(blinds[0], blinds[1]), bets=(blinds[1], blinds[1]),
                          variant=BIG_BET_VARIANTS[(structure, draws)], ante=settings.get("ante", 0),
                          ante_by=settings.get("ante_by", "each"))
    return ours, theirs


def test_divergence_r30_a_short_all_in_over_the_big_blind_does_not_reopen_the_betting() -> None:
    ours, theirs = both([100, 3, 100])
    ours.do("Ana call")
    ours.game.push(parse_input({"action": "raise", "player": "Bia", "to": 3}))  # all-in, 1 over the big blind
    ours.do("Caio call")
    theirs.check_or_call()
    theirs.bet_or_raise(3)
    theirs.check_or_call()
    assert ours.to_act == "Ana" and "raise" not in ours.legal and ours.legal["call"]["amount"] == 1
    # PokerKit counts no opening bet before the first draw: the raise by 1 is "full" and Ana may raise (to 5).
    assert theirs.to_act() == 0 and theirs.min_to() == 5


def test_divergence_r30_a_short_all_in_bet_after_the_draw_does_not_reopen_for_a_player_who_checked() -> None:
    ours, theirs = both([20, 20, 3])
    ours.do("Ana call", "Bia call", "Caio check", "Bia draw 0", "Caio draw 0", "Ana draw 0", "Bia check")
    for _ in range(3):
        theirs.check_or_call()
    for _ in range(3):
        theirs.draw(0)
    theirs.check_or_call()
    ours.game.push(parse_input({"action": "bet", "player": "Caio", "to": 1}))  # all-in, less than the big blind
    ours.do("Ana call")
    theirs.bet_or_raise(1)
    theirs.check_or_call()
    assert ours.to_act == "Bia" and set(ours.legal) == {"fold", "call"} and ours.legal["call"]["amount"] == 1
    # PokerKit takes the 1-chip bet as the round's opening bet: Bia, who checked, may raise.
    assert theirs.to_act() == 1 and theirs.state.can_complete_bet_or_raise_to()


def test_divergence_r29_a_short_big_blind_changes_neither_the_call_nor_the_minimum() -> None:
    ours, theirs = both([100, 100, 1])
    assert ours.legal["call"]["amount"] == 2 and (ours.legal["raise"]["min"], ours.legal["raise"]["max"]) == (4, 100)
    # PokerKit makes the short blind the bet: call 1, raise to 3.
    assert theirs.call_amount() == 1 and theirs.min_to() == 3


def test_divergence_r32_the_big_blinds_ante_is_in_its_contribution_level() -> None:
    ours, theirs = both([100, 100, 8], blinds=[2, 5], ante=2, ante_by="big-blind")
    ours.game.push(parse_input({"action": "raise", "player": "Ana", "to": 10}))
    ours.do("Bia call", "Caio call")  # Caio, the big blind, all-in: 5 + the ante 2 + 1
    theirs.bet_or_raise(10)
    theirs.check_or_call()
    theirs.check_or_call()
    assert ours.state["pots"] == [{"amount": 24, "eligible": ["Ana", "Bia", "Caio"]},
                                  {"amount": 4, "eligible": ["Ana", "Bia"]}]
    # PokerKit keeps the ante as dead money in the main pot: 2 + 6 from each, the side pot 8.
    assert theirs.pots() == [(20, (0, 1, 2)), (8, (0, 1))]


if __name__ == "__main__":  # explore: python tests/test_pokerkit_big_bet.py [HANDS] [FIRST_SEED]
    import sys
    import traceback

    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    first = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    failures: Counter[str] = Counter()
    for seed in range(first, first + hands):
        try:
            play_random_big_bet_hand(Picker(rng=random.Random(seed)))
        except Exception as failure:  # report every kind, keep going
            where = traceback.extract_tb(failure.__traceback__)[-1]
            kind = f"{type(failure).__name__} at {where.name}:{where.lineno}"
            if not failures[kind]:
                print(f"seed {seed}: {kind}\n  {str(failure)[:1500]}\n")
            failures[kind] += 1
    print(f"{hands} hands, failures: {dict(failures)}")
