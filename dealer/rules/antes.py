"""Antes (ruling R32): dead money posted at the deal, by every player dealt in or by the big blind for the table."""

from __future__ import annotations

from ..messages import N_, Msg, msg
from .facts import AntePosted
from .table_state import Seat, TableState


def post_each(table: TableState, dealt: list[Seat]) -> list[Msg]:
    """Every player dealt in posts the ante, before the blinds; a short stack is all-in for what it has."""
    ante = table.stakes.ante
    posted = [_post(table, seat, ante) for seat in dealt]
    full = [seat.name for seat, amount in zip(dealt, posted, strict=True) if amount == ante]
    sentences = []
    if full:
        sentences.append(msg(N_("{players} post the ante {amount}"), ruling="R32", players=", ".join(full),
                             amount=ante))
    sentences.extend(_short(seat.name, amount) for seat, amount in zip(dealt, posted, strict=True) if amount < ante)
    return sentences


def post_big_blind(table: TableState, big_blind: str) -> list[Msg]:
    """The big blind posts one ante for the table, after the blind (TDA RP-11)."""
    seat = table.seat(big_blind)
    amount = _post(table, seat, table.stakes.ante)
    if amount < table.stakes.ante:
        return [_short(seat.name, amount)]
    return [msg(N_("{player} posts the ante {amount}"), ruling="R32", player=seat.name, amount=amount)]


def _post(table: TableState, seat: Seat, ante: int) -> int:
    amount = min(ante, seat.stack)
    seat.post_dead(amount)
    if table.hand is not None:
        table.hand.antes[seat.name] = amount
    table.facts.append(AntePosted(seat.name, amount, ante, seat.stack == 0))
    return amount


def _short(player: str, amount: int) -> Msg:
    return msg(N_("{player} posts the ante {amount} and is all-in"), ruling="R32", player=player, amount=amount)
