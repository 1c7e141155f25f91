"""The read model: everything any display needs about a table at one seq, as one frozen value.

``Game.snapshot()`` builds it once per seq (``read_model.py``); the JSON STATE, the dealer's console, the phones'
view and every export are serialisations of it. Sentences are :class:`Msg` values (English templates with their
house-card section and ruling), rendered in the reader's language by whoever shows them.

The records are NamedTuples: immutable and typed like frozen dataclasses, and several times faster to build, which
matters because a snapshot is built after every input. The parts the JSON STATE does not read (the button words, the
speech, the chip check, the chips-now standings, the announcements) are built on first read (``lazy_parts.py``), from
values captured when the snapshot was taken.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple, Protocol

from ..messages import N_, Msg, msg
from ..record.history import LogLine
from ..rules.cards import Card
from ..rules.legal import PLAYER_ACTIONS, Action, LegalAction
from ..rules.outcomes import Reshuffle
from ..rules.settlement import LedgerRow, Transfer
from ..rules.stakes import Stakes
from ..rules.table_state import Phase, Status
from .game_view import DEALERS_CHOICE_LABEL, DEFAULT_VIEW, GameView
from .tournament_view import TournamentView

# What the player to act decides, by phase: the one wording of the console's and the TV's turn banners.
_TURN_WORDS = {Phase.BET: msg(N_("to act")), Phase.DRAW: msg(N_("how many cards?")),
               Phase.SHOWDOWN: msg(N_("shows or mucks"))}


class SeatView(NamedTuple):
    name: str
    position: int  # seat number, 1-based, clockwise
    stack: int
    bet: int  # chips put in this betting round
    committed: int  # chips put in this hand
    status: Status
    status_label: Msg | None  # "All-in", "Folded", "Out"
    button: bool  # holds the button this hand (between hands: holds it for the next hand)
    small_blind: bool
    big_blind: bool
    to_act: bool
    draws: tuple[int, ...]  # cards drawn in each draw of this hand (0: stood pat)
    shown: tuple[Card, ...] | None  # shown at this hand's showdown
    bought_in: int = 0  # chips bought in so far (R26)


class Announcement(NamedTuple):
    """One player in the draw being announced (R12)."""

    name: str
    cards: int | None  # cards announced (0: stands pat); None until the player announces
    to_act: bool


class PotView(NamedTuple):
    label: Msg  # "main pot", "side pot 1", "pot"
    amount: int
    eligible: tuple[str, ...]  # who can win it, in seat order
    contenders: tuple[str, ...] = ()  # who can still win it now: the eligible less whoever mucked at the showdown


class ReshuffleBox(NamedTuple):
    """The short-deck protocol of one reshuffle (R13), in words."""

    before: str | None  # the player about to be served; None when the burn needed it
    needs: int  # cards that player needs (1 for the burn)
    stub: int  # cards left in the stub when it ran short
    cards: int  # size of the new stub
    headline: Msg
    gather: tuple[Msg, ...]  # what goes into the new stub
    keep_apart: tuple[Msg, ...]  # what stays out
    result: Msg
    detail: Reshuffle  # the same piles as counts, by name


class PlanItem(NamedTuple):
    kind: str  # burn | serve | reshuffle | exposed
    text: Msg
    player: str | None
    cards: int  # serve: cards given; reshuffle: size of the new stub
    reshuffle: ReshuffleBox | None


class DealPlan(NamedTuple):
    """The plan of the latest draw: burn one, serve each player in turn, reshuffle where the stub runs short."""

    draw: int
    title: Msg
    items: tuple[PlanItem, ...]
    fresh: bool  # right after the last announcement: the dealer is serving now


class ShowState(StrEnum):
    SHOWN = "shown"
    MUCKED = "mucked"
    TO_SHOW = "to_show"
    WAITING = "waiting"
    NOT_NEEDED = "not_needed"


class ShowRow(NamedTuple):
    name: str
    state: ShowState
    label: Msg  # "shows", "mucked", "to show now", …
    cards: tuple[Card, ...] | None = None
    hand_name: Msg | None = None  # "7-5"
    category: str | None = None  # "high card", "pair", … (the API's English label)


class ShowdownView(NamedTuple):
    first: str
    title: Msg  # "Showdown: Ana shows first"
    rows: tuple[ShowRow, ...]  # in showing order
    taken: frozenset[str]  # cards already shown, e.g. "7h"
    # The card picker's ranks (2-14, the ace 14), best first for the game's hands: those a showdown hand is
    # nearly always made of, offered first, then the others (showdown_view.picker_ranks).
    ranks_first: tuple[int, ...] = ()
    ranks_later: tuple[int, ...] = ()


class AwardView(NamedTuple):
    pot: int  # index, main pot 0
    label: Msg
    amount: int
    eligible: tuple[str, ...]
    winners: tuple[str, ...]
    shares: tuple[tuple[str, int], ...]  # winners with their chips
    odd_chips: tuple[str, ...]
    odd_line: Msg | None  # who got the odd chips and why (R17)
    reason: Msg | None  # the sentence that decided it, when hands were compared
    how: Msg  # one sentence saying how the pot was decided
    half: str | None = None  # split games (R24): "2-7" | "a-5" | "badugi"
    half_label: Msg | None = None  # "2-7 half", "badugi half"

    @property
    def split(self) -> bool:
        return len(self.winners) > 1


class ShownHand(NamedTuple):
    name: str
    cards: tuple[Card, ...]
    hand_name: Msg
    category: str


class Returned(NamedTuple):
    player: str
    amount: int
    text: Msg


class ResultView(NamedTuple):
    hand: int
    awards: tuple[AwardView, ...]
    shown: tuple[ShownHand, ...]
    returned: tuple[Returned, ...]
    uncontested: bool


class StandingRow(NamedTuple):
    place: int  # equal stacks share a place, the next is skipped (R20)
    name: str
    stack: int
    shared: bool
    change: int  # against the starting stack (an open game: the result, against the chips bought in)
    left: bool = False  # an open game: the player left the table, ``stack`` is what they took away (R26)


class HandLog(NamedTuple):
    hand: int
    title: Msg  # "Hand 3", "Table created"
    lines: tuple[LogLine, ...]


class HandSummary(NamedTuple):
    """One earlier hand in one line, for the pages that show only the current hand in full."""

    hand: int
    text: Msg  # "Hand 7: Ana +12, Bia −6, Caio −6"
    changes: tuple[tuple[str, int], ...] = ()  # what each player won (+) or lost (−) in that hand, in seat order


class Option(NamedTuple):
    """One legal action with the words on its button, and what the dealer should know before tapping it."""

    legal: LegalAction
    label: Msg
    help: Msg | None = None


class Betting(NamedTuple):
    """The betting round in play."""

    number: int  # 1..4
    unit: int
    unit_label: Msg  # "small bet: 2"
    current_bet: int
    raises: int
    capped: bool
    uncapped: bool
    cap: Msg  # "2 raises left", "capped", "heads-up: no cap"


class WagerPreset(NamedTuple):
    """A preset amount of big-bet play: Min, ½ Pot, Pot, All-in, with the total for the round it makes."""

    key: str  # "min" | "half_pot" | "pot" | "all_in"
    label: Msg
    to: int


class WagerRange(NamedTuple):
    """What the player to act may bet or raise to in pot-limit or no-limit play (R29-R31), for the amount entry."""

    action: Action  # bet or raise
    player: str
    min: int
    max: int
    presets: tuple[WagerPreset, ...]  # the legal ones, in the order Min, ½ Pot, Pot, All-in (equal amounts kept)
    confirm: Msg  # "Raise to 12" / "Bet 12", at the minimum
    confirm_template: Msg  # the same sentence keeping the placeholder "{to}", for a typed amount
    all_in_confirm: Msg  # "All-in 57": the maximum (in pot-limit with a deeper stack, "Raise to 31")
    hint: Msg  # pot-limit: "Pot-size raise: to 31"; no-limit: "Min raise: to 12" (phones, TV)
    rule_words: Msg  # "Between 12 and 57: a raise must add at least 5." (R29, R31)


class LazyParts(Protocol):
    """The snapshot's parts built on first read, from its fields and what was captured with them
    (``lazy_parts.OnFirstRead``, which imports these records)."""

    def options(self, snap: Snapshot) -> tuple[Option, ...]: ...
    def speech(self, snap: Snapshot) -> tuple[Msg, ...]: ...
    def chip_check(self, snap: Snapshot) -> Msg: ...
    def chips_now(self, snap: Snapshot) -> tuple[StandingRow, ...]: ...
    def announcements(self, snap: Snapshot) -> tuple[Announcement, ...]: ...


class Snapshot(NamedTuple):
    seq: int
    phase: Phase
    hand: int  # the latest hand dealt (0 before the first)
    hands: int
    stakes: Stakes
    stakes_text: Msg
    hand_label: Msg  # "Hand 3 of 10"
    stage: Msg  # "Betting round 2 of 4", "Draw 1 of 3", "Session over", …
    round: int | None  # betting round or draw number
    in_hand: bool  # a hand is being played (bet, draw or showdown)
    button: str | None
    small_blind: str | None
    big_blind: str | None
    button_next: str | None  # between hands: who holds the button for the next hand
    to_act: str | None
    legal: tuple[LegalAction, ...]  # the legal actions, in the engine's order (their button words: ``options``)
    to_call: int | None  # for the player to act in a betting round: chips to call (0: may check)
    bet_unit: int
    betting: Betting | None
    seats: tuple[SeatView, ...]
    pots: tuple[PotView, ...]
    deck: tuple[int, int, int, int]  # stub, burned, discards, folded
    plan: DealPlan | None
    showdown: ShowdownView | None
    result: ResultView | None  # the last finished hand
    standings: tuple[StandingRow, ...]  # as of the end of the last finished hand
    standings_title: Msg
    notes: tuple[Msg, ...]  # notable facts of the moment, each with its rule (the cap state is in ``betting``)
    log: tuple[LogLine, ...]  # this hand's lines
    log_title: Msg  # "Hand 3", "Table created"
    undo: Msg | None  # what Undo would take back
    undo_confirm: Msg | None  # an undo across the end of a hand or a deal, in words: the console asks twice
    redo: Msg | None  # what Redo would re-apply (the input undone last), or None
    recorded: Msg | None  # a rare input just recorded (a misdeal, an exposed card), said where the dealer looks
    history: tuple[dict[str, int], ...]  # stacks before hand 1, then after each hand
    total: int  # the table total (R1)
    misdeals: int
    earlier: tuple[HandSummary, ...]  # the latest finished hands but the one in ``log``, latest first (at most 10)
    lazy: LazyParts  # the parts only some readers read, built on first read (lazy_parts.py): the properties below
    game: GameView | None = None  # this hand's game, or the next hand's between hands (None: dealer's choice, R25)
    games: tuple[GameView, ...] = ()  # the table's games, in rotation order
    choice: str = "rotation"  # "rotation" | "dealer"
    format: str = "session"  # "session" (R1) or "open" (R26)
    chip_value: str | None = None  # money per chip, a decimal string (R27)
    currency: str | None = None
    max_buy_in: int | None = None
    ledger: tuple[LedgerRow, ...] = ()  # every player ever seated: bought in, holds or took, result (R27)
    settlement: tuple[Transfer, ...] = ()  # the fewest transfers paying every result (R27)
    settlement_words: tuple[Msg, ...] = ()  # "Bia pays Ana 12.50 EUR", one per transfer
    balance: Msg | None = None  # "Money in 45.00 = money out 45.00"
    settled: tuple[Transfer, ...] = ()  # paid to or by each leaver when they left, final; with ``settlement`` they
    # pay every result (R27)
    settled_words: tuple[Msg, ...] = ()  # "Bia pays Ana 12.50 EUR", one per transfer already made
    structure: str | None = None  # this hand's betting structure, or the next hand's (None: not named yet, R28)
    draws: int | None = None  # the draws of this hand's game, or the next hand's (3, or 1: R33)
    wager_range: WagerRange | None = None  # big-bet play: the amounts the player to act may bet or raise to
    tournament: TournamentView | None = None  # a tournament's level, clock, places and money (R35-R37)

    @property
    def open_game(self) -> bool:
        return self.format == "open"

    @property
    def between_hands_open(self) -> bool:
        """An open game between hands: players may join, leave, sit out, come back, add chips (R26)."""
        return self.format == "open" and self.phase is Phase.DEAL

    # -- the parts built on first read (lazy_parts.py): the JSON STATE reads none of them ------------------------

    @property
    def options(self) -> tuple[Option, ...]:
        """The legal actions with their button words, in the engine's order."""
        return self.lazy.options(self)

    @property
    def speech(self) -> tuple[Msg, ...]:
        """Said aloud when announcements are on: what just happened, then whose turn."""
        return self.lazy.speech(self)

    @property
    def chips_now(self) -> tuple[StandingRow, ...]:
        """The stacks at this moment (during a hand: behind, the pots not counted)."""
        return self.lazy.chips_now(self)

    @property
    def chip_check(self) -> Msg:
        return self.lazy.chip_check(self)

    @property
    def chips_ok(self) -> bool:
        return self.stacks_sum + self.pot_total == self.total

    @property
    def announcements(self) -> tuple[Announcement, ...]:
        """The draw being announced: who is in it, in the order they announce, and what each announced so far;
        empty outside a draw."""
        return self.lazy.announcements(self)

    @property
    def player_options(self) -> tuple[Option, ...]:
        """What the player to act can do, as the phones list it: the players' actions, not the dealer's inputs."""
        return tuple(option for option in self.options if option.legal.action in PLAYER_ACTIONS)

    @property
    def turn_words(self) -> Msg | None:
        """What the player to act decides ("to act", "how many cards?", "shows or mucks"); None when nobody acts."""
        return _TURN_WORDS.get(self.phase) if self.to_act else None

    @property
    def game_label(self) -> Msg | None:
        """The game to name on the screens (R25): this hand's or the next one's, "Dealer's choice" before the deal
        names it; None at a table that plays only the house card's 2-7 (its screens stay as they were)."""
        if self.games == () or self.games == (DEFAULT_VIEW,):
            return None
        return self.game.name if self.game is not None else DEALERS_CHOICE_LABEL

    @property
    def title_game(self) -> Msg:
        """The table's game for a page's title: its one game's name, or "Dealer's choice" at a table of several
        (dealer's choice or a rotation), whatever this hand plays."""
        if len(self.games) == 1:
            return self.games[0].name
        return DEALERS_CHOICE_LABEL if self.games else DEFAULT_VIEW.name

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def pot_total(self) -> int:
        return sum(pot.amount for pot in self.pots)

    @property
    def stacks_sum(self) -> int:
        return sum(seat.stack for seat in self.seats)
