"""The games of the triple-draw family (rulings R21-R25): each a value the engine reads, never a copy of the engine.

A game says its code, its name, how many cards a hand has, how many a player may draw, how hands rank and how a
pot is divided (whole, or halved between a five-card low half and a badugi half: R24), how many draws it has
(three, or one in 2-7 Single Draw: R33) and its betting structure (fixed limit, pot-limit or no-limit: R28), read
from a prefix of its code ("nl-", "pl-", "fl-"). Everything else (draws, pots, showdown order, misdeal, session) is
the house card's, for every game (R21).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache, partial

from ..messages import N_, Msg, msg
from .cards import Card
from .ranking import RankedHand, explain, rank_hand
from .ranking_a5 import explain_a5, rank_a5
from .ranking_badugi import explain_badugi, rank_badugi

TRIPLE_DRAW_27, TRIPLE_DRAW_A5, BADUGI, BADEUCEY, BADACEY, SINGLE_DRAW_27 = (
    "2-7-triple-draw", "a-5-triple-draw", "badugi", "badeucey", "badacey", "2-7-single-draw")
FIXED_LIMIT, POT_LIMIT, NO_LIMIT = "fixed-limit", "pot-limit", "no-limit"  # betting structures (R28)
PREFIXES = {"fl-": FIXED_LIMIT, "pl-": POT_LIMIT, "nl-": NO_LIMIT}
STRUCTURE_NAMES = {FIXED_LIMIT: N_("Fixed-Limit {game}"), POT_LIMIT: N_("Pot-Limit {game}"),
                   NO_LIMIT: N_("No-Limit {game}")}
ROTATION, DEALERS_CHOICE = "rotation", "dealer"
CHOICES = (ROTATION, DEALERS_CHOICE)
DEFAULT_GAMES: tuple[str, ...] = (TRIPLE_DRAW_27,)


@dataclass(frozen=True)
class Half:
    """One way of ranking hands: a whole game's, or one half of a split game's."""

    code: str  # "2-7" | "a-5" | "badugi" (the API's "half")
    name: Msg
    rank: Callable[[Sequence[Card]], RankedHand]
    explain: Callable[[RankedHand, RankedHand], Msg]
    ruling: str | None  # where the ranking is written: R22, R23 (None: §02 of the card)


@dataclass(frozen=True)
class SplitHand(RankedHand):
    """A hand of a split game: its rank in each half, the five-card half first (R24)."""

    halves: tuple[RankedHand, ...] = ()

    @property
    def name(self) -> Msg:
        return msg(N_("{low} and {badugi}"), low=self.halves[0].name, badugi=self.halves[1].name)

    @property
    def pattern(self) -> str:
        return self.halves[0].pattern

    @property
    def compared_order(self) -> tuple[Card, ...]:
        return self.halves[0].compared_order


@dataclass(frozen=True)
class GameRules:
    code: str
    name: Msg
    hand_size: int
    halves: tuple[Half, ...]  # one for a whole-pot game; the five-card half first in a split game
    phh_variant: str | None  # PHH's variant code when PHH has one (F2L3D, FB)
    draws: int = 3  # three draws (the card), or one (2-7 Single Draw: R33)
    structure: str = FIXED_LIMIT  # fixed limit (§04, §06) or big-bet play (R28-R31)
    default_structure: str = FIXED_LIMIT  # the structure its code means without a prefix

    @property
    def big_bet(self) -> bool:
        """Pot-limit or no-limit: amounts are chosen within a range, no cap (R28)."""
        return self.structure != FIXED_LIMIT

    @property
    def full_name(self) -> Msg:
        """The name with its structure, unless the structure is the one the plain code means for a fixed-limit game
        ("No-Limit 2-7 Single Draw", "Pot-Limit Badugi"; fixed-limit triple-draw games keep their plain name)."""
        if self.structure == FIXED_LIMIT and self.default_structure == FIXED_LIMIT:
            return self.name
        return msg(STRUCTURE_NAMES[self.structure], ruling="R28", game=self.name)

    @property
    def betting_rounds(self) -> int:
        """One betting round before each draw, and one after the last."""
        return self.draws + 1

    @property
    def split(self) -> bool:
        return len(self.halves) > 1

    @property
    def draw_maximum(self) -> int:
        """A player draws 0 to the hand size (R21)."""
        return self.hand_size

    def rank(self, cards: Sequence[Card]) -> RankedHand:
        """The hand's rank in this game (in a split game, a :class:`SplitHand` with a rank per half)."""
        if not self.split:
            return self.halves[0].rank(cards)
        halves = tuple(half.rank(cards) for half in self.halves)
        first = halves[0]
        return SplitHand(tuple(cards), first.category, first.comparison, first.key, halves)


LOW_27 = Half("2-7", msg(N_("2-7 lowball")), rank_hand, explain, None)
LOW_A5 = Half("a-5", msg(N_("A-5 lowball")), rank_a5, explain_a5, "R22")
BADUGI_LOW = Half("badugi", msg(N_("badugi")), rank_badugi, explain_badugi, "R23")
BADUGI_HIGH = Half("badugi", msg(N_("badugi, ace high")), partial(rank_badugi, ace_high=True), explain_badugi, "R23")

GAMES: dict[str, GameRules] = {game.code: game for game in (
    GameRules(TRIPLE_DRAW_27, msg(N_("2-7 Triple Draw")), 5, (LOW_27,), "F2L3D"),
    GameRules(TRIPLE_DRAW_A5, msg(N_("A-5 Triple Draw")), 5, (LOW_A5,), None),
    GameRules(BADUGI, msg(N_("Badugi")), 4, (BADUGI_LOW,), "FB"),
    GameRules(BADEUCEY, msg(N_("Badeucey")), 5, (LOW_27, BADUGI_HIGH), None),
    GameRules(BADACEY, msg(N_("Badacey")), 5, (LOW_A5, BADUGI_LOW), None),
)}  # the triple-draw family: fixed limit unless prefixed
SINGLE_DRAW = GameRules(SINGLE_DRAW_27, msg(N_("2-7 Single Draw")), 5, (LOW_27,), "N2L1D", draws=1,
                        structure=NO_LIMIT, default_structure=NO_LIMIT)
ALL_GAMES: dict[str, GameRules] = GAMES | {SINGLE_DRAW.code: SINGLE_DRAW}  # every plain code (R28, R33)
DEFAULT_GAME = GAMES[TRIPLE_DRAW_27]


@lru_cache(maxsize=256)
def find_game(code: str) -> GameRules | None:
    """The game a code names, with its structure prefix read ("pl-badugi"); None for an unknown code or prefix."""
    base = ALL_GAMES.get(code)
    if base is not None:
        return base
    prefix, rest = code[:3], code[3:]
    structure = PREFIXES.get(prefix)
    base = ALL_GAMES.get(rest)
    if structure is None or base is None:
        return None
    # PHH's variant codes name a structure too (F2L3D is fixed limit, N2L1D no-limit).
    variant = base.phh_variant if structure == base.structure else None
    return replace(base, code=code, structure=structure, phh_variant=variant)


def game_rules(code: str) -> GameRules:
    """The game of a (prefixed) code the table lists; a KeyError for an unknown one (parse_game checks codes)."""
    game = find_game(code)
    if game is None:
        raise KeyError(code)
    return game
