"""Uncalled chips, main and side pots, and splitting a pot (§07, §08; rulings R15-R17)."""

from __future__ import annotations

from ..messages import N_, Msg, msg
from .facts import Returned
from .outcomes import Pot
from .table_state import Seat, TableState


def return_uncalled(table: TableState, returned: dict[str, int]) -> Msg | None:
    """Give back what the top contributor put in beyond the second-highest, folded players counted (R15); antes
    are dead money, never part of what was called (R32)."""
    dead = table.hand.antes if table.hand is not None else {}
    seats = table.seats
    if len(seats) < 2:
        return None
    live = [seat.committed - dead.get(seat.name, 0) for seat in seats] if dead else [seat.committed for seat in seats]
    # The top contributor is the first in seat order with the most (as a stable sort, largest first, would put
    # it), against the most of the others: found without sorting, at the end of every betting round.
    most = max(live)
    place = live.index(most)
    second = max(live[:place] + live[place + 1:])
    if most == second:
        return None
    top = seats[place]
    excess = most - second
    if top.bet < excess:  # only this round's chips can still be uncalled
        excess = top.bet
    if excess <= 0:
        return None
    top.committed -= excess
    top.bet -= excess
    top.stack += excess
    returned[top.name] = returned.get(top.name, 0) + excess
    table.facts.append(Returned(top.name, excess))
    return returned_sentence(top.name, excess)


def returned_sentence(player: str, amount: int) -> Msg:
    return msg(N_("{amount} uncalled returned to {player}"), rule="07", ruling="R15", amount=amount, player=player)


def build_pots(seats: list[Seat]) -> list[Pot]:
    """Pots by contribution level: the levels are set by all-in live players; active players reach any level.

    Each level is shared by the live players who reached it; folded chips stay in; adjacent levels with the
    same eligible players merge; chips above the highest live contribution join the highest pot (R16).
    """
    single = _single_pot(seats)
    if single is not None:
        return single
    caps = sorted({seat.committed for seat in seats if seat.live and seat.stack == 0 and seat.committed > 0})
    anyone_active = any(seat.active for seat in seats)
    levels: list[int | None] = list(caps) + ([None] if anyone_active else [])
    pots: list[Pot] = []
    floor = 0
    for level in levels:
        amount = sum(_slice(seat.committed, floor, level) for seat in seats)
        # An active player can still match any level this hand; an all-in player only the levels reached.
        eligible = tuple(seat.name for seat in seats
                         if seat.active or (seat.live and level is not None and seat.committed >= level))
        _add(pots, amount, eligible)
        floor = level if level is not None else floor
    leftover = sum(max(0, seat.committed - floor) for seat in seats) if not anyone_active else 0
    if leftover and pots:
        last = pots[-1]
        pots[-1] = Pot(last.amount + leftover, last.eligible)
    elif leftover:
        pots.append(Pot(leftover, ()))
    return pots


def _single_pot(seats: list[Seat]) -> list[Pot] | None:
    """Nobody live is all-in and somebody can still bet: one pot of every chip in, shared by the players who can
    still bet (what the levels below give for their one level); None otherwise. Read after every bet, in one pass."""
    amount = 0
    eligible = []
    for seat in seats:
        committed = seat.committed
        amount += committed
        if seat.in_hand and not seat.folded:
            if seat.stack:
                eligible.append(seat.name)
            elif committed:
                return None  # an all-in player sets a level
    if not eligible:
        return None
    return [Pot(amount, tuple(eligible))] if amount > 0 else []


def _slice(committed: int, floor: int, level: int | None) -> int:
    top = committed if level is None else min(committed, level)
    return max(0, top - floor)


def _add(pots: list[Pot], amount: int, eligible: tuple[str, ...]) -> None:
    if amount <= 0:
        return
    if pots and pots[-1].eligible == eligible:
        pots[-1] = Pot(pots[-1].amount + amount, eligible)
    elif not eligible and pots:
        pots[-1] = Pot(pots[-1].amount + amount, pots[-1].eligible)
    else:
        pots.append(Pot(amount, eligible))


def split(table: TableState, amount: int, winners: list[str], button: str) -> tuple[dict[str, int], tuple[str, ...]]:
    """Equal shares; leftover chips one each to the tied players clockwise from left of the button (R17)."""
    clockwise = [seat.name for seat in table.clockwise_from(button, include_self=True) if seat.name in winners]
    share, leftover = divmod(amount, len(clockwise))
    shares = {name: share for name in clockwise}
    odd = tuple(clockwise[:leftover])
    for name in odd:
        shares[name] += 1
    return shares, odd
