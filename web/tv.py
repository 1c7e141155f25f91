"""The room display: one read-only screen for the TV on the wall, public like the phones' view.

Routes (GET only; no form, no button, nothing about the dealer token):
    /t/<table_id>/tv        the whole screen, landscape, sized to fill a 1920x1080 or 1280x720 TV without scrolling
    /t/<table_id>/tv/live   its live part, polled as the phones poll theirs: ``?seq=N`` answers 204 No Content
                            while the table is still at seq N, otherwise the fresh part (rendered once per seq and
                            language, then served from memory); a tournament's also names the clock's period
                            (``&p=K``), so a new level or break arrives without any input

It is one more serialisation of the engine's snapshot: whose turn, the call and the cap, the pots, each seat's
stack, bet, status and draws, the draw's announcements, the showdown, the last result and the standings, each
printed from what the snapshot says (templates/tv.html); a tournament's screen is its clock first
(templates/tv/tournament.html, web/tournament_screens.py); nothing here works out a rule.
"""

from __future__ import annotations

from flask import Blueprint, Response, make_response, render_template, request

from .player import (
    POLL_INTERVAL,
    POLL_TIMEOUT,
    fragments,
    fresh,
    language,
    live_answer,
    live_url,
    live_version,
    unchanged,
)
from .replayer import tv_step
from .service import service
from .tournament_screens import tournament_screen, with_clock
from .urls import tv_url

bp = Blueprint("tv", __name__)
bp.add_app_template_global(tv_url, "tv_url")

CACHE = "tv_fragments"


def _render(table_id: str, fragment: bool) -> tuple[str, int]:
    """The screen or its live part, and the version it shows (a hand's step instead while the dealer puts one on).
    A tournament's clock stays on while a step is shown: it is the table's, read now."""
    seq, period = live_version(table_id)
    access = service().access(table_id)
    replay = tv_step(access)
    snap = replay.step.table if replay else access.snapshot()
    html = render_template("tv.html", table=snap, table_id=table_id, fragment=fragment, replay=replay,
                           layout="player/fragment.html" if fragment else "tv/page.html",
                           shown={hand.name: hand for hand in snap.result.shown} if snap.result else {},
                           show_rows={row.name: row for row in snap.showdown.rows} if snap.showdown else {},
                           live_url=live_url("tv.live", table_id, seq, period, r=replay.key if replay else None),
                           clock=tournament_screen(access.snapshot()) if period is not None else None,
                           poll_interval=POLL_INTERVAL, poll_timeout=POLL_TIMEOUT)
    return html, seq


@bp.get("/t/<table_id>/tv")
def screen(table_id: str) -> Response:
    access = service().access(table_id)  # an unknown table: web/errors.py answers 404
    replay = tv_step(access)
    etag = f"tv{access.version}-{language()}{'-' + replay.key if replay else ''}"
    if request.if_none_match.contains_weak(etag):
        response = make_response("", 304)
    else:
        response = make_response(_render(table_id, fragment=False)[0])
    response.set_etag(etag, weak=True)
    return fresh(response)


@bp.get("/t/<table_id>/tv/live")
def live(table_id: str) -> Response:
    """The live part; 204 No Content while the table is still at the seq the screen already shows. While the dealer
    shows a hand's step (``?r=`` names the one on screen), 204 only while both are unchanged."""
    asked = request.args.get("r", "")
    if asked or tv_step(service().access(table_id)):
        replay = tv_step(service().access(table_id))
        seq, period = live_version(table_id)
        if asked == (replay.key if replay else "") and unchanged(seq, period):
            answer = make_response("", 204)
        else:
            answer = make_response(_render(table_id, fragment=True)[0])
        return fresh(answer if period is None else with_clock(answer))
    return live_answer(table_id, fragments(CACHE), lambda: _render(table_id, fragment=True))
