"""A tournament as the screens read it (R35-R37): the level and the next one, the clock, players left, places, the
prize pool, payouts and the fair chops, in one frozen value of the snapshot, and its JSON.

The snapshot is built once per (seq, clock period), so everything here holds for a whole level or break; the time
left is read when a display is served (:meth:`TournamentView.clock`), never frozen into the snapshot.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, NamedTuple

from ..messages import N_, Msg, Translate, msg
from ..rules.table_state import DEALING, TableState
from ..rules.tournament import Clock, Place, Tour, add_on_open, read_clock, rebuy_open
from ..rules.tournament_inputs import players_left
from ..rules.tournament_money import money_text
from ..rules.tournament_places import Payout, fair_chops, payouts, pool, unpaid_prizes
from ..rules.tournament_settings import Level, plain

MAX_CHOP_PLAYERS = 4


class ChopView(NamedTuple):
    """Each remaining player's share of the unpaid prizes by ICM and by chip count (R37)."""

    icm: tuple[tuple[str, str], ...]
    chip_chop: tuple[tuple[str, str], ...]
    unpaid: str


class TournamentView(NamedTuple):
    level: Level  # the level the next deal uses (on a break: the one play resumes with)
    next_level: Level | None
    in_play: int | None  # the level of the hand in play (None between hands)
    note: Msg | None  # "Next hand: blinds 15/30" when the next deal's level differs from the hand in play's
    on_break: bool
    paused: bool
    started: bool
    level_by: str
    entrants: int
    left: int  # players still in (with chips, or busted and waiting)
    average_stack: int
    buy_in: str
    currency: str | None
    rebuys: int
    add_ons: int
    rebuy_open: bool
    add_on_open: bool
    over: bool
    busted: tuple[str, ...]  # waiting for Rebuy or Out
    places: tuple[Place, ...]  # best place first
    prize_pool: str
    payouts: tuple[Payout, ...]
    chop: ChopView | None
    tour: Tour  # the state the clock is read from
    hands_dealt: int

    def clock(self, now: float) -> Clock:
        """The clock at ``now`` (the time the display is served)."""
        return read_clock(self.tour, self.hands_dealt, now)


def tournament_view(table: TableState) -> TournamentView | None:
    """The tournament's part of the snapshot at ``table.now`` (the read's time, set by the legal actions)."""
    tour = table.tournament
    if tour is None:
        return None
    clock = read_clock(tour, table.hand_number, table.now)
    level = clock.level
    levels = tour.settings.levels
    hand = table.hand
    in_play = tour.level if hand is not None and not hand.ended and table.phase is not DEALING else None
    note = None
    if in_play is not None and in_play != level.number and not tour.over:
        note = next_hand_note(levels[in_play - 1], level)
    left = players_left(table)
    chips = [seat.stack + seat.committed for seat in table.seats if seat.stack + seat.committed > 0]
    busted = tuple(seat.name for seat in table.seats if seat.busted)
    return TournamentView(
        level, levels[level.number] if level.number < len(levels) else None, in_play, note, clock.on_break,
        tour.paused, tour.started, tour.settings.level_by, tour.entrants, len(left),
        sum(chips) // len(chips) if chips else 0, money_text(tour.settings.buy_in), table.settings.currency,
        tour.rebuys, len(tour.add_ons), rebuy_open(tour, clock), add_on_open(tour, clock), tour.over, busted,
        tuple(sorted(tour.places, key=lambda place: place.place)), money_text(pool(tour)), payouts(tour),
        _chop(table, tour, left, busted), tour, table.hand_number)


def next_hand_note(playing: Level, coming: Level) -> Msg:
    """"Next hand: blinds 15/30" (with the limits and the ante when they change too: R36, TDA 23)."""
    blinds = f"{coming.blinds[0]}/{coming.blinds[1]}"
    limits = f"{coming.limits[0]}/{coming.limits[1]}"
    new_limits, new_ante = coming.limits != playing.limits, coming.ante != playing.ante
    if new_limits and new_ante:
        return msg(N_("Next hand: blinds {blinds}, limits {limits}, ante {ante}"), rule="03", ruling="R36",
                   blinds=blinds, limits=limits, ante=coming.ante)
    if new_limits:
        return msg(N_("Next hand: blinds {blinds}, limits {limits}"), rule="03", ruling="R36", blinds=blinds,
                   limits=limits)
    if new_ante:
        return msg(N_("Next hand: blinds {blinds}, ante {ante}"), rule="03", ruling="R36", blinds=blinds,
                   ante=coming.ante)
    return msg(N_("Next hand: blinds {blinds}"), rule="03", ruling="R36", blinds=blinds)


def _chop(table: TableState, tour: Tour, left: tuple[str, ...], busted: tuple[str, ...]) -> ChopView | None:
    """The fair chops, offered between hands while 2-4 players are left and nobody busted waits (R37)."""
    if tour.over or busted or table.phase is not DEALING or not 2 <= len(left) <= MAX_CHOP_PLAYERS:
        return None
    stacks = [(seat.name, seat.stack) for seat in table.seats if seat.name in left]
    by_icm, by_chips = fair_chops(tour, stacks)
    return ChopView(_texts(by_icm), _texts(by_chips), money_text(unpaid_prizes(tour)))


def _texts(amounts: dict[str, Decimal]) -> tuple[tuple[str, str], ...]:
    return tuple((name, money_text(amount)) for name, amount in amounts.items())


# -- the JSON STATE's fields (null / [] outside a tournament) ------------------------------------------------------

EMPTY: dict[str, Any] = {"level": None, "next_level": None, "tournament": None, "places": [], "prize_pool": None,
                         "payouts": [], "chop": None}


def tournament_json(view: TournamentView | None, now: float, translate: Translate) -> dict[str, Any]:
    """``level`` (its time left read at ``now``), ``next_level``, ``tournament``, ``places``, ``prize_pool``,
    ``payouts``, ``chop``."""
    if view is None:
        return dict(EMPTY)
    return {"level": level_json(view, now, translate), "next_level": _level_json(view.next_level),
            "tournament": {"entrants": view.entrants, "left": view.left, "average_stack": view.average_stack,
                           "buy_in": view.buy_in, "currency": view.currency, "rebuys": view.rebuys,
                           "add_ons": view.add_ons, "rebuy_open": view.rebuy_open, "add_on_open": view.add_on_open,
                           "over": view.over, "level_by": view.level_by, "busted": list(view.busted)},
            "places": [{"place": place.place, "name": place.name, "hand": place.hand} for place in view.places],
            "prize_pool": view.prize_pool,
            "payouts": [_payout_json(row) for row in view.payouts],
            "chop": None if view.chop is None else {"icm": dict(view.chop.icm), "chip_chop": dict(view.chop.chip_chop),
                                                    "unpaid": view.chop.unpaid}}


def level_json(view: TournamentView, now: float, translate: Translate) -> dict[str, Any]:
    """The clock's level with its time left at ``now`` (the moment the STATE is served)."""
    clock = view.clock(now)
    level = view.level
    return {"number": level.number, "blinds": list(level.blinds), "limits": list(level.limits),
            "ante": level.ante, "ante_by": level.ante_by,
            "seconds_left": None if clock.seconds_left is None else round(clock.seconds_left, 3),
            "hands_left": clock.hands_left, "paused": view.paused, "on_break": view.on_break,
            "started": view.started,
            "seconds_to_break": None if clock.seconds_to_break is None else round(clock.seconds_to_break, 3),
            "in_play": view.in_play, "note": view.note.render(translate) if view.note else None}


def _level_json(level: Level | None) -> dict[str, Any] | None:
    if level is None:
        return None
    data: dict[str, Any] = {"number": level.number, "blinds": list(level.blinds), "limits": list(level.limits),
                            "ante": level.ante, "ante_by": level.ante_by}
    if level.minutes is not None:
        data["minutes"] = float(plain(level.minutes)) if "." in plain(level.minutes) else int(level.minutes)
    else:
        data["hands"] = level.hands
    return data


def _payout_json(row: Payout) -> dict[str, Any]:
    if row.name is None:
        return {"place": row.place, "amount": money_text(row.amount)}
    return {"place": row.place, "name": row.name, "amount": money_text(row.amount)}
