"""Applying one dealer input: checked against the legal actions, carried out, or refused with the rule that refuses.

A refusal raises before anything changes, so a refused input leaves the table exactly as it was.
"""

from __future__ import annotations

from ..errors import BadInput, NotAllowed
from ..messages import N_, msg
from . import betting, draws
from .entries import Input
from .facts import FoldedInDraw, Misdealt, Mucked, Shown, Step
from .game_choice import choose_game
from .hand_flow import after_bet, continue_draw, continue_showdown, log, start_hand, win_uncontested
from .legal import BETWEEN_ACTIONS, TABLE_ACTIONS, Action, Legal, LegalAction, find
from .open_game import apply_table_input, deal_refusal
from .table_state import AT_SHOWDOWN, BETTING, DEALING, DRAWING, OVER, Hand, Seat, TableState
from .tournament_inputs import apply_tournament_input, at_deal, before_input, deal_refusal_now, over_refusal
from .turn import legal_actions, to_act

# Enum members read through their class cost about 100 ns each in CPython 3.11, and this runs for every input:
# read once here.
_DEAL = Action.DEAL
_MISDEAL = Action.MISDEAL
_EXPOSED = Action.EXPOSED
_DRAW = Action.DRAW
_SHOW = Action.SHOW
_MUCK = Action.MUCK
_FOLD = Action.FOLD
_BET = Action.BET
_RAISE = Action.RAISE
# Asked of every input: a frozenset finds a StrEnum member at once, where a tuple compares it with each member (a
# string comparison each, about half a microsecond for the thirteen).
_BETWEEN = frozenset(BETWEEN_ACTIONS)


def apply_input(table: TableState, entry: Input, seq: int, legal: Legal | None = None) -> None:
    """Check ``entry`` against the legal actions and carry it out, recording what it did as one :class:`Step` of
    ``table.record`` (in the same pass: the record is never rebuilt by applying inputs again elsewhere); a refusal
    raises and changes nothing."""
    if table.tournament is not None:  # the rules read the clock at the input's own time (R36)
        before_input(table, entry)
        legal = legal_actions(table)
    elif legal is None:
        legal = legal_actions(table)
    table.seq = seq
    table.facts, table.lines = [], []
    phase, round_ = table.phase, _round(table)
    option = _carry_out(table, entry, legal)
    number = table.hand_number
    # tuple.__new__ builds the NamedTuple without its Python-level __new__ (a lambda): one frame less per input.
    table.record.append(tuple.__new__(Step, (number, seq, entry, str(phase), round_, option, tuple(table.lines),
                                             tuple(table.facts))))
    table.facts, table.lines = [], []


def _round(table: TableState) -> int | None:
    """The betting round or the draw an input is entered in."""
    hand = table.hand
    if hand is None or hand.ended:
        return None
    if table.phase is BETTING and hand.betting is not None:
        return hand.betting.number
    if table.phase is DRAWING and hand.draw is not None:
        return hand.draw.number
    return None


def _carry_out(table: TableState, entry: Input, legal: Legal) -> LegalAction | None:
    """Apply ``entry``; the legal action it matched (None for the actions that carry no amount)."""
    if entry.action is _DEAL:
        if table.tournament is not None and table.phase is DEALING:
            deal_refusal_now(table)  # a break, or the end: R35, R36
        _require(legal, entry, table)
        if table.tournament is not None:
            at_deal(table)  # the level in force sets the stakes; busted players whose rebuy closed go out
        start_hand(table, choose_game(table.games, table.choice, table.hands_per_game, table.hand_number,
                                      entry.game))
        return None
    if entry.action in _BETWEEN:
        _between_hands(table, entry)
        return None
    hand = table.hand
    if hand is None or table.phase is DEALING or table.phase is OVER:
        raise refusal(table, entry)
    if entry.action is _MISDEAL:
        _require(legal, entry, table)
        table.misdeals += 1
        table.facts.append(Misdealt(hand.number))
        log(table, msg(N_("Misdeal: all 52 cards are reshuffled and dealt again; same button, the blinds stay "
                          "posted"), rule="08", ruling="R19"))
        return None
    if entry.action is _EXPOSED:
        _apply_exposed(table, hand, entry, _require(legal, entry, table))
        return None
    return _apply_player_action(table, hand, entry, legal)


def _between_hands(table: TableState, entry: Input) -> None:
    """An open game's or a tournament's input between hands (or a tournament's clock)."""
    if entry.action in TABLE_ACTIONS:
        apply_table_input(table, entry)
        return
    if table.tournament is None:
        raise NotAllowed(N_("Only a tournament has a clock, rebuys, an add-on and a chop."), rule="01", ruling="R36")
    apply_tournament_input(table, entry)


def _apply_exposed(table: TableState, hand: Hand, entry: Input, option: LegalAction) -> None:
    name = entry.player if entry.player is not None else (option.players[0] if len(option.players) == 1 else None)
    if name is None:
        raise BadInput(N_("Say whose replacement card was exposed."), rule="05", ruling="R14")
    if name not in option.players:
        serving = hand.serving
        assert serving is not None
        if serving.exposed and any(pile.player == name and pile.cards for pile in serving.order):
            raise NotAllowed(N_("{player} was served before the card exposed while serving {exposed}: serving goes on "
                                "in order."), rule="05", ruling="R14", player=name, exposed=serving.exposed[-1])
        raise NotAllowed(N_("{player} was not served in the latest draw."), rule="05", ruling="R14", player=name)
    for sentence in draws.expose(table, hand, name):
        log(table, sentence)


def _apply_player_action(table: TableState, hand: Hand, entry: Input, legal: Legal) -> LegalAction:
    # to_act (a hand is in play here), the seat looked up inline: table.seat is a method call, on every input
    seat = table.seats[table.positions[hand.to_act]] if hand.to_act and not hand.ended else None
    if seat is None or entry.player != seat.name:
        if entry.player is not None and not any(s.name == entry.player for s in table.seats):
            raise NotAllowed(N_("There is no player “{player}” at this table."), player=entry.player)
        if seat is None:
            raise refusal(table, entry)
        raise NotAllowed(N_("It is {to_act}'s turn, not {player}'s."), rule="04", to_act=seat.name,
                         player=entry.player or "")
    option = _require(legal, entry, table)
    if entry.action is _BET or entry.action is _RAISE:  # WAGERS, by identity: a tuple's ``in`` compares strings
        option = betting.with_amount(table, hand, seat, option, entry.to)
    if entry.action is _DRAW and entry.count not in option.counts:
        raise NotAllowed(N_("In {game} a player draws 0 to {maximum} cards."), rule="05", ruling="R21",
                         game=hand.game.name, maximum=hand.game.draw_maximum)
    if entry.action is _SHOW:
        _check_hand_size(hand, entry)
        _check_not_shown_before(hand, entry)
    hand.player_inputs += 1
    hand.exposed_open = False
    if table.phase is BETTING:
        log(table, betting.apply(table, hand, seat, option))
        if option.action is _FOLD and table.live_count() == 1:  # only a fold leaves fewer players in the hand
            win_uncontested(table, hand)
        else:
            after_bet(table, hand, seat.name)
    elif table.phase is DRAWING:
        _draw_action(table, hand, seat, entry)
    else:
        _showdown_action(table, hand, seat, entry)
    return option


def _check_hand_size(hand: Hand, entry: Input) -> None:
    assert entry.cards is not None
    if len(entry.cards) != hand.game.hand_size:
        raise BadInput(N_("A hand of {game} has exactly {size} cards; {count} given."), ruling="R21",
                       game=hand.game.name, size=hand.game.hand_size, count=len(entry.cards))


def _check_not_shown_before(hand: Hand, entry: Input) -> None:
    assert entry.cards is not None and hand.showdown is not None
    for name, shown in hand.showdown.shown.items():
        clash = set(shown.cards) & set(entry.cards)
        if clash:
            raise NotAllowed(N_("{player} already showed {card}: check the cards."), rule="08", player=name,
                             card=str(sorted(clash)[0]))


def _require(legal: Legal, entry: Input, table: TableState) -> LegalAction:
    option = find(legal, entry.action)
    if option is None:
        raise refusal(table, entry)
    return option


def refusal(table: TableState, entry: Input) -> NotAllowed:
    """Why ``entry`` is not allowed now, in one sentence with its rule."""
    action, phase = entry.action, table.phase
    if phase is OVER:
        if table.tournament is not None:
            return over_refusal(table.tournament)
        return NotAllowed(N_("The session is over."), rule="08", ruling="R20")
    if phase is DEALING:
        short = deal_refusal(table)
        if action is _DEAL and short is not None:
            return NotAllowed(short.text, rule=short.rule, ruling=short.ruling)
        if action is _DEAL:
            return NotAllowed(N_("A hand is already in progress."), rule="03")
        return NotAllowed(N_("No hand is in progress: deal hand {number} first."), rule="03",
                          number=table.hand_number + 1)
    if action is _DEAL:
        return NotAllowed(N_("Hand {number} is still in progress."), rule="08", number=table.hand_number)
    if action is _MISDEAL:
        return NotAllowed(N_("A misdeal can only be called before anyone has acted in the hand."), rule="08",
                          ruling="R19")
    if action is _EXPOSED:
        return _exposed_refusal(table)
    if phase is AT_SHOWDOWN:
        if action is _DRAW:
            if table.hand is not None and table.hand.game.draws == 1:
                return NotAllowed(N_("This is the showdown: the draw is over; show or muck."), rule="08",
                                  ruling="R33")
            return NotAllowed(N_("This is the showdown: the three draws are over; show or muck."), rule="08",
                              ruling="R18")
        return NotAllowed(N_("This is the showdown: show or muck."), rule="08", ruling="R18")
    if action is _MUCK:
        return NotAllowed(N_("Before the showdown a player gives up the hand by folding: record a fold."), rule="04",
                          ruling="R10")
    if action is _SHOW:
        return NotAllowed(N_("Hands are shown only at the showdown."), rule="08")
    if action is _DRAW:
        return NotAllowed(N_("This is a betting round, not a draw."), rule="05")
    if phase is DRAWING:
        return NotAllowed(N_("This is a draw: announce how many cards, or fold."), rule="05", ruling="R12")
    seat = to_act(table)
    assert table.hand is not None and table.hand.betting is not None and seat is not None
    return betting.refusal(table, table.hand.betting, seat, action)


def _exposed_refusal(table: TableState) -> NotAllowed:
    hand = table.hand
    assert hand is not None
    if hand.serving is None:
        return NotAllowed(N_("No replacement card has been served in this hand yet."), rule="05", ruling="R14")
    if hand.exposed_open:
        assert hand.draw is not None
        return NotAllowed(N_("Nobody was served a card in draw {number}: there is no replacement card to expose."),
                          rule="05", ruling="R14", number=hand.draw.number)
    return NotAllowed(N_("An exposed replacement card is recorded right after the draw, before any other "
                         "input."), rule="05", ruling="R14")


def _draw_action(table: TableState, hand: Hand, seat: Seat, entry: Input) -> None:
    if entry.action is _FOLD:
        draws.fold_in_draw(hand, seat)
        assert hand.draw is not None
        table.facts.append(FoldedInDraw(seat.name, hand.draw.number))
        log(table, msg(N_("{player} folds"), rule="04", ruling="R10", player=seat.name))
        if len(table.live_seats()) == 1:
            win_uncontested(table, hand)
            return
    else:
        assert entry.count is not None
        log(table, draws.announce(table, hand, seat, entry.count))
    continue_draw(table, hand)


def _showdown_action(table: TableState, hand: Hand, seat: Seat, entry: Input) -> None:
    sd = hand.showdown
    assert sd is not None
    if entry.action is _SHOW:
        assert entry.cards is not None
        ranked = hand.game.rank(entry.cards)
        sd.shown[seat.name] = ranked
        table.facts.append(Shown(seat.name, ranked))
        log(table, msg(N_("{player} shows {cards}: {name}"), rule="08", ruling="R18", player=seat.name,
                       cards=" ".join(str(card) for card in entry.cards), name=ranked.name))
    else:
        sd.mucked.append(seat.name)
        table.facts.append(Mucked(seat.name))
        if any(seat.name in award.winners for award in (*sd.awards.values(), *sd.halves.values())):
            # Already paid a pot nobody else still claimed: that pot stays won.
            log(table, msg(N_("{player} mucks and gives up the pots still to be decided"), rule="08", ruling="R18",
                           player=seat.name))
        else:
            log(table, msg(N_("{player} mucks and gives up every pot"), rule="08", ruling="R18", player=seat.name))
    continue_showdown(table, hand)
