"""A tournament on the console (R35-R37): the clock strip, and between hands Rebuy / Out for each busted player, the
add-on on its break and the chop form, arranged from the snapshot's tournament parts and the engine's legal entries.

Nothing here decides anything: a control exists only for a legal entry, each amount (the ICM and chip-chop shares,
a rebuy's chips and price) is the engine's, and the time left is the engine's clock read as the answer is made; the
browser only counts it down between answers (static/js/console_clock.js).
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass
from typing import Any

from dealer import MAX_PLAYERS, Snapshot, TournamentView, clock_text

__all__ = ["TOURNAMENT_ACTIONS", "Busted", "ChopForm", "ChopRow", "ClockStrip", "PlaceRow", "TournamentControls",
           "chop_fields", "clock_key", "clock_strip", "clock_text", "place_rows", "tournament_controls"]

# The tournament's inputs (contract of issue 30): shown by the clock strip and the tournament controls, never as
# the hand's buttons.
TOURNAMENT_ACTIONS = frozenset({"pause", "resume", "rebuy", "out", "add_on", "chop"})


def offers(snap: Snapshot) -> dict[str, dict[str, Any]]:
    """The tournament's legal entries by action, in their JSON shape (the API's: players, chips, price)."""
    return {str(option.legal.action): option.legal.to_json() for option in snap.options
            if str(option.legal.action) in TOURNAMENT_ACTIONS}


@dataclass(frozen=True)
class PlaceRow:
    place: int
    name: str
    amount: str | None  # the prize, money with two decimals; None: an unpaid place


def place_rows(snap: Snapshot) -> tuple[PlaceRow, ...]:
    """The places decided so far, best first, each with the engine's payout for it (R35, R37); after an agreed
    chop, the prizes the engine names."""
    view = snap.tournament
    if view is None:
        return ()
    paid = {row.name: (row.place, f"{row.amount:.2f}") for row in view.payouts if row.name is not None}
    rows = [PlaceRow(place.place, place.name, paid.pop(place.name, (0, None))[1]) for place in view.places]
    rows += [PlaceRow(place, name, amount) for name, (place, amount) in paid.items()]
    return tuple(sorted(rows, key=lambda row: row.place))


@dataclass(frozen=True)
class ClockStrip:
    """The clock's level (the one the next deal uses) and the next one, read from the snapshot's tournament part,
    with the time left at the moment of the answer, and Pause / Resume as the engine offers them."""

    view: TournamentView  # the snapshot's tournament part
    seconds_left: float | None
    hands_left: int | None
    seconds_to_break: float | None
    pause: bool
    resume: bool
    places: tuple[PlaceRow, ...] = ()

    @property
    def time_left(self) -> str:
        return clock_text(self.seconds_left)

    @property
    def counting(self) -> bool:
        """The browser counts the time down: levels on the clock, started, not paused, not over."""
        view = self.view
        return self.seconds_left is not None and view.started and not view.paused and not view.over


def clock_strip(snap: Snapshot, now: float | None = None) -> ClockStrip | None:
    """The strip of a tournament table, its time read at ``now`` (the wall clock); None for a session or an open
    game."""
    view = snap.tournament
    if view is None:
        return None
    clock = view.clock(time.time() if now is None else now)
    offered = offers(snap)
    return ClockStrip(view, clock.seconds_left, clock.hands_left, clock.seconds_to_break, "pause" in offered,
                      "resume" in offered, place_rows(snap))


def clock_key(snap: Snapshot) -> str:
    """What the clock strip and the legal entries depend on besides the seq: the clock's period (a level, a break,
    the rebuy period's end) and the pause; "" outside a tournament. The console's poll sends it back, so a new level
    reaches the console without any input."""
    view = snap.tournament
    if view is None:
        return ""
    period = (view.level.number, view.on_break, view.paused, view.started, view.rebuy_open, view.add_on_open,
              view.over)
    return hashlib.sha1(repr(period).encode(), usedforsecurity=False).hexdigest()[:12]


@dataclass(frozen=True)
class Busted:
    """A busted player waiting for the dealer's word: Rebuy (while the engine offers it) or Out."""

    name: str
    rebuy: bool
    out: bool


@dataclass(frozen=True)
class ChopRow:
    name: str
    stack: int
    icm: str
    chips: str


@dataclass(frozen=True)
class ChopForm:
    """The players left with the engine's two suggestions; the dealer records one of them or any agreed amounts."""

    rows: tuple[ChopRow, ...]
    unpaid: str

    @property
    def icm_amounts(self) -> tuple[tuple[str, str], ...]:
        return tuple((row.name, row.icm) for row in self.rows)

    @property
    def chip_amounts(self) -> tuple[tuple[str, str], ...]:
        return tuple((row.name, row.chips) for row in self.rows)


@dataclass(frozen=True)
class TournamentControls:
    busted: tuple[Busted, ...]
    rebuy_chips: int | None
    rebuy_price: str | None
    add_on: tuple[str, ...]  # players who may take the add-on now
    add_on_chips: int | None
    add_on_price: str | None
    chop: ChopForm | None

    @property
    def any(self) -> bool:
        return bool(self.busted or self.add_on or self.chop)


def tournament_controls(snap: Snapshot) -> TournamentControls | None:
    """Rebuy / Out per busted player, the add-on per player, the chop: each only as a legal entry offers it."""
    offered = offers(snap)
    if not offered.keys() & {"rebuy", "out", "add_on", "chop"}:
        return None
    rebuy, out, add_on = offered.get("rebuy", {}), offered.get("out", {}), offered.get("add_on", {})
    rebuyers, leavers = set(rebuy.get("players", ())), set(out.get("players", ()))
    busted = tuple(Busted(seat.name, seat.name in rebuyers, seat.name in leavers) for seat in snap.seats
                   if seat.name in rebuyers | leavers)
    return TournamentControls(busted, rebuy.get("chips"), rebuy.get("price"), tuple(add_on.get("players", ())),
                              add_on.get("chips"), add_on.get("price"),
                              _chop_form(snap, offered["chop"]) if "chop" in offered else None)


def _chop_form(snap: Snapshot, offer: dict[str, Any]) -> ChopForm | None:
    """The engine's two suggestions for the players the chop entry lists (R37)."""
    suggested = snap.tournament.chop if snap.tournament is not None else None
    if suggested is None:
        return None
    stacks = {seat.name: seat.stack for seat in snap.seats}
    icm, chips = dict(suggested.icm), dict(suggested.chip_chop)
    rows = tuple(ChopRow(name, stacks.get(name, 0), icm.get(name, ""), chips.get(name, ""))
                 for name in offer.get("players", ()))
    return ChopForm(rows, suggested.unpaid)


def chop_fields(form: Any) -> dict[str, Any]:
    """The chop form's amounts as the API's ``amounts``: ``{name: money}``, the money as typed (the engine reads it,
    and refuses what is not money or does not add up, in words)."""
    names, amounts = form.getlist("chop_player")[:MAX_PLAYERS], form.getlist("chop_amount")[:MAX_PLAYERS]
    if not names:
        return {}
    return {"amounts": {name[:40]: amount.strip()[:20] for name, amount in zip(names, amounts, strict=False)}}

