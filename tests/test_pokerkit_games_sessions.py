"""Random hands of every game through our engine and through PokerKit 0.7.7 (rulings R21-R24): the same inputs,
the same turns, bets and pots after every input, and the same stacks at the end of every hand.

PokerKit's own games are ``FixedLimitDeuceToSevenLowballTripleDraw`` and ``FixedLimitBadugi``; A-5 Triple Draw,
Badeucey and Badacey are composed here from its parts (its triple-draw structure, fixed limit, and its hand types:
``RegularLowHand``, ``StandardLowHand`` with ``StandardBadugiHand``, ``RegularLowHand`` with ``BadugiHand``).
PokerKit halves a split pot with the odd chip to its first hand type: the five-card half, as R24 does.

The random choices stay inside the rules PokerKit shares with the house card (see test_pokerkit_betting.py's
notes); the showdowns have no tied hands in any half (R17's odd chips differ from PokerKit's with three tied).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, ClassVar

import pytest

pokerkit = pytest.importorskip("pokerkit", reason="pokerkit is not installed: the differential tests need it")

from pokerkit import (  # noqa: E402
    BadugiHand,
    Deck,
    FixedLimitBadugi,
    FixedLimitDeuceToSevenLowballTripleDraw,
    FixedLimitPokerMixin,
    RegularLowHand,
    StandardBadugiHand,
    StandardLowHand,
    TripleDraw,
)

from dealer.rules.cards import FULL_DECK, format_cards  # noqa: E402
from dealer.rules.games import GAMES, GameRules  # noqa: E402
from engine_driver import Table  # noqa: E402
from pokerkit_driver import PokerKitHand  # noqa: E402
from test_pokerkit_betting import Duo, Picker  # noqa: E402


class FixedLimitA5TripleDraw(FixedLimitPokerMixin, TripleDraw):
    deck: ClassVar[Any] = Deck.REGULAR
    hand_types: ClassVar[Any] = (RegularLowHand,)
    hole_dealing_count: ClassVar[int] = 5


class FixedLimitBadeucey(FixedLimitPokerMixin, TripleDraw):
    deck: ClassVar[Any] = Deck.STANDARD
    hand_types: ClassVar[Any] = (StandardLowHand, StandardBadugiHand)
    hole_dealing_count: ClassVar[int] = 5


class FixedLimitBadacey(FixedLimitPokerMixin, TripleDraw):
    deck: ClassVar[Any] = Deck.REGULAR
    hand_types: ClassVar[Any] = (RegularLowHand, BadugiHand)
    hole_dealing_count: ClassVar[int] = 5


VARIANTS = {
    "2-7-triple-draw": FixedLimitDeuceToSevenLowballTripleDraw,
    "a-5-triple-draw": FixedLimitA5TripleDraw,
    "badugi": FixedLimitBadugi,
    "badeucey": FixedLimitBadeucey,
    "badacey": FixedLimitBadacey,
}


class GameDuo(Duo):
    """One hand of ``game`` through both engines (``Duo`` compares them after every input)."""

    game: GameRules

    def __init__(self, stacks: list[int], button: int, game: GameRules) -> None:
        self.game = game
        self.names = ("Ana", "Bia", "Caio", "Dani", "Edu", "Fabi")[: len(stacks)]
        self.start = list(stacks)
        self.button = button
        players = [{"name": name, "stack": stack} for name, stack in zip(self.names, stacks, strict=True)]
        self.ours = Table(players, button=self.names[button], games=[game.code]).do("deal")
        self.theirs = PokerKitHand(stacks, button, variant=VARIANTS[game.code])
        self.cards: dict[int, str] = {}
        self.order: list[int] | None = None
        self.asked: list[int] = []
        self.inputs: list[str] = ["deal"]
        self.pots: list[dict[str, Any]] = []
        self.mucked: set[int] = set()
        self.pointless_checks = 0
        self.state: dict[str, Any] = {}
        self.compare()

    def choices(self) -> list[str]:
        return [move for move in super().choices()
                if not move.startswith("draw") or int(move.split()[1]) <= self.game.hand_size]

    def compare_results(self, where: str) -> None:
        """The same stacks at the end of the hand, and PokerKit asked the same showing order (R18)."""
        stacks = [player["stack"] for player in self.state["players"]]
        assert [stack - start for stack, start in zip(stacks, self.start, strict=True)] == \
            self.theirs.payoffs(), where
        if self.order is not None:
            assert self.asked == self.order, where

    def deal_showdown(self, rng: random.Random) -> None:
        """Distinct hands of the game's size for the live players, no two alike in any half."""
        live = [seat for seat, player in enumerate(self.state["players"])
                if player["status"] in ("active", "all_in")]
        while True:
            deck = list(FULL_DECK)
            rng.shuffle(deck)
            hands = {seat: tuple(deck[index * self.game.hand_size:(index + 1) * self.game.hand_size])
                     for index, seat in enumerate(live)}
            keys = [Counter(half.rank(hand).key for hand in hands.values()) for half in self.game.halves]
            if all(max(counts.values()) == 1 for counts in keys):
                break
        self.cards = {seat: format_cards(hand) for seat, hand in hands.items()}


def play_game_hand(pick: Picker, game: GameRules) -> GameDuo:
    players = pick.integer(2, 6, "players")
    stacks = [pick.stack() for _ in range(players)]
    duo = GameDuo(stacks, pick.integer(0, players - 1, "button"), game)
    while not duo.over:
        if duo.phase == "showdown" and not duo.cards:
            duo.deal_showdown(random.Random(pick.integer(0, 2**32 - 1, "cards")))
        duo.play(pick.choice(duo.choices()))
    return duo


@pytest.mark.parametrize("code", list(GAMES))
def test_r21_random_hands_of_every_game_end_with_pokerkits_stacks(code: str) -> None:
    """120 seeded hands per game; R24's halves are paid as PokerKit's split games pay them."""
    showdowns = 0
    for seed in range(120):
        duo = play_game_hand(Picker(rng=random.Random(seed * 7919 + len(code))), GAMES[code])
        showdowns += duo.order is not None
    assert showdowns >= 10  # the comparison reached the rankings, not only folds
