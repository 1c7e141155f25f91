"""The JSON STATE of the API: a serialisation of the snapshot (names and shapes are fixed by the API contract)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import format_cards
from .messages import Msg, Translate
from .snapshot import AwardView, PlanItem, Snapshot

if TYPE_CHECKING:
    from .game import Game


def _same(text: str) -> str:
    return text


def state_json(game: Game, table_id: str, translate: Translate = _same) -> dict[str, Any]:
    """The pinned STATE fields, then the extras (explanations, the readable log, what undo would undo)."""
    snap = game.snapshot()
    betting = snap.betting
    stub, burned, discards, folded = snap.deck
    state: dict[str, Any] = {
        "table": table_id,
        "seq": snap.seq,
        "phase": snap.phase.value,
        "hand": snap.hand,
        "hands": snap.hands,
        "round": snap.round,
        "button": snap.button,
        "small_blind": snap.small_blind,
        "big_blind": snap.big_blind,
        "to_act": snap.to_act,
        "legal": [option.legal.to_json() for option in snap.options],
        "bet_unit": snap.bet_unit,
        "current_bet": betting.current_bet if betting else 0,
        "raises": betting.raises if betting else 0,
        "capped": betting.capped if betting else False,
        "uncapped": betting.uncapped if betting else False,
        "players": [
            {"name": seat.name, "stack": seat.stack, "bet": seat.bet, "committed": seat.committed,
             "status": seat.status.value, "draws": list(seat.draws)}
            for seat in snap.seats
        ],
        "pots": [{"amount": pot.amount, "eligible": list(pot.eligible)} for pot in snap.pots],
        "deck": {"stub": stub, "burned": burned, "discards": discards, "folded": folded},
        "deal_plan": [_step_json(item) for item in (snap.plan.items if snap.plan else ())],
        "showdown": _showdown_json(snap),
        "last_hand": _last_hand_json(snap),
        "standings": [{"name": row.name, "stack": row.stack, "place": row.place} for row in snap.standings],
    }
    state.update(extras(snap, translate))
    return state


def _step_json(item: PlanItem) -> dict[str, Any]:
    if item.kind == "burn":
        return {"step": "burn"}
    if item.kind == "reshuffle":
        return {"step": "reshuffle", "cards": item.cards}
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
    return {"amount": award.amount, "winners": list(award.winners), "shares": dict(award.shares),
            "odd_chips": list(award.odd_chips)}


def _last_hand_json(snap: Snapshot) -> dict[str, Any] | None:
    result = snap.result
    if result is None:
        return None
    return {"hand": result.hand, "awards": [award_json(award) for award in result.awards],
            "returned": {row.player: row.amount for row in result.returned}}


def message_json(message: Msg, translate: Translate) -> dict[str, Any]:
    return {"text": message.render(translate), "rule": message.rule, "ruling": message.ruling}


def extras(snap: Snapshot, translate: Translate) -> dict[str, Any]:
    """Fields beyond the pinned ones: explanations, the readable log, totals, what undo would undo."""
    notes = ((snap.betting.cap,) if snap.betting else ()) + snap.notes
    return {
        "stakes": snap.stakes.to_json(),
        "total": snap.total,
        "misdeals": snap.misdeals,
        "notes": [message_json(note, translate) for note in notes],
        "log": [dict(message_json(line.text, translate), seq=line.seq) for line in snap.log],
        "undo": snap.undo.render(translate) if snap.undo else None,
        "history": [dict(stacks) for stacks in snap.history],
    }
