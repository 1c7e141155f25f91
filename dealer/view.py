"""The table as data: the JSON STATE of the API contract, plus explanations in the reader's language."""

from __future__ import annotations

from typing import Any

from . import betting
from .cards import format_cards
from .legal import LegalAction
from .messages import N_, Msg, Translate, msg
from .pots import build_pots
from .session import Game, to_act
from .state import Award, LogLine, Phase, Pot, TableState


def _same(text: str) -> str:
    return text


def pots_now(table: TableState) -> list[Pot]:
    """Main pot first; amounts add up to every chip committed this hand."""
    hand = table.hand
    if hand is None or hand.ended:
        return []
    if hand.showdown is not None:
        return list(hand.showdown.pots)
    return build_pots(table.seats)


def standings(table: TableState) -> list[dict[str, Any]]:
    """Best first as of the last finished hand; equal stacks share a place and the next is skipped (R20)."""
    stacks = table.history[-1]
    order = sorted(table.seats, key=lambda seat: -stacks[seat.name])
    return [
        {"name": seat.name, "stack": stacks[seat.name],
         "place": 1 + sum(1 for other in table.seats if stacks[other.name] > stacks[seat.name])}
        for seat in order
    ]


def bet_unit(table: TableState) -> int:
    hand = table.hand
    if table.phase is Phase.BET and hand and hand.betting:
        return hand.betting.unit
    if table.phase is Phase.DRAW and hand and hand.draw:
        return table.stakes.unit(hand.draw.number + 1)
    if table.phase is Phase.SHOWDOWN:
        return table.stakes.unit(4)
    return table.stakes.unit(1)


def award_json(award: Award) -> dict[str, Any]:
    return {"amount": award.amount, "winners": list(award.winners), "shares": dict(award.shares),
            "odd_chips": list(award.odd_chips)}


def state_json(game: Game, table_id: str, translate: Translate = _same) -> dict[str, Any]:
    """The pinned STATE fields (names and shapes fixed by the API contract) and a few extras."""
    table = game.state
    hand = table.hand
    in_bet = table.phase is Phase.BET and hand is not None and hand.betting is not None
    round_number = None
    if in_bet and hand and hand.betting:
        round_number = hand.betting.number
    elif table.phase is Phase.DRAW and hand and hand.draw:
        round_number = hand.draw.number
    betting_round = hand.betting if in_bet and hand else None
    deck = hand.deck if hand else None
    state: dict[str, Any] = {
        "table": table_id,
        "seq": game.seq,
        "phase": table.phase.value,
        "hand": table.hand_number,
        "hands": table.stakes.hands,
        "round": round_number,
        "button": hand.button if hand else None,
        "small_blind": hand.small_blind if hand else None,
        "big_blind": hand.big_blind if hand else None,
        "to_act": game.to_act,
        "legal": [option.to_json() for option in game.legal],
        "bet_unit": bet_unit(table),
        "current_bet": betting.current_bet(table, betting_round) if betting_round else 0,
        "raises": betting_round.raises if betting_round else 0,
        "capped": betting_round.capped if betting_round else False,
        "uncapped": betting_round.uncapped if betting_round else False,
        "players": [
            {"name": seat.name, "stack": seat.stack, "bet": seat.bet, "committed": seat.committed,
             "status": seat.status.value, "draws": list(seat.draws)}
            for seat in table.seats
        ],
        "pots": [{"amount": pot.amount, "eligible": list(pot.eligible)} for pot in pots_now(table)],
        "deck": {"stub": deck.stub, "burned": deck.burned, "discards": deck.discards, "folded": deck.folded}
        if deck else {"stub": 52, "burned": 0, "discards": 0, "folded": 0},
        "deal_plan": [_step_json(step.step, step.player, step.cards) for step in (hand.plan if hand else [])],
        "showdown": _showdown_json(table),
        "last_hand": _last_hand_json(table),
        "standings": standings(table),
    }
    state.update(extras(game, translate))
    return state


def _step_json(step: str, player: str | None, cards: int) -> dict[str, Any]:
    if step == "burn":
        return {"step": "burn"}
    if step == "reshuffle":
        return {"step": "reshuffle", "cards": cards}
    return {"step": "serve", "player": player, "cards": cards}


def _showdown_json(table: TableState) -> dict[str, Any] | None:
    hand = table.hand
    if hand is None or hand.showdown is None:
        return None
    return {
        "order": list(hand.showdown.order),
        "shown": {name: {"cards": format_cards(ranked.cards), "category": ranked.category.label}
                  for name, ranked in hand.showdown.shown.items()},
    }


def _last_hand_json(table: TableState) -> dict[str, Any] | None:
    result = table.last_hand
    if result is None:
        return None
    return {"hand": result.hand, "awards": [award_json(award) for award in result.awards],
            "returned": dict(result.returned)}


def message_json(message: Msg, translate: Translate) -> dict[str, Any]:
    return {"text": message.render(translate), "rule": message.rule, "ruling": message.ruling}


def extras(game: Game, translate: Translate) -> dict[str, Any]:
    """Fields beyond the pinned ones: explanations, the readable log, totals, what undo would undo."""
    table = game.state
    hand_log = current_hand_log(table)
    return {
        "stakes": table.stakes.to_json(),
        "total": table.total,
        "misdeals": table.misdeals,
        "notes": [message_json(note, translate) for note in notes(table)],
        "log": [dict(message_json(line.text, translate), seq=line.seq) for line in hand_log],
        "undo": undo_label(game, translate),
        "history": [dict(stacks) for stacks in table.history],
    }


def current_hand_log(table: TableState) -> list[LogLine]:
    """This hand's lines, read from the end: the cost does not grow with the session."""
    lines: list[LogLine] = []
    for line in reversed(table.log):
        if line.hand != table.hand_number:
            break
        lines.append(line)
    lines.reverse()
    return lines


def undo_label(game: Game, translate: Translate) -> str | None:
    """What the Undo button will take back, e.g. "Bia raises to 6"."""
    last = game.inputs[-1] if game.inputs else None
    if last is None:
        return None
    seq = last[0]
    first = None
    for line in reversed(game.state.log):  # the input's lines are the latest ones: keep the first of them
        if line.seq != seq:
            break
        first = line
    if first is not None:
        return first.text.render(translate)
    return legal_label(LegalAction(last[1].action)).render(translate)


def notes(table: TableState) -> list[Msg]:
    """Notable facts of the moment, each with its rule: cap state, why a raise is not offered, and so on."""
    hand = table.hand
    found: list[Msg] = []
    if table.phase is Phase.DEAL:
        found.append(msg(N_("Shuffle all 52 cards, then deal hand {number}."), rule="08", number=table.hand_number + 1))
        return found
    if table.phase is Phase.OVER or hand is None:
        return found
    seat = to_act(table)
    if table.phase is Phase.BET and hand.betting is not None:
        round_ = hand.betting
        found.append(betting.cap_state(table, round_))
        level = betting.current_bet(table, round_)
        if level > round_.level and seat is not None:
            found.append(msg(N_("A short all-in made it {level}: it does not reopen the betting for players who "
                                "already acted at {qualifying}."), rule="06", ruling="R7", level=level,
                             qualifying=round_.level))
        if seat is not None:
            blocker = betting.raise_blocker(table, round_, seat)
            if blocker is not None:
                found.append(blocker)
    if table.phase is Phase.DRAW and seat is not None:
        found.append(msg(N_("{player} announces how many cards to discard (0-5) or folds."), rule="05", ruling="R12",
                         player=seat.name))
    if table.phase is Phase.SHOWDOWN and hand.showdown is not None and seat is not None:
        found.append(msg(N_("{player} shows or mucks."), rule="08", ruling="R18", player=seat.name))
    return found


def legal_label(option: LegalAction) -> Msg:
    """The words on a dealer's button: "Call 2", "Raise to 6", "All-in 5", "Complete to 8", "Pat"."""
    if option.action == "fold":
        return msg(N_("Fold"))
    if option.action == "check":
        return msg(N_("Check"))
    if option.action == "call":
        if option.all_in:
            return msg(N_("All-in {amount}"), amount=option.amount or 0)
        return msg(N_("Call {amount}"), amount=option.amount or 0)
    if option.action in ("bet", "raise"):
        if option.all_in:
            return msg(N_("All-in {amount}"), amount=option.amount or 0)
        if option.completes:
            return msg(N_("Complete to {to}"), to=option.to or 0)
        if option.action == "bet":
            return msg(N_("Bet {to}"), to=option.to or 0)
        return msg(N_("Raise to {to}"), to=option.to or 0)
    labels = {"deal": N_("Deal"), "misdeal": N_("Misdeal"), "show": N_("Show"), "muck": N_("Muck"),
              "exposed": N_("Exposed card"), "draw": N_("Draw")}
    return msg(labels[option.action])
