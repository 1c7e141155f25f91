"""The JSON STATE of the API: a serialisation of the snapshot (names and shapes are fixed by the API contract)."""

from __future__ import annotations

import time
from operator import is_
from typing import Any, Protocol

from ..messages import Msg, Translate
from ..record.history import LogLine
from ..rules.cards import format_cards
from ..rules.legal import Legal, LegalAction
from ..rules.settlement import Transfer
from .game_view import game_json
from .snapshot import AwardView, Betting, DealPlan, PlanItem, PotView, SeatView, ShowdownView, Snapshot
from .tournament_view import EMPTY as NO_TOURNAMENT
from .tournament_view import tournament_json


def night_json(snap: Snapshot) -> dict[str, Any]:
    """The format, the ledger and the settlement (R26, R27): money as decimal strings with a chip value."""
    ledger = []
    for row in snap.ledger:
        item: dict[str, Any] = {"name": row.name, "bought_in": row.bought_in, "holds": row.holds,
                                "result": row.result}
        if row.money_result is not None:
            item["money_result"] = row.money_result
        ledger.append(item)
    return {"format": snap.format, "chip_value": snap.chip_value, "currency": snap.currency,
            "max_buy_in": snap.max_buy_in, "ledger": ledger,
            "settlement": transfers_json(snap.settlement), "settled": transfers_json(snap.settled)}


def transfers_json(transfers: tuple[Transfer, ...]) -> list[dict[str, Any]]:
    """``[{from, to, amount}]``: money (a decimal string) with a chip value, else chips (R27)."""
    return [{"from": item.payer, "to": item.payee, "amount": item.amount} for item in transfers]


_MOST_OPTIONS = 256  # options whose JSON is kept: a table sees a few dozen distinct ones in a hand


def _same(text: str) -> str:
    return text


class RenderedLines:
    """This hand's log lines already rendered, per language: each seq renders only its own new lines.

    A line is known by its seq and its place among that seq's lines: replaying a log gives every effective input
    the seq that recorded it and the same lines, and a new input gets a seq never used before."""

    def __init__(self) -> None:
        self.hand = -1
        self.lines: dict[tuple[str | None, int, int, bool], dict[str, Any]] = {}
        # The latest log read per language, and where its last line stood: the next seq's log usually starts with
        # the same line objects, so only its new lines are looked up (a hand's log is read after every input).
        self.latest: dict[str | None, tuple[tuple[LogLine, ...], list[dict[str, Any]], int, int]] = {}
        # The JSON of the snapshot's other parts, with the parts it was made from: the read model gives the same
        # frozen object again while a part is unchanged, and then its JSON is the same (the STATE is read-only).
        self.notes: dict[str | None, tuple[Betting | None, tuple[Msg, ...], list[dict[str, Any]]]] = {}
        self.seats: tuple[SeatView, ...] = ()
        self.players: list[dict[str, Any]] = []
        self.options: dict[int, tuple[LegalAction, dict[str, Any]]] = {}
        self.said: dict[str | None, tuple[Msg, str]] = {}  # per language: the newest step's first line, rendered
        self.pots: tuple[PotView, ...] = ()
        self.pots_value: list[dict[str, Any]] = []
        self.plan_items: tuple[PlanItem, ...] = ()
        self.plan_value: list[dict[str, Any]] = []
        self.showdown: ShowdownView | None = None
        self.showdown_value: dict[str, Any] | None = None
        self.steady_kept: dict[str | None, tuple[tuple[object, ...], tuple[dict[str, Any], dict[str, Any]]]] = {}

    def steady(self, snap: Snapshot, translate: Translate,
               language: str | None) -> tuple[dict[str, Any], dict[str, Any]]:
        """The STATE's steady fields (``steady_json``), built again only when one of their sources is another
        object: checked once for all of them, as the read model keeps them all while a hand is played."""
        sources = steady_sources(snap)
        kept = self.steady_kept.get(language)
        if kept is not None and all(map(is_, kept[0], sources)):
            return kept[1]
        value = steady_json(snap, translate)
        self.steady_kept[language] = (sources, value)
        return value

    def legal_json(self, legal: Legal) -> list[dict[str, Any]]:
        """The legal actions' JSON: the rules give the same frozen option again for the same choice (a fold, a
        check, a wager of the same amounts), and its JSON is then the same."""
        memo = self.options
        if len(memo) > _MOST_OPTIONS:
            memo.clear()
        found = []
        for option in legal:
            kept = memo.get(id(option))  # the memo holds the option: its id is not reused while it is there
            if kept is None or kept[0] is not option:
                kept = memo[id(option)] = (option, option.to_json())
            found.append(kept[1])
        return found

    # The parts read after every input: one identity check each (the read model gives the same object again while
    # a part is unchanged).
    def pots_json(self, pots: tuple[PotView, ...]) -> list[dict[str, Any]]:
        if pots is not self.pots:
            self.pots, self.pots_value = pots, [{"amount": pot.amount, "eligible": list(pot.eligible)} for pot in pots]
        return self.pots_value

    def plan_json(self, plan: DealPlan | None) -> list[dict[str, Any]]:
        items = plan.items if plan else ()
        if items is not self.plan_items:
            self.plan_items, self.plan_value = items, [_step_json(item) for item in items]
        return self.plan_value

    def showdown_json(self, snap: Snapshot) -> dict[str, Any] | None:
        if snap.showdown is not self.showdown:
            self.showdown, self.showdown_value = snap.showdown, _showdown_json(snap)
        return self.showdown_value

    def notes_json(self, snap: Snapshot, translate: Translate, language: str | None) -> list[dict[str, Any]]:
        """The cap in words and the notes, per language, built again when either is another object."""
        kept = self.notes.get(language)
        if kept is not None and kept[0] is snap.betting and kept[1] is snap.notes:
            return kept[2]
        value = notes_json(snap, translate)
        self.notes[language] = (snap.betting, snap.notes, value)
        return value

    def players_json(self, seats: tuple[SeatView, ...]) -> list[dict[str, Any]]:
        """The seats' rows: an input changes one or two of them, the others are the last STATE's."""
        kept = self.seats
        if seats is kept:
            return self.players
        # A row kept by the read model is the same object, in the same place unless the seating changed (a join).
        if len(seats) == len(kept):
            self.players = [json if seat is old else _player_json(seat)
                            for seat, old, json in zip(seats, kept, self.players, strict=True)]
        else:
            before = dict(zip(map(id, kept), self.players, strict=True))  # ids are the rows' while ``kept`` holds them
            self.players = [before.get(id(seat)) or _player_json(seat) for seat in seats]
        self.seats = seats
        return self.players

    def log_json(self, snap: Snapshot, translate: Translate, language: str | None) -> list[dict[str, Any]]:
        if snap.hand != self.hand:
            self.hand, self.lines, self.latest = snap.hand, {}, {}
        log = snap.log
        before, found, previous, place = self.latest.get(language, ((), [], -1, 0))
        if len(before) <= len(log) and all(map(is_, before, log)):
            found = found[:]  # the state keeps each list it was given: a copy, to grow
        else:
            before, found, previous, place = (), [], -1, 0
        for line in log[len(before):]:
            place = place + 1 if line.seq == previous else 0
            previous = line.seq
            key = (language, line.seq, place, line.undone is not None)
            rendered = self.lines.get(key)
            if rendered is None:
                rendered = self.lines[key] = line_json(line, translate)
            if place == 0:
                self.said[language] = (line.text, rendered["text"])  # the undo button says it again
            found.append(rendered)
        self.latest[language] = (log, found[:], previous, place)
        return found


class Serialisable(Protocol):
    """What the JSON STATE reads of a game (``view.game.Game`` is one)."""

    rendered_lines: RenderedLines

    def snapshot(self) -> Snapshot: ...


def state_json(game: Serialisable, table_id: str, translate: Translate = _same,
               language: str | None = None, now: float | None = None) -> dict[str, Any]:
    """The pinned STATE fields, then the extras (explanations, the readable log, what undo would undo).

    ``language`` names the language ``translate`` renders in; without it, only the untranslated default is cached.
    ``now``: when it is served (a tournament's time left is read then; the wall clock when None)."""
    snap = game.snapshot()
    parts = game.rendered_lines
    betting = snap.betting
    stub, burned, discards, folded = snap.deck
    cached = translate is _same or language is not None
    steady = parts.steady(snap, translate, language) if cached else steady_json(snap, translate)
    state: dict[str, Any] = {
        "table": table_id,
        "seq": snap.seq,
        "phase": str(snap.phase),
        "hand": snap.hand,
        "hands": snap.hands,
        "round": snap.round,
        "button": snap.button,
        "small_blind": snap.small_blind,
        "big_blind": snap.big_blind,
        "to_act": snap.to_act,
        "legal": parts.legal_json(snap.legal),
        "bet_unit": snap.bet_unit,
        "current_bet": betting.current_bet if betting else 0,
        "raises": betting.raises if betting else 0,
        "capped": betting.capped if betting else False,
        "uncapped": betting.uncapped if betting else False,
        "players": parts.players_json(snap.seats),
        "pots": parts.pots_json(snap.pots),
        "deck": {"stub": stub, "burned": burned, "discards": discards, "folded": folded},
        "deal_plan": parts.plan_json(snap.plan),
        "showdown": parts.showdown_json(snap),
    }
    state.update(steady[0])  # last_hand, standings, the night's fields, the game's
    if cached:
        log = parts.log_json(snap, translate, language)
        notes = parts.notes_json(snap, translate, language)
    else:
        log = [line_json(line, translate) for line in snap.log]
        notes = notes_json(snap, translate)
    said = parts.said.get(language) if cached else None
    state.update(extras(snap, translate, log, notes, said[1] if said is not None and said[0] is snap.undo else None))
    state.update(steady[1])  # earlier, stakes, history
    state["wager_range"] = wager_range_json(snap, translate)
    if snap.tournament is None:
        state.update(NO_TOURNAMENT)
    else:
        state.update(tournament_json(snap.tournament, time.time() if now is None else now, translate))
    return state


def steady_sources(snap: Snapshot) -> tuple[object, ...]:
    """The snapshot's parts the STATE's steady fields are built from (the same objects while a hand is played)."""
    return (snap.result, snap.standings, snap.format, snap.chip_value, snap.currency, snap.max_buy_in, snap.ledger,
            snap.settlement, snap.settled, snap.game, snap.games, snap.choice, snap.earlier, snap.stakes,
            snap.history)


def steady_json(snap: Snapshot, translate: Translate) -> tuple[dict[str, Any], dict[str, Any]]:
    """The STATE's fields that change only between hands, in their places: those after ``showdown``, and those
    after the extras."""
    before = {"last_hand": _last_hand_json(snap), "standings": standings_json(snap), **night_json(snap),
              **game_json(snap.game, snap.games, snap.choice)}
    return before, {"earlier": earlier_json(snap, translate), "stakes": snap.stakes.to_json(),
                    "history": list(snap.history)}


def standings_json(snap: Snapshot) -> list[dict[str, Any]]:
    """Best first; an open game's by result, with the result and whether the player left (R27)."""
    if snap.format != "open":
        return [{"name": row.name, "stack": row.stack, "place": row.place} for row in snap.standings]
    return [{"name": row.name, "stack": row.stack, "place": row.place, "result": row.change, "left": row.left}
            for row in snap.standings]


def earlier_json(snap: Snapshot, translate: Translate) -> list[dict[str, Any]]:
    """The earlier hands in one line each, latest first: what each player won or lost in that hand."""
    return [{"hand": item.hand, "changes": dict(item.changes), "text": item.text.render(translate)}
            for item in snap.earlier]


def wager_range_json(snap: Snapshot, translate: Translate = _same) -> dict[str, Any] | None:
    """Big-bet play: the totals the player to act may bet or raise to, the presets, the hint (R29-R31)."""
    wager = snap.wager_range
    if wager is None:
        return None
    return {"action": str(wager.action), "player": wager.player, "min": wager.min, "max": wager.max,
            "presets": [{"key": preset.key, "to": preset.to} for preset in wager.presets],
            "hint": wager.hint.render(translate)}


def _player_json(seat: SeatView) -> dict[str, Any]:
    return {"name": seat.name, "stack": seat.stack, "bet": seat.bet, "committed": seat.committed,
            "status": str(seat.status), "draws": list(seat.draws), "bought_in": seat.bought_in}


def _step_json(item: PlanItem) -> dict[str, Any]:
    if item.kind == "burn":
        return {"step": "burn"}
    if item.kind == "reshuffle" and item.reshuffle is not None:
        detail = item.reshuffle.detail
        return {"step": "reshuffle", "cards": item.cards, "player": detail.before, "stub": detail.stub,
                "earlier_discards": detail.earlier_discards, "folded": detail.folded,
                "served": {pile.player: pile.cards for pile in detail.served},
                "keep_apart": {pile.player: pile.cards for pile in detail.keep_apart}, "burned": detail.burned}
    if item.kind == "exposed":
        return {"step": "exposed", "player": item.player}
    return {"step": "serve", "player": item.player, "cards": item.cards}


def _showdown_json(snap: Snapshot) -> dict[str, Any] | None:
    if snap.showdown is None:
        return None
    return {
        "order": [row.name for row in snap.showdown.rows],
        "shown": {row.name: {"cards": format_cards(row.cards), "category": row.category}
                  for row in snap.showdown.rows if row.cards is not None},
    }


def award_json(award: AwardView) -> dict[str, Any]:
    found = {"amount": award.amount, "winners": list(award.winners), "shares": dict(award.shares),
             "odd_chips": list(award.odd_chips)}
    if award.half is not None:
        found["half"] = award.half
    return found


def _last_hand_json(snap: Snapshot) -> dict[str, Any] | None:
    result = snap.result
    if result is None:
        return None
    return {"hand": result.hand, "awards": [award_json(award) for award in result.awards],
            "returned": {row.player: row.amount for row in result.returned}}


def line_json(line: LogLine, translate: Translate) -> dict[str, Any]:
    """One log line; ``undone`` says when an input was taken back ("undone at 21:04:05"), else null."""
    text = line.text
    return {"text": text.render(translate), "rule": text.rule, "ruling": text.ruling, "seq": line.seq,
            "undone": line.undone.render(translate) if line.undone else None}


def message_json(message: Msg, translate: Translate) -> dict[str, Any]:
    return {"text": message.render(translate), "rule": message.rule, "ruling": message.ruling}


def notes_json(snap: Snapshot, translate: Translate) -> list[dict[str, Any]]:
    """The cap in words, then the notes of the moment."""
    notes = ((snap.betting.cap,) if snap.betting else ()) + snap.notes
    return [message_json(note, translate) for note in notes]


def extras(snap: Snapshot, translate: Translate, log: list[dict[str, Any]],
           notes: list[dict[str, Any]], undo: str | None = None) -> dict[str, Any]:
    """Fields beyond the pinned ones: explanations, the readable log, totals, what undo would undo (the stakes
    and the stacks' history are set after them, reused while the snapshot's are the same objects). ``undo``: the
    undo's words when the log has just rendered them (they are the latest input's first line)."""
    return {
        "stakes": None,
        "total": snap.total,
        "misdeals": snap.misdeals,
        "notes": notes,
        "log": log,
        "undo": undo if undo is not None else snap.undo.render(translate) if snap.undo else None,
        "undo_confirm": snap.undo_confirm.render(translate) if snap.undo_confirm else None,
        "redo": snap.redo.render(translate) if snap.redo else None,
        "history": None,
    }
