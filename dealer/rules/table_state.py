"""The table's mutable state. It is only ever built by applying the log's inputs (``record/game.py``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from ..messages import Msg
from .cards import DECK_SIZE
from .facts import Fact, Step
from .games import DEFAULT_GAME, DEFAULT_GAMES, ROTATION, GameRules
from .outcomes import Award, HandResult, PileCount, PlanStep, Pot
from .ranking import RankedHand
from .settings import SESSION, OpenSettings
from .stakes import Stakes
from .tournament import Tour


class Phase(StrEnum):
    DEAL = "deal"  # waiting for the dealer to start the next hand
    BET = "bet"
    DRAW = "draw"
    SHOWDOWN = "showdown"
    OVER = "over"  # the session has ended


# Enum members read through their class cost about 100 ns each in CPython 3.11, and the rules compare phases at
# every input: they read these names instead.
DEALING, BETTING, DRAWING, AT_SHOWDOWN, OVER = Phase.DEAL, Phase.BET, Phase.DRAW, Phase.SHOWDOWN, Phase.OVER


class Status(StrEnum):
    ACTIVE = "active"
    ALL_IN = "all_in"
    FOLDED = "folded"
    OUT = "out"
    SITTING_OUT = "sitting_out"  # open game: kept out of the deal, the button and the blinds; chips stay (R26)
    LEFT = "left"  # open game: cashed out; listed with 0 chips (R26)
    BUSTED = "busted"  # tournament: no chips while a rebuy is open, waiting for Rebuy or Out (R35)


# Read for every seat of every snapshot; enum members read through their class are slow in CPython 3.11.
_ACTIVE, _ALL_IN, _FOLDED, _OUT = Status.ACTIVE, Status.ALL_IN, Status.FOLDED, Status.OUT
_SITTING_OUT, _LEFT, _BUSTED = Status.SITTING_OUT, Status.LEFT, Status.BUSTED


@dataclass
class Seat:
    name: str
    stack: int  # chips behind, not yet put in
    in_hand: bool = False  # dealt into the current hand
    folded: bool = False
    bet: int = 0  # chips put in this betting round
    committed: int = 0  # chips put in this hand (bets of every round)
    acted_level: int | None = None  # the qualifying level B when this player last acted this round (big-bet play:
    # the bet the player matched or made then, R30)
    cards_held: int = 0  # live cards in front of the player (5, or fewer between announcing and being served)
    draws: list[int] = field(default_factory=list)
    bought_in: int = 0  # chips bought in so far: the starting stack, plus joins and additions (R26)
    taken: int = 0  # chips taken away when leaving (R26)
    sitting_out: bool = False
    left: bool = False
    busted: bool = False  # tournament: no chips, may still rebuy (R35)

    @property
    def dealable(self) -> bool:
        """Dealt in at the next hand: chips (R2), not sitting out, not gone (R26)."""
        return self.stack > 0 and not self.sitting_out and not self.left

    @property
    def live(self) -> bool:
        """Still claims the pot: dealt in and not folded (all-in players are live)."""
        return self.in_hand and not self.folded

    @property
    def active(self) -> bool:
        """Live and with chips behind: can still bet."""
        return self.live and self.stack > 0

    @property
    def all_in(self) -> bool:
        return self.live and self.stack == 0

    @property
    def status(self) -> Status:
        if not self.in_hand:
            if self.left:
                return _LEFT
            if self.sitting_out:
                return _SITTING_OUT
            if self.busted:
                return _BUSTED
            return _OUT if self.stack == 0 else _ACTIVE
        if self.folded:
            return _FOLDED
        return _ALL_IN if self.stack == 0 else _ACTIVE

    def put_in(self, amount: int) -> None:
        assert 0 <= amount <= self.stack, "a player never puts in more than the stack"
        self.stack -= amount
        self.bet += amount
        self.committed += amount

    def post_dead(self, amount: int) -> None:
        """Dead money (an ante, R32): in the pot, but not part of the round's bet."""
        assert 0 <= amount <= self.stack, "a player never puts in more than the stack"
        self.stack -= amount
        self.committed += amount


@dataclass
class BettingRound:
    number: int  # 1..4
    unit: int  # u: the fixed bet of the round
    level: int  # B: the last qualifying level
    has_bet: bool  # the round has its bet (the big blind in round 1)
    raises: int = 0  # complete raises so far
    capped: bool = False
    uncapped: bool = False  # heads-up: raises unlimited for the rest of the round (R9)
    last_aggressor: str | None = None  # last player to bet or raise, any size (R18)
    skipped: bool = False
    big_bet: bool = False  # pot-limit or no-limit: amounts within a range, no cap (R28)
    pot_limit: bool = False  # the most is the pot (R31)
    full_raise: int = 0  # big-bet play: the last full bet or raise; the next minimum raise adds it (R29, R30)





@dataclass
class Deck:
    """Card counts only: the cards are real and unseen; we track where each pile stands (R12, R13)."""

    stub: int = DECK_SIZE
    burned: int = 0
    earlier: int = 0  # discards of earlier draws, not yet reshuffled
    current: dict[str, int] = field(default_factory=dict)  # this draw's discards by player, not yet reshuffled
    served: set[str] = field(default_factory=set)  # players already served in this draw
    folded: int = 0

    @property
    def discards(self) -> int:
        return self.earlier + sum(self.current.values())

    def copy(self) -> Deck:
        return Deck(self.stub, self.burned, self.earlier, dict(self.current), set(self.served), self.folded)


@dataclass
class Serving:
    """What a draw's serving needs to be planned again from an exposed card on (R12-R14)."""

    start: Deck  # the piles after the last announcement, before the burn
    order: tuple[PileCount, ...]  # live players in serving order, with the cards each announced
    exposed: list[str] = field(default_factory=list)  # players whose replacement card was exposed, in order
    steps: list[PlanStep] = field(default_factory=list)  # the whole plan, exposures included


@dataclass
class DrawRound:
    number: int  # 1..3
    order: list[str]  # live players at the start of the draw, from the first left of the button
    announced: dict[str, int] = field(default_factory=dict)




@dataclass
class Showdown:
    order: list[str]
    pots: list[Pot]
    shown: dict[str, RankedHand] = field(default_factory=dict)
    mucked: list[str] = field(default_factory=list)
    awards: dict[int, Award] = field(default_factory=dict)
    halves: dict[int, Award] = field(default_factory=dict)  # split games: each pot's badugi half (R24)
    next_index: int = 0  # position in order of the next player asked

    def claimants(self, pot: Pot) -> list[str]:
        return [name for name in pot.eligible if name not in self.mucked]


@dataclass
class Hand:
    number: int
    button: str
    small_blind: str
    big_blind: str
    deck: Deck
    phase: Phase = Phase.BET
    betting: BettingRound | None = None
    draw: DrawRound | None = None
    plan: list[PlanStep] = field(default_factory=list)  # the latest draw's steps still to do when last planned
    serving: Serving | None = None  # the latest draw's serving, to plan again when a card is exposed
    exposed_open: bool = False
    returned: dict[str, int] = field(default_factory=dict)
    player_inputs: int = 0  # inputs since the deal (a misdeal is allowed only before the first)
    showdown: Showdown | None = None
    to_act: str | None = None
    ended: bool = False
    game: GameRules = DEFAULT_GAME  # the game this hand plays (R25): hand size, ranking, pot division
    blind_shortfall: int = 0  # chips a short blind did not post: the pot-limit pot counts them pre-draw (R31)
    antes: dict[str, int] = field(default_factory=dict)  # dead money posted by each player (R32): never uncalled


@dataclass
class TableState:
    stakes: Stakes
    seats: list[Seat]
    first_button: str
    button_drawn: bool
    hand_number: int = 0
    phase: Phase = Phase.DEAL
    hand: Hand | None = None
    last_hand: HandResult | None = None
    misdeals: int = 0
    history: list[dict[str, int]] = field(default_factory=list)  # stacks before hand 1, then after each hand
    record: list[Step] = field(default_factory=list)  # what each effective input did, in order: the only history
    facts: list[Fact] = field(default_factory=list)  # the facts of the input being applied, gathered into its Step
    lines: list[Msg] = field(default_factory=list)  # the sentences of the input being applied, gathered into its Step
    seq: int = 0  # seq of the input being applied
    games: tuple[str, ...] = DEFAULT_GAMES  # the table's games and how each hand's is chosen (R25)
    choice: str = ROTATION
    hands_per_game: int = 1
    settings: OpenSettings = SESSION  # the format: a session (R1) or an open game (R26)
    settled: tuple[tuple[str, str, int], ...] = ()  # open game: payer, payee, chips paid to or by leavers, final (R27)
    tournament: Tour | None = None  # a tournament's clock, places and money (R35-R37); frozen, replaced on change
    now: float = 0.0  # a tournament: the time its rules read the clock at (the input's ``at``, or the read's)
    # Seat positions by name (the seats never change during a session), for the lookups of every input.
    positions: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.positions = {seat.name: position for position, seat in enumerate(self.seats)}

    @property
    def total(self) -> int:
        """The table total: chips bought in minus chips taken away (R26); in a session, the starting stacks added
        up, which never change (R1)."""
        return sum(seat.bought_in - seat.taken for seat in self.seats)

    def reseat(self, seats: list[Seat]) -> None:
        """A new seating (an open game's join): a new list and a new index, so kept copies of the table keep
        theirs."""
        self.seats = seats
        self.positions = {seat.name: position for position, seat in enumerate(seats)}

    @property
    def game(self) -> GameRules | None:
        """The game of the hand in play, or of the next hand between hands (None: dealer's choice names it)."""
        if self.hand is not None and not self.hand.ended:
            return self.hand.game
        # The schedule's rule, kept out of the state's imports; imported here only, as an import statement costs
        # about a microsecond and this is read by every snapshot.
        from .game_choice import next_game

        return next_game(self.games, self.choice, self.hands_per_game, self.hand_number)

    def seat(self, name: str) -> Seat:
        return self.seats[self.positions[name]]

    def index(self, name: str) -> int:
        return self.positions[name]

    def clockwise_from(self, name: str, include_self: bool = False) -> list[Seat]:
        """Seats clockwise starting left of ``name`` (ending with ``name`` itself when include_self)."""
        start = self.positions[name] + 1
        seats = self.seats
        order = seats[start:] + seats[:start]
        return order if include_self else order[:-1]

    def live_seats(self) -> list[Seat]:
        return [seat for seat in self.seats if seat.live]

    def live_count(self) -> int:
        count = 0
        for seat in self.seats:
            if seat.in_hand and not seat.folded:
                count += 1
        return count

