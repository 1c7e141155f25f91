"""The words on the dealer's buttons: "Call 2", "Raise to 6", "All-in 5", "Complete to 8", "Deal hand 3"."""

from __future__ import annotations

from collections.abc import Sequence

from ..messages import N_, Msg, msg
from ..rules.entries import Input
from ..rules.games import DEFAULT_GAMES, GameRules
from ..rules.legal import CHECK, DRAW, FOLD, MISDEAL, MUCK, SHOW, Action, LegalAction
from ..rules.stakes import MAX_DISCARD
from .snapshot import Option

# Enum members read through their class cost about 100 ns each in CPython 3.11, and this runs for every input:
# read once here.
_DEAL = Action.DEAL
_MISDEAL = Action.MISDEAL
_LEAVE, _END = Action.LEAVE, Action.END  # each asks once on the console: it ends a player's or the table's night
_EXPOSED = Action.EXPOSED
_MUCK = Action.MUCK
_CALL = Action.CALL
_BET = Action.BET
_RAISE = Action.RAISE
_ADD_CHIPS = Action.ADD_CHIPS
_JOIN = Action.JOIN

_PLAIN = {Action.FOLD: N_("Fold"), Action.CHECK: N_("Check"), Action.DRAW: N_("Draw"), Action.SHOW: N_("Show"),
          Action.MUCK: N_("Muck"), Action.DEAL: N_("Deal"), Action.MISDEAL: N_("Misdeal"),
          Action.EXPOSED: N_("Exposed card"), Action.CALL: N_("Call"), Action.BET: N_("Bet"),
          Action.RAISE: N_("Raise"), Action.JOIN: N_("Seat a player here"), Action.LEAVE: N_("Leave"),
          Action.SIT_OUT: N_("Sit out"), Action.SIT_IN: N_("Sit in"), Action.ADD_CHIPS: N_("Add chips"),
          Action.END: N_("End the night")}
_PLAIN[Action.STAKES] = N_("Change the stakes")  # between hands of an open game (R34)
_PLAIN.update({Action.PAUSE: N_("Pause the clock"), Action.RESUME: N_("Start the clock again"),  # tournament (R36)
               Action.REBUY: N_("Rebuy"), Action.OUT: N_("Out"), Action.ADD_ON: N_("Add-on"),
               Action.CHOP: N_("Chop")})


def action_label(action: Action) -> Msg:
    """The action's name alone, for an input whose amount is not known here."""
    return msg(_PLAIN[action])


def legal_label(option: LegalAction) -> Msg:
    """The words on a dealer's button for one legal action, with its amount."""
    if option.action is _CALL:
        if option.all_in:
            return msg(N_("All-in {amount}"), amount=option.amount or 0)
        return msg(N_("Call {amount}"), amount=option.amount or 0)
    if option.action in (_BET, _RAISE):
        if option.all_in:
            return msg(N_("All-in {amount}"), amount=option.amount or 0)
        if option.completes:
            return msg(N_("Complete to {to}"), to=option.to or 0)
        if option.action is _BET:
            return msg(N_("Bet {to}"), to=option.to or 0)
        return msg(N_("Raise to {to}"), to=option.to or 0)
    return action_label(option.action)


def draw_label(count: int) -> Msg:
    """A draw button: "Pat" for 0, else the number of cards."""
    assert 0 <= count <= MAX_DISCARD
    return msg(N_("Pat")) if count == 0 else msg("{count}", count=count)


def deal_label(number: int, game: Msg) -> Msg:
    """The Deal button of a table of several games: it names the game the hand will play (R25)."""
    return msg(N_("Deal hand {number}: {game}"), ruling="R25", number=number, game=game)


def option_for(option: LegalAction, number: int, games: tuple[str, ...], game: GameRules | None) -> Option:
    """A legal action with its button words and, for the dealer's rare inputs, what it does and why (``number``:
    the next hand's; ``games``: the table's; ``game``: the one the next hand plays, when known)."""
    if option.action is _DEAL:
        if games != DEFAULT_GAMES and game is not None:
            return Option(option, deal_label(number, game.full_name))
        if number == 1:
            return Option(option, msg(N_("Deal hand {number}"), number=number))
        return Option(option, msg(N_("Next hand: deal hand {number}"), number=number))
    fixed = _FIXED.get(option.action)
    if fixed is not None and fixed.legal is option:
        return fixed  # one of the engine's shared options: the same words every time, worded once, shared
    return _option(option)


def _option(option: LegalAction) -> Option:
    if option.action is _MISDEAL:
        return Option(option, legal_label(option),
                      msg(N_("A card was exposed in the first deal: all 52 are reshuffled, same button, blinds stay."),
                          rule="08", ruling="R19"))
    if option.action is _EXPOSED:
        return Option(option, legal_label(option),
                      msg(N_("Exposed card: a replacement card was exposed while serving"), rule="05", ruling="R14"))
    if option.action is _LEAVE:
        return Option(option, legal_label(option),
                      msg(N_("Leave: the player takes their chips away and is dealt no more hands (until seated "
                             "again)."), rule="01", ruling="R26"))
    if option.action is _END:
        return Option(option, legal_label(option),
                      msg(N_("End the night: no more hands; the results and who pays whom are final."), rule="08",
                          ruling="R27"))
    return Option(option, legal_label(option))


_FIXED: dict[Action, Option] = {option.action: _option(option) for option in (FOLD, CHECK, DRAW, SHOW, MUCK, MISDEAL)}


def label_of(lines: Sequence[Msg], entry: Input) -> Msg:
    """An input in words: its first log line ("Bia raises to 6"), or the action's name."""
    return lines[0] if lines else action_label(entry.action)
