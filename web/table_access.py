"""One table as one request sees it (:class:`TableAccess`, made by web/service.py's ``TableService.access``): looked
up once, its dealer token checked once, read and changed through this handle under the table's lock."""

from __future__ import annotations

import hashlib
import hmac
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from dealer import (
    Entry,
    Game,
    HandLog,
    HandRecord,
    HandTape,
    Input,
    SessionRecord,
    Snapshot,
    Translate,
    export_document,
    parse_input,
    play_tape,
    state_json,
    tape_start,
)

from .limits import path_number
from .store import Store
from .table_errors import HandNotFound, Unauthorized

LATEST_TIME = 253_402_300_799  # a time beyond 9999 (an import from before the check) is left unprinted


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


KEPT_STEPS = 6  # hands' steps kept as JSON text per table (each language counts as one)


@dataclass
class _Slot:
    game: Game
    token_hash: str
    lock: threading.Lock = field(default_factory=threading.Lock)
    cache: dict[tuple[int, str], dict[str, Any]] = field(default_factory=dict)
    # Each hand's history as text, by format and hand number, with the hand's record it was written from: a hand
    # that is over keeps its record object, so its text is written once however often it is read.
    rendered: dict[tuple[str, int], tuple[HandRecord, str]] = field(default_factory=dict)
    times: list[float] = field(default_factory=list)  # when each entry was recorded, read from the disk once
    times_lock: threading.Lock = field(default_factory=threading.Lock)
    tapes: dict[int, tuple[int, HandTape]] = field(default_factory=dict)  # hand -> (its latest seq, its steps)
    # The steps' JSON text by hand and language, with the hand's latest seq: two phones looping a long hand's steps
    # cost one build per seq, not one per request; one tape is built at a time per table (the others wait for it).
    steps_text: dict[tuple[int, str], tuple[int, bytes]] = field(default_factory=dict)
    tape_lock: threading.Lock = field(default_factory=threading.Lock)
    sessions: dict[str, tuple[int, str]] = field(default_factory=dict)  # format -> (seq, the whole night's file)
    # Set (under the lock) when the service let this finished table leave memory: a request still holding the slot
    # reads on from it, but looks the table up again before changing it (web/service.py's _evict).
    evicted: bool = False

    def holds(self, token: str | None) -> bool:
        return token is not None and hmac.compare_digest(self.token_hash, token_hash(token))


class TableAccess:
    """One table as one request sees it: looked up once, its token checked once, changed through this handle."""

    __slots__ = ("_after_write", "_reload", "_slot", "_store", "authorised", "table_id")

    def __init__(self, store: Store, table_id: str, slot: _Slot, authorised: bool,
                 after_write: Callable[[bool], None] | None = None,
                 reload: Callable[[], _Slot] | None = None) -> None:
        self._store = store
        self._after_write = after_write
        self._reload = reload  # looks the table up again (when this slot left memory meanwhile, or a change ended it)
        self._slot = slot
        self.table_id = table_id
        self.authorised = authorised  # the token given is this table's dealer token

    @property
    def game(self) -> Game:
        return self._slot.game

    @property
    def seq(self) -> int:
        return self._slot.game.seq

    @property
    def version(self) -> str:
        """What a poll's ETag names: the seq, and in a tournament the clock's period too (a new level or break is
        news without any input: R36)."""
        game = self._slot.game
        return f"{game.seq}p{game.clock_period()}" if game.is_tournament else str(game.seq)

    def snapshot(self) -> Snapshot:
        """The table at one consistent moment (built under the table's lock, once per seq; frozen, so shared)."""
        with self._slot.lock:
            return self._slot.game.snapshot()

    def session_log(self) -> tuple[HandLog, ...]:
        """Every hand's log lines, for the pages that show the whole session."""
        with self._slot.lock:
            return self._slot.game.session_log()

    def hand_log(self, number: int) -> HandLog | None:
        """One hand's log lines (None for a hand not dealt yet): the cost is that hand's, not the session's."""
        with self._slot.lock:
            return self._slot.game.hand_log(number)

    def json_state(self, translate: Translate, language: str = "en") -> dict[str, Any]:
        """STATE as JSON data, cached per seq and language: polls cost a dictionary lookup."""
        slot = self._slot
        with slot.lock:
            game = slot.game
            key = (game.seq, language) if not game.is_tournament else (game.seq, f"{language}p{game.clock_period()}")
            cached = slot.cache.get(key)
            if cached is None:
                cached = state_json(game, self.table_id, translate, language)
                slot.cache.clear()  # older seqs are never asked again
                slot.cache[key] = cached
            elif game.is_tournament:  # the time left is read when served
                cached = dict(cached, level=game.level_json(translate))
            return cached

    def record(self) -> SessionRecord:
        """Every hand as the engine recorded it, with the times of its entries: the disk is read before the lock is
        taken and the lock held only to pick up the hands' records (frozen, so written out outside the lock)."""
        slot = self._slot
        with slot.times_lock:  # only the entries recorded since the last reader are read from the disk
            slot.times.extend(self._store.times(self.table_id, len(slot.times)))
            times = {seq: at for seq, at in enumerate(slot.times) if 0 <= at <= LATEST_TIME}
        with slot.lock:
            return self._slot.game.session_record(times)

    def hand(self, number: str) -> tuple[SessionRecord, HandRecord]:
        """One hand of the record, by its number as the URL gives it (HandNotFound for a hand not dealt yet)."""
        session = self.record()
        for hand in session.hands:
            if str(hand.number) == number:
                return session, hand
        raise HandNotFound(self.table_id, number)

    def tape(self, number: str) -> HandTape:
        """Hand ``number``'s steps (HandNotFound if not dealt); built outside the lock, once per latest entry."""
        hand = path_number(number) or 0
        with self._slot.lock:
            start = tape_start(self._slot.game, hand)
        if start is None:
            raise HandNotFound(self.table_id, number)
        with self._slot.tape_lock:
            if (kept := self._slot.tapes.get(start.hand)) is None or kept[0] != start.last:
                kept = self._slot.tapes[start.hand] = (start.last, play_tape(start))
        return kept[1]

    def steps_text(self, number: str, language: str, write: Callable[[HandTape], bytes]) -> bytes:
        """Hand ``number``'s steps as JSON text (``write`` makes it from the tape), once per latest entry and
        language."""
        tape = self.tape(number)
        last = tape.steps[-1].seq
        texts = self._slot.steps_text
        with self._slot.tape_lock:
            kept = texts.get((tape.hand, language))
            if kept is None or kept[0] != last:
                texts.pop((tape.hand, language), None)
                kept = texts[(tape.hand, language)] = (last, write(tape))
                while len(texts) > KEPT_STEPS:  # the least recently written go: a night's every hand is not kept
                    texts.pop(next(iter(texts)))
        return kept[1]

    def session_history(self, kind: str, write: Callable[[], str]) -> str:
        """The whole night's history in the format ``kind``, written by ``write`` once per seq: the phones that
        reopen it between two taps get it from memory."""
        seq = self.seq
        cached = self._slot.sessions.get(kind)
        if cached is None or cached[0] != seq:
            cached = self._slot.sessions[kind] = (seq, write())
        return cached[1]

    def history(self, hand: HandRecord, kind: str, write: Callable[[HandRecord], str]) -> str:
        """One hand's history in the format ``kind``, written by ``write`` only when that hand's record changed (a
        hand that is over is written once). Runs outside the table's lock."""
        cached = self._slot.rendered.get((kind, hand.number))
        if cached is None or cached[0] is not hand:
            cached = self._slot.rendered[(kind, hand.number)] = (hand, write(hand))
        return cached[1]

    def export(self) -> dict[str, Any]:
        """The session as a document (the dealer's): settings, the whole log and its times, a digest."""
        self.require_dealer()
        with self._slot.lock:
            return export_document(self._slot.game, self._store.times(self.table_id), self.table_id)

    @property
    def archived(self) -> bool:
        stored = self._store.table(self.table_id)
        return bool(stored and stored.archived)

    def dates(self) -> tuple[float | None, float | None]:
        """When the session started (its creation), and when it ended (its last entry) once it is over."""
        stored = self._store.table(self.table_id)
        started = stored.created_at if stored else None
        if not self._slot.game.over:
            return started, None
        last = self._store.times(self.table_id, self._slot.game.seq)
        return started, last[-1] if last else None

    def archive(self, archived: bool = True) -> None:
        """Put a finished table away (off the lists; its report and histories stay reachable by link)."""
        self.require_dealer()
        if archived:
            self._slot.game.check_archivable()
        self._store.set_archived(self.table_id, archived)

    def require_dealer(self) -> TableAccess:
        if not self.authorised:
            raise Unauthorized(self.table_id)
        return self

    def act(self, payload: object) -> Game:
        """Apply one dealer input: token, input and seq checked, applied, committed to disk, then answered."""
        self.require_dealer()
        entry: Input = parse_input(payload)
        seq = payload.get("seq") if isinstance(payload, dict) else None
        with self._changing() as slot:
            slot.game.push(entry, seq, now=time.time())  # a tournament's rules read the clock then (R36)
            self._persist(slot.game.entries[-1])  # as pushed: a tournament's input with its time, for the rebuild
        return self._slot.game

    def undo(self, seq: int | None = None) -> Game:
        """Take the last input back (recorded with its time: the log shows the undone line struck through)."""
        return self._correct(Game.undo, seq)

    def redo(self, seq: int | None = None) -> Game:
        """Re-apply the input undone last (409 when a new input came since, or nothing was undone)."""
        return self._correct(Game.redo, seq)

    def _correct(self, correction: Callable[[Game, int | None, float], object], seq: int | None) -> Game:
        """An undo or a redo: recorded with its time, like any input, and committed to disk before the answer."""
        self.require_dealer()
        with self._changing() as slot:
            correction(slot.game, seq, time.time())
            self._persist(slot.game.entries[-1])
        return self._slot.game

    @contextmanager
    def _changing(self) -> Iterator[_Slot]:
        """The table's slot under its lock, to change it: a slot that left memory since this request looked the
        table up (a finished table, evicted) is looked up again, so no change goes to a game the server dropped."""
        while True:
            slot = self._slot
            with slot.lock:
                if not slot.evicted or self._reload is None:
                    yield slot
                    break
            self._slot = self._reload()
        if slot.game.over and self._reload is not None:
            self._reload()  # a session just ended: the service counts it among the finished tables it keeps

    def _persist(self, entry: Entry) -> None:
        slot = self._slot
        try:
            self._store.append(self.table_id, slot.game.seq, entry)
        except BaseException:
            # The disk refused (StorageError, 503): forget the change in memory too, so memory never runs ahead
            # of the log and the next tap, once the disk is back, is applied to the table as it was.
            slot.game.forget_last()
            slot.cache.clear()
            raise
        if self._after_write is not None:
            self._after_write(slot.game.between_hands)
