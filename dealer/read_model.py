"""Building the snapshot: the table's state read once per seq into the frozen values of ``snapshot.py``.

Every sentence a display shows comes from here or from the rule module it belongs to (the cap from betting, the
reshuffle from deal_plan, the odd chip from showdown); nothing downstream works out a rule, an amount or an order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import betting
from .button_labels import action_label, option_for
from .deal_plan import plan_items, plan_title
from .hand_flow import next_button
from .messages import N_, Msg, msg
from .pots import build_pots
from .results import result_view
from .showdown import pot_label, showdown_view
from .snapshot import Betting, DealPlan, HandLog, LogEntry, PotView, SeatView, Snapshot, StandingRow
from .state import LogLine, Phase, Status, TableState
from .turn import to_act

if TYPE_CHECKING:
    from .game import Game

_STATUS_LABELS = {Status.ALL_IN: N_("All-in"), Status.FOLDED: N_("Folded"), Status.OUT: N_("Out")}


def take_snapshot(game: Game) -> Snapshot:
    table = game.state
    hand = table.hand
    phase = table.phase
    in_hand = hand is not None and not hand.ended and phase in (Phase.BET, Phase.DRAW, Phase.SHOWDOWN)
    seat = to_act(table)
    pots = _pots(table) if in_hand else ()
    stacks_sum = sum(seat.stack for seat in table.seats)
    pot_total = sum(pot.amount for pot in pots)
    return Snapshot(
        seq=game.seq, phase=phase, hand=table.hand_number, hands=table.stakes.hands, stakes=table.stakes,
        stakes_text=stakes_text(table), hand_label=hand_label(table), stage=stage(table), round=_round(table),
        in_hand=in_hand,
        button=hand.button if hand else None, small_blind=hand.small_blind if hand else None,
        big_blind=hand.big_blind if hand else None,
        button_next=next_button(table) if phase is Phase.DEAL else None,
        to_act=seat.name if seat else None,
        options=tuple(option_for(option, table) for option in game.legal),
        to_call=_to_call(game),
        bet_unit=bet_unit(table),
        betting=_betting(table),
        seats=_seats(table, seat.name if seat else None, in_hand),
        pots=pots,
        deck=(hand.deck.stub, hand.deck.burned, hand.deck.discards, hand.deck.folded) if hand else (52, 0, 0, 0),
        plan=_plan(table),
        showdown=showdown_view(table, seat.name if seat else None),
        result=result_view(table.last_hand, table) if table.last_hand else None,
        standings=standings(table),
        standings_title=msg(N_("Standings") if phase is Phase.OVER else N_("Chips now"), rule="08", ruling="R20"),
        chip_check=_chip_check(stacks_sum, pot_total, table.total),
        chips_ok=stacks_sum + pot_total == table.total,
        notes=notes(table),
        log=tuple(LogEntry(line.hand, line.seq, line.text) for line in current_hand_log(table)),
        log_title=log_title(table.hand_number),
        undo=undo_label(game),
        history=tuple(dict(stacks) for stacks in table.history),
        total=table.total,
        misdeals=table.misdeals,
    )


def stakes_text(table: TableState) -> Msg:
    stakes = table.stakes
    return msg(N_("Blinds {sb}/{bb} · limits {small}/{big} · a bet and {raises} raises · {hands} hands"),
               sb=stakes.small_blind, bb=stakes.big_blind, small=stakes.small_bet, big=stakes.big_bet,
               raises=stakes.raises, hands=stakes.hands)


def hand_label(table: TableState) -> Msg:
    if table.hand_number:
        return msg(N_("Hand {number} of {hands}"), number=table.hand_number, hands=table.stakes.hands)
    return msg(N_("No hand dealt yet ({hands} hands)"), hands=table.stakes.hands)


def stage(table: TableState) -> Msg:
    """Where the table stands, in words: "Betting round 2 of 4", "Draw 1 of 3", "Session over"…"""
    hand = table.hand
    if table.phase is Phase.OVER:
        return msg(N_("Session over"))
    if table.phase is Phase.DEAL:
        return msg(N_("Ready to deal hand {number}"), number=table.hand_number + 1)
    if table.phase is Phase.BET and hand and hand.betting:
        return msg(N_("Betting round {number} of 4"), number=hand.betting.number)
    if table.phase is Phase.DRAW and hand and hand.draw:
        return msg(N_("Draw {number} of 3"), number=hand.draw.number)
    return msg(N_("Showdown"))


def _round(table: TableState) -> int | None:
    hand = table.hand
    if table.phase is Phase.BET and hand and hand.betting:
        return hand.betting.number
    if table.phase is Phase.DRAW and hand and hand.draw:
        return hand.draw.number
    return None


def bet_unit(table: TableState) -> int:
    """The fixed unit of the betting round in play, or of the next one."""
    hand = table.hand
    if table.phase is Phase.BET and hand and hand.betting:
        return hand.betting.unit
    if table.phase is Phase.DRAW and hand and hand.draw:
        return table.stakes.unit(hand.draw.number + 1)
    if table.phase is Phase.SHOWDOWN:
        return table.stakes.unit(4)
    return table.stakes.unit(1)


def _betting(table: TableState) -> Betting | None:
    hand = table.hand
    if table.phase is not Phase.BET or hand is None or hand.betting is None:
        return None
    round_ = hand.betting
    if round_.number <= 2:
        unit_label = msg(N_("small bet: {unit}"), rule="04", unit=round_.unit)
    else:
        unit_label = msg(N_("big bet: {unit}"), rule="04", unit=round_.unit)
    return Betting(round_.number, round_.unit, unit_label, betting.current_bet(table, round_), round_.raises,
                   round_.capped, round_.uncapped, betting.cap_state(table, round_))


def _to_call(game: Game) -> int | None:
    """For the player to act: chips to call, 0 when checking is free; None when nobody is asked to bet."""
    for option in game.legal:
        if option.action == "call":
            return option.amount
        if option.action == "check":
            return 0
    return None


def _seats(table: TableState, acting: str | None, in_hand: bool) -> tuple[SeatView, ...]:
    hand = table.hand
    shown = hand.showdown.shown if hand is not None and hand.showdown is not None and in_hand else {}
    upcoming = next_button(table) if table.phase is Phase.DEAL else None
    rows = []
    for position, seat in enumerate(table.seats, start=1):
        status = seat.status
        label = _STATUS_LABELS.get(status)
        playing = hand is not None and in_hand
        rows.append(SeatView(
            seat.name, position, seat.stack, seat.bet if in_hand else 0, seat.committed if in_hand else 0, status,
            msg(label) if label else None,
            button=(playing and hand is not None and seat.name == hand.button) or seat.name == upcoming,
            small_blind=playing and hand is not None and seat.name == hand.small_blind,
            big_blind=playing and hand is not None and seat.name == hand.big_blind,
            to_act=seat.name == acting, draws=tuple(seat.draws),
            shown=shown[seat.name].cards if seat.name in shown else None))
    return tuple(rows)


def _pots(table: TableState) -> tuple[PotView, ...]:
    hand = table.hand
    assert hand is not None
    found = list(hand.showdown.pots) if hand.showdown is not None else build_pots(table.seats)
    return tuple(PotView(pot_label(index, len(found)), pot.amount, pot.eligible) for index, pot in enumerate(found))


def _plan(table: TableState) -> DealPlan | None:
    hand = table.hand
    if hand is None or not hand.plan or hand.draw is None:
        return None
    return DealPlan(hand.draw.number, plan_title(hand.draw.number), plan_items(hand.plan),
                    fresh=bool(not hand.ended and hand.exposed_open))


def standings(table: TableState) -> tuple[StandingRow, ...]:
    """Best first as of the last finished hand; equal stacks share a place and the next is skipped (R20)."""
    stacks = table.history[-1]
    start = table.history[0]
    order = sorted(table.seats, key=lambda seat: -stacks[seat.name])
    places = {seat.name: 1 + sum(1 for other in table.seats if stacks[other.name] > stacks[seat.name])
              for seat in order}
    counts = list(places.values())
    return tuple(StandingRow(places[seat.name], seat.name, stacks[seat.name], counts.count(places[seat.name]) > 1,
                             stacks[seat.name] - start[seat.name]) for seat in order)


def _chip_check(stacks: int, pots: int, total: int) -> Msg:
    """The chip count against the table total (R1)."""
    if pots:
        return msg(N_("Chip check: stacks {stacks} + pots {pots} = {sum}; table total {total}"), rule="01",
                   ruling="R1", stacks=stacks, pots=pots, sum=stacks + pots, total=total)
    return msg(N_("Chip check: stacks add up to {sum}; table total {total}"), rule="01", ruling="R1",
               sum=stacks, total=total)


def current_hand_log(table: TableState) -> list[LogLine]:
    """This hand's lines, read from the end: the cost does not grow with the session."""
    lines: list[LogLine] = []
    for line in reversed(table.log):
        if line.hand != table.hand_number:
            break
        lines.append(line)
    lines.reverse()
    return lines


def undo_label(game: Game) -> Msg | None:
    """What the Undo button will take back: the first log line of the last input, e.g. "Bia raises to 6"."""
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
        return first.text
    return action_label(last[1].action)


def notes(table: TableState) -> tuple[Msg, ...]:
    """Notable facts of the moment, each with its rule: why a raise is not offered, a short all-in, and so on."""
    hand = table.hand
    if table.phase is Phase.DEAL:
        return (msg(N_("Shuffle all 52 cards, then deal hand {number}."), rule="08", number=table.hand_number + 1),)
    if table.phase is Phase.OVER or hand is None:
        return ()
    found: list[Msg] = []
    seat = to_act(table)
    if table.phase is Phase.BET and hand.betting is not None and seat is not None:
        round_ = hand.betting
        level = betting.current_bet(table, round_)
        if level > round_.level:
            found.append(msg(N_("A short all-in made it {level}: it does not reopen the betting for players who "
                                "already acted at {qualifying}."), rule="06", ruling="R7", level=level,
                             qualifying=round_.level))
        blocker = betting.raise_blocker(table, round_, seat)
        if blocker is not None:
            found.append(blocker)
    if table.phase is Phase.DRAW and seat is not None:
        found.append(msg(N_("{player} announces how many cards to discard (0-5) or folds."), rule="05", ruling="R12",
                         player=seat.name))
    if table.phase is Phase.SHOWDOWN and hand.showdown is not None and seat is not None:
        found.append(msg(N_("{player} shows or mucks."), rule="08", ruling="R18", player=seat.name))
    return tuple(found)



def session_log(table: TableState) -> tuple[HandLog, ...]:
    """Every hand's log lines, grouped by hand, for the pages that show the whole session."""
    groups: dict[int, list[LogEntry]] = {}
    for line in table.log:
        groups.setdefault(line.hand, []).append(LogEntry(line.hand, line.seq, line.text))
    return tuple(HandLog(number, log_title(number), tuple(lines)) for number, lines in groups.items())


def log_title(hand: int) -> Msg:
    return msg(N_("Hand {number}"), number=hand) if hand else msg(N_("Table created"))
