"""Cards as the pages show them: rank and suit symbol, red or black, and the 52-card grid of both card pickers."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from dealer import RANK_CHARS, RANK_LABELS, SUIT_CHARS, Card, parse_cards

SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
RED_SUITS = frozenset("dh")


@dataclass(frozen=True)
class CardView:
    code: str  # what the forms take: "Th"
    rank: str  # what people read: "10"
    symbol: str  # "♥"
    suit: str  # "h", for the colour of the suit

    @property
    def label(self) -> str:
        return f"{self.rank}{self.symbol}"

    @property
    def red(self) -> bool:
        return self.suit in RED_SUITS


def card_view(card: Card) -> CardView:
    return CardView(str(card), RANK_LABELS[card.rank], SUIT_SYMBOLS[card.suit], card.suit)


def card_views(cards: Iterable[Card] | str | None) -> tuple[CardView, ...]:
    """Cards (or their text, "7h 5c …") for display."""
    if cards is None:
        return ()
    if isinstance(cards, str):
        cards = parse_cards(cards)
    return tuple(card_view(card) for card in cards)


@dataclass(frozen=True)
class GridCard:
    card: CardView
    rank_index: int  # 0 for the deuce: the good end of 2-7 comes first
    suit_index: int
    taken: bool  # already shown by someone else: cannot be picked
    picked: bool


ALL_RANKS = tuple(range(2, 2 + len(RANK_CHARS)))  # the deuce to the ace


def deck_grid(taken: Iterable[str] = (), picked: Iterable[str] = (),
              ranks: Sequence[int] = ALL_RANKS) -> tuple[GridCard, ...]:
    """The cards of ``ranks`` (by default the 52, low to high) in that order, suits in a fixed order, for the
    console's and the comparator's pickers."""
    gone = set(taken)
    chosen = {code.lower() for code in picked}
    return tuple(GridCard(card_view(Card(rank, suit)), rank_index, suit_index,
                          str(Card(rank, suit)) in gone, str(Card(rank, suit)).lower() in chosen)
                 for rank_index, rank in enumerate(ranks) for suit_index, suit in enumerate(SUIT_CHARS))


def showdown_picker(first: Sequence[int], later: Sequence[int], taken: Iterable[str],
                    picked: Iterable[str]) -> tuple[tuple[GridCard, ...], ...]:
    """The console's picker as the engine orders the game's ranks: the ranks a showdown hand is nearly always made
    of first, the others after (every rank when the snapshot names none)."""
    groups = (first, later) if first else (ALL_RANKS,)
    gone, chosen = tuple(taken), tuple(picked)
    return tuple(deck_grid(gone, chosen, ranks) for ranks in groups if ranks)
