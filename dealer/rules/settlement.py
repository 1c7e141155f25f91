"""The ledger and the settlement of a night (R27).

Each player's result is what they hold (or took away when leaving) minus what they bought in; with a chip value it
is money. The settlement pays every result with the fewest transfers possible: the players are split into the most
groups whose results add up to zero (a group of k players settles with k - 1 transfers, and no way of paying does
better), found exactly by dynamic programming over subsets; within a group, debtors pay creditors in seat order.
The same results always give the same transfers. Money in equals money out: the results add up to zero.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache

from .table_state import TableState

EXACT_LIMIT = 12  # players with a non-zero result settled exactly (2**12 subsets, a few ms); a real night has fewer


@dataclass(frozen=True, slots=True)
class LedgerRow:
    name: str
    bought_in: int  # chips bought in
    holds: int  # chips held now (the pot's share they put in counted) or taken away when leaving
    result: int  # holds - bought_in, in chips
    money_result: str | None  # the result in money, a decimal string ("12.50"), with a chip value


@dataclass(frozen=True, slots=True)
class Transfer:
    payer: str
    payee: str
    chips: int
    money: str | None  # the amount in money, with a chip value

    @property
    def amount(self) -> str | int:
        """What the transfer says: money when the table has a chip value, else chips."""
        return self.money if self.money is not None else self.chips


def money(chips: int, value: Decimal | None) -> str | None:
    """Chips in money, at least to the cent: 125 chips at 0.10 are "12.50"."""
    if value is None:
        return None
    exponent = value.as_tuple().exponent
    places = max(2, -exponent if isinstance(exponent, int) else 2)
    return str((value * chips).quantize(Decimal(1).scaleb(-places)))


def ledger(table: TableState) -> tuple[LedgerRow, ...]:
    """Every player ever seated, in seat order: bought in, holds or took, result (R27)."""
    value = table.settings.value
    rows = []
    for seat in table.seats:
        holds = seat.stack + seat.committed + seat.taken
        result = holds - seat.bought_in
        rows.append(LedgerRow(seat.name, seat.bought_in, holds, result, money(result, value)))
    return tuple(rows)


def settle(results: Sequence[tuple[str, int]], value: Decimal | None = None) -> tuple[Transfer, ...]:
    """The fewest transfers that pay every result (the results add up to zero), deterministic (R27)."""
    return _settle(tuple(results), value)


@lru_cache(maxsize=256)
def _settle(results: tuple[tuple[str, int], ...], value: Decimal | None) -> tuple[Transfer, ...]:
    """Worked out once per set of results: they change only between hands (during a hand a player's chips in the
    pot count as held), so the snapshot after every tap finds them here."""
    owed = [(name, result) for name, result in results if result != 0]
    if sum(result for _, result in owed) != 0:
        raise ValueError("results must add up to zero: money in equals money out")
    groups = zero_sum_groups([result for _, result in owed])
    transfers: list[Transfer] = []
    for group in groups:
        transfers.extend(_pay_within([owed[index] for index in group], value))
    return tuple(transfers)


def zero_sum_groups(results: Sequence[int]) -> list[list[int]]:
    """The indices of ``results`` split into the most groups that each add up to zero (exact for up to
    EXACT_LIMIT results; beyond, one group, which still pays with at most n - 1 transfers)."""
    count = len(results)
    if count == 0:
        return []
    if count > EXACT_LIMIT:
        return [list(range(count))]
    full = (1 << count) - 1
    sums = [0] * (full + 1)
    best = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + results[low.bit_length() - 1]
        most, rest = 0, mask  # the best of the subsets one player smaller, walking the mask's bits only
        while rest:
            bit = rest & -rest
            if best[mask ^ bit] > most:
                most = best[mask ^ bit]
            rest ^= bit
        best[mask] = most + 1 if sums[mask] == 0 else most
    return _groups(full, best, sums, count)


def _groups(full: int, best: list[int], sums: list[int], count: int) -> list[list[int]]:
    """Walk back from every player: take away one player at a time keeping the best count; each time the rest adds
    up to zero, the players taken since form a group."""
    groups: list[list[int]] = []
    mask, taken = full, []
    while mask:
        wanted = best[mask] - (1 if sums[mask] == 0 else 0)
        index = next(index for index in range(count) if mask >> index & 1 and best[mask & ~(1 << index)] == wanted)
        taken.append(index)
        mask &= ~(1 << index)
        if sums[mask] == 0:
            groups.append(sorted(taken))
            taken = []
    groups.sort()
    return groups


def _pay_within(group: Sequence[tuple[str, int]], value: Decimal | None) -> list[Transfer]:
    """Debtors pay creditors in order; each transfer settles at least one of them, the last both: k - 1 transfers."""
    debtors = [name for name, result in group if result < 0]
    creditors = [name for name, result in group if result > 0]
    left = {name: abs(result) for name, result in group}
    transfers = []
    i = j = 0
    while i < len(debtors) and j < len(creditors):
        payer, payee = debtors[i], creditors[j]
        chips = min(left[payer], left[payee])
        transfers.append(Transfer(payer, payee, chips, money(chips, value)))
        left[payer] -= chips
        left[payee] -= chips
        if left[payer] == 0:
            i += 1
        if left[payee] == 0:
            j += 1
    return transfers


def settled_transfers(table: TableState) -> tuple[Transfer, ...]:
    """The transfers already made, final: each paid a leaver, or by a leaver, when they left (R27)."""
    value = table.settings.value
    return tuple(Transfer(payer, payee, chips, money(chips, value)) for payer, payee, chips in table.settled)


def still_owed(table: TableState, rows: Sequence[LedgerRow] | None = None) -> list[tuple[str, int]]:
    """Each player's result less what the transfers already made paid of it, in seat order: what the night's
    settlement has left to pay (they add up to zero, as the results do). ``rows``: the ledger, when read already."""
    owed = {row.name: row.result for row in (ledger(table) if rows is None else rows)}
    for payer, payee, chips in table.settled:
        owed[payer] += chips
        owed[payee] -= chips
    return list(owed.items())


def settlement(table: TableState, rows: Sequence[LedgerRow] | None = None) -> tuple[Transfer, ...]:
    """The night's settlement of what the leavers' transfers left: final once the night is over, "if the night
    ended now" before. ``rows``: the ledger, when read already."""
    return settle(still_owed(table, rows), table.settings.value)


def leaver_transfers(table: TableState, leaver: str) -> tuple[tuple[str, str, int], ...]:
    """The transfers that settle ``leaver`` now, among the players still seated (R27): a winner is paid by those
    behind, a loser pays those ahead; the largest amounts first, so the fewest transfers do it (taking the k
    largest covers the most any k can), ties in seat order. Payer, payee, chips."""
    owed = dict(still_owed(table))
    due = owed.pop(leaver)
    seated = {seat.name for seat in table.seats if not seat.left and seat.name != leaver}
    sign = -1 if due > 0 else 1  # a winner is paid by those behind (owed < 0), a loser pays those ahead
    others = sorted((name for name in owed if name in seated and owed[name] * sign > 0),
                    key=lambda name: -abs(owed[name]))
    transfers, left = [], abs(due)
    for name in others:
        if left == 0:
            break
        chips = min(left, abs(owed[name]))
        transfers.append((name, leaver, chips) if due > 0 else (leaver, name, chips))
        left -= chips
    assert left == 0, "the results add up to zero: those still seated owe or are owed the leaver's result"
    return tuple(transfers)
