"""The session: hands in turn, the button, blinds, and the game object that replays the log (§03, §08)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from . import betting, draws, pots, showdown
from .cards import DECK_SIZE, HAND_SIZE
from .errors import BadInput, DealerError, NotAllowed, NothingToUndo, StaleSeq
from .legal import DEAL, DRAW, FOLD, MISDEAL, MUCK, SHOW, Legal, LegalAction, find
from .messages import N_, Msg, msg
from .records import Create, Entry, Input, Undo
from .state import Award, Deck, Hand, HandResult, LogLine, Phase, Seat, Showdown, TableState
from .ranking import rank_hand


def initial_state(create: Create) -> TableState:
    seats = [Seat(spec.name, spec.stack) for spec in create.players]
    table = TableState(create.stakes, seats, create.button, create.drawn)
    table.history.append({seat.name: seat.stack for seat in seats})
    if create.drawn:
        note = msg(N_("First button drawn by lot: {player}"), rule="03", ruling="R4", player=create.button)
    else:
        note = msg(N_("First button named by the dealer: {player}"), rule="03", ruling="R4", player=create.button)
    table.log.append(LogLine(0, 0, note))
    return table


# --- legal actions -------------------------------------------------------------------------------------------


def to_act(table: TableState) -> Seat | None:
    hand = table.hand
    if hand is None or hand.ended or table.phase in (Phase.DEAL, Phase.OVER):
        return None
    return table.seat(hand.to_act) if hand.to_act else None


def legal_actions(table: TableState) -> Legal:
    if table.phase is Phase.OVER:
        return ()
    if table.phase is Phase.DEAL:
        return (DEAL,)
    hand = table.hand
    assert hand is not None
    seat = to_act(table)
    choices: list[LegalAction] = []
    if seat is not None:
        if table.phase is Phase.BET:
            choices.extend(betting.options(table, hand, seat))
        elif table.phase is Phase.DRAW:
            choices.extend((DRAW, FOLD))
        elif table.phase is Phase.SHOWDOWN:
            choices.extend((SHOW, MUCK))
    if misdeal_open(table, hand):
        choices.append(MISDEAL)
    if hand.exposed_open and hand.exposed_players:
        choices.append(LegalAction("exposed", players=hand.exposed_players))
    return tuple(choices)


def misdeal_open(table: TableState, hand: Hand) -> bool:
    """A misdeal voids the first deal only before any player input of the hand (R19)."""
    return table.phase in (Phase.BET, Phase.DRAW) and hand.player_inputs == 0 and not hand.plan


# --- applying inputs ------------------------------------------------------------------------------------------


def apply_input(table: TableState, entry: Input, seq: int, legal: Legal | None = None) -> None:
    """Check ``entry`` against the legal actions and carry it out; a refusal raises and changes nothing."""
    if legal is None:
        legal = legal_actions(table)
    table.seq = seq
    if entry.action == "deal":
        _require(legal, entry, table)
        start_hand(table)
        return
    hand = table.hand
    if hand is None or table.phase in (Phase.DEAL, Phase.OVER):
        raise _refusal(table, entry)
    if entry.action == "misdeal":
        _require(legal, entry, table)
        table.misdeals += 1
        _log(table, msg(N_("Misdeal: all 52 cards are reshuffled and dealt again; same button, the blinds stay "
                           "posted"), rule="08", ruling="R19"))
        return
    if entry.action == "exposed":
        option = _require(legal, entry, table)
        name = entry.player if entry.player is not None else (option.players[0] if len(option.players) == 1 else None)
        if name is None:
            raise BadInput(N_("Say whose replacement card was exposed."), rule="05", ruling="R14")
        if name not in option.players:
            raise NotAllowed(N_("{player} was not served in the latest draw."), rule="05", ruling="R14", player=name)
        _log(table, draws.expose(table, hand, name))
        return
    _apply_player_action(table, hand, entry, legal)


def _apply_player_action(table: TableState, hand: Hand, entry: Input, legal: Legal) -> None:
    seat = to_act(table)
    if seat is None or entry.player != seat.name:
        if entry.player is not None and not any(s.name == entry.player for s in table.seats):
            raise NotAllowed(N_("There is no player “{player}” at this table."), player=entry.player)
        if seat is None:
            raise _refusal(table, entry)
        raise NotAllowed(N_("It is {to_act}'s turn, not {player}'s."), rule="04", to_act=seat.name,
                         player=entry.player or "")
    option = _require(legal, entry, table)
    if entry.action == "show":
        assert entry.cards is not None and hand.showdown is not None
        for name, shown in hand.showdown.shown.items():
            clash = set(shown.cards) & set(entry.cards)
            if clash:
                raise NotAllowed(N_("{player} already showed {card}: check the cards."), rule="08", player=name,
                                 card=str(sorted(clash)[0]))
    hand.player_inputs += 1
    hand.exposed_open = False
    if table.phase is Phase.BET:
        _log(table, betting.apply(table, hand, seat, option))
        if table.live_count() == 1:
            win_uncontested(table, hand)
            return
        _after_bet(table, hand, seat.name)
    elif table.phase is Phase.DRAW:
        _draw_action(table, hand, seat, entry)
    else:
        _showdown_action(table, hand, seat, entry)


def _require(legal: Legal, entry: Input, table: TableState) -> LegalAction:
    option = find(legal, entry.action)
    if option is None:
        raise _refusal(table, entry)
    return option


def _refusal(table: TableState, entry: Input) -> NotAllowed:
    """Why ``entry`` is not allowed now, in one sentence with its rule."""
    action, phase, hand = entry.action, table.phase, table.hand
    if phase is Phase.OVER:
        return NotAllowed(N_("The session is over."), rule="08", ruling="R20")
    if phase is Phase.DEAL:
        if action == "deal":
            return NotAllowed(N_("A hand is already in progress."), rule="03")
        return NotAllowed(N_("No hand is in progress: deal hand {number} first."), rule="03",
                          number=table.hand_number + 1)
    if action == "deal":
        return NotAllowed(N_("Hand {number} is still in progress."), rule="08", number=table.hand_number)
    if action == "misdeal":
        return NotAllowed(N_("A misdeal can only be called before anyone has acted in the hand."), rule="08",
                          ruling="R19")
    if action == "exposed":
        return NotAllowed(N_("An exposed replacement card is recorded right after the draw, before any other "
                             "input."), rule="05", ruling="R14")
    if action in ("show", "muck"):
        return NotAllowed(N_("Hands are shown only at the showdown."), rule="08")
    if action == "draw":
        return NotAllowed(N_("This is a betting round, not a draw."), rule="05")
    if phase is not Phase.BET:
        if phase is Phase.DRAW:
            return NotAllowed(N_("This is a draw: announce how many cards, or fold."), rule="05", ruling="R12")
        return NotAllowed(N_("This is the showdown: show or muck."), rule="08", ruling="R18")
    return _betting_refusal(table, hand, action)


def _betting_refusal(table: TableState, hand: Hand | None, action: str) -> NotAllowed:
    assert hand is not None and hand.betting is not None
    seat = to_act(table)
    assert seat is not None
    due = betting.owed(table, hand.betting, seat)
    if action == "check":
        return NotAllowed(N_("{player} cannot check: {amount} to call."), rule="04", player=seat.name,
                          amount=min(due, seat.stack))
    if action == "call":
        return NotAllowed(N_("Nothing to call: {player} can check."), rule="04", player=seat.name)
    blocker = betting.raise_blocker(table, hand.betting, seat)
    if blocker is not None:
        return NotAllowed(blocker.text, rule=blocker.rule, ruling=blocker.ruling, **dict(blocker.args))
    if action == "bet":
        return NotAllowed(N_("There is already a wager this round: the aggressive action is a raise."), rule="04")
    return NotAllowed(N_("Nobody has bet this round yet: the aggressive action is a bet."), rule="04")


def _after_bet(table: TableState, hand: Hand, last: str) -> None:
    assert hand.betting is not None
    following = betting.next_to_act(table, hand.betting, last)
    if following is not None:
        hand.to_act = following.name
    else:
        _finish_betting(table, hand)


def _draw_action(table: TableState, hand: Hand, seat: Seat, entry: Input) -> None:
    if entry.action == "fold":
        draws.fold_in_draw(hand, seat)
        _log(table, msg(N_("{player} folds"), rule="04", ruling="R10", player=seat.name))
        if len(table.live_seats()) == 1:
            win_uncontested(table, hand)
            return
    else:
        assert entry.count is not None
        _log(table, draws.announce(table, hand, seat, entry.count))
    _continue_draw(table, hand)


def _continue_draw(table: TableState, hand: Hand) -> None:
    assert hand.draw is not None
    following = draws.next_to_announce(table, hand.draw)
    if following is not None:
        hand.to_act = following.name
        return
    hand.plan = draws.serve_all(table, hand)
    hand.exposed_players = tuple(step.player for step in hand.plan if step.step == "serve" and step.player)
    hand.exposed_open = True
    for step in hand.plan:
        _log(table, draws.plan_sentence(step))
    _start_betting(table, hand, hand.draw.number + 1)


def _showdown_action(table: TableState, hand: Hand, seat: Seat, entry: Input) -> None:
    sd = hand.showdown
    assert sd is not None
    if entry.action == "show":
        assert entry.cards is not None
        ranked = rank_hand(entry.cards)
        sd.shown[seat.name] = ranked
        _log(table, msg(N_("{player} shows {cards}: {name}"), rule="08", ruling="R18", player=seat.name,
                        cards=" ".join(str(card) for card in entry.cards), name=ranked.name))
    else:
        sd.mucked.append(seat.name)
        _log(table, msg(N_("{player} mucks and gives up every pot"), rule="08", ruling="R18", player=seat.name))
    _continue_showdown(table, hand)


# --- flow of a hand -------------------------------------------------------------------------------------------


def next_button(table: TableState) -> str:
    """Hand 1: the named or drawn button; then the next seat clockwise whose player has chips (R5)."""
    if table.hand is None:
        return table.first_button
    return next(seat.name for seat in table.clockwise_from(table.hand.button) if seat.stack > 0)


def start_hand(table: TableState) -> None:
    button = next_button(table)
    table.hand_number += 1
    for seat in table.seats:
        seat.in_hand = seat.stack > 0  # R2: a player with no chips is out
        seat.folded = False
        seat.bet = seat.committed = 0
        seat.acted_level = None
        seat.cards_held = HAND_SIZE if seat.in_hand else 0
        seat.draws = []
    dealt = [seat for seat in table.seats if seat.in_hand]
    heads_up = len(dealt) == 2
    small = button if heads_up else _next_with_chips(table, button)
    big = _next_with_chips(table, small)
    hand = Hand(table.hand_number, button, small, big, Deck(stub=DECK_SIZE - HAND_SIZE * len(dealt)))
    table.hand = hand
    table.phase = Phase.BET
    small_posted = _post(table.seat(small), table.stakes.small_blind)
    big_posted = _post(table.seat(big), table.stakes.big_blind)
    _log(table, msg(N_("Deal hand {number}: button {button}; {small} posts {small_amount}, {big} posts {big_amount}"),
                    rule="03", ruling="R5", number=hand.number, button=button, small=small,
                    small_amount=small_posted, big=big, big_amount=big_posted))
    for name, posted, blind in ((small, small_posted, table.stakes.small_blind),
                                (big, big_posted, table.stakes.big_blind)):
        if posted < blind:
            _log(table, msg(N_("{player} is short: posts {amount} and is all-in"), rule="06", ruling="R6",
                            player=name, amount=posted))
    _start_betting(table, hand, 1)


def _next_with_chips(table: TableState, name: str) -> str:
    return next(seat.name for seat in table.clockwise_from(name) if seat.stack > 0 and seat.in_hand)


def _post(seat: Seat, blind: int) -> int:
    amount = min(blind, seat.stack)
    seat.put_in(amount)
    return amount


def _start_betting(table: TableState, hand: Hand, number: int) -> None:
    table.phase = Phase.BET
    hand.phase = Phase.BET
    round_ = betting.start_round(table, hand, number)
    first = betting.first_to_act(table, hand, round_)
    if first is not None:
        hand.to_act = first.name
        return
    round_.skipped = True
    _log(table, msg(N_("Betting round {number} skipped: at most one player can bet and nobody owes chips"),
                    rule="04", ruling="R11", number=number))
    _finish_betting(table, hand)


def _finish_betting(table: TableState, hand: Hand) -> None:
    """Close the round: give back uncalled chips, then the next draw or the showdown."""
    assert hand.betting is not None
    note = pots.return_uncalled(table, hand.returned)
    if note is not None:
        _log(table, note)
    betting.reset_round(table)
    hand.to_act = None
    if hand.betting.number == 4:
        _start_showdown(table, hand)
        return
    table.phase = Phase.DRAW
    hand.phase = Phase.DRAW
    draws.start_draw(table, hand, hand.betting.number)
    _continue_draw(table, hand)


def _start_showdown(table: TableState, hand: Hand) -> None:
    order = showdown.showing_order(table, hand)
    hand.showdown = Showdown(order, pots.build_pots(table.seats))
    table.phase = Phase.SHOWDOWN
    hand.phase = Phase.SHOWDOWN
    _log(table, msg(N_("Showdown: {player} shows first; order {order}"), rule="08", ruling="R18", player=order[0],
                    order=", ".join(order)))
    _continue_showdown(table, hand)


def _continue_showdown(table: TableState, hand: Hand) -> None:
    sd = hand.showdown
    assert sd is not None
    for sentence in showdown.settle(table, hand, sd):
        _log(table, sentence)
    following = showdown.next_to_show(table, sd)
    if following is not None:
        hand.to_act = following.name
        return
    awards = tuple(sd.awards[index] for index in sorted(sd.awards))
    _end_hand(table, hand, awards, uncontested=False)


def win_uncontested(table: TableState, hand: Hand) -> None:
    """Everyone else folded: the last player takes every pot at once, without showing (R10)."""
    note = pots.return_uncalled(table, hand.returned)
    if note is not None:
        _log(table, note)
    winner = table.live_seats()[0].name
    awards = []
    built = pots.build_pots(table.seats)
    for index, pot in enumerate(built):
        award = Award(index, pot.amount, pot.eligible, (winner,), {winner: pot.amount}, (), shown=False)
        awards.append(award)
        _log(table, showdown.award_sentence(award, len(built)))
    _end_hand(table, hand, tuple(awards), uncontested=True)


def _end_hand(table: TableState, hand: Hand, awards: Sequence[Award], uncontested: bool) -> None:
    for award in awards:
        for name, chips in award.shares.items():
            table.seat(name).stack += chips
    shown = dict(hand.showdown.shown) if hand.showdown else {}
    for seat in table.seats:
        seat.bet = seat.committed = 0
        seat.acted_level = None
        seat.in_hand = False
        seat.folded = False
        seat.cards_held = 0
    hand.ended = True
    hand.to_act = None
    hand.exposed_open = False
    hand.deck = Deck()  # all 52 are gathered and shuffled before the next hand (§08)
    table.last_hand = HandResult(hand.number, tuple(awards), dict(hand.returned), shown, uncontested)
    table.history.append({seat.name: seat.stack for seat in table.seats})
    assert sum(seat.stack for seat in table.seats) == table.total, "R1: chips never enter or leave"
    with_chips = [seat for seat in table.seats if seat.stack > 0]
    if table.hand_number >= table.stakes.hands or len(with_chips) <= 1:
        table.phase = Phase.OVER
        _log(table, msg(N_("Session over after hand {number}"), rule="08", ruling="R20", number=hand.number))
    else:
        table.phase = Phase.DEAL
    hand.phase = table.phase


def _log(table: TableState, text: Msg) -> None:
    table.log.append(LogLine(table.hand_number, table.seq, text))


# --- the game: log in, state out ------------------------------------------------------------------------------


class Game:
    """A table replayed from its log. ``push`` applies an input, ``undo`` takes the last one back.

    Like python-chess's board: ``game.legal`` is a value, ``push``/``undo`` move through the log, and
    refusals are exceptions that leave the game untouched.
    """

    def __init__(self, create: Create) -> None:
        self.created = create
        self.entries: list[Entry] = [create]
        self.inputs: list[tuple[int, Input]] = []  # effective inputs with the seq that recorded them
        self.state = initial_state(create)
        self._legal: tuple[int, Legal] | None = None

    @classmethod
    def replay(cls, entries: Iterable[Entry]) -> Game:
        iterator = iter(entries)
        first = next(iterator)
        if not isinstance(first, Create):
            raise ValueError("a table log starts with its creation")
        game = cls(first)
        for entry in iterator:
            if isinstance(entry, Undo):
                game.undo()
            elif isinstance(entry, Input):
                game.push(entry)
            else:
                raise ValueError("a table is created only once")
        return game

    @property
    def seq(self) -> int:
        """Accepted requests so far (undo included): exactly +1 per accepted request."""
        return len(self.entries) - 1

    @property
    def legal(self) -> Legal:
        if self._legal is None or self._legal[0] != self.seq:
            self._legal = (self.seq, legal_actions(self.state))
        return self._legal[1]

    @property
    def to_act(self) -> str | None:
        seat = to_act(self.state)
        return seat.name if seat else None

    def check_seq(self, seq: int | None) -> None:
        if seq is None:
            return
        if isinstance(seq, bool) or not isinstance(seq, int):
            raise BadInput(N_("“seq” must be a whole number."))
        if seq != self.seq:
            raise StaleSeq(N_("This screen was out of date (seq {given}, now {current}): nothing was applied."),
                           given=seq, current=self.seq)

    def push(self, entry: Input, seq: int | None = None) -> None:
        self.check_seq(seq)
        new_seq = self.seq + 1
        try:
            apply_input(self.state, entry, new_seq, self.legal)
        except DealerError:
            self.state.seq = self.seq  # refusals are raised before anything else changes
            raise
        except Exception:
            self._rebuild()
            raise
        self.entries.append(entry)
        self.inputs.append((new_seq, entry))
        self._legal = None

    def undo(self, seq: int | None = None) -> Input:
        self.check_seq(seq)
        if not self.inputs:
            raise NothingToUndo(N_("Nothing to undo: the table has just been created."))
        undone = self.inputs.pop()[1]
        self.entries.append(Undo())
        self._rebuild()
        return undone

    def _rebuild(self) -> None:
        """Replay the effective inputs from the creation: undo is rare, and a whole session replays in ms."""
        self.state = initial_state(self.created)
        for seq, entry in self.inputs:
            apply_input(self.state, entry, seq)
        self._legal = None
