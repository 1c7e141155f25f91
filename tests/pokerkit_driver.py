"""Drive one hand of PokerKit's fixed-limit 2-7 Triple Draw in OUR seat convention, with unknown cards.

The betting differential test plays the same inputs through our engine and through this adapter and compares
them after every input. Only what both rule sets share can be compared (see the module notes at the end).

Seats: we list players clockwise and name the button's index. PokerKit has no button: its player 0 is the first
player left of the button and its last player is the button. So PokerKit player ``p`` is our seat
``(button + 1 + p) % n`` for every table size. Heads-up PokerKit swaps the blinds itself (its player 1, the
button, posts the small blind and acts first before the first draw; its player 0 posts the big blind and acts
first afterwards), which is our heads-up rule too.

Cards: the dealer's real cards are not the engine's business before the showdown, so every card dealt, burned or
discarded is PokerKit's unknown card ``??``. At the showdown ``show`` hands PokerKit the real five cards: PokerKit
replaces the unknown hole cards with them (its ``show_or_muck_hole_cards`` accepts explicit cards).

Automations: antes, blinds, bet collection, hand killing, chips pushing and chips pulling. Burning, dealing, the
draws and the showdown are manual, so each of our inputs is one or a few PokerKit calls.

Big-bet play: PokerKit has no-limit 2-7 Single Draw only; the other structure and draw combinations of 2-7 are
built here from its own mixins (``BIG_BET_VARIANTS``), with the big blind as every round's smallest bet. Antes
"each" are PokerKit's uniform antes (trimmed, so they form contribution levels); the big blind's ante is its
``{1: ante}`` (not trimmed: PokerKit then keeps it as dead money in the main pot, outside the levels).
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import Any

from pokerkit import (
    Automation,
    ChipsPushing,
    DeuceToSevenLowballMixin,
    FixedLimitDeuceToSevenLowballTripleDraw,
    Mode,
    NoLimitDeuceToSevenLowballSingleDraw,
    NoLimitPokerMixin,
    PotLimitPokerMixin,
    SingleDraw,
    State,
    TripleDraw,
)

from dealer.rules.cards import HAND_SIZE, parse_cards, parse_hand

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)
UNKNOWN = "??"


class PotLimitDeuceToSevenLowballSingleDraw(PotLimitPokerMixin, DeuceToSevenLowballMixin, SingleDraw):
    """Pot-limit 2-7 Single Draw: PokerKit's own parts, a combination it does not ship."""


class NoLimitDeuceToSevenLowballTripleDraw(NoLimitPokerMixin, DeuceToSevenLowballMixin, TripleDraw):
    """No-limit 2-7 Triple Draw (the big blind as the smallest bet of every round)."""


class PotLimitDeuceToSevenLowballTripleDraw(PotLimitPokerMixin, DeuceToSevenLowballMixin, TripleDraw):
    """Pot-limit 2-7 Triple Draw."""


# Our (structure, draws) -> PokerKit's game class, for the 2-7 games.
BIG_BET_VARIANTS: dict[tuple[str, int], Any] = {
    ("no-limit", 1): NoLimitDeuceToSevenLowballSingleDraw,
    ("pot-limit", 1): PotLimitDeuceToSevenLowballSingleDraw,
    ("no-limit", 3): NoLimitDeuceToSevenLowballTripleDraw,
    ("pot-limit", 3): PotLimitDeuceToSevenLowballTripleDraw,
}


def pokerkit_game(variant: Any, blinds: tuple[int, int], bets: tuple[int, int], ante: int = 0,
                  ante_by: str = "each") -> Any:
    """PokerKit's game definition in the driver's automations and cash-game mode.

    ``bets``: the fixed limit's small and big bet; a single-draw game takes one smallest bet (the first). A
    big-blind ante is posted by PokerKit's player 1 (the big blind with three players or more)."""
    antes: Any = {1: ante} if ante and ante_by == "big-blind" else ante
    sizes = bets[:1] if issubclass(variant, SingleDraw) else bets
    # Cash-game mode only warns about a fold with nothing to call (tournament mode refuses it, ruling R10
    # allows it); draw games have no boards, so the mode's other differences (run-outs) never apply.
    return variant(AUTOMATIONS, ante_by != "big-blind", antes, blinds, *sizes, mode=Mode.CASH_GAME)


class PokerKitHand:
    """One hand; every method takes and returns OUR seat indices (clockwise, ``button`` given)."""

    def __init__(self, stacks: Sequence[int], button: int, blinds: tuple[int, int] = (1, 2),
                 bets: tuple[int, int] = (2, 4), variant: Any = FixedLimitDeuceToSevenLowballTripleDraw,
                 ante: int = 0, ante_by: str = "each") -> None:
        """``variant``: PokerKit's game (a draw class: its hand size, hand types, structure and draws); fixed-limit
        2-7 Triple Draw by default. ``ante``/``ante_by`` as our table's settings."""
        self.players = len(stacks)
        self.hand_size: int = variant.hole_dealing_count
        if not 2 <= self.players <= 6 or not 0 <= button < self.players:
            raise ValueError(f"2-6 players and a button among them, not {self.players} players, button {button}")
        self.button = button
        # PokerKit player 0 posts the first blind, player 1 the second (swapped heads-up).
        self.game = pokerkit_game(variant, blinds, bets, ante, ante_by)
        self.state: State = self.game([stacks[self.seat(player)] for player in range(self.players)], self.players)
        self._deal_starting_hands()

    # Seat mapping ------------------------------------------------------------------------------------------

    def seat(self, player: int) -> int:
        """Our seat of PokerKit's player index."""
        return (self.button + 1 + player) % self.players

    def player(self, seat: int) -> int:
        """PokerKit's player index of our seat."""
        return (seat - self.button - 1) % self.players

    def _by_seat(self, values: Sequence[int]) -> list[int]:
        return [values[self.player(seat)] for seat in range(self.players)]

    # Where the hand is -------------------------------------------------------------------------------------

    def phase(self) -> str:
        """Our engine's phase names: "bet", "draw", "showdown", or "deal" once the hand is over."""
        if not self.state.status:
            return "deal"
        if self.state.stand_patter_or_discarder_index is not None:
            return "draw"
        if self.state.actor_index is not None:
            return "bet"
        if self.state.showdown_index is not None:
            return "showdown"
        raise AssertionError(f"PokerKit waits for an operation this driver never leaves pending: {self.state}")

    def betting_round(self) -> int | None:
        """1-4 while betting; during a draw, the round that follows it (PokerKit's draw k opens street k+1)."""
        street = self.state.street_index
        return None if street is None or self.phase() == "showdown" else street + 1

    def to_act(self) -> int | None:
        """Whose turn: to bet, to announce a draw, or to show; None when the hand is over."""
        player = self.state.turn_index
        return None if player is None else self.seat(player)

    def call_amount(self) -> int:
        """What check/call costs the player to act (0 = check); an all-in call costs the whole stack."""
        return self.state.checking_or_calling_amount or 0

    def raise_to(self) -> int | None:
        """The total a bet/raise brings the player's bet to (fixed limit: one amount; the player's whole stack if
        that is less), or None when PokerKit refuses a raise (cap, short all-in, nobody left to call it)."""
        if not self.state.can_complete_bet_or_raise_to():
            return None
        return self.state.min_completion_betting_or_raising_to_amount

    def min_to(self) -> int | None:
        """Big-bet play: the smallest total a bet/raise may bring the player's bet to (their whole stack if less),
        or None when PokerKit refuses a raise (short all-in not reopening, nobody left to call it)."""
        return self.state.min_completion_betting_or_raising_to_amount

    def max_to(self) -> int | None:
        """Big-bet play: the largest total (no-limit: the whole stack; pot-limit: the pot after the call)."""
        return self.state.max_completion_betting_or_raising_to_amount

    def raises_this_round(self) -> int:
        """PokerKit's cap counter: bets, completions and raises this round (blinds not counted; cap 4)."""
        return self.state.completion_betting_or_raising_count

    # Betting -----------------------------------------------------------------------------------------------

    def fold(self) -> None:
        """Fold, even with nothing to call (ruling R10); PokerKit's warning about that is expected here."""
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", "There is no reason for this player to fold", UserWarning)
            self.state.fold()

    def check_or_call(self) -> None:
        self.state.check_or_call()

    def bet_or_raise(self, to: int | None = None) -> None:
        """Bet or raise to the total ``to`` (big-bet play), or to the one fixed-limit amount."""
        self.state.complete_bet_or_raise_to(to)

    # Draws -------------------------------------------------------------------------------------------------

    def draw(self, count: int) -> None:
        """The player to act announces ``count`` discards (0 = stand pat).

        PokerKit wants the same order as our table: every live player announces (clockwise from the left of the
        button), then one burn, then each drawing player gets all replacements in a row, in announcing order.
        It refuses to burn before the last announcement and to deal before the burn, so the last announcement
        triggers the burn and the serving here.
        """
        if not 0 <= count <= self.hand_size:
            raise ValueError(f"a player discards 0 to {self.hand_size} cards, not {count}")
        self.state.stand_pat_or_discard(UNKNOWN * count)  # a subset of the unknown hole cards
        if self.state.stand_patter_or_discarder_index is None:
            self._burn_and_serve()

    def _burn_and_serve(self) -> None:
        self.state.burn_card(UNKNOWN)  # PokerKit burns even when everybody stood pat, as §05 does
        while (player := self.state.hole_dealee_index) is not None:
            missing = len(self.state.hole_dealing_statuses[player])
            self.state.deal_hole(UNKNOWN * missing, player)

    def _deal_starting_hands(self) -> None:
        # One card at a time, PokerKit player 0 (left of the button) first, as the dealer deals (§03).
        while self.state.hole_dealee_index is not None:
            self.state.deal_hole(UNKNOWN)

    # Showdown ----------------------------------------------------------------------------------------------

    def show(self, cards: str) -> None:
        """The player to show turns over these five cards (our notation, e.g. "7h 5c 4d 3s 2c")."""
        hand = parse_hand(cards) if self.hand_size == HAND_SIZE else parse_cards(cards)
        self.state.show_or_muck_hole_cards("".join(str(card) for card in hand))

    def muck(self) -> None:
        """The player to show gives up their claim without showing."""
        self.state.show_or_muck_hole_cards(False)

    # Chips -------------------------------------------------------------------------------------------------

    def pots(self) -> list[tuple[int, tuple[int, ...]]]:
        """Main pot first, then side pots: (amount, eligible seats ascending), while the hand runs (PokerKit
        empties them as it pays). Collected chips only: PokerKit moves bets into the pots when a betting round
        ends, so the current round's bets are in ``bets()``. Levels with the same eligible players merge (R16)."""
        return [(pot.amount, tuple(sorted(self.seat(player) for player in pot.player_indices)))
                for pot in self.state.pots]

    def awards(self) -> list[tuple[int, list[int]]]:
        """What each pot paid, in paying order: (pot index, chips won by seat). When everyone else folded,
        PokerKit never collects the winner's own bets of that round, so it pays less than the pot we show (the
        winner just keeps those chips: payoffs agree)."""
        return [(operation.pot_index, self._by_seat(operation.amounts)) for operation in self.state.operations
                if isinstance(operation, ChipsPushing)]

    def bets(self) -> list[int]:
        return self._by_seat(self.state.bets)

    def stacks(self) -> list[int]:
        return self._by_seat(self.state.stacks)

    def payoffs(self) -> list[int]:
        """Each seat's net result: final stack minus starting stack (final once ``phase()`` is "deal")."""
        return self._by_seat(self.state.payoffs)


# Notes for the differential test (PokerKit 0.7.7 against the house card), checked in test_pokerkit_driver.py:
# - Cap: PokerKit allows 4 bets/completions/raises per round and never counts the blinds, so before the first draw
#   it caps at 10 (blind 2 + four raises); ours caps at 8 (the big blind is the bet). Same cap (4 units) after it.
# - PokerKit has no unlimited raising heads-up (or when only two players can still bet).
# - A short all-in raise reopens betting in PokerKit only once the short raises add up to a full unit; ours
#   reopens at half a unit. PokerKit's next raise is a full unit above the all-in (no "completing" it), and it
#   counts short all-ins toward the cap.
# - Odd chips: PokerKit gives the whole remainder of a split pot to the tied player first left of the button;
#   ours one chip each clockwise. They differ only with three or more tied and a remainder of two or more.
# - No fold during a draw in PokerKit; a fold with nothing to call is refused in tournament mode (so: cash-game mode).
# - PokerKit asks every live player to show or muck; ours stops once one player still claims a pot (R18).
# - Everyone folds to one player: PokerKit leaves that player's last-round bets out of the pot it pays.
# - A blind a stack cannot cover is posted short by PokerKit. With unknown cards PokerKit's deck never runs out,
#   so its own short-deck reshuffle (which also recycles burns and unserved players' discards) never happens.
