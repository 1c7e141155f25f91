"""Going to the tape: any hand replayed step by step, on the phones, the console and the TV.

Routes:
    /t/<table_id>/hands/<n>?step=K   the table as it stood after step K of hand n (read-only and public like the
                                     phone view; ``?seq=S`` leads to the step recorded at seq S, the log's links);
                                     htmx's request for a step gets only the replay part (templates/replay.html)
    POST /t/<table_id>/dealer/tv     the dealer's: put hand n at step K on the room display (``hand``, ``step``),
                                     or give the TV back to the live table (``back``); CSRF-checked like every
                                     console form

The room display follows the setting on its live poll (web/tv.py asks :func:`tv_replay`); the next hand's deal
gives it back to the live table by itself. Everything shown is a step's snapshot, printed by the partials the
console and the phones use; nothing here works out a rule.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from flask import Blueprint, current_app, make_response, redirect, render_template, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from dealer import HandTape, TapeStep

from .guard import foreign
from .limits import path_number, query_number
from .player import fresh
from .service import TableAccess, service
from .table_errors import Unauthorized
from .tablet import csrf_token, dealer_access, is_htmx

bp = Blueprint("replayer", __name__)


@dataclass(frozen=True)
class OnTheTv:
    """The TV shows hand ``hand`` at step ``step`` while the live table is still at hand ``dealt``."""

    hand: int
    step: int
    dealt: int


class TvSettings:
    """Each table's "the TV shows hand N step K" (in memory: a restarted server gives the TV back to the table)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._shown: dict[str, OnTheTv] = {}

    def get(self, table_id: str) -> OnTheTv | None:
        return self._shown.get(table_id)

    def put(self, table_id: str, shown: OnTheTv | None) -> None:
        with self._lock:
            if shown is None:
                self._shown.pop(table_id, None)
            else:
                self._shown[table_id] = shown

    def forget_table(self, table_id: str) -> None:
        """The table was deleted: the TV shows no replay of it (web/service.py's ``forget_everywhere``)."""
        self.put(table_id, None)


def tv_settings() -> TvSettings:
    return current_app.extensions.setdefault("tv_replays", TvSettings())  # type: ignore[no-any-return]


@bp.app_template_global()
def tv_replay(table_id: str, live_hand: int) -> OnTheTv | None:
    """What the TV should show instead of the live table, or None (never set, taken back, or a new hand dealt)."""
    shown = tv_settings().get(table_id)
    if shown is None or shown.dealt != live_hand:
        return None
    return shown


@dataclass(frozen=True)
class TvStep:
    """The step the room display shows: ``key`` names it in the display's poll."""

    tape: HandTape
    number: int
    step: TapeStep
    key: str


def tv_step(access: TableAccess) -> TvStep | None:
    """The hand's step the TV shows instead of the live table, or None."""
    shown = tv_replay(access.table_id, access.game.hand_number)
    if shown is None:
        return None
    tape = access.tape(str(shown.hand))
    number = step_number(tape, str(shown.step))
    return TvStep(tape, number, tape.steps[number - 1], f"{tape.hand}.{number}")


def step_number(tape: HandTape, asked: str | None) -> int:
    """The step asked for (1 = the deal), kept within the tape."""
    return min(max(path_number(asked) or 1, 1), len(tape.steps))


def render_replay(table_id: str, tape: HandTape, number: int, fragment: bool, template: str = "replay.html",
                  **more: object) -> str:
    step: TapeStep = tape.steps[number - 1]
    snap = step.table
    return render_template(
        template, table=snap, table_id=table_id, tape=tape, step=step, number=number, fragment=fragment,
        layout="player/fragment.html" if fragment else "base.html",
        result=snap.result if snap.result and snap.result.hand == tape.hand else None,
        link=lambda k: url_for("replayer.replay", table_id=table_id, number=tape.hand, step=k), **more)


@bp.get("/t/<table_id>/hands/<number>")
def replay(table_id: str, number: str) -> BaseResponse:
    access = service().access(table_id)
    tape = access.tape(number)  # 404 with a sentence for a hand not dealt (web/errors.py)
    seq = query_number("seq")
    if seq is not None:
        found = tape.index_of(seq)
        return redirect(url_for("replayer.replay", table_id=table_id, number=tape.hand,
                                step=found + 1 if found is not None else 1), code=303)
    chosen = step_number(tape, request.args.get("step"))
    dealer = csrf_token(table_id) is not None
    shown = tv_replay(table_id, access.game.hand_number) if dealer else None
    # Stepped to (a step link, the slider, Back or Forward) while the TV shows this hand at another step: the
    # page's "Show on the TV" sends itself, so the TV follows. Opening the page leaves the TV where it is.
    stepped = "true" in (request.headers.get("HX-Request"), request.headers.get("HX-History-Restore-Request"))
    follow = stepped and shown is not None and shown.hand == tape.hand and shown.step != chosen
    html = render_replay(table_id, tape, chosen, is_htmx(), dealer=dealer, on_tv=shown, follow=follow,
                         live_hand=access.game.hand_number)
    response = fresh(make_response(html))
    # The page and its replay part share the address; Back and Forward ask for the page.
    response.vary.update(("HX-Request", "HX-History-Restore-Request"))
    return response


@bp.post("/t/<table_id>/dealer/tv")
def show_on_tv(table_id: str) -> BaseResponse:
    """The dealer puts a hand's step on the room display, or gives the TV back to the live table."""
    table = dealer_access(table_id)
    if foreign(csrf_token(table_id)) or not table.authorised:
        raise Unauthorized(table_id)  # 403 with a sentence, nothing changed
    form = request.form
    if form.get("back"):
        tv_settings().put(table_id, None)
        return redirect(url_for("console.console", table_id=table_id), code=303)
    tape = table.tape(form.get("hand", ""))
    chosen = step_number(tape, form.get("step"))
    tv_settings().put(table_id, OnTheTv(tape.hand, chosen, table.game.hand_number))
    # To the step's page (htmx follows the redirect and takes its replay part, which says what the TV shows).
    return redirect(url_for("replayer.replay", table_id=table_id, number=tape.hand, step=chosen), code=303)
