""""Who wins?" in every game (rulings R22-R24): typed hands ranked best first, each half of a split game on its own."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import BadInput
from ..messages import N_, Msg, Translate, msg
from .cards import Card, parse_cards
from .games import (
    ALL_GAMES,
    BADACEY,
    BADEUCEY,
    BADUGI,
    DEFAULT_GAME,
    SINGLE_DRAW_27,
    TRIPLE_DRAW_27,
    TRIPLE_DRAW_A5,
    GameRules,
    Half,
)
from .ranking import Comparison, RankedHand, rank_groups
from .ties import ranking_steps


def game_of(payload: object) -> GameRules:
    """The game a comparison request names (``"game"``, default 2-7), or a refusal naming the games."""
    code = payload.get("game") if isinstance(payload, dict) else None
    if code is None:
        return DEFAULT_GAME
    if not isinstance(code, str) or code not in ALL_GAMES:
        raise BadInput(N_("Unknown game “{game}”: use one of {games}."), ruling="R25", game=str(code)[:30],
                       games=", ".join(ALL_GAMES))
    return ALL_GAMES[code]


def game_hand(game: GameRules, text: str) -> tuple[Card, ...]:
    """One typed hand of ``game``: exactly its hand size of distinct cards, or a refusal saying why."""
    cards = parse_cards(text)
    if len(cards) != game.hand_size:
        raise BadInput(comparator(game).wrong_size, rule="01", size=game.hand_size, count=len(cards))
    if len(set(cards)) != game.hand_size:
        raise BadInput(N_("The same card appears twice in one hand."), rule="01")
    return cards


def compare_half(half: Half, hands: tuple[RankedHand, ...]) -> Comparison:
    """Rank already-read hands in one way of ranking, with a sentence per step."""
    groups = rank_groups(hands)
    steps = ranking_steps(half.explain, hands, groups)
    return Comparison(hands, groups, steps[0], steps)


@dataclass(frozen=True)
class GameComparison:
    game: GameRules
    halves: tuple[Comparison, ...]  # one for a whole-pot game; the five-card half first in a split game

    def to_json(self, translate: Translate) -> dict[str, Any]:
        """The answer of ``POST /api/compare`` (docs/API.md): one ranking for a whole-pot game (naming the game but
        for the house card's own, whose answer stays as it always was), else the halves."""
        if not self.game.split:
            found = self.halves[0].to_json(translate)
            return dict(found, game=self.game.code) if comparator(self.game).names_game else found
        return {"game": self.game.code,
                "halves": [dict(comparison.to_json(translate), half=half.code)
                           for half, comparison in zip(self.game.halves, self.halves, strict=True)]}


def compare_game(game: GameRules, texts: Sequence[str], minimum: int = 2, maximum: int = 10) -> GameComparison:
    """Rank typed hands of ``game`` best first (each half on its own), refusing a card used twice."""
    if not isinstance(texts, (list, tuple)) or not minimum <= len(texts) <= maximum:
        raise BadInput(N_("Give between {minimum} and {maximum} hands."), rule="02", minimum=minimum, maximum=maximum)
    read = [game_hand(game, text) for text in texts]
    seen: set[Card] = set()
    for cards in read:
        for card in cards:
            if card in seen:
                raise BadInput(N_("The card {card} appears in two hands."), rule="01", card=str(card))
            seen.add(card)
    return GameComparison(game, tuple(compare_half(half, tuple(half.rank(cards) for cards in read))
                                      for half in game.halves))


def compare_hands(texts: Sequence[str], minimum: int = 2, maximum: int = 10) -> Comparison:
    """Rank typed hands of 2-7 best first: the house card's game, compared as every other game is."""
    return compare_game(DEFAULT_GAME, texts, minimum, maximum).halves[0]


@dataclass(frozen=True)
class Comparator:
    """What "Who wins?" says for one game: its first words, its reminders, the refusal of a hand of the wrong size,
    whether the house card's worked examples are the game's own, and whether the API's answer names the game."""

    lead: Msg
    reminders: tuple[Msg, ...] = ()
    wrong_size: str = N_("A hand has exactly {size} cards in this game; {count} given.")
    card_examples: bool = False
    names_game: bool = True


LEAD_27 = msg(N_("Enter two to six hands of five cards. In 2-7 the lowest hand wins: the ace is always high, and "
                 "straights and flushes count against you."), rule="02")
REMINDERS_27 = (msg(N_("A-2-3-4-5 is not the best hand: the ace is high, so it is ace-high."), ruling="R3"),
                msg(N_("Straights and flushes count against you."), rule="02"),
                msg(N_("Any hand without a pair beats any pair."), rule="02"),
                msg(N_("Suits never break a tie: equal ranks split the pot."), rule="08"))

COMPARATORS: dict[str, Comparator] = {
    TRIPLE_DRAW_27: Comparator(LEAD_27, REMINDERS_27, N_("A hand has exactly 5 cards; {count} given."),
                               card_examples=True, names_game=False),
    # One draw, the same hands: 2-7 ranks as the card's §02 (R33), the card's worked examples hold.
    SINGLE_DRAW_27: Comparator(LEAD_27, REMINDERS_27, card_examples=True),
    TRIPLE_DRAW_A5: Comparator(msg(N_("In A-5 lowball the lowest hand wins: the ace is always low, and straights and "
                                      "flushes do not count."), ruling="R22")),
    BADUGI: Comparator(msg(N_("In Badugi only the largest set of cards with different ranks and suits counts; the "
                              "lower set wins, and the ace is low."), ruling="R23")),
    BADEUCEY: Comparator(msg(N_("Each half is ranked on its own: the 2-7 half, and the best badugi of four of the "
                                "five cards with the ace high."), ruling="R24")),
    BADACEY: Comparator(msg(N_("Each half is ranked on its own: the A-5 half, and the best badugi of four of the "
                               "five cards with the ace low."), ruling="R24")),
}


def comparator(game: GameRules) -> Comparator:
    """The comparator's words for ``game``."""
    return COMPARATORS[game.code]
