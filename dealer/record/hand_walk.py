"""A table's log hand by hand: each effective input with what it changed, and the dealer's corrections.

The hand histories (``hand_history.py``, ``phh.py``) and the night's report serialise this walk. It replays the
effective inputs through the engine itself (``apply_input``) and reads the state before and after each one, so
no rule is decided twice: amounts come from the legal action the engine offered, pots and shares from its result.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..messages import Msg
from ..rules.inputs import apply_input
from ..rules.legal import Action, LegalAction, find
from ..rules.table_state import HandResult, Phase, PlanStep, TableState
from ..rules.turn import legal_actions
from .entries import Create, Entry, Input
from .game import Game, initial_state


@dataclass(frozen=True)
class Step:
    """One effective input and what it did."""

    seq: int
    entry: Input
    phase: Phase  # the phase it was entered in (DEAL for a deal)
    round: int | None  # the betting round (bet) or the draw (draw) it was entered in
    option: LegalAction | None  # the legal action it matched, with its amounts
    current_bet: int  # the level to call before it, this round
    unit: int  # the round's fixed bet
    kind: str | None  # a bet or raise: "complete", "qualifies" (reopens) or "incomplete" (R7)
    capped: bool  # this wager reached the cap (R8)
    raises: int  # complete raises this round after it
    uncapped: bool  # heads-up: raises unlimited this round (R9)
    returned: Mapping[str, int]  # uncalled chips this input gave back (R15)
    plan: tuple[PlanStep, ...]  # the serving of a draw its last announcement completed (R12, R13)
    lines: tuple[Msg, ...]  # the engine's log sentences of this input
    stack_before: int  # the acting player's chips before it


@dataclass(frozen=True)
class Correction:
    """A recorded correction (undo, or any other entry that is not an input): what it took back or re-applied."""

    seq: int
    kind: str
    taken_back: tuple[Msg, ...]
    reapplied: tuple[Msg, ...]


@dataclass
class HandRecord:
    number: int
    deal_seq: int
    button: str
    small_blind: str
    big_blind: str
    seats: tuple[tuple[int, str, int], ...]  # seat number (1 = first seat), name, chips at the deal; dealt in only
    posted: dict[str, int]  # blinds posted at the deal
    steps: list[Step] = field(default_factory=list)
    corrections: list[Correction] = field(default_factory=list)
    result: HandResult | None = None  # None while the hand is in progress
    showdown_order: tuple[str, ...] = ()
    mucked: tuple[str, ...] = ()
    final: dict[str, int] | None = None  # every seat's chips after the hand
    stakes_small_blind: int = 0
    stakes_big_blind: int = 0

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(name for _, name, _ in self.seats)

    @property
    def starting(self) -> dict[str, int]:
        return {name: stack for _, name, stack in self.seats}

    def final_in(self, order: Sequence[str]) -> list[int]:
        """The chips after the hand of the players in ``order``."""
        final = self.final or {}
        return [final.get(name, 0) for name in order]


@dataclass
class SessionWalk:
    create: Create
    hands: list[HandRecord]
    times: Mapping[int, float]  # seq -> when it was recorded (seconds since the epoch), where known
    seq: int


def walk(game: Game, times: Mapping[int, float] | None = None) -> SessionWalk:
    """Every hand of ``game``: its effective inputs replayed one by one, and the corrections placed in their hand."""
    table = initial_state(game.created)
    hands: list[HandRecord] = []
    for seq, entry in game.inputs:
        step = _apply(table, seq, entry)
        if entry.action is Action.DEAL:
            hands.append(_new_hand(table, seq))
        hands[-1].steps.append(step)
        _after(table, hands[-1])
    _place_corrections(game.entries, hands)
    return SessionWalk(game.created, hands, dict(times or {}), game.seq)


def _apply(table: TableState, seq: int, entry: Input) -> Step:
    legal = legal_actions(table)
    option = find(legal, entry.action)
    hand = table.hand
    betting = hand.betting if hand is not None and not hand.ended else None
    phase = table.phase
    current = max([betting.level, *(seat.bet for seat in table.seats)]) if betting else 0
    level, raises = (betting.level, betting.raises) if betting else (0, 0)
    capped_before = betting.capped if betting else False
    acting = table.seat(entry.player) if entry.player and entry.player in table.positions else None
    stack_before = acting.stack if acting else 0
    returned_before = dict(hand.returned) if hand is not None and not hand.ended else {}
    lines_before = len(table.log)
    plan_before = hand.plan if hand is not None else []
    round_ = (betting.number if phase is Phase.BET and betting else
              hand.draw.number if phase is Phase.DRAW and hand is not None and hand.draw else None)
    apply_input(table, entry, seq, legal)
    after = table.hand
    kind = None
    if entry.action in (Action.BET, Action.RAISE) and betting is not None and option is not None:
        if betting.level == level:
            kind = "incomplete"
        elif option.to == level + betting.unit:
            kind = "complete"
        else:
            kind = "qualifies"
    returned = {} if after is None else {name: chips - returned_before.get(name, 0)
                                         for name, chips in after.returned.items()
                                         if chips != returned_before.get(name, 0)}
    plan = tuple(after.plan) if after is not None and after.plan is not plan_before and after.plan else ()
    return Step(seq, entry, phase, round_, option, current, betting.unit if betting else 0, kind,
                bool(betting and betting.capped and not capped_before), betting.raises if betting else raises,
                bool(betting and betting.uncapped), returned, plan,
                tuple(line.text for line in table.log[lines_before:]), stack_before)


def _new_hand(table: TableState, seq: int) -> HandRecord:
    hand = table.hand
    assert hand is not None
    seats = tuple((position + 1, seat.name, seat.stack + seat.committed)
                  for position, seat in enumerate(table.seats) if seat.in_hand)
    posted = {seat.name: seat.committed for seat in table.seats if seat.committed}
    return HandRecord(hand.number, seq, hand.button, hand.small_blind, hand.big_blind, seats, posted,
                      stakes_small_blind=table.stakes.small_blind, stakes_big_blind=table.stakes.big_blind)


def _after(table: TableState, record: HandRecord) -> None:
    hand = table.hand
    if hand is None:
        return
    if hand.showdown is not None:
        record.showdown_order = tuple(hand.showdown.order)
        record.mucked = tuple(hand.showdown.mucked)
    if hand.ended and record.result is None:
        record.result = table.last_hand
        record.final = dict(table.history[-1])


def _place_corrections(entries: Sequence[Entry], hands: list[HandRecord]) -> None:
    """Each recorded correction in the hand it changed, with the sentences of what it took back or re-applied."""
    if not hands:
        return
    replays: dict[int, Game] = {}

    def upto(count: int) -> Game:
        if count not in replays:
            replays[count] = Game.replay(entries[:count])
        return replays[count]

    for seq, entry in enumerate(entries):
        if seq == 0 or isinstance(entry, Input):
            continue
        before, after = upto(seq), upto(seq + 1)
        gone = [item for item in before.inputs if item not in after.inputs]
        back = [item for item in after.inputs if item not in before.inputs]
        taken = _lines(before.state, {item[0] for item in gone})
        again = _lines(after.state, {item[0] for item in back})
        number = next((line.hand for line in before.state.log if line.seq in {item[0] for item in gone}),
                      after.state.hand_number)
        kind = str(entry.to_json().get("kind", "correction"))
        target = next((hand for hand in hands if hand.number == max(1, number)), hands[-1])
        target.corrections.append(Correction(seq, kind, tuple(line for _, line in taken),
                                             tuple(line for _, line in again)))


def _lines(table: TableState, seqs: set[int]) -> list[tuple[int, Msg]]:
    """The first log sentence of each input in ``seqs`` (what the Undo button called it)."""
    first: dict[int, Msg] = {}
    for line in table.log:
        if line.seq in seqs and line.seq not in first:
            first[line.seq] = line.text
    return sorted(first.items(), key=lambda item: item[0])
