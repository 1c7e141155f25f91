""""Who wins?" in every game (rulings R22-R24): typed hands ranked best first, each half of a split game on its own."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import BadInput
from ..messages import N_, Msg, Translate, msg
from .cards import Card, parse_cards
from .games import DEFAULT_GAME, GAMES, GameRules, Half
from .ranking import Comparison, RankedHand, rank_groups
from .ties import ranking_steps


def game_of(payload: object) -> GameRules:
    """The game a comparison request names (``"game"``, default 2-7), or a refusal naming the games."""
    code = payload.get("game") if isinstance(payload, dict) else None
    if code is None:
        return DEFAULT_GAME
    if not isinstance(code, str) or code not in GAMES:
        raise BadInput(N_("Unknown game “{game}”: use one of {games}."), ruling="R25", game=str(code)[:30],
                       games=", ".join(GAMES))
    return GAMES[code]


def game_hand(game: GameRules, text: str) -> tuple[Card, ...]:
    """One typed hand of ``game``: exactly its hand size of distinct cards, or a refusal saying why."""
    return read_hand(text, game.hand_size)


def read_hand(text: str, size: int) -> tuple[Card, ...]:
    cards = parse_cards(text)
    if len(cards) != size:
        raise BadInput(N_("A hand has exactly {size} cards in this game; {count} given."), rule="01", size=size,
                       count=len(cards))
    if len(set(cards)) != size:
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
        """The answer of ``POST /api/compare`` (docs/API.md): as before for whole-pot games, else the halves."""
        if not self.game.split:
            return dict(self.halves[0].to_json(translate), game=self.game.code)
        return {"game": self.game.code,
                "halves": [dict(comparison.to_json(translate), half=half.code)
                           for half, comparison in zip(self.game.halves, self.halves, strict=True)]}


def compare_game(game: GameRules, texts: Sequence[str], minimum: int = 2, maximum: int = 10) -> GameComparison:
    """Rank typed hands of ``game`` best first (each half on its own), refusing a card used twice."""
    if not isinstance(texts, (list, tuple)) or not minimum <= len(texts) <= maximum:
        raise BadInput(N_("Give between {minimum} and {maximum} hands."), rule="02", minimum=minimum, maximum=maximum)
    read = [read_hand(text, game.hand_size) for text in texts]
    seen: set[Card] = set()
    for cards in read:
        for card in cards:
            if card in seen:
                raise BadInput(N_("The card {card} appears in two hands."), rule="01", card=str(card))
            seen.add(card)
    return GameComparison(game, tuple(compare_half(half, tuple(half.rank(cards) for cards in read))
                                      for half in game.halves))


# What the comparator says first in each game other than 2-7 (whose words are ranking.COMPARE_LEAD).
_LEADS = {
    "a-5-triple-draw": msg(N_("In A-5 lowball the lowest hand wins: the ace is always low, and straights and flushes "
                             "do not count."), ruling="R22"),
    "badugi": msg(N_("In Badugi only the largest set of cards with different ranks and suits counts; the lower set "
                     "wins, and the ace is low."), ruling="R23"),
    "badeucey": msg(N_("Each half is ranked on its own: the 2-7 half, and the best badugi of four of the five cards "
                       "with the ace high."), ruling="R24"),
    "badacey": msg(N_("Each half is ranked on its own: the A-5 half, and the best badugi of four of the five cards "
                      "with the ace low."), ruling="R24"),
}


def compare_lead(game: GameRules) -> Msg | None:
    """The comparator's first words for ``game`` (None for 2-7: the page keeps its own)."""
    return _LEADS.get(game.code)
