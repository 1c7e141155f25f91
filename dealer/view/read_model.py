"""Building the snapshot: the table's state read once per seq into the frozen values of ``snapshot.py``.

Every sentence a display shows comes from here or from the rule module it belongs to (the cap from betting, the
reshuffle from deal_plan, the odd chip from showdown); nothing downstream works out a rule, an amount or an order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from ..messages import N_, Msg, msg
from ..record.corrections import boundary_sentence, recorded_notice
from ..record.hand_record import HandRecord
from ..record.history import LogLine
from ..rules.draws import announcements
from ..rules.entries import Input
from ..rules.facts import Step
from ..rules.games import GameRules
from ..rules.hand_flow import next_button
from ..rules.legal import Action, Legal
from ..rules.outcomes import HandResult, PlanStep
from ..rules.pots import build_pots
from ..rules.showdown import pot_label
from ..rules.stakes import Stakes
from ..rules.table_state import Hand, Phase, TableState
from ..rules.turn import to_act
from .button_labels import label_of
from .game_view import GameView, table_game, table_games
from .lazy_parts import OnFirstRead
from .ledger_view import NightCache, open_standings
from .live_parts import LiveParts
from .moment_notes import notes
from .plan_view import plan_items, plan_title
from .results import result_view
from .showdown_view import showdown_view
from .snapshot import (
    DealPlan,
    HandLog,
    HandSummary,
    PlanItem,
    PotView,
    ResultView,
    Snapshot,
    StandingRow,
)
from .table_words import EARLIER_HANDS, hand_label, hand_summaries, ranked, stage, stakes_text
from .tournament_view import tournament_view
from .wager_view import wager_range


class Played(Protocol):
    """What the snapshot reads of a game (``view.game.Game`` is one), named here so the read model needs no
    import of the game that builds it."""

    @property
    def state(self) -> TableState: ...
    @property
    def seq(self) -> int: ...
    @property
    def legal(self) -> Legal: ...
    @property
    def inputs(self) -> Sequence[tuple[int, Input]]: ...
    @property
    def redoable(self) -> Sequence[Step]: ...
    def hands(self) -> Sequence[HandRecord]:
        """Every hand dealt so far, as recorded."""
    def games_played(self) -> Mapping[int, str]:
        """Each dealt hand's game (its code), by hand number."""
    def hand_lines(self, number: int) -> tuple[LogLine, ...]:
        """Hand ``number``'s lines, undone ones included, read from its steps."""
    def latest_step(self) -> Step | None:
        """The step of the latest effective input."""

# Enum members read through their class cost about 150 ns each in CPython 3.11, and a snapshot is built after
# every input: the phases are read through these names instead.
DEAL, BET, DRAW, SHOWDOWN, OVER = Phase.DEAL, Phase.BET, Phase.DRAW, Phase.SHOWDOWN, Phase.OVER

# Sentences without arguments are values: built once, shared by every snapshot (a Msg is never changed).
_STANDINGS = msg(N_("Standings"), rule="08", ruling="R20")
_CHIPS_NOW = msg(N_("Chips now"), rule="08", ruling="R20")
_RESULTS = msg(N_("Standings by result"), ruling="R27")  # an open game between hands: chips come and go (R26)
_make = Snapshot._make
_new = tuple.__new__  # a NamedTuple from a tuple of its fields, without its Python-level __new__
_POTS_KEPT = (Action.CHECK, Action.DRAW, Action.SHOW)  # a player's actions that move no chips and give up no claim
_POTS_MOVED = (Action.CALL, Action.BET, Action.RAISE, Action.FOLD)  # ... and those that do
_UNKEYED = (object(),)  # the pots' key after they were built without one: equal to no key
# What ``steady_parts`` gives, in its order: stakes_text, button, small_blind, big_blind, button_next, result,
# standings, standings_title, history, total, earlier, game, games, choice, the night's ten fields, structure, draws,
# and the game's rules.
SteadyParts = tuple[Msg, str | None, str | None, str | None, str | None, ResultView | None, tuple[StandingRow, ...],
                    Msg, tuple[dict[str, int], ...], int, tuple[HandSummary, ...], GameView | None,
                    tuple[GameView, ...], str, tuple[object, ...], str | None, int | None, GameRules | None]
# The night's fields come last but one, in the order ledger_view.night_fields gives them.
assert Snapshot._fields[-14:-4] == ("format", "chip_value", "currency", "max_buy_in", "ledger", "settlement",
                                    "settlement_words", "balance", "settled", "settled_words")


class ReadCache:
    """Parts of the snapshot that change only between hands or draws, built once and reused until they change.

    Each part is keyed on what it is built from, by identity where that is an object (the latest stacks, the last
    result, the plan's steps), so an undo that rewinds the table to an earlier state keeps the cache valid."""

    def __init__(self) -> None:
        self.stakes_text: Msg | None = None
        self.stakes_of: Stakes | None = None
        self.history_length = -1
        self.history_last: dict[str, int] | None = None
        self.roster: tuple[tuple[str, int, int, bool], ...] = ()  # open game: who sits with what, who left (R26)
        self.summaries: tuple[HandSummary, ...] = ()
        self.earlier_key: tuple[object, ...] = ()
        self.earlier_value: tuple[HandSummary, ...] = ()
        self.standings: tuple[StandingRow, ...] = ()
        self.history: tuple[dict[str, int], ...] = ()
        self.last_hand: HandResult | None = None
        self.result: ResultView | None = None
        self.plan_steps: list[PlanStep] | None = None
        self.plan_items: tuple[PlanItem, ...] = ()
        self.plan_value: DealPlan | None = None
        self.night = NightCache()
        self.pots_key: tuple[object, ...] = ()
        self.pots: tuple[PotView, ...] = ()
        self.live = LiveParts()  # the seat rows, the betting round and the notes, kept while unchanged
        self.games_key: tuple[str, ...] = ()
        self.games: tuple[GameView, ...] = ()
        self.round_value: tuple[int | None, Msg, Msg, Msg, int] | None = None
        self.steady_hand: Hand | None = None
        self.steady_value: SteadyParts | None = None

    def steady(self, table: TableState, played: Played, in_hand: bool) -> SteadyParts:
        """The fields that stay as they are while a hand is played, checked once: between its deal and its end no
        input changes the stakes, the standings, the stacks' history, the table total, the earlier hands, the
        games, the ledger or the settlement (chips only move from a stack into the pot, which counts as held), so
        they are built again only for another hand (an undo that replays the hand builds a new one) or between
        hands, where players come and go (R26)."""
        hand = table.hand
        if in_hand and hand is self.steady_hand and self.steady_value is not None:
            return self.steady_value
        value = steady_parts(table, played, self, in_hand)
        self.steady_hand, self.steady_value = (hand if in_hand else None), value
        return value

    def stakes(self, table: TableState) -> Msg:
        """The stakes in words: built again only when an open game's stakes change (R34)."""
        if self.stakes_text is None or table.stakes is not self.stakes_of:
            self.stakes_of, self.stakes_text = table.stakes, stakes_text(table)
        return self.stakes_text

    def between_hands(self, table: TableState,
                      played: Played) -> tuple[tuple[StandingRow, ...], tuple[dict[str, int], ...]]:
        """Standings and stacks history: they change only when a hand ends (the history only grows)."""
        seats = table.seats if table.settings.is_open else ()
        roster = tuple((seat.name, seat.bought_in, seat.taken, seat.left) for seat in seats)  # a broke leaver too
        if (len(table.history) != self.history_length or table.history[-1] is not self.history_last
                or roster != self.roster):
            self.history_length, self.history_last, self.roster = len(table.history), table.history[-1], roster
            self.standings = standings(table)
            names = [seat.name for seat in table.seats]  # an open game's newcomers: 0 before they sat down (R26)
            self.history = tuple({name: stacks.get(name, 0) for name in names} if roster else dict(stacks)
                                 for stacks in table.history)
            # A table of several games names each hand's game in its line (R25).
            self.summaries = hand_summaries(played.hands(), played.games_played() if len(table.games) > 1 else {})
        return self.standings, self.history

    def earlier(self, table: TableState) -> tuple[HandSummary, ...]:
        """The summaries but the hand whose log is shown in full (the latest dealt), at most EARLIER_HANDS: the
        same tuple while they are the same (the STATE reuses its JSON by identity). Read after ``between_hands``,
        which keeps the summaries."""
        if (self.summaries, table.hand_number) != self.earlier_key:
            self.earlier_key = (self.summaries, table.hand_number)
            self.earlier_value = tuple(summary for summary in self.summaries
                                       if summary.hand != table.hand_number)[:EARLIER_HANDS]
        return self.earlier_value

    def last_result(self, table: TableState) -> ResultView | None:
        if table.last_hand is not self.last_hand:
            self.last_hand = table.last_hand
            self.result = result_view(table.last_hand) if table.last_hand else None
        return self.result

    def round_words(self, table: TableState, moved: Action | None) -> tuple[int | None, Msg, Msg, Msg, int]:
        """The round's number, the hand label, the stage, the log title and the bet unit: kept as they were when
        the only input since the last snapshot was a player's action that kept the phase and the round
        (``LiveParts.moved``)."""
        kept = self.round_value
        if moved is None or kept is None:
            kept = self.round_value = (_round(table), hand_label(table), stage(table), log_title(table.hand_number),
                                       bet_unit(table))
        return kept

    def pot_views(self, table: TableState, moved: Action | None) -> tuple[PotView, ...]:
        """The pots, built again only when a player's chips in or claim on them change (a bet, a call, a fold, a
        muck): a check, an announcement or a serving leaves them as they were. ``moved``: the only input since the
        last snapshot, a player's action that kept the phase and the round (``LiveParts.moved``)."""
        if moved in _POTS_KEPT and self.pots_key:
            return self.pots
        if moved in _POTS_MOVED:  # chips went in, or a claim was given up: no need to compare
            self.pots_key, self.pots = _UNKEYED, _pots(table)
            return self.pots
        hand = table.hand
        assert hand is not None
        seats = table.seats
        # The seats (their names; a join makes a new list) and one number a seat for what its share is built from:
        # its chips in, whether it is still in the hand, whether it has chips behind (cheaper than a tuple a seat).
        key = (hand.showdown, seats, *(hand.showdown.mucked if hand.showdown else ()),
               *[seat.committed * 4 + (seat.in_hand and not seat.folded) * 2 + (seat.stack > 0) for seat in seats])
        if key != self.pots_key:
            self.pots_key, self.pots = key, _pots(table)
        return self.pots

    def table_games(self, table: TableState) -> tuple[GameView, ...]:
        """The table's games: the same tuple while they are the same (the STATE reuses its JSON by identity)."""
        if table.games != self.games_key:
            self.games_key, self.games = table.games, table_games(table)
        return self.games

    def deal_plan(self, draw: int, steps: list[PlanStep], fresh: bool) -> DealPlan:
        """The latest draw's plan: the same value while its steps are the same list and it is as fresh (it stays in
        view from the serving to the end of the hand)."""
        if steps is not self.plan_steps:
            self.plan_steps, self.plan_items = steps, plan_items(steps)
            self.plan_value = None
        plan = self.plan_value
        if plan is None or plan.draw != draw or plan.fresh != fresh:
            plan = self.plan_value = DealPlan(draw, plan_title(draw), self.plan_items, fresh)
        return plan


def take_snapshot(game: Played, cache: ReadCache) -> Snapshot:
    table = game.state
    hand = table.hand
    phase = table.phase
    in_hand = hand is not None and not hand.ended and phase in (BET, DRAW, SHOWDOWN)
    (text_of_stakes, button, small, big, button_next, result, ranked, title, history, total, earlier, game_view,
     games, choice, night, structure, draws, game_now) = cache.steady(table, game, in_hand)
    seat = to_act(table)
    acting = seat.name if seat else None
    step = game.latest_step()
    moved = cache.live.moved(table, acting, in_hand, game.seq, step)
    pots = cache.pot_views(table, moved) if in_hand else ()
    number, label, where, log_title_, unit = cache.round_words(table, moved)
    last = game.inputs[-1] if game.inputs else None
    last_lines = step.lines if step is not None else ()
    redo = game.redoable[-1] if game.redoable else None
    legal = game.legal
    entry = last[1] if last else None
    # Positional, in the order of Snapshot's fields (its _make checks their count): a NamedTuple of 55 fields
    # called with keywords costs about 4 µs in its Python-level __new__.
    return _make((
        game.seq, phase, table.hand_number, table.stakes.hands, table.stakes,
        text_of_stakes, label, where, number,  # stakes_text, hand_label, stage, round
        in_hand,
        button, small, big, button_next,
        acting,  # to_act
        legal,
        _to_call(legal),
        unit,  # bet_unit
        cache.live.betting(table),
        cache.live.seat_rows(table, acting, in_hand),  # seats
        pots,
        (hand.deck.stub, hand.deck.burned, hand.deck.discards, hand.deck.folded) if hand else (52, 0, 0, 0),  # deck
        _plan(table, cache),
        showdown_view(table, acting),
        result,
        ranked,  # standings
        title,  # standings_title
        cache.live.same_notes(notes(table, seat, legal)),  # notes
        game.hand_lines(table.hand_number),  # log
        log_title_,
        label_of(last_lines, entry) if entry else None,  # undo
        boundary_sentence(table, entry),  # undo_confirm
        label_of(redo.lines, redo.entry) if redo else None,  # redo
        recorded_notice(table, entry, last_lines),  # recorded
        history,
        total,
        table.misdeals,
        earlier,
        OnFirstRead(last_lines, game_now, table.games,
                    sum(seat.taken for seat in table.seats) if table.settings.is_open else 0,
                    announcements(table)),  # lazy
        game_view, games, choice,
        # format, chip_value, currency, max_buy_in, ledger, settlement, settlement_words, balance, settled,
        # settled_words
        *night,
        structure, draws,
        wager_range(table, seat, legal) if phase is BET else None,
        tournament_view(table),  # None but in a tournament (read after the legal actions: at their time)
    ))


def steady_parts(table: TableState, played: Played, cache: ReadCache, in_hand: bool) -> SteadyParts:
    """The snapshot's fields that stay as they are from a hand's deal to its end (see ``ReadCache.steady``)."""
    hand = table.hand
    ranked, history = cache.between_hands(table, played)
    game_now = table.game
    return (cache.stakes(table),
            hand.button if hand else None, hand.small_blind if hand else None, hand.big_blind if hand else None,
            next_button(table) if table.phase is DEAL else None,  # button_next
            cache.last_result(table), ranked, _title(table.settings.is_open, table.phase, in_hand), history,
            table.total, cache.earlier(table), table_game(table), cache.table_games(table), table.choice,
            tuple(cache.night.night_fields(table).values()),
            game_now.structure if game_now is not None else None,  # structure (R28)
            game_now.draws if game_now is not None else None,  # draws (R33)
            game_now)


def _title(is_open: bool, phase: Phase, in_hand: bool) -> Msg:
    if is_open and not in_hand:
        return _RESULTS
    return _STANDINGS if phase is OVER else _CHIPS_NOW


def _round(table: TableState) -> int | None:
    hand = table.hand
    if table.phase is BET and hand and hand.betting:
        return hand.betting.number
    if table.phase is DRAW and hand and hand.draw:
        return hand.draw.number
    return None


def bet_unit(table: TableState) -> int:
    """The fixed unit of the betting round in play, or of the next one."""
    hand = table.hand
    if table.phase is BET and hand and hand.betting:
        return hand.betting.unit
    game = hand.game if hand is not None and not hand.ended else table.game
    if game is not None and game.big_bet:
        return table.stakes.big_blind  # no unit in big-bet play: the smallest bet (R29)
    draws = game.draws if game is not None else 3
    if table.phase is DRAW and hand and hand.draw:
        return table.stakes.unit(hand.draw.number + 1, draws)
    if table.phase is SHOWDOWN:
        return table.stakes.unit(draws + 1, draws)
    return table.stakes.unit(1)


def _to_call(legal: Legal) -> int | None:
    """For the player to act: chips to call, 0 when checking is free; None when nobody is asked to bet."""
    for option in legal:
        if option.action == "call":
            return option.amount
        if option.action == "check":
            return 0
    return None


def _pots(table: TableState) -> tuple[PotView, ...]:
    hand = table.hand
    assert hand is not None
    found = list(hand.showdown.pots) if hand.showdown is not None else build_pots(table.seats)
    mucked = hand.showdown.mucked if hand.showdown is not None else ()
    return tuple(_new(PotView, (pot_label(index, len(found)), pot.amount, pot.eligible,
                                tuple(name for name in pot.eligible if name not in mucked) if mucked else pot.eligible))
                 for index, pot in enumerate(found))


def _plan(table: TableState, cache: ReadCache) -> DealPlan | None:
    hand = table.hand
    if hand is None or not hand.plan or hand.draw is None:
        return None
    return cache.deal_plan(hand.draw.number, hand.plan, not hand.ended and hand.exposed_open)


def standings(table: TableState) -> tuple[StandingRow, ...]:
    """Best first as of the last finished hand, the seated players only; equal stacks share a place, the next is
    skipped (R20). An open game ranks by result instead (R27)."""
    if table.settings.is_open:
        return open_standings(table)
    stacks, start = table.history[-1], table.history[0]
    return ranked((seat.name, stacks[seat.name], start[seat.name]) for seat in table.seats if not seat.left)


def hand_log(number: int, lines: Sequence[LogLine]) -> HandLog:
    """One hand's log lines under its title."""
    return HandLog(number, log_title(number), tuple(lines))


def session_log(lines: Sequence[LogLine]) -> tuple[HandLog, ...]:
    """The whole log's lines (in the order first recorded) grouped by hand, for the pages and exports that show the
    whole session."""
    groups: dict[int, list[LogLine]] = {}
    for line in lines:
        groups.setdefault(line.hand, []).append(line)
    return tuple(HandLog(number, log_title(number), tuple(groups[number])) for number in sorted(groups))


def log_title(hand: int) -> Msg:
    return msg(N_("Hand {number}"), number=hand) if hand else msg(N_("Table created"))
