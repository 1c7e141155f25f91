"""The night's report: read-only and public like the player view; it prints on two A4 pages and reads on a phone.

Route: ``/t/<table_id>/report``. Everything shown is the engine's: the standings of the snapshot (shared places,
R20), the stacks history for the chart, and the per-player figures of ``dealer.night_report``.
"""

from __future__ import annotations

from flask import Blueprint, Response, make_response, render_template, request

from dealer import night_report

from .player import cached_fragment, fragments
from .service import WRITING, service
from .stacks_chart import stacks_chart
from .tournament_screens import tournament_screen

bp = Blueprint("report", __name__)


@bp.get("/t/<table_id>/report")
def report(table_id: str) -> Response:
    seq = service().seq(table_id)  # an unknown table: web/errors.py answers 404
    # A page of every phone at the table: rendered once per seq and language, then served from memory, so phones
    # reopening it cost the dealer's taps next to nothing (its language links name the request's path, so only the
    # plain address is cached).
    html = (cached_fragment(fragments("report_pages"), table_id, seq, lambda: _render(table_id))
            if not request.query_string else _render(table_id)[0])
    response = make_response(html)
    response.headers["Cache-Control"] = "no-cache"
    response.vary.update(("Accept-Language", "Cookie"))
    return response


def _render(table_id: str) -> tuple[str, int]:
    """The report page, and the seq it shows (a tournament's places and payouts change only with it)."""
    access = service().access(table_id)
    with WRITING:
        snap = access.snapshot()
        night = night_report(access.record(), snap.standings)
        chart = stacks_chart(snap.history, [seat.name for seat in snap.seats], width=640, height=220)
        started, ended = access.dates()
        return render_template("report.html", table=snap, table_id=table_id, night=night, chart=chart,
                               started=started, ended=ended, clock=tournament_screen(snap)), snap.seq
