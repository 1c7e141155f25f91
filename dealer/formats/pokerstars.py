"""Each hand as text in the PokerStars Triple Draw 2-7 layout that players and tracking tools read.

Our site name is in the header and chips carry no currency. Where that layout has no line for something the house
card does (the odd chip, a short all-in that does or does not reopen, the reshuffle's piles, a misdeal, an exposed
card, the dealer's corrections) we add a line of our own in the same style. The layout is a file format read by
tools, so it is always English, like the PokerStars files it copies.
"""

from __future__ import annotations

import time
from collections.abc import Iterable

from ..record.hand_record import Correction, HandRecord, SessionRecord
from ..rules.facts import AntePosted, BlindPosted, LevelStarted, Shown, Step
from ..rules.games import FIXED_LIMIT, GAMES, NO_LIMIT, POT_LIMIT, PREFIXES, GameRules, game_rules
from ..rules.legal import Action
from ..rules.outcomes import Award
from ..rules.ranking import RANK_LABELS, Category, RankedHand, rank_hand
from ..rules.table_state import Phase
from ..view.plan_view import reshuffle_box
from ..view.results import odd_chip_sentence

SITE = "Triple Draw Dealer"
DRAW_NAMES = {1: "FIRST DRAW", 2: "SECOND DRAW", 3: "THIRD DRAW"}
ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}


def session_text(session: SessionRecord, table_id: str) -> str:
    """Every hand of the session, separated by blank lines as PokerStars files are."""
    return join_hands(hand_text(session, hand, table_id) for hand in session.hands)


def join_hands(texts: Iterable[str]) -> str:
    """The session's file from each hand's text (written once per hand and kept by the caller)."""
    return "\n\n".join(texts)


def hand_text(session: SessionRecord, hand: HandRecord, table_id: str) -> str:
    return "\n".join(HandWriter(session, hand, table_id).lines()) + "\n"


# PokerStars' names of the games (R25) and of the betting structures (R28): each hand's header names its own, the
# fixed limits after a limit game, the blinds after a no-limit or pot-limit one ("2-7 Single Draw No Limit (1/2)").
GAME_NAMES = {"2-7-triple-draw": "Triple Draw 2-7 Lowball", "a-5-triple-draw": "Triple Draw A-5 Lowball",
              "badugi": "Badugi", "badeucey": "Badeucey", "badacey": "Badacey", "2-7-single-draw": "2-7 Single Draw"}
STRUCTURE_NAMES = {FIXED_LIMIT: "Limit", POT_LIMIT: "Pot Limit", NO_LIMIT: "No Limit"}


def game_title(game: GameRules) -> str:
    """The header's name of the game and its structure: "Triple Draw 2-7 Lowball Limit", "Badugi Pot Limit"."""
    code = game.code[3:] if game.code[:3] in PREFIXES and game.code[3:] in GAMES else game.code
    return f"{GAME_NAMES.get(code, game.name.render())} {STRUCTURE_NAMES[game.structure]}"


def lo(ranked: RankedHand) -> str:
    """PokerStars' name of a 2-7 hand: "Lo: 7,5,4,3,2", or the made hand's name; the other games' hands by
    their own names ("Lo: 4-3-2-A badugi")."""
    if type(ranked) is not RankedHand:
        return "Lo: " + ranked.name.render()
    if ranked.category is Category.NO_PAIR:
        return "Lo: " + ",".join(RANK_LABELS[card.rank] for card in sorted(ranked.cards, key=lambda c: -c.rank))
    return "Lo: " + ranked.name.render()


def cards_text(ranked: RankedHand) -> str:
    return "[" + " ".join(str(card) for card in ranked.cards) + "]"


def pot_name(index: int, count: int) -> str:
    if count == 1:
        return "pot"
    return "main pot" if index == 0 else f"side pot-{index}"


def at_its_place(correction: Correction) -> int:
    """Where a correction reads in the hand: an undone input where it was applied, a redo where it re-applied."""
    return correction.step.seq if correction.step is not None else correction.seq


def level_at(session: SessionRecord, number: int) -> int:
    """The tournament level hand ``number`` was dealt at: the latest level a deal up to it started (0: no level,
    a session or an open game)."""
    level = 0
    for hand in session.hands:
        if hand.number > number:
            break
        level = next((fact.number for fact in hand.steps[0].facts if isinstance(fact, LevelStarted)), level)
    return level


ROMAN = ((40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))  # a tournament has at most 40 levels


def roman(number: int) -> str:
    """A level's number as PokerStars writes it: "Level XII"."""
    text = ""
    for value, letters in ROMAN:
        count, number = divmod(number, value)
        text += letters * count
    return text


def stamp(when: float | None) -> str:
    return time.strftime("%Y/%m/%d %H:%M:%S %Z", time.localtime(when or 0))


class HandWriter:
    """The lines of one hand, in the order the layout prints them."""

    def __init__(self, session: SessionRecord, hand: HandRecord, table_id: str) -> None:
        self.session, self.hand, self.table_id = session, hand, table_id
        self.game = game_rules(hand.game)
        self.out: list[str] = []
        self.shown: dict[str, RankedHand] = {}
        self.folded: dict[str, str] = {}
        self.street = "deal"

    def lines(self) -> list[str]:
        self.header()
        corrections = sorted(self.hand.corrections, key=at_its_place)
        for step in self.hand.steps:
            while corrections and at_its_place(corrections[0]) <= step.seq:  # a redo's note before what it re-applied
                self.correction(corrections.pop(0))
            self.step(step)
        for correction in corrections:
            self.correction(correction)
        if self.hand.result is None:
            self.out.append("*** HAND IN PROGRESS ***")
            return self.out
        self.collected()
        self.summary()
        if self.hand.between:  # an open game's inputs after the hand: joins, leaves, chips added (R26)
            self.out.append("*** BETWEEN HANDS ***")
            self.out.extend(line.render() for step in self.hand.between for line in step.lines)
        return self.out

    # The header and the blinds -----------------------------------------------------------------------------------

    def header(self) -> None:
        hand, stakes, game = self.hand, self.session.stakes_at(self.hand.number), self.game
        when = self.session.time(hand.deal_seq)
        amounts = (stakes.small_blind, stakes.big_blind) if game.big_bet else (stakes.small_bet, stakes.big_bet)
        level = level_at(self.session, hand.number)
        if level:  # a tournament's hand names its level as PokerStars tournaments do (R36)
            self.out.append(f"{SITE} Hand #{hand.number}: Tournament #{self.table_id}, {game_title(game)} - "
                            f"Level {roman(level)} ({amounts[0]}/{amounts[1]}) - {stamp(when)}")
        else:
            self.out.append(f"{SITE} Hand #{hand.number}:  {game_title(game)} ({amounts[0]}/{amounts[1]}) - "
                            f"{stamp(when)}")
        button = next(number for number, name, _ in hand.seats if name == hand.button)
        self.out.append(f"Table '{self.table_id}' 6-max Seat #{button} is the button")
        for number, name, stack in hand.seats:
            self.out.append(f"Seat {number}: {name} ({stack} in chips)")
        for posted in hand.steps[0].facts:  # antes and blinds in the order they were posted (R32)
            if isinstance(posted, AntePosted):
                self.out.append(f"{posted.player}: posts the ante {posted.amount}"
                                f"{' and is all-in' if posted.all_in else ''}")
            elif isinstance(posted, BlindPosted):
                self.blind(posted)

    def blind(self, blind: BlindPosted) -> None:
        name, label = blind.player, blind.blind
        all_in = " and is all-in" if blind.all_in else ""
        self.out.append(f"{name}: posts {label} blind {blind.amount}{all_in}")
        if blind.amount < blind.full:
            self.out.append(f"{name} is short: posts {blind.amount} of the {blind.full} {label} blind; the "
                            f"others still call the full blind (house ruling {'R29' if self.game.big_bet else 'R6'})")

    # One input at a time -----------------------------------------------------------------------------------------

    def step(self, step: Step) -> None:
        action = step.entry.action
        if action is Action.DEAL:
            self.out.append("*** DEALING HANDS ***")
            self.returned(step)  # a round nobody can bet in ends at the deal (R11), its excess given back (R15)
            return
        if action in (Action.MISDEAL, Action.EXPOSED):
            self.out.extend(line.render() for line in step.lines)
            self.reshuffles(step)  # an exposed card can leave the stub short (R13, R14)
            if action is Action.MISDEAL:
                self.out.append("*** DEALING HANDS ***")
            return
        self.street_header(step)
        if step.phase == Phase.BET:
            self.betting(step)
        elif step.phase == Phase.DRAW:
            self.draw(step)
        else:
            self.showdown(step)
        self.returned(step)

    def returned(self, step: Step) -> None:
        for name, chips in step.returned.items():
            self.out.append(f"Uncalled bet ({chips}) returned to {name}")

    def street_header(self, step: Step) -> None:
        street = f"{step.phase}{step.round}" if step.phase != Phase.SHOWDOWN else "showdown"
        if street == self.street or (step.phase == Phase.BET and step.round == 1):
            return
        self.street = street
        if step.phase == Phase.DRAW and step.round in DRAW_NAMES:
            self.out.append(f"*** {DRAW_NAMES[step.round]} ***")
        elif step.phase == Phase.SHOWDOWN:
            self.out.append("*** SHOW DOWN ***")

    def betting(self, step: Step) -> None:
        name, option, action = step.entry.player, step.option, step.entry.action
        assert name is not None and option is not None
        all_in = " and is all-in" if option.all_in else ""
        if action is Action.FOLD:
            self.out.append(f"{name}: folds")
            self.folded[name] = self.fold_time(step)
        elif action is Action.CHECK:
            self.out.append(f"{name}: checks")
        elif action is Action.CALL:
            self.out.append(f"{name}: calls {option.amount}{all_in}")
        elif action is Action.BET:
            self.out.append(f"{name}: bets {option.amount}{all_in}")
        else:
            to = option.to or 0
            self.out.append(f"{name}: raises {to - step.current_bet} to {to}{all_in}")
        self.reopening(step, name)
        if step.capped:
            self.out.append("Betting is capped")

    def reopening(self, step: Step, name: str) -> None:
        """Our own lines for what the house card decides about short all-ins and completions (R7; R30 in big-bet
        play, where only a full raise reopens the betting)."""
        option = step.option
        assert option is not None
        if self.game.big_bet:
            if step.kind == "incomplete":
                self.out.append(f"{name}'s all-in is less than a full raise: the betting is not reopened for players "
                                f"who already acted (house ruling R30)")
            return
        if step.kind == "incomplete":
            self.out.append(f"{name}'s all-in is less than half a bet: the betting is not reopened for players who "
                            f"already acted (house ruling R7)")
        elif step.kind == "qualifies":
            self.out.append(f"{name}'s all-in adds at least half a bet: the betting is reopened (house ruling R7)")
        elif step.kind == "complete" and option.completes:
            self.out.append(f"{name} completes the short all-in to the full bet of {option.to} (house ruling R7)")

    def fold_time(self, step: Step) -> str:
        if step.phase == Phase.DRAW:
            return f"folded during the {ORDINALS.get(step.round or 1, '')} Draw"
        if step.round == 1:
            put_in = self.hand.posted.get(step.entry.player or "", 0)
            return "folded before the Draw" + ("" if put_in else " (didn't bet)")
        return f"folded after the {ORDINALS.get((step.round or 2) - 1, '')} Draw"

    def draw(self, step: Step) -> None:
        name, count = step.entry.player, step.entry.count
        if step.entry.action is Action.FOLD:
            self.out.append(f"{name}: folds")
            self.folded[name or ""] = self.fold_time(step)
        elif count == 0:
            self.out.append(f"{name}: stands pat")
        else:
            self.out.append(f"{name}: discards {count} card{'s' if count != 1 else ''}")
        self.reshuffles(step)

    def reshuffles(self, step: Step) -> None:
        """The layout's reshuffle line, and ours with the piles gathered and kept apart (R13)."""
        for position, planned in enumerate(step.plan):
            if planned.reshuffle is None:
                continue
            box = reshuffle_box(planned.reshuffle, _needs(step, position))
            self.out.append("The deck is reshuffled")
            self.out.append("Reshuffle: " + box.headline.render() + " Gather " + "; ".join(
                item.render() for item in box.gather) + ". Keep apart " + "; ".join(
                item.render() for item in box.keep_apart) + ". " + box.result.render() + " (house ruling R13)")

    def showdown(self, step: Step) -> None:
        name = step.entry.player or ""
        if step.entry.action is Action.SHOW and step.entry.cards is not None:
            ranked = next((fact.hand for fact in step.facts if isinstance(fact, Shown)), None) or rank_hand(
                step.entry.cards)
            self.shown[name] = ranked
            self.out.append(f"{name}: shows {cards_text(ranked)} ({lo(ranked)})")
        else:
            self.out.append(f"{name}: mucks hand")

    def correction(self, correction: Correction) -> None:
        when = self.session.time(correction.seq, correction.at)
        at = f" at {time.strftime('%H:%M:%S', time.localtime(when))}" if when else ""
        if correction.step is not None:
            self.undone(correction.step, at)
            return
        said = [f"takes back “{line.render()}”" for line in correction.taken_back]
        said += [f"re-applies “{line.render()}”" for line in correction.reapplied]
        self.out.append(f"Dealer correction ({correction.kind}{at}): " + ("; ".join(said) or "nothing changed"))

    def undone(self, step: Step, at: str) -> None:
        """An undone input printed as the engine recorded it, at its place, each line behind our own marker: a
        line that does not begin with a seated player's name is not an action to the tools that read these files."""
        saved = self.out, self.street, dict(self.folded), dict(self.shown)
        self.out = []
        self.step(step)
        printed = self.out
        self.out, self.street, self.folded, self.shown = saved
        self.out.extend(f"Undone{at}: {line}" for line in printed)

    # The end of the hand -----------------------------------------------------------------------------------------

    def awards(self) -> tuple[Award, ...]:
        assert self.hand.result is not None
        return self.hand.result.awards

    def collected(self) -> None:
        result = self.hand.result
        assert result is not None
        count = len({award.pot for award in result.awards})
        for award in result.awards:
            half = f" ({award.half} half)" if award.half else ""
            for name in award.winners:
                self.out.append(f"{name} collected {award.shares[name]} from {pot_name(award.pot, count)}{half}")
            odd = odd_chip_sentence(award.odd_chips)
            if odd is not None:
                self.out.append(f"{odd.render()} (house ruling R17)")
        if result.uncontested:
            winner = result.awards[0].winners[0] if result.awards else ""
            self.out.append(f"{winner}: doesn't show hand")

    def summary(self) -> None:
        awards = self.awards()
        total = sum(award.amount for award in awards)
        self.out.append("*** SUMMARY ***")
        count = len({award.pot for award in awards})
        if len(awards) > 1:
            pots = " ".join(f"{pot_name(award.pot, count).capitalize()} {award.amount}"
                            f"{f' ({award.half} half)' if award.half else ''}." for award in awards)
            self.out.append(f"Total pot {total} {pots} | Rake 0")
        else:
            self.out.append(f"Total pot {total} | Rake 0")
        won = _won(awards)
        for number, name, _ in self.hand.seats:
            self.out.append(f"Seat {number}: {name}{self.position(name)} {self.seat_result(name, won)}")

    def position(self, name: str) -> str:
        hand = self.hand
        roles = [role for role, holder in (("button", hand.button), ("small blind", hand.small_blind),
                                           ("big blind", hand.big_blind)) if holder == name]
        return "".join(f" ({role})" for role in roles)

    def seat_result(self, name: str, won: dict[str, int]) -> str:
        if name in self.folded:
            return self.folded[name]
        if name in self.shown:
            ranked = self.shown[name]
            if won.get(name):
                return f"showed {cards_text(ranked)} and won ({won[name]}) with {lo(ranked)}"
            return f"showed {cards_text(ranked)} and lost with {lo(ranked)}"
        if name in self.hand.mucked:
            return f"mucked and won ({won[name]})" if won.get(name) else "mucked"
        return f"collected ({won.get(name, 0)})"


def _won(awards: Iterable[Award]) -> dict[str, int]:
    won: dict[str, int] = {}
    for award in awards:
        for name, chips in award.shares.items():
            won[name] = won.get(name, 0) + chips
    return won


def _needs(step: Step, position: int) -> int:
    """Cards the player served right after a reshuffle needs (1 for the burn)."""
    for later in step.plan[position + 1:]:
        if later.step == "serve":
            return later.cards
        if later.step == "burn":
            return 1
    return 0
