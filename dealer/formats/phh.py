"""Each hand as PHH, the hand-history format of PokerKit and its paper (variant ``F2L3D``), written by PokerKit.

No-limit 2-7 Single Draw is PHH's own ``N2L1D`` and replays in PokerKit like the house card's game. A game or a
structure PHH has no variant for (pot-limit and no-limit triple draw, pot-limit single draw, A-5, Badeucey, Badacey)
is written as the variant with its draws (``N2L1D`` for one draw, else ``F2L3D``, or ``FB`` for Badugi) and named in
user fields (``_game``, ``_game_name``, ``_betting``, ``_ranking``).

The actions are written from the engine's record of the hand, with unknown cards ``??`` (the dealer's real cards
are not the engine's business before the showdown; the shown ones are given as shown), and PokerKit's
``HandHistory`` writes the file, so it is what PokerKit reads back. Where the house card and PokerKit share the
rules, the history replays in PokerKit to our final stacks (the tests check it). A hand that used a house rule
PokerKit lacks names each such rule in ``_house_rules``; ``_``-prefixed user fields carry what PHH has no field for
(the button, misdeals, exposed cards, reshuffles, odd chips, corrections).
"""

from __future__ import annotations

import datetime
import warnings
from collections.abc import Iterable
from typing import Any

from pokerkit import (
    Automation,
    FixedLimitDeuceToSevenLowballTripleDraw,
    HandHistory,
    Mode,
    NoLimitDeuceToSevenLowballSingleDraw,
    Poker,
    State,
)

from ..record.hand_record import HandRecord, SessionRecord
from ..rules.facts import AntePosted, BlindPosted, NotAsked, Step, Wagered
from ..rules.games import DEFAULT_GAME, FIXED_LIMIT, GAMES, PREFIXES, GameRules, game_rules
from ..rules.legal import Action
from ..rules.stakes import ANTE_BIG_BLIND, Stakes
from ..rules.table_state import Phase
from .pokerstars import SITE, level_at

AUTOMATIONS = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
               Automation.HAND_KILLING, Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING)
UNKNOWN = "??"
POKERKIT_CAP = 4  # PokerKit's bets and raises per round, the blinds not counted

# The house rules PokerKit 0.7.7 plays differently, by the name the user field gives them.
SHORT_BLINDS = "R6 short blinds: the others still call the full big blind"
HALF_UNIT = "R7 half-unit reopening: a short all-in of at least half a bet reopens the betting"
SHORT_RAISE = "R7 short all-in raise: below half a bet it does not reopen and is not counted"
COMPLETION = "R7 completion: a short all-in is completed to the full bet"
UNLIMITED = "R9 heads-up unlimited raises"
DRAW_FOLD = "R10 folds in a draw"
POT_KEPT = "R16 a pot already paid is kept after a muck"
ODD_CHIPS = "R17 one-each odd chips, each pot split on its own"
NOT_SHOWN = "R18 the last claimant wins without showing"
BIG_BLIND_ANTE = "R32 the big blind's ante counts in the big blind's contribution level, not only in the main pot"


class Divergence(Exception):
    """PokerKit refused an input or paid differently: the hand used a house rule PokerKit lacks."""


def house_rules(hand: HandRecord) -> list[str]:
    """The house rules this hand used that PokerKit lacks, read from the engine's record of the hand."""
    found: list[str] = []
    if any(blind.amount < blind.full for blind in hand.blinds):
        found.append(SHORT_BLINDS)
    fixed_limit = game_rules(hand.game).structure == FIXED_LIMIT  # R7-R9 are fixed limit's (R28)
    wagers: dict[int, int] = {}
    for step in hand.steps:
        if step.kind is not None:
            wagers[step.round or 0] = wagers.get(step.round or 0, 0) + 1
        if step.kind == "qualifies" and fixed_limit:
            found.append(HALF_UNIT)
        if step.kind == "incomplete" and fixed_limit:
            found.append(SHORT_RAISE)
        if step.option is not None and step.option.completes:
            found.append(COMPLETION)
        if step.phase == Phase.DRAW and step.entry.action is Action.FOLD:
            found.append(DRAW_FOLD)
    if fixed_limit and any(count > POKERKIT_CAP for count in wagers.values()):
        found.append(UNLIMITED)
    if _big_blind_ante_in_side_pots(hand):
        found.append(BIG_BLIND_ANTE)
    result = hand.result
    if result is not None and not result.uncontested:
        shown = {step.entry.player for step in hand.steps if step.entry.action is Action.SHOW}
        if any(chips and name in hand.mucked for award in result.awards for name, chips in award.shares.items()):
            found.append(POT_KEPT)
        if any(name not in shown and name not in hand.mucked for award in result.awards for name in award.winners):
            found.append(NOT_SHOWN)
        if any(len(award.winners) > 1 and (len(award.odd_chips) > 1 or len(result.awards) > 1)
               for award in result.awards):
            found.append(ODD_CHIPS)
    return list(dict.fromkeys(found))


def _big_blind_ante_in_side_pots(hand: HandRecord) -> bool:
    """The big blind posted the table's ante (R32) and somebody went all-in: PokerKit keeps that ante as dead money
    in the main pot, outside the contribution levels, so its side pots differ from ours."""
    antes = [fact for fact in hand.steps[0].facts if isinstance(fact, AntePosted)]
    if len(antes) != 1 or antes[0].player != hand.big_blind:
        return False
    return any(fact.all_in for step in hand.steps for fact in step.facts
               if isinstance(fact, (AntePosted, BlindPosted, Wagered)))


class PokerKitPlay:
    """One of our hands through PokerKit: player 0 is the first left of the button, the button is last."""

    def __init__(self, hand: HandRecord, game: Poker) -> None:
        self.hand = hand
        button = hand.names.index(hand.button)
        self.order = hand.names[button + 1:] + hand.names[:button + 1]
        self.game = game
        starting = hand.starting
        self.state: State = self.game([starting[name] for name in self.order], len(self.order))
        while self.state.hole_dealee_index is not None:
            self.state.deal_hole(UNKNOWN)

    def play(self) -> State:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # a fold with nothing to call is allowed by R10
            try:
                for step in self.hand.steps[1:]:
                    self.step(step)
                self.pointless_checks(None)
            except (ValueError, AssertionError, IndexError, KeyError) as refused:
                raise Divergence(str(refused)) from refused
        if self.state.status or self.final() != self.hand.final_in(self.order):
            raise Divergence("PokerKit pays this hand differently")
        return self.state

    def final(self) -> list[int]:
        return list(self.state.stacks)

    def pointless_checks(self, player: int | None) -> None:
        """R11 ends a round without asking the last player who could bet; PokerKit asks for a check: make it."""
        state = self.state
        while (state.actor_index is not None and state.actor_index != player
               and not state.checking_or_calling_amount):
            state.check_or_call()

    def step(self, step: Step) -> None:
        state, entry = self.state, step.entry
        if entry.action in (Action.MISDEAL, Action.EXPOSED):
            state.no_operate(commentary=step.lines[0].render() if step.lines else str(entry.action))
            return
        player = self.order.index(entry.player) if entry.player in self.order else None
        if step.phase == Phase.BET:
            self.pointless_checks(player)
            if state.actor_index != player:
                raise Divergence("PokerKit waits for another player")
            if entry.action is Action.FOLD:
                state.fold()
            elif entry.action in (Action.CHECK, Action.CALL):
                state.check_or_call()
            else:
                assert step.option is not None
                state.complete_bet_or_raise_to(step.option.to)
        elif step.phase == Phase.DRAW:
            self.pointless_checks(None)
            if entry.action is Action.FOLD:
                raise Divergence("PokerKit has no fold in a draw")
            state.stand_pat_or_discard(UNKNOWN * (entry.count or 0))
            if state.stand_patter_or_discarder_index is None:
                state.burn_card(UNKNOWN)
                while (dealee := state.hole_dealee_index) is not None:
                    state.deal_hole(UNKNOWN * len(state.hole_dealing_statuses[dealee]))
        elif entry.action is Action.SHOW and entry.cards is not None:
            self.pointless_checks(None)
            state.show_or_muck_hole_cards("".join(str(card) for card in entry.cards))
        else:
            self.pointless_checks(None)
            state.show_or_muck_hole_cards(False)


def our_actions(hand: HandRecord, order: tuple[str, ...]) -> list[str]:
    """The hand in PHH actions, written from the record of our inputs."""
    label = {name: f"p{index + 1}" for index, name in enumerate(order)}
    actions = [f"d dh {label[name]} {UNKNOWN * game_rules(hand.game).hand_size}" for name in order]
    for step in hand.steps[1:]:
        entry = step.entry
        who = label.get(entry.player or "", "")
        if entry.action in (Action.MISDEAL, Action.EXPOSED):
            actions.append("# " + (step.lines[0].render() if step.lines else str(entry.action)))
        elif step.phase == Phase.BET:
            if entry.action is Action.FOLD:
                actions.append(f"{who} f")
            elif entry.action in (Action.CHECK, Action.CALL):
                actions.append(f"{who} cc")
            else:
                actions.append(f"{who} cbr {step.option.to if step.option else 0}")
        elif step.phase == Phase.DRAW:
            actions.append(f"{who} f # folds in the draw (R10)" if entry.action is Action.FOLD
                           else f"{who} sd {UNKNOWN * (entry.count or 0)}".strip())
            actions.extend(f"d dh {label[planned.player]} {UNKNOWN * planned.cards}" for planned in step.plan
                           if planned.step == "serve" and planned.player in label)
        elif entry.action is Action.SHOW and entry.cards is not None:
            actions.append(f"{who} sm " + "".join(str(card) for card in entry.cards))
        else:
            actions.append(f"{who} sm")
    return actions


def hand_phh(session: SessionRecord, hand: HandRecord, table_id: str) -> HandHistory:
    """The PHH of one hand, written by PokerKit from the actions of our record; a hand that used a house rule
    PokerKit plays differently names it in ``_house_rules`` (the tests replay every other hand in PokerKit).

    Where R11 ended a betting round without asking a player nobody could answer, PokerKit sometimes asks that player
    to check: such a hand (a few in a hundred) is played through PokerKit, whose own history then says where."""
    stakes = session.stakes_at(hand.number)  # changed between hands of an open game (R34)
    button = hand.names.index(hand.button)
    order = hand.names[button + 1:] + hand.names[:button + 1]  # PokerKit's player 1 is left of the button
    fields = _fields(session, hand, table_id, order)
    rules = house_rules(hand)
    game = game_rules(hand.game)
    fields.update(_game_fields(game))
    definition = pokerkit_game(game, stakes)
    if definition is not None and hand.result is not None and any(
            isinstance(fact, NotAsked) for step in hand.steps for fact in step.facts):
        try:
            play = PokerKitPlay(hand, definition)
            state = play.play()
        except Divergence:
            rules = rules or ["a house rule PokerKit plays differently"]
        else:
            if rules:
                fields["_house_rules"] = rules
            return HandHistory.from_game_state(play.game, state, **fields)
    if rules:
        fields["_house_rules"] = rules
    standard = {key: value for key, value in fields.items() if not key.startswith("_")}
    user = {key: value for key, value in fields.items() if key.startswith("_")}
    variant = phh_variant(game)
    # N2L1D has one smallest bet; the fixed-limit variants two (the big blind for both in big-bet play).
    limits = (stakes.big_blind, stakes.big_blind) if game.big_bet else (stakes.small_bet, stakes.big_bet)
    small_bet, big_bet = (None, None) if variant == SINGLE_DRAW else limits
    return HandHistory(variant=variant, antes=_antes(stakes, len(order)),
                       ante_trimming_status=bool(stakes.ante) and _trimmed(stakes),  # as before without antes
                       blinds_or_straddles=_blinds(stakes.small_blind, stakes.big_blind, len(order)),
                       small_bet=small_bet, big_bet=big_bet,
                       min_bet=stakes.big_blind if variant == SINGLE_DRAW else None,
                       starting_stacks=[hand.starting[name] for name in order], actions=our_actions(hand, order),
                       user_defined_fields=user, **standard)


SINGLE_DRAW = "N2L1D"  # PHH's no-limit 2-7 Single Draw


def phh_variant(game: GameRules) -> str:
    """PHH's variant of the game, else the one with its draws: N2L1D for one draw, else its fixed-limit variant
    (FB for Badugi, F2L3D for the rest)."""
    if game.phh_variant is not None:
        return game.phh_variant
    if game.draws == 1:
        return SINGLE_DRAW
    base = GAMES.get(game.code[3:] if game.code[:3] in PREFIXES else game.code, DEFAULT_GAME)
    return base.phh_variant or DEFAULT_GAME.phh_variant or "F2L3D"


def pokerkit_game(game: GameRules, stakes: Stakes) -> Poker | None:
    """PokerKit's own definition of the game (its PHH variant, the table's blinds and antes), or None when PHH has
    no variant for it: 2-7 Triple Draw in fixed limit, 2-7 Single Draw in no-limit."""
    # PokerKit's raw antes: one value for every player, or {1: ante} for its player 1 (the big blind).
    antes: int | dict[int, int] = {1: stakes.ante} if stakes.ante_by == ANTE_BIG_BLIND else stakes.ante
    blinds = (stakes.small_blind, stakes.big_blind)
    if game.phh_variant == SINGLE_DRAW:
        return NoLimitDeuceToSevenLowballSingleDraw(AUTOMATIONS, _trimmed(stakes), antes, blinds, stakes.big_blind,
                                                    mode=Mode.CASH_GAME)
    if game.phh_variant == DEFAULT_GAME.phh_variant:
        return FixedLimitDeuceToSevenLowballTripleDraw(AUTOMATIONS, _trimmed(stakes), antes, blinds, stakes.small_bet,
                                                       stakes.big_bet, mode=Mode.CASH_GAME)
    return None


def _game_fields(game: GameRules) -> dict[str, Any]:
    """A game or structure PHH has no variant for (A-5 Triple Draw, Badeucey, Badacey; pot-limit and no-limit
    triple draw, pot-limit single draw) is written as the variant with its draws and named in user fields;
    Badugi in fixed limit has its own variant (FB), no-limit 2-7 Single Draw too (N2L1D)."""
    if game.phh_variant is not None:
        return {}
    return {"_game": game.code, "_game_name": game.full_name.render(), "_betting": game.structure,
            "_ranking": [half.code for half in game.halves]}


def _antes(stakes: Stakes, players: int) -> list[int]:
    """PokerKit's antes by its player: each player's, or the big blind's (its player 1; heads-up PokerKit swaps it to
    its player 0, the big blind, as it swaps the blinds)."""
    if stakes.ante and stakes.ante_by == ANTE_BIG_BLIND:
        return [0, stakes.ante] + [0] * (players - 2)
    return [stakes.ante] * players


def _trimmed(stakes: Stakes) -> bool:
    """PokerKit's ante trimming: the antes each player posts are contributions, built into levels with the bets
    (R16); the big blind's ante for the table is not (trimmed it would be returned, nobody matching it)."""
    return stakes.ante_by != ANTE_BIG_BLIND


def _blinds(small: int, big: int, players: int) -> list[int]:
    return [small, big] + [0] * (players - 2)


def _fields(session: SessionRecord, hand: HandRecord, table_id: str, order: tuple[str, ...]) -> dict[str, Any]:
    seat_of = {name: number for number, name, _ in hand.seats}
    fields: dict[str, Any] = {"venue": SITE, "table": table_id, "hand": hand.number, "seat_count": 6,
                              "seats": [seat_of[name] for name in order], "players": list(order),
                              "_button": hand.button}
    when = session.time(hand.deal_seq)
    if when:
        moment = datetime.datetime.fromtimestamp(when).astimezone()
        fields.update(time=moment.time().replace(microsecond=0, tzinfo=None), time_zone=moment.tzname(),
                      day=moment.day, month=moment.month, year=moment.year)
    if hand.final is not None:
        fields["finishing_stacks"] = hand.final_in(order)
    level = level_at(session, hand.number)
    if level:  # a tournament's level, PHH's own field (R36)
        fields["level"] = level
    extra = _extras(hand)
    fields.update(extra)
    return fields


def _extras(hand: HandRecord) -> dict[str, Any]:
    """What PHH has no field for, as ``_`` user fields (left out when empty)."""
    extra: dict[str, Any] = {}
    misdeals = sum(1 for step in hand.steps if step.entry.action is Action.MISDEAL)
    exposed = [step.entry.player or "" for step in hand.steps if step.entry.action is Action.EXPOSED]
    reshuffles = [planned.cards for step in hand.steps for planned in step.plan if planned.step == "reshuffle"]
    odd = [name for award in (hand.result.awards if hand.result else ()) for name in award.odd_chips]
    corrections = [f"{item.kind}: " + "; ".join(line.render() for line in item.taken_back + item.reapplied)
                   for item in hand.corrections]
    between = [line.render() for step in hand.between for line in step.lines]  # an open game's comings (R26)
    for key, value in (("_misdeals", misdeals), ("_exposed_cards", exposed), ("_reshuffles", reshuffles),
                       ("_odd_chips", odd), ("_corrections", corrections), ("_between_hands", between)):
        if value:
            extra[key] = value
    return extra


def hand_text(session: SessionRecord, hand: HandRecord, table_id: str) -> str:
    return hand_phh(session, hand, table_id).dumps() + "\n"


def session_text(session: SessionRecord, table_id: str) -> str:
    """Every hand as a ``.phhs`` file: ``[1]``, ``[2]``… sections, as PokerKit's ``dumps_all`` writes them."""
    return join_hands(hand_text(session, hand, table_id) for hand in session.hands)


def join_hands(texts: Iterable[str]) -> str:
    """The ``.phhs`` file from each hand's ``hand_text`` (kept by the caller): the same text as PokerKit's
    ``dumps_all`` of the hands, ``[1]``, ``[2]``… sections separated by blank lines."""
    return "\n\n".join(f"[{number}]\n{text.removesuffix(chr(10))}" for number, text in enumerate(texts, 1)) + "\n"
