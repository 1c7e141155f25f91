"""The house rulings R1-R37: where the house card (seeds/) is silent or ambiguous, these decide (R28-R33, big-bet
play, are written in ``rulings_big_bet.py``; R35-R37, the tournament, in ``rulings_tournament.py``).

Plain data, shown to users in the rule reference ("House rulings") and cited by the engine's messages through
``Msg.ruling``. The English texts are marked with :func:`N_` so ``pybabel extract -F babel-reference.cfg``
puts them in the ``reference`` gettext domain; the web layer translates them at render time.

Two letters recur in the texts: u is the fixed unit of the betting round (2 in rounds 1-2, 4 in rounds 3-4) and
B is the last qualifying level of the round (the big blind's 2 in round 1, 0 at the start of rounds 2-4).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..messages import N_
from .rulings_big_bet import BIG_BET_RULINGS
from .rulings_tournament import TOURNAMENT_RULINGS


@dataclass(frozen=True)
class Ruling:
    id: str  # "R1".."R25"
    sections: tuple[str, ...]  # house-card sections it belongs to, e.g. ("04", "06")
    title: str
    text: str
    reason: str  # why the house decided so

    @property
    def number(self) -> int:
        return int(self.id[1:])

    @property
    def anchor(self) -> str:
        """The id of its entry on the rules page: ``r01``..``r20`` (two digits keep them sortable)."""
        return f"r{self.number:02d}"


RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "R1", ("01",),
        N_("Chips stay at the table"),
        N_("No chips enter or leave the game during a hand or between hands: at every moment the chips on the "
           "table add up to the players' starting stacks added together (the table total)."),
        N_("The card forbids adding chips during a hand; forbidding it between hands as well keeps the session "
           "comparable and lets the app check every total."),
    ),
    Ruling(
        "R2", ("01", "08"),
        N_("No chips, no hand"),
        N_("A player who has 0 chips when a hand starts is out: they get no cards, post no blind and never hold "
           "the button."),
        N_("The card says to skip eliminated players; a player who cannot post or call anything has no stake to "
           "play for."),
    ),
    Ruling(
        "R3", ("02",),
        N_("Straights, the ace and the order of categories"),
        N_("A-K-Q-J-10 is a straight (the worst straight); A-5-4-3-2 never is: it is an ace-high hand. A suited "
           "A-K-Q-J-10 is the worst hand of all. The card's order of categories governs, so a pair of aces beats "
           "any two pair. Suits never break a tie."),
        N_("In 2-7 the ace is always high, so it can top a straight but never sit below the deuce; the general "
           "article's \"worst hand\" remark is read so as not to contradict the card's category order."),
    ),
    Ruling(
        "R4", ("03",),
        N_("The first button"),
        N_("The app draws the first button by lot and records the draw, unless the dealer enters the result of a "
           "physical draw made at the table."),
        N_("The card asks for a draw by lot; recording it keeps the hand log replayable, and a draw with real "
           "cards is just as fair."),
    ),
    Ruling(
        "R5", ("03",),
        N_("Moving the button and the blinds"),
        N_("After each hand the button moves to the next seat clockwise whose player has chips; the small blind is "
           "the next player with chips after the button, the big blind the one after that. There is no dead "
           "button and no debt for missed blinds. Heads-up, the button posts the small blind and acts first "
           "before the first draw; the other player posts the big blind, draws first and acts first in rounds "
           "2-4. When a table goes from three players to two, this rule is applied literally."),
        N_("A home table with eliminations needs a rule that is simple to follow by hand: only players with chips "
           "count, and nobody owes anything for seats that emptied."),
    ),
    Ruling(
        "R6", ("03", "06"),
        N_("Short blinds"),
        N_("A player with fewer chips than the blind posts everything and is all-in. The others still call the "
           "full big blind (2) and raise to 4 while another player can still match it; the big blind counts as "
           "the round's bet even when it is short, and an all-in big blind has no option. Nobody is asked to put "
           "in more than the most that a live opponent can have in (heads-up, a small blind of 1 against an "
           "all-in big blind of 1 owes nothing, and the betting round is skipped)."),
        N_("The blinds set the fixed structure of the round, so a short stack changes what that player can win, "
           "not what the others pay; chips no opponent can match would only come back."),
    ),
    Ruling(
        "R7", ("04", "06"),
        N_("Bet size, short all-ins and reopening"),
        N_("Every bet or raise goes to exactly B+u; a player short of that may go all-in for less, and nobody bets "
           "above B+u. An all-in that adds at least u/2 over B qualifies: B becomes its total and the betting "
           "reopens for everyone. One that adds less is incomplete: B stays; players who have already acted at "
           "level B may only call or fold, while players yet to act (or whose last action was below B) may raise, "
           "that is, complete to B+u. Several short all-ins add up from B. Checks against the card: bet 4, all-in "
           "to 6, next raise to 10; bet 4, all-in to 5, call 5 or complete to 8; in rounds 1-2 every all-in raise "
           "qualifies (u/2 = 1)."),
        N_("This is the card's half-unit rule (§06) stated so that it gives one answer in every case, including "
           "several short all-ins in a row, and it reproduces the card's own examples."),
    ),
    Ruling(
        "R8", ("04",),
        N_("The cap"),
        N_("A round allows one bet and 3 complete raises. The bet is the round's first qualifying wager: the big "
           "blind in round 1; otherwise an opening bet of u, an all-in of at least u/2, or the completion to u of "
           "a short all-in opening bet. A complete raise is a wager to exactly B+u once the round has its bet. An "
           "all-in that qualifies reopens the betting but does not count toward the cap (the card says \"3 "
           "complete raises\"); completing an incomplete all-in raise does count. Once capped, a round stays "
           "capped even if players fold or go all-in. Examples (round 3): 4, 8, 12, 16 is capped; all-in bet 1, "
           "completed to 4, then 8, 12, 16 is capped; all-in bet 3, then 7, 11, 15 is capped; 4, 8, all-in 10, "
           "14, 18 is capped."),
        N_("The card counts complete raises only, so a short all-in cannot use up another player's raise; a cap "
           "that disappeared when someone folds would contradict the card."),
    ),
    Ruling(
        "R9", ("04",),
        N_("Unlimited raises"),
        N_("When at most 2 players remain who have neither folded nor gone all-in, and the round is not capped, "
           "raises are unlimited for the rest of the round."),
        N_("The card lifts the cap when the game is down to two; all-in players can no longer raise, so only the "
           "players still able to bet are counted."),
    ),
    Ruling(
        "R10", ("04",),
        N_("Folding, and the last player left"),
        N_("The player to act may fold in any betting round, even when checking is free, and during a draw: a "
           "player who throws the cards away before the showdown has folded, and the dealer records a fold. When "
           "only one player is left, that player wins every pot at once without showing, and no more cards are "
           "dealt."),
        N_("At a live table a player can always throw the hand away; the app records it instead of arguing, and "
           "the card gives the pot to the last player without a showdown."),
    ),
    Ruling(
        "R11", ("04", "08"),
        N_("When a raise is offered; skipped betting rounds"),
        N_("A raise (the big blind's option included) is offered only when another live player who is not all-in "
           "could put in more than the amount being called; otherwise the extra chips would only come back. A "
           "betting round in which at most one player could act and nobody owes chips is skipped; the remaining "
           "draws still happen, all-in players included."),
        N_("Offering a raise nobody can answer only creates uncalled chips to return; the card says the draws "
           "continue after all-ins end the betting."),
    ),
    Ruling(
        "R12", ("05",),
        N_("Order of the draw and the burn"),
        N_("Live players (all-in players included) announce how many cards they discard, 0 to 5, in turn from "
           "the first player left of the button; then one card is burned (always, even if everybody stands pat); "
           "then each player is served in the same order, all of their replacements in a row."),
        N_("Announcing every count before serving lets the dealer know how many cards are needed before touching "
           "the stub, and a burn that never depends on the counts keeps the procedure the same every time."),
    ),
    Ruling(
        "R13", ("05",),
        N_("Short deck: what is reshuffled"),
        N_("When the stub holds fewer cards than the player being served needs, shuffle the rest of the stub "
           "together with all earlier discards (anyone's, the player's own included), all folded hands, and the "
           "discards from this draw of the players already served. Keep out the live hands, the burned cards, "
           "and the discards of the player being served and of the players still waiting. If the stub is empty "
           "when the burn is due, reshuffle first in the same way. Repeat whenever it runs short again. (The "
           "served players' discards must go in: with 6 players drawing 5 each, the fifth player would otherwise "
           "face a pile of 1 card.)"),
        N_("This is the card's short-deck protocol made exact; putting the served players' discards in is what "
           "makes a full table of big draws possible at all."),
    ),
    Ruling(
        "R14", ("05",),
        N_("A replacement card exposed while serving"),
        N_("A replacement card that the dealer exposes while serving is not taken: it goes out with the burned "
           "cards and the player gets the next card. The players before were served as planned; the player still "
           "gets every replacement, and serving goes on in order with one card fewer in the stub. A reshuffle from "
           "there on is decided and made as R13 says at that moment: the served players' discards go in, never "
           "those of the player being served or of the players still waiting. Two exposed cards add up."),
        N_("A card everyone has seen would give its receiver or the others an unfair read; treating it like a "
           "burned card keeps the count of cards in play exact."),
    ),
    Ruling(
        "R15", ("07",),
        N_("Uncalled chips go back"),
        N_("The uncalled excess (what the top contributor put in beyond the second-highest contribution, folded "
           "players counted) is returned to its owner before the pots are built."),
        N_("The card says to return uncalled excess; counting folded players' chips makes the amount exact when "
           "the second-highest contributor has folded."),
    ),
    Ruling(
        "R16", ("07",),
        N_("Building the pots"),
        N_("Pots are built by contribution level: each level is shared by the live players who reached it; "
           "folded players' chips stay in; adjacent levels with the same eligible players merge; folded chips "
           "above the highest live contribution join the highest pot; a pot with one eligible player is paid to "
           "that player without a showdown."),
        N_("This is the card's contribution-level rule, with the corner cases (folded chips above every live "
           "player, pots nobody contests) settled so the app always builds the same pots."),
    ),
    Ruling(
        "R17", ("08",),
        N_("Split pots and the odd chip"),
        N_("Ties: each pot is split separately among its best hands; chips that do not divide evenly go one at a "
           "time to the tied players in clockwise order, starting left of the button."),
        N_("The card gives the odd chip to the first tied player left of the button; dealing several odd chips "
           "one by one in that order extends the same convention."),
    ),
    Ruling(
        "R18", ("08",),
        N_("Showdown order and conceding"),
        N_("The last player to bet or raise in round 4 (any amount, all-in included) shows first; if round 4 had "
           "no bet or was skipped, the first live player left of the button shows first; then clockwise. A "
           "player may concede (muck) and gives up every pot. Once only one player still claims a pot, it is "
           "paid without more hands being shown."),
        N_("The card names the last aggressor of the final bet; an all-in bet is aggression too, and nobody has "
           "to show a hand that can no longer win anything."),
    ),
    Ruling(
        "R19", ("08",),
        N_("Misdeal"),
        N_("If a card is exposed during the first deal, before any player has acted in the hand, it is a misdeal: "
           "all 52 cards are reshuffled, the button stays, the blinds stay posted and the hand number does not "
           "advance."),
        N_("The general article calls an exposed card in the deal a misdeal; nothing has been decided yet, so "
           "starting again changes nobody's position or chips."),
    ),
    Ruling(
        "R20", ("08",),
        N_("End of the session and standings"),
        N_("A session lasts 10 hands (misdeals not counted) or until only one player has chips, whichever comes "
           "first. Eliminations are decided after every pot has been paid. Standings go by chips; players with "
           "equal chips share a place and the next place is skipped (1, 2, 2, 4); all players on 0 share the "
           "last place."),
        N_("The card ends the session after 10 hands or with one player left and lets ties share a place; "
           "deciding after the payout means a player who wins a side pot is not eliminated."),
    ),
    Ruling(
        "R21", ("09",),
        N_("The draw games of dealer's choice"),
        N_("Every game follows the house card's betting (R5-R11), draws (R12-R14, counts 0 to the hand size), "
           "pots (R15-R17), showdown order (R18), misdeal (R19) and session (R20); only the hand size and the "
           "ranking differ. Example: in Badugi each player gets 4 cards and draws 0 to 4 of them, three times."),
        N_("2-7 Triple Draw, A-5 Triple Draw, Badugi, Badeucey and Badacey are the triple-draw family the general "
           "article names: they share the structure of the hand, so only what a hand is worth changes."),
    ),
    Ruling(
        "R22", ("02", "09"),
        N_("A-5 lowball"),
        N_("A-5 lowball: the ace is always low, straights and flushes do not count; 5-4-3-2-A is the best hand; "
           "any hand without a pair beats any hand with one; otherwise compare as §02 does, highest card first, "
           "lower wins. Example: 5-4-3-2-A beats 6-4-3-2-A; a suited 5-4-3-2-A is still the best hand; 8-7-6-5-4 "
           "beats A-A-2-3-4."),
        N_("This is the California lowball ranking of A-5 Triple Draw and the A-5 half of Badacey, as PokerKit "
           "ranks it too."),
    ),
    Ruling(
        "R23", ("02", "09"),
        N_("Badugi"),
        N_("Badugi: a hand counts only its largest set of cards with different ranks and different suits (a "
           "4-card badugi beats any 3-card hand, a 3-card beats any 2-card...); equal-sized sets compare from their "
           "highest card down, lower wins; the ace is low (A-2-3-4 of four suits is the best); cards left out never "
           "break a tie. Example: Kc Qd 2h 3s (a king-high badugi) beats Ac 2c 3d 4h (the three cards 4-3-A)."),
        N_("The standard badugi ranking; in Badeucey the badugi half plays the ace high, as its 2-7 half does."),
    ),
    Ruling(
        "R24", ("07", "08"),
        N_("Split games"),
        N_("Split games: each pot is halved; the odd chip of the halving goes to the five-card half (2-7 in "
           "Badeucey, A-5 in Badacey); each half is won by its best hand and split among ties with R17's odd-chip "
           "order; one player can win both halves; no qualifier. Example: a pot of 13 in Badeucey is 7 for the "
           "best 2-7 hand and 6 for the best badugi of four of the five cards (the ace high)."),
        N_("Halving each pot on its own keeps side pots and odd chips under the rules the card already has."),
    ),
    Ruling(
        "R25", ("03", "09"),
        N_("Choosing the game"),
        N_("Choosing the game: one game for the session; a rotation (each game in the table's list for the same "
           "number of hands, by default as many as the players at the start); or dealer's choice (the game is "
           "named at each deal). A misdeal keeps the hand's game. Example: four players rotating 2-7 and Badugi "
           "play hands 1-4 of 2-7, hands 5-8 of Badugi, then 2-7 again."),
        N_("A rotation of one orbit per game gives every player the button once in each game; dealer's choice "
           "lets the table follow its own habit, and the app records which game each hand was."),
    ),
    Ruling(
        "R26", ("01", "03"),
        N_("Open game"),
        N_("In an open game (chosen when the table is created, instead of the card's session) chips enter or leave "
           "only between hands, never during one: a player may join an empty seat with the chips they buy, leave "
           "and take their chips away, sit out and come back, or add chips, up to the table's maximum buy-in if "
           "it has one. A player who joins or comes back is dealt in at the next hand without an extra blind, and "
           "the button and blinds move as R5 says, skipping players who sit out or have no chips (no dead button, "
           "no missed-blind debts). There is no hand limit: the dealer ends the night. At every moment the chips "
           "on the table equal the chips bought in minus the chips taken away."),
        N_("Real nights are open: people arrive late, leave early, step out for a call and buy back in. Keeping "
           "every change between hands keeps each hand's pot and the chip check exact, and skipping absent "
           "players without debts keeps a friendly game simple."),
    ),
    Ruling(
        "R27", ("08",),
        N_("Settling up"),
        N_("Each player's result is what they took away (or hold) minus what they bought in; with a chip value "
           "set at creation it is money. The settlement pays every result with the fewest transfers possible (an "
           "exact minimum, not a greedy match), each between two players, and the same results always give the "
           "same transfers. Money in equals money out: the results add up to zero. A player who leaves with a "
           "result is paid at once, among the players still seated: a winner by those behind, a loser paying those "
           "ahead, the largest amounts first so the fewest transfers do it. Those transfers are final (later hands "
           "never change them; only undoing the leave takes them back), and the night's settlement pays what "
           "remains, so together they pay every result exactly."),
        N_("At the end of an open game the question is who pays whom; for a table of 2 to 10 people the exact "
           "fewest transfers are cheap to find, and fewer transfers mean fewer mistakes."),
    ),
    *(Ruling(*item) for item in BIG_BET_RULINGS),
)

# Later rulings, in their own tuple so each group of them stays apart from the others.
RULINGS += (
    Ruling(
        "R34", ("01", "03"),
        N_("Stakes that change between hands"),
        N_("In an open game the dealer may change the blinds, the limits, the number of raises and the ante "
           "between hands, any of them at once: the new stakes are logged and play from the next hand on, and "
           "undo takes them back like any input. Never during a hand, and never in the card's session, whose "
           "stakes stay as set for the whole night (R1)."),
        N_("Hosts raise the blinds at midnight; doing it between hands keeps every pot of a hand at one set of "
           "stakes, and the log, the histories and the report say from which hand the new ones apply."),
    ),
    *(Ruling(*item) for item in TOURNAMENT_RULINGS),
)

_BY_NUMBER: dict[int, Ruling] = {item.number: item for item in RULINGS}
_ID = re.compile(r"[Rr]0*([1-9][0-9]*)")


def ruling(ruling_id: str) -> Ruling:
    """The ruling with this id: ``"R7"`` and ``"R07"`` both work; an unknown id raises ``KeyError``."""
    match = _ID.fullmatch(ruling_id.strip()) if isinstance(ruling_id, str) else None
    if match is None or int(match.group(1)) not in _BY_NUMBER:
        raise KeyError(ruling_id)
    return _BY_NUMBER[int(match.group(1))]


def rulings_for_section(section: str) -> tuple[Ruling, ...]:
    """The rulings that belong to a house-card section ("04"), in order."""
    return tuple(item for item in RULINGS if section in item.sections)
