"""A tournament's money (R35, R37): the prize pool, payouts by percentage, shared places, ICM and chip chop, and the
check of an agreed chop. Pure functions on :class:`~decimal.Decimal` amounts in cents; the engine keeps the counts.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

from ..errors import BadInput, NotAllowed
from ..messages import N_

CENT = Decimal("0.01")
MAX_MONEY = Decimal(1_000_000)
HUNDRED = Decimal(100)
# Money as people type it: ASCII digits, at most two decimals ("20", "12.5", "12.50").
_MONEY = re.compile(r"[0-9]{1,7}(?:\.[0-9]{1,2})?")
# A percentage of the pool: at most two decimals too (33.33 + 33.33 + 33.34).
_PERCENT = re.compile(r"[0-9]{1,3}(?:\.[0-9]{1,2})?")
_SECTION = "08"  # the card's end of the session: places, and here what each place is paid


def parse_money(value: Any, field: str) -> Decimal:
    """An amount of money (a decimal string or a number, at least 0, at most a million, at most two decimals), in
    cents; a 400 naming the field otherwise."""
    amount = _money(value)
    if amount is None:
        raise BadInput(N_("“{field}” is an amount of money such as “20” or “12.50”: at most two decimals, from 0 "
                          "to 1000000."), rule=_SECTION, ruling="R37", field=field)
    return amount


def money_text(amount: Decimal) -> str:
    """The amount with two decimals, as the JSON and the lines show it: ``"12.50"``."""
    return format(amount.quantize(CENT, rounding=ROUND_HALF_UP), "f")


def default_payouts(entrants: int) -> tuple[Decimal, ...]:
    """The percentages paid when the creation names none: all to the winner with 2-3 entrants, 65/35 with 4-6 (and
    50/30/20 beyond, should a table ever seat more)."""
    if entrants <= 3:
        return (HUNDRED,)
    if entrants <= 6:
        return (Decimal(65), Decimal(35))
    return (Decimal(50), Decimal(30), Decimal(20))


def parse_payouts(value: Any, entrants: int) -> tuple[Decimal, ...]:
    """The percentages by place, best first: each more than 0, at most two decimals, adding up to 100 exactly, at
    most one place per entrant; ``None`` gives :func:`default_payouts`."""
    if value is None:
        return default_payouts(entrants)
    if not isinstance(value, (list, tuple)) or not value:
        raise BadInput(N_("“payouts” is a list of percentages by place, best first, such as [50, 30, 20]."),
                       rule=_SECTION, ruling="R37")
    if len(value) > entrants:
        raise BadInput(N_("{count} places paid for {entrants} players: at most one paid place per player."),
                       rule=_SECTION, ruling="R37", count=len(value), entrants=entrants)
    percents = tuple(_percent(item) for item in value)
    total = sum(percents, Decimal(0))
    if total != HUNDRED:
        raise BadInput(N_("The payouts add up to {total}%: they must add up to 100%."), rule=_SECTION,
                       ruling="R37", total=_plain(total))
    return percents


def prize_pool(buy_in: Decimal, entrants: int, rebuys: int, rebuy_price: Decimal, add_ons: int,
               add_on_price: Decimal) -> Decimal:
    """Every buy-in, rebuy and add-on paid, in cents (R37)."""
    return (buy_in * entrants + rebuy_price * rebuys + add_on_price * add_ons).quantize(CENT)


def payout_amounts(pool: Decimal, percents: Sequence[Decimal]) -> tuple[Decimal, ...]:
    """Each place's share of the pool, floored to the cent; the cents left over go to 1st place (R37)."""
    amounts = [(pool * percent / HUNDRED).quantize(CENT, rounding=ROUND_DOWN) for percent in percents]
    if amounts:
        amounts[0] += pool.quantize(CENT) - sum(amounts, Decimal(0))
    return tuple(amounts)


def shared_amounts(amounts: Sequence[Decimal]) -> tuple[Decimal, ...]:
    """Players who share places share their payouts equally (R35): equal shares floored to the cent, the cents
    left over to the first of them."""
    if not amounts:
        return ()
    total = sum(amounts, Decimal(0))
    share = (total / len(amounts)).quantize(CENT, rounding=ROUND_DOWN)
    return (total - share * (len(amounts) - 1), *([share] * (len(amounts) - 1)))


def icm(stacks: Sequence[int], prizes: Sequence[Decimal]) -> tuple[Decimal, ...]:
    """Each player's value of the prizes by the Malmuth-Harville model (R37): the chance of finishing 1st is the
    player's share of the chips, and of each lower place the same among the players not yet placed. Rounded as
    :func:`chip_chop`; the values add up to the prizes of the first ``len(stacks)`` places (missing ones are 0)."""
    count = len(stacks)
    padded = [Fraction(prize) for prize in prizes[:count]] + [Fraction(0)] * max(0, count - len(prizes))
    values = [Fraction(0)] * count
    for place, chances in enumerate(_place_chances(stacks)):
        for player, chance in enumerate(chances):
            values[player] += chance * padded[place]
    return _to_cents(values, stacks, sum(padded, Fraction(0)))


def chip_chop(stacks: Sequence[int], total: Decimal) -> tuple[Decimal, ...]:
    """Each player's share of ``total`` by their share of the chips (R37), to the cent rounding half up; a cent or
    two the rounding misses or adds goes to or comes from the largest stacks, a cent each, the largest first."""
    chips = sum(stacks)
    exact = [Fraction(total) * (Fraction(stack, chips) if chips else Fraction(1, len(stacks))) for stack in stacks]
    return _to_cents(exact, stacks, Fraction(total))


def check_chop(amounts: Any, players: Sequence[str], unpaid: Decimal) -> dict[str, Decimal]:
    """An agreed chop (R37): an object naming exactly the players still in, each with an amount of money, adding
    up to the unpaid prizes to the cent. Malformed: 400; the wrong players or total: 409. The amounts in the
    order of ``players``."""
    if not isinstance(amounts, dict) or not amounts or not all(isinstance(name, str) for name in amounts):
        raise BadInput(N_("“amounts” names each player still in with the money they take, such as "
                          "“Ana”: “60”, “Bia”: “40”."), rule=_SECTION, ruling="R37")
    parsed = {name: _chop_amount(value, name) for name, value in amounts.items()}
    unknown = [name for name in parsed if name not in players]
    if unknown:
        raise NotAllowed(N_("{player} is not among the players still in: the chop is shared by {players}."),
                         rule=_SECTION, ruling="R37", player=unknown[0], players=", ".join(players))
    missing = [name for name in players if name not in parsed]
    if missing:
        raise NotAllowed(N_("The chop leaves out {missing}: it names every player still in ({players})."),
                         rule=_SECTION, ruling="R37", missing=", ".join(missing), players=", ".join(players))
    total = sum(parsed.values(), Decimal(0))
    if total != unpaid.quantize(CENT):
        raise NotAllowed(N_("The agreed amounts add up to {total}; they must add up to the unpaid prizes, "
                            "{unpaid}."), rule=_SECTION, ruling="R37", total=money_text(total),
                         unpaid=money_text(unpaid))
    return {name: parsed[name] for name in players}


def _chop_amount(value: Any, name: str) -> Decimal:
    amount = _money(value)
    if amount is None:
        raise BadInput(N_("{player}'s share must be an amount of money such as “50” or “12.50”."),
                       rule=_SECTION, ruling="R37", player=name)
    return amount


def _money(value: Any) -> Decimal | None:
    """The amount in cents, or None when the value is not money as :func:`parse_money` reads it."""
    text = _number_text(value)
    if text is None or not _MONEY.fullmatch(text) or Decimal(text) > MAX_MONEY:
        return None
    return Decimal(text).quantize(CENT)


def _number_text(value: Any) -> str | None:
    """The text of a number as typed: a string stripped, a whole number, a decimal, or a float's shortest form;
    else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Decimal):
        return format(value, "f") if value.is_finite() else None  # amounts the engine has read already
    if isinstance(value, float):
        return repr(value)  # "12.5"; "inf", "nan" and "1e+20" fail the patterns
    return None


def _percent(value: Any) -> Decimal:
    text = _number_text(value)
    if text is None or not _PERCENT.fullmatch(text) or not Decimal(0) < Decimal(text) <= HUNDRED:
        raise BadInput(N_("Each payout is a percentage more than 0 and at most 100, with at most two decimals, "
                          "such as 50 or 33.33."), rule=_SECTION, ruling="R37")
    return Decimal(text).normalize() + 0  # "50.0" and 50 both read 50


def _plain(amount: Decimal) -> str:
    return format(amount.normalize(), "f")


def _place_chances(stacks: Sequence[int]) -> list[list[Fraction]]:
    """``chances[k][i]``: the Malmuth-Harville chance that player i finishes in place k+1. Players with no chips
    share the places below everyone else's equally."""
    count = len(stacks)
    chances = [[Fraction(0)] * count for _ in range(count)]
    reach: dict[int, Fraction] = {0: Fraction(1)}  # set of placed players (a bit mask) -> chance they took the top
    for place in range(count):
        following: dict[int, Fraction] = {}
        for placed, chance in reach.items():
            left = [player for player in range(count) if not placed >> player & 1]
            chips = sum(stacks[player] for player in left)
            for player in left:
                share = Fraction(stacks[player], chips) if chips else Fraction(1, len(left))
                if share:
                    chances[place][player] += chance * share
                    mask = placed | 1 << player
                    following[mask] = following.get(mask, Fraction(0)) + chance * share
        reach = following
    return chances


def _to_cents(exact: Sequence[Fraction], stacks: Sequence[int], total: Fraction) -> tuple[Decimal, ...]:
    """Round each value half up to the cent; the cents the rounding misses (or adds) against ``total`` go to (or
    come from) the largest stacks, one cent each, the largest first (the first of equal stacks first)."""
    rounded = [_half_up(value) for value in exact]
    difference = int((_half_up(total) - sum(rounded, Decimal(0))) / CENT)
    order = sorted(range(len(stacks)), key=lambda player: -stacks[player])
    turn = 0
    while difference:
        player = order[turn % len(order)]
        turn += 1
        if difference > 0:
            rounded[player] += CENT
            difference -= 1
        elif rounded[player] > 0:  # never below nothing (prizes could rise with the place)
            rounded[player] -= CENT
            difference += 1
    return tuple(rounded)


def _half_up(value: Fraction) -> Decimal:
    """Exactly, in fractions: a decimal division could round 0.00499… up to a tie first."""
    cents = value * 100 + Fraction(1, 2)
    return Decimal(cents.numerator // cents.denominator) * CENT
