"""A tournament's places and what each is paid (R35, R37): players going out together, the payout rows with the
places decided so far, shared places' equal shares, the prizes not yet paid and the fair chops of them."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import NamedTuple

from .tournament import Tour
from .tournament_money import chip_chop, icm, payout_amounts, prize_pool, shared_amounts

ZERO = Decimal(0)


class Payout(NamedTuple):
    place: int
    name: str | None  # once the place is decided
    amount: Decimal


def out_together(players: Sequence[tuple[str, int]], worst: int) -> list[tuple[str, int, bool]]:
    """Places for players going out at the same moment, worst first: ``worst`` is the worst place not yet taken;
    more chips at the start of the hand finishes higher, equal chips share the better place (R35, TDA 21).
    Each row: name, place, shared."""
    ordered = sorted(players, key=lambda item: item[1])
    found: list[tuple[str, int, bool]] = []
    index = 0
    while index < len(ordered):
        same = [item for item in ordered[index:] if item[1] == ordered[index][1]]
        best = worst - index - len(same) + 1
        found.extend((name, best, len(same) > 1) for name, _chips in same)
        index += len(same)
    return found


def pool(tour: Tour) -> Decimal:
    settings = tour.settings
    return prize_pool(settings.buy_in, tour.entrants, tour.rebuys,
                      settings.rebuy.price if settings.rebuy else ZERO, len(tour.add_ons),
                      settings.add_on.price if settings.add_on else ZERO)


def place_amounts(tour: Tour) -> tuple[Decimal, ...]:
    """What each paid place is paid, first place first (floored to the cent, the remainder to 1st: R37)."""
    return payout_amounts(pool(tour), tour.settings.payouts)


def payouts(tour: Tour) -> tuple[Payout, ...]:
    """One row per paid place, named once decided; players sharing places split those places' prizes equally
    (R35); after an agreed chop, the agreed amounts (R37)."""
    amounts = place_amounts(tour)
    rows: dict[int, Payout] = {place: Payout(place, None, amount) for place, amount in enumerate(amounts, start=1)}
    by_place: dict[int, list[str]] = {}
    for decided in tour.places:
        by_place.setdefault(decided.place, []).append(decided.name)
    for place, names in by_place.items():
        span = [amounts[index] if index < len(amounts) else ZERO for index in range(place - 1, place - 1 + len(names))]
        shares = shared_amounts(span) if len(names) > 1 else tuple(span)
        for offset, (name, share) in enumerate(zip(sorted(names), shares, strict=True)):
            if share or place + offset in rows:
                rows[place + offset] = Payout(place + offset, name, share)
    if tour.chop is not None:  # the players left take the top places, largest agreed amount first
        for rank, (name, amount) in enumerate(sorted(tour.chop, key=lambda item: -item[1]), start=1):
            rows[rank] = Payout(rank, name, amount)
    return tuple(rows[place] for place in sorted(rows))


def unpaid_prizes(tour: Tour) -> Decimal:
    """The prizes of the places not yet decided: what a chop shares (R37)."""
    return sum((row.amount for row in payouts(tour) if row.name is None), ZERO)


def fair_chops(tour: Tour, stacks: Sequence[tuple[str, int]]) -> tuple[dict[str, Decimal], dict[str, Decimal]]:
    """Each remaining player's share of the unpaid prizes by ICM (Malmuth-Harville) and by chip count (R37)."""
    amounts = place_amounts(tour)
    prizes = [amounts[index] if index < len(amounts) else ZERO for index in range(len(stacks))]
    chips = [chips for _name, chips in stacks]
    names = [name for name, _chips in stacks]
    by_icm = icm(chips, prizes)
    by_chips = chip_chop(chips, sum(prizes, ZERO))
    return dict(zip(names, by_icm, strict=True)), dict(zip(names, by_chips, strict=True))
