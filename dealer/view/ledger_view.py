"""The ledger and the settlement in the snapshot (R27): every display reads them from here, words included."""

from __future__ import annotations

from typing import Any

from ..messages import N_, Msg, msg
from ..rules.settlement import Transfer, ledger, money, settled_transfers, settlement
from ..rules.table_state import TableState
from .snapshot import StandingRow


class NightCache:
    """The night's fields, built again only when what they are built from changes: each player's chips bought in,
    held (behind plus in the pot) and taken away, which move only between hands, so the snapshot after most taps
    reuses them (the ledger, the settlement and their words cost more than the rest of a snapshot)."""

    def __init__(self) -> None:
        self.key: tuple[object, ...] = ()
        self.fields: dict[str, Any] = {}

    def night_fields(self, table: TableState) -> dict[str, Any]:
        key = (table.settings, table.settled, *[(seat.name, seat.bought_in, seat.stack + seat.committed, seat.taken)
                                 for seat in table.seats])
        if key != self.key:
            self.key, self.fields = key, night_fields(table)
        return self.fields  # its values are frozen: every snapshot may share them


def night_fields(table: TableState) -> dict[str, Any]:
    """The snapshot's format, ledger, settlement ("if the night ended now" until it is over) and the transfers that
    settled the leavers, in words too."""
    settings = table.settings
    rows = ledger(table)
    transfers = settlement(table, rows)
    settled = settled_transfers(table)
    bought = sum(row.bought_in for row in rows)
    held = sum(row.holds for row in rows)
    value = settings.value
    unit = f" {settings.currency}" if settings.currency else ""
    if value is not None:
        balance = msg(N_("Money in {bought} = money out {held}: every result is paid"), ruling="R27",
                      bought=f"{money(bought, value)}{unit}", held=f"{money(held, value)}{unit}")
    else:
        balance = msg(N_("Chips in {bought} = chips out {held}: every result is paid"), ruling="R27",
                      bought=bought, held=held)
    # In the order of the snapshot's fields: the read model passes the values positionally.
    return {"format": settings.format, "chip_value": settings.chip_value, "currency": settings.currency,
            "max_buy_in": settings.max_buy_in, "ledger": rows, "settlement": transfers,
            "settlement_words": tuple(transfer_words(item, unit) for item in transfers) or (
                msg(N_("Nobody owes anybody anything"), ruling="R27"),),
            "balance": balance, "settled": settled,
            "settled_words": tuple(transfer_words(item, unit) for item in settled)}


def transfer_words(transfer: Transfer, unit: str) -> Msg:
    """"Bia pays Ana 12.50 EUR" (money), or "Bia pays Ana 125 chips"."""
    if transfer.money is not None:
        return msg(N_("{payer} pays {payee} {amount}"), ruling="R27", payer=transfer.payer, payee=transfer.payee,
                   amount=f"{transfer.money}{unit}")
    return msg(N_("{payer} pays {payee} {chips} chips"), ruling="R27", payer=transfer.payer, payee=transfer.payee,
               chips=transfer.chips)


def open_standings(table: TableState) -> tuple[StandingRow, ...]:
    """An open game's standings (R27): best result first (what each holds, or took away when leaving, minus what
    they bought in), equal results sharing a place; a player who left is listed as left, with that result."""
    rows = sorted(ledger(table), key=lambda row: -row.result)
    results = [row.result for row in rows]
    gone = {seat.name for seat in table.seats if seat.left}
    return tuple(StandingRow(results.index(row.result) + 1, row.name, row.holds, results.count(row.result) > 1,
                             row.result, row.name in gone) for row in rows)
