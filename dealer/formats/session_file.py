"""The session as a document: the settings and the whole log (corrections included), to continue it elsewhere.

The document carries a format version, the log as stored (every entry kind, through ``to_json``/``entry_from_json``,
so new kinds travel without changes here), when each entry was recorded, and a digest of all that. Reading one back
rebuilds the table from the log: a document that was edited, truncated or written by another version is refused
with the reason, before anything is created.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..errors import BadInput, DealerError
from ..messages import N_, msg
from ..rules.entries import Create, Entry, Input, Redo, Undo, entry_from_json, parse_create
from ..rules.tournament_settings import SESSION_KEYS
from ..view.game import Game
from ..view.snapshot import Snapshot

FORMAT = "triple-draw-dealer-session"
VERSION = 1


@dataclass(frozen=True)
class Imported:
    game: Game
    times: tuple[float, ...]  # when each entry was recorded, by seq


@dataclass(frozen=True)
class CheckedSession:
    """A document that rebuilds, told as plain data that crosses to another process cheaply (the game itself would
    cost its receiver as much as a rebuild): the log to keep, and what is shown of the table at its last entry."""

    log: tuple[str, ...]  # each entry's ``to_json`` as JSON text, by seq (as a table's log is stored)
    times: tuple[float, ...]  # when each entry was recorded, by seq
    table: str | None  # the table code the document had
    snapshot: Snapshot  # the table at its last entry (the STATE is written from it)
    players: tuple[str, ...]
    over: bool
    archivable: bool

MAX_ENTRIES = 20_000  # a night of 500 hands is about 15,000; a bigger file would take the laptop's time for long
LATEST_TIME = 253_402_300_799  # 9999-12-31: a time beyond is not a time the clock can print


def digest(log: Sequence[Any], times: Sequence[Any], seq: Any) -> str:
    """A SHA-256 of the log, its times and its seq, in one canonical JSON spelling."""
    canonical = json.dumps({"log": list(log), "times": list(times), "seq": seq}, sort_keys=True,
                           separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


def export_document(game: Game, times: Sequence[float], table_id: str) -> dict[str, Any]:
    """The document for ``game``: format, version, settings, the whole log with its times, and a digest."""
    log = [entry.to_json() for entry in game.entries]
    stamps = [round(float(at), 3) for at in times][: len(log)]
    stamps += [stamps[-1] if stamps else 0.0] * (len(log) - len(stamps))
    stacks = {seat.name: seat.stack + seat.committed for seat in game.state.seats}
    return {
        "format": FORMAT,
        "version": VERSION,
        "table": table_id,
        "settings": log[0],
        "seq": game.seq,
        "stacks": stacks,
        "log": log,
        "times": stamps,
        "digest": digest(log, stamps, game.seq),
    }


def import_document(document: Any) -> Imported:
    """Replay a document into a game, or refuse it (BadInput with the reason) without creating anything."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise BadInput(N_("This file is not a session exported by this app."))
    if document.get("version") != VERSION:
        raise BadInput(N_("This session was exported by another version of the app (format {found}, this app "
                          "reads {expected})."), found=str(document.get("version"))[:20], expected=VERSION)
    log, times, seq = document.get("log"), document.get("times"), document.get("seq")
    if not isinstance(log, list) or not log or not isinstance(times, list) or len(times) != len(log):
        raise BadInput(N_("The session's log is missing or incomplete."))
    if len(log) > MAX_ENTRIES:
        raise BadInput(N_("The session's log is too long to import (more than {maximum} entries)."),
                       maximum=MAX_ENTRIES)
    if not all(isinstance(at, (int, float)) and not isinstance(at, bool) and 0 <= at <= LATEST_TIME for at in times):
        raise BadInput(N_("The session's log is missing or incomplete."))
    if document.get("digest") != digest(log, times, seq):
        raise BadInput(N_("The session's file was changed or cut short after it was exported: its check does not "
                          "match."))
    if seq != len(log) - 1 or document.get("settings") != log[0]:
        raise BadInput(N_("The session's log is missing or incomplete."))
    entries = _entries(log)
    try:
        game = Game.rebuild(entries)
    except Exception as refused:  # whatever the rules trip on while replaying a file is a refusal, never a 500
        raise _refusal(entries, refused) from refused
    stacks = {seat.name: seat.stack + seat.committed for seat in game.state.seats}
    if stacks != document.get("stacks"):
        raise BadInput(N_("The session's log replays to other stacks than the file says: it was made by another "
                          "version of the rules."))
    return Imported(game, tuple(float(at) for at in times))


def _refusal(entries: list[Entry], refused: Exception) -> BadInput:
    """The sentence of a log the rules refuse, naming the entry: found by applying the entries one by one (slower
    than the rebuild, and only for a refused file)."""
    first = entries[0]
    assert isinstance(first, Create)  # _entries checked it
    game = Game(first)
    for number, entry in enumerate(entries[1:], start=1):
        try:
            if isinstance(entry, Undo):
                game.undo(at=entry.at)
            elif isinstance(entry, Redo):
                game.redo(at=entry.at)
            elif isinstance(entry, Input):
                game.push(entry)
        except Exception as found:
            reason = found.message.render() if isinstance(found, DealerError) else str(found) or type(found).__name__
            return BadInput(N_("Entry {seq} of the session's log cannot be replayed: {reason}"), seq=number,
                            reason=reason[:200])
    reason = refused.message.render() if isinstance(refused, DealerError) else str(refused)
    return BadInput(N_("The session's log cannot be replayed: {reason}"), reason=reason[:200])


def check_document(document: Any) -> CheckedSession:
    """:func:`import_document`, answered as a :class:`CheckedSession` (run in a process of its own by the server,
    so a long rebuild shares no interpreter with the dealer's taps and the phones' reads)."""
    imported = import_document(document)
    game = imported.game
    wanted = document.get("table")
    try:
        snapshot = game.snapshot()
    except Exception as refused:  # the table as it ends cannot be shown (its money, its figures): refused
        raise BadInput(N_("The session's log cannot be replayed: {reason}"), reason=str(refused)[:200]) from refused
    return CheckedSession(tuple(json.dumps(entry.to_json()) for entry in game.entries), imported.times,
                          wanted if isinstance(wanted, str) else None, snapshot, game.players, game.over,
                          game.archivable)


def _entries(log: list[Any]) -> list[Entry]:
    entries: list[Entry] = []
    for item in log:
        try:
            entries.append(entry_from_json(item))
        except DealerError as refused:  # a shape no request could have carried: the API's sentence says which
            raise BadInput(N_("Entry {seq} of the session's log cannot be read: {reason}"), seq=len(entries),
                           reason=refused.message.render()[:200]) from refused
        except Exception as unreadable:  # a failure inside the check is a refusal too, never a 500
            raise BadInput(N_("Entry {seq} of the session's log cannot be read."), seq=len(entries)) from unreadable
    first = entries[0]
    if not isinstance(first, Create):
        raise BadInput(N_("The session's log does not start with the table's creation."))
    stakes = first.stakes
    settings = {"players": [{"name": spec.name, "stack": spec.stack} for spec in first.players],
                "button": first.button, **stakes.to_json(),  # blinds, limits, raises, hands, stack, antes
                "games": list(first.games), "choice": first.choice, **first.open.to_json()}
    if first.hands_per_game:
        settings["hands_per_game"] = first.hands_per_game
    if first.tournament is not None:  # its stakes come from its levels (R36); every input carries its time
        untimed = next((number for number, entry in enumerate(entries) if isinstance(entry, Input)
                        and entry.at is None), None)
        if untimed is not None:
            raise BadInput(N_("Entry {seq} of the session's log cannot be read: {reason}"), seq=untimed,
                           reason=msg(N_("A tournament's input needs the time it was recorded (“at”)."),
                                      ruling="R36").render())
        settings = {key: value for key, value in settings.items() if key not in SESSION_KEYS}
        settings.update(first.tournament.to_json())
    if replace(parse_create(settings), drawn=first.drawn) != first:  # the same checks as a new table's
        raise BadInput(N_("The session's log cannot be read: its table settings are not valid."))
    return entries
