"""Cards of a standard 52-card deck, and reading them from what a dealer types."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from ..errors import BadInput
from ..messages import N_

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
SUIT_SYMBOLS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s", "♧": "c", "♢": "d", "♡": "h", "♤": "s"}
DECK_SIZE = 52
HAND_SIZE = 5


class Card(NamedTuple):
    rank: int  # 2..14, the ace is always high in 2-7
    suit: str  # one of "cdhs"

    def __str__(self) -> str:
        return RANK_CHARS[self.rank - 2] + self.suit


FULL_DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUIT_CHARS for rank in range(2, 15))

_TOKEN = re.compile(r"(10|[2-9tjqka])([cdhs])", re.IGNORECASE)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards such as ``"7h 5c 4d 3s 2c"``, ``"7h5c4d3s2c"``, ``"10♥ 5♣"`` (case-insensitive)."""
    if not isinstance(text, str):
        raise BadInput(N_("Cards must be given as text, such as 7h 5c 4d 3s 2c."))
    normalised = "".join(SUIT_SYMBOLS.get(char, char) for char in text.strip())
    compact = re.sub(r"[\s,;]+", "", normalised)
    cards: list[Card] = []
    position = 0
    while position < len(compact):
        match = _TOKEN.match(compact, position)
        if match is None:
            raise BadInput(
                N_("Cannot read the card at “{text}”: use a rank 2-9, T, J, Q, K, A and a suit c, d, h, s."),
                rule="01",
                text=compact[position : position + 3],
            )
        rank_text = match.group(1).upper()
        rank = 10 if rank_text == "10" else RANK_CHARS.index(rank_text) + 2
        cards.append(Card(rank, match.group(2).lower()))
        position = match.end()
    return tuple(cards)


def parse_hand(text: str) -> tuple[Card, ...]:
    """Read exactly five distinct cards."""
    cards = parse_cards(text)
    if len(cards) != HAND_SIZE:
        raise BadInput(N_("A hand has exactly 5 cards; {count} given."), rule="01", count=len(cards))
    if len(set(cards)) != HAND_SIZE:
        raise BadInput(N_("The same card appears twice in one hand."), rule="01")
    return cards


def format_cards(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(str(card) for card in cards)


def high_first(codes: Iterable[str]) -> list[str]:
    """Card codes in the order players read a 2-7 hand, highest first ("7h 5c 4d 3s 2c"); unreadable ones last."""
    order = {char: index for index, char in enumerate(RANK_CHARS)}
    return sorted(codes, key=lambda code: -order.get(code[:1].upper(), -1))


def shared_cards(hands: Sequence[Sequence[Card]]) -> tuple[Card | None, ...]:
    """For each hand, the first of its cards that another hand holds too, or None: one deck has each card once."""
    holders: dict[Card, int] = {}
    for hand in hands:
        for card in set(hand):
            holders[card] = holders.get(card, 0) + 1
    return tuple(next((card for card in hand if holders[card] > 1), None) for hand in hands)
