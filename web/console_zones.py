"""The console's zones and their keys, known before anything is rendered.

A zone (templates/console/zones/<name>.html) is a part of the console a tap's answer replaces on its own. Its key
names what its HTML is made of: the snapshot's parts the zone prints (frozen values, so equal parts print the same
HTML), the reader's language, and what else the zone's HTML holds (the screen's seq in its forms, the form's key,
an address). The console sends back the keys of the zones it shows (``X-Console-Keep``); an answer renders only
the zones whose key the console does not hold (:func:`zones_to_send`), so an unchanged zone costs the server its
key and nothing more.

This hand's log grows by appending: its zone's key names only its frame (the hand and its title), and a hidden
mark after the lines (``#log-mark``) carries the key of the lines the console shows, as a count and a digest of
them. When the frame is the same and the console's lines are the start of this hand's lines, a tap's answer
appends only the new lines (``hx-swap-oob="beforeend:#log-current"``) and replaces the mark; when lines changed
(an undo strikes them), the hand changed, or the answer is a poll's (see :func:`log_answer`), the whole zone comes
again. The earlier hands' summaries are a zone of their own, so they are rendered once per hand and language, not
once per tap.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Collection, Sequence
from typing import NamedTuple

from markupsafe import Markup

from dealer import LogLine, Msg, Snapshot

__all__ = ["INSIDE", "ZONES", "AmountEntry", "LogAnswer", "RenderedOnce", "ZoneContext", "kept_keys", "log_answer",
           "stacks_parts", "zone_keys", "zones_to_send"]

# The console's zones (templates/console/zones/<name>.html), each replaced on its own when its key changed.
ZONES = ("top", "clock", "tv_banner", "seats", "pots", "turn", "controls", "plan", "log", "earlier", "chart", "chips",
         "stacks", "qr_players", "qr_tv", "tv_state", "qr_dealer", "tools")
# Zones inside another: sent whole with it, or on their own when only they changed (the chips change with every
# bet, the stacks chart once per hand, the panel around them at the end of the session).
INSIDE = {"chips": "chart", "stacks": "chart"}
MARK = "lines"  # the prefix of the log mark's key: "lines<count>-<digest>"


class AmountEntry(NamedTuple):
    """A big-bet amount the engine refused: what the dealer typed and the engine's sentence saying why."""

    typed: str
    refusal: Msg


class ZoneContext(NamedTuple):
    """What the zones' HTML holds besides the snapshot."""

    language: str
    table_id: str
    form_key: str  # the CSRF token every form carries
    player_url: str
    join_url: str
    tv_url: str
    on_tv: object  # what the TV shows instead of the live table (web/replayer.py), or None
    picked: tuple[str, ...] = ()  # a refused showdown's cards and typed text, shown again in the picker
    typed: str = ""
    amount: AmountEntry | None = None  # a refused bet or raise amount, shown again in its field with the reason
    clock: str = ""  # a tournament's clock period (web/console_tournament.py): its legal entries change with it


def _digest(*parts: object) -> str:
    """A short digest of frozen values: their ``repr`` spells every field, so equal parts give equal digests."""
    return hashlib.sha1(repr(parts).encode(), usedforsecurity=False).hexdigest()[:12]


def zone_keys(snap: Snapshot, context: ZoneContext) -> dict[str, str]:
    """Each zone's key, from the snapshot's parts it prints (see each zone's template)."""
    words = (context.language, context.table_id)
    forms = (*words, context.form_key, snap.seq)  # a zone with forms carries the screen's seq in each
    parts: dict[str, tuple[object, ...]] = {
        "top": (*forms, snap.hand_label, snap.game, snap.games, snap.stage, snap.betting, snap.undo, snap.redo),
        "seats": (*words, snap.seats, snap.in_hand),
        "pots": (*words, snap.pots, snap.showdown, snap.in_hand, snap.phase, snap.result),
        "turn": (*words, snap.to_act, snap.phase, snap.notes),
        "clock": (*forms, context.clock) if context.clock else words,
        # the seq names the whole snapshot (with a tournament's clock period: a break, the rebuy period's end)
        "controls": (*forms, context.picked, context.typed, context.amount, context.clock),
        "plan": (*words, snap.plan, snap.phase, snap.hand),
        "log": (*words, snap.hand, snap.log_title, bool(snap.log)),  # the frame: the lines have the mark
        "earlier": (*words, snap.earlier),
        "chart": (*words, snap.over),
        "chips": (*words, snap.standings_title, snap.chips_now, snap.chip_check, snap.chips_ok),
        "stacks": (*words, *stacks_parts(snap)),
        "qr_players": (*words, context.player_url),
        "qr_tv": (*words, context.tv_url),
        "tv_state": (*words, context.form_key, context.on_tv, snap.hand),
        "tv_banner": (*words, context.form_key, context.on_tv),
        "qr_dealer": (*words, context.join_url),
        "tools": (*words, snap.stakes_text),
    }
    return {name: f"{name}-{_digest(*parts[name])}" for name in ZONES}


def stacks_parts(snap: Snapshot) -> tuple[tuple[dict[str, int], ...], tuple[str, ...]]:
    """What the stacks chart draws: the stacks after each hand, by name."""
    return (snap.history, tuple(seat.name for seat in snap.seats))


def kept_keys(header: str) -> frozenset[str]:
    """The keys an ``X-Console-Keep`` header names (one per zone and the log's mark; anything else is ignored)."""
    keys = header.split(",")[:len(ZONES) + 1]
    return frozenset(key for key in keys if 0 < len(key) <= 40)


def zones_to_send(keys: dict[str, str], kept: Collection[str]) -> tuple[frozenset[str], tuple[str, ...]]:
    """The zones an answer renders whole (those whose key the console does not hold, and those inside them), and
    the ones it swaps on their own (a zone inside one sent whole comes with it)."""
    changed = {name for name, key in keys.items() if key not in kept}
    rendered = changed | {name for name, outer in INSIDE.items() if outer in changed}
    return frozenset(rendered), tuple(name for name in ZONES if name in changed and INSIDE.get(name) not in changed)


def _marks(lines: Sequence[LogLine], at: int) -> tuple[str, str]:
    """The mark's key of the first ``at`` lines and of all of them, in one pass."""
    running = hashlib.sha1(usedforsecurity=False)
    start = ""
    for index, line in enumerate(lines):
        if index == at:
            start = f"{MARK}{at}-{running.hexdigest()[:12]}"
        running.update(repr(line).encode())
    whole = f"{MARK}{len(lines)}-{running.hexdigest()[:12]}"
    return start or whole, whole


class LogAnswer(NamedTuple):
    """What an answer does to this hand's log: nothing, append ``new`` lines, or (``whole``) send the zone."""

    whole: bool
    new: tuple[LogLine, ...]
    mark: str


def log_answer(lines: Sequence[LogLine], frame_kept: bool, kept: Collection[str], append: bool = True) -> LogAnswer:
    """The lines the console lacks, when it shows this hand's frame and the start of its lines; else the zone.

    Appending is not idempotent, so only a tap's answer appends (``append``): the console swaps no other answer
    while a tap is on its way, so the lines it appends follow exactly the lines the tap's request named. A poll's
    answer may land after a tap's answer at the same seq, so it sends the whole log whenever the lines differ."""
    shown = next((key for key in kept if key.startswith(MARK)), "")
    count = shown[len(MARK):].split("-")[0]
    at = int(count) if count.isdigit() and len(count) < 6 else -1
    if not frame_kept or not 0 <= at <= len(lines):
        return LogAnswer(True, (), _marks(lines, 0)[1])
    start, whole = _marks(lines, at)
    if shown != start or (at < len(lines) and not append):  # an undo struck a line, or a poll's answer
        return LogAnswer(True, (), whole)
    return LogAnswer(False, tuple(lines[at:]), whole)


class RenderedOnce:
    """Parts that change once per hand (the stacks chart), rendered once per key and then served from memory: the
    chips zone changes with every bet, its chart only when a hand ends."""

    def __init__(self, size: int = 32) -> None:
        self._lock = threading.Lock()
        self._size = size
        self._html: OrderedDict[str, Markup] = OrderedDict()

    def get(self, render: Callable[[], Markup], *parts: object) -> Markup:
        key = _digest(*parts)
        with self._lock:
            found = self._html.get(key)
            if found is not None:
                self._html.move_to_end(key)
                return found
        html = render()
        with self._lock:
            self._html[key] = html
            while len(self._html) > self._size:
                self._html.popitem(last=False)
        return html
