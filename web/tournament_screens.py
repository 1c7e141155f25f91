"""A tournament as the room display, the phones and the night's report print it: the snapshot's tournament part,
its clock read at the moment of the render, and lookups the templates need (a player's place, each place's payout).

The live parts are rendered once per seq and clock period, then served from memory for a whole level, so the time
left they print is as of their render (``at``, the laptop's clock); every live answer says the laptop's time now
(the ``X-Clock-Now`` header), and static/js/tournament_clock.js counts from both. Nothing here decides a rule.
"""

from __future__ import annotations

import time
from decimal import Decimal
from typing import NamedTuple

from flask import Response

from dealer import FIXED_LIMIT, Snapshot, TournamentClock, TournamentPlace, TournamentView

CLOCK_HEADER = "X-Clock-Now"


class FinishRow(NamedTuple):
    """One line of a tournament's result: a place, who took it, what it paid and the hand they went out in."""

    place: int
    name: str | None
    amount: Decimal | None
    hand: int | None


class TournamentScreen(NamedTuple):
    view: TournamentView  # the tournament part: levels, players left, places, prize pool, payouts (R35-R37)
    time: TournamentClock  # its clock at ``at``: seconds left in the level or break, hands left, seconds to a break
    at: float  # the laptop's time the clock was read at (seconds since the epoch)
    limits: bool  # a level's fixed limits are worth showing: the table plays a fixed-limit game

    @property
    def place_of(self) -> dict[str, int]:
        return {place.name: place.place for place in self.view.places}

    @property
    def finish(self) -> tuple[FinishRow, ...]:
        """Every paid place with its amount and, once decided, its player and the hand they went out in, then the
        places that paid nothing, best first (after an agreed chop the payouts are the amounts agreed: R35, R37)."""
        places = {place.name: place for place in self.view.places}
        rows = []
        for row in self.view.payouts:
            place = places.pop(row.name, None) if row.name is not None else None
            rows.append(FinishRow(row.place, row.name, row.amount, _out_in(place)))
        rows += [FinishRow(place.place, place.name, None, _out_in(place)) for place in places.values()]
        return tuple(sorted(rows, key=lambda row: row.place))


def _out_in(place: TournamentPlace | None) -> int | None:
    """The hand a player went out in; none for the winner, who never went out (nor before the first deal)."""
    return place.hand or None if place is not None and place.place > 1 else None


def tournament_screen(snap: Snapshot, now: float | None = None) -> TournamentScreen | None:
    """The tournament's screen part at ``now`` (the wall clock when None); None for a session or an open game."""
    view = snap.tournament
    if view is None:
        return None
    at = time.time() if now is None else now
    limits = any(game.structure == FIXED_LIMIT for game in snap.games) or not snap.games
    return TournamentScreen(view, view.clock(at), at, limits)


def with_clock(response: Response) -> Response:
    """The laptop's time now on a tournament's live answer, for the countdowns (an empty 204 included)."""
    response.headers[CLOCK_HEADER] = f"{time.time():.3f}"
    return response
