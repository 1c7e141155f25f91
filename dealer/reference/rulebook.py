"""The rule reference, in English: the house card's ten sections in our own words, examples, FAQ, glossary.

Faithful to the house card in seeds/ (the originals win where this text and they differ). Every string a user
sees is marked with :func:`N_` so ``pybabel extract -F babel-reference.cfg`` puts it into the ``reference``
gettext domain; ``web/reference.py`` translates at render time. Card codes ("7s 5d 4h 3d 2c") and numbers are
not marked: they read the same in every language.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..messages import N_


@dataclass(frozen=True)
class Cards:
    """A table cell holding a hand, typed as the comparator takes it ("2c 3d 4h 7s Kc"): shown as cards."""

    text: str


@dataclass(frozen=True)
class Table:
    """A small worked example: a caption, column headers, rows of cells and an optional note under it."""

    caption: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str | Cards, ...], ...]
    note: str = ""


@dataclass(frozen=True)
class HandExample:
    """Two hands (typed card codes) and what the card says happens: the comparator must agree."""

    first: str
    second: str
    outcome: str
    winner: int | None  # 0 the first hand wins, 1 the second, None a tie


@dataclass(frozen=True)
class Section:
    number: str  # "01".."10"
    title: str
    paragraphs: tuple[str, ...]
    tables: tuple[Table, ...] = ()
    hand_examples: tuple[HandExample, ...] = ()

    @property
    def anchor(self) -> str:
        return f"s{self.number}"


# --- Worked examples -------------------------------------------------------------------------------------------

CAP_TABLE = Table(
    N_("Bet sizes and the cap in each betting round"),
    (N_("Betting round"), N_("Unit"), N_("The bet, then the 3 complete raises (capped)")),
    (
        (N_("1, before the first draw"), "2", N_("2 (the big blind), 4, 6, 8")),
        (N_("2, after the first draw"), "2", "2, 4, 6, 8"),
        (N_("3, after the second draw"), "4", "4, 8, 12, 16"),
        (N_("4, after the third draw"), "4", "4, 8, 12, 16"),
    ),
    N_("Short all-ins change these levels; R7 and R8 give the exact counting."),
)

REOPEN_TABLE = Table(
    N_("Short all-in raises after a bet of 4 (unit 4, half a unit 2)"),
    (N_("Bet"), N_("All-in to"), N_("Adds"), N_("Reopens the betting?"), N_("What comes next")),
    (
        ("4", "6", "2", N_("Yes: 2 is at least half the unit"),
         N_("Everyone may raise again; the next complete raise adds 4, to 10.")),
        ("4", "5", "1", N_("No: 1 is less than half the unit"),
         N_("Players who already acted may only call 5 or fold; a player yet to act may complete to 8.")),
    ),
)

SIDE_POT_TABLE = Table(
    N_("Side pots: A put in 6, B and C 10 each"),
    (N_("Pot"), N_("Made of"), N_("Chips"), N_("Who can win it")),
    (
        (N_("Main pot"), N_("6 from each of A, B and C"), "18", "A, B, C"),
        (N_("Side pot"), N_("The 4 more from each of B and C"), "8", "B, C"),
    ),
    N_("A is all-in for 6, so even the best hand at the table wins A only the 18 chips A covered; the better "
       "hand between B and C takes the 8."),
)

DRAW_TABLE = Table(
    N_("The worked example: A draws to the best hand"),
    (N_("Player"), N_("Cards"), N_("Draws"), N_("At the showdown")),
    (
        ("A", Cards("2c 3d 4h 7s Kc"), N_("Throws away the K♣ in the first draw and gets the 5♦; stands pat in the "
                                          "second and third draws"), "7-5-4-3-2"),
        ("B", Cards("7h 6c 4s 3c 2d"), "", "7-6-4-3-2"),
    ),
    N_("Both hands are seven-high without a pair, so the second card decides: A's 5 beats B's 6."),
)

HAND_EXAMPLES: tuple[HandExample, ...] = (
    HandExample("7s 5d 4h 3d 2c", "7h 6c 4s 3c 2d",
                N_("The first hand wins at the second card, 5 against 6."), 0),
    HandExample("Ks Qd Jc 9h 8s", "Ah 5c 4d 3s 2h",
                N_("The king-high hand wins: A-5-4-3-2 is not a straight, it is ace-high."), 0),
    HandExample("Ks Qd Jc 9h 8s", "2c 2d 5h 4s 3c",
                N_("The king-high hand wins: any hand without a pair beats any pair."), 0),
    HandExample("8c 7d 6h 5s 4c", "Kd Qc Jh 9d 8h",
                N_("The king-high hand wins: the straight counts against its owner."), 1),
    HandExample("9h 7h 5h 4h 2h", "Kd Qc Js 9d 8c",
                N_("The king-high hand wins: the flush counts against its owner."), 1),
    HandExample("As Ad 4c 3h 2s", "3c 3d 2h 2d 4s",
                N_("The pair of aces wins: one pair is a better category than two pair."), 0),
    HandExample("7s 5d 4h 3d 2c", "7c 5s 4d 3h 2d",
                N_("A tie: the same ranks, and suits never break a tie."), None),
)

# The card's §10 example as the comparator takes it: A's final hand against B's.
CARD_EXAMPLE_HANDS: tuple[str, str] = ("7s 5d 4h 3d 2c", "7h 6c 4s 3c 2d")

# --- The ten sections ------------------------------------------------------------------------------------------

SECTIONS: tuple[Section, ...] = (
    Section(
        "01", N_("Setup and cards"),
        (
            N_("Two to six players share one ordinary 52-card deck with no jokers. Each player holds five cards "
               "of their own; no cards are shared on the table."),
            N_("The game is fixed limit with token chips: bets of 2 and 4, blinds of 1 and 2, no ante and no "
               "rake. Every player starts the session with 100 chips, and no chips are added during a hand."),
            N_("This is deuce-to-seven lowball: the ace is always high, and straights and flushes count against "
               "the hand that holds them. The seven in the name is not a qualifying limit: no hand has to be "
               "seven-high or better to win."),
        ),
    ),
    Section(
        "02", N_("Comparing low hands"),
        (
            N_("Categories from best to worst: no pair, one pair, two pair, three of a kind, straight, flush, "
               "full house, four of a kind, straight flush. A better category beats a worse one before any card "
               "is compared."),
            N_("Between two hands without a pair, list each hand's five ranks from the highest down and compare "
               "them in that order: the first rank that differs decides, and the lower one wins. The best hand "
               "is 7-5-4-3-2 in mixed suits; 7-6-4-3-2 loses to it at the second card, 6 against 5."),
            N_("Only five cards of one suit make a flush; a few cards of the same suit mean nothing. A-5-4-3-2 "
               "is not a straight: it is an ace-high hand, and an ordinary king-high hand without a pair beats "
               "it."),
            N_("Within one category the repeated ranks are compared first, and the lower pair, three of a kind "
               "or four of a kind is better. Two pair compare the higher pair, then the lower pair, then the odd "
               "card; full houses compare the three of a kind, then the pair. The remaining cards are compared "
               "from the highest down, the lower winning. Straights and straight flushes compare their top card; "
               "flushes compare all five ranks from the top down. Suits never break a tie."),
        ),
        hand_examples=HAND_EXAMPLES,
    ),
    Section(
        "03", N_("Deal and start"),
        (
            N_("The first button is drawn by lot. After every hand it moves to the left, to the next player who "
               "still has chips."),
            N_("The player left of the button posts the small blind of 1 and the next player the big blind of 2. "
               "The dealer then gives every player five face-down cards, one at a time, clockwise."),
            N_("The first betting round starts with the player left of the big blind. The blinds count as bets "
               "already made, and if the others only call, the big blind may still raise."),
            N_("With two players the button posts the small blind and acts first before the first draw; the "
               "other player posts the big blind. The draws and the later betting rounds start with the first "
               "active player left of the button, which heads-up is the big blind."),
        ),
    ),
    Section(
        "04", N_("Four betting rounds"),
        (
            N_("A hand runs: betting, draw, betting, draw, betting, draw, final betting, showdown. Bets and "
               "raises are worth 2 in the first two betting rounds and 4 in the last two."),
            N_("A round allows one bet and at most three complete raises; in the first round the big blind is "
               "the bet. If only two players are left before the cap is reached, raises become unlimited. A cap "
               "already reached stays even if a player folds afterwards."),
            N_("With no bet to face, a player may check (pass without paying) or bet. Facing a bet, a player may "
               "fold (and give up any claim to the pot), call (put in the difference) or raise (call and add the "
               "fixed unit). Checking first and raising later in the same round is allowed."),
            N_("A round ends when every player who still has chips has acted and matched the highest bet, or "
               "when everybody has checked. If all players but one fold, that player takes the pot at once "
               "without showing."),
        ),
        tables=(CAP_TABLE,),
    ),
    Section(
        "05", N_("Three draws and the short deck"),
        (
            N_("In each draw the players still in the hand, all-in players included, say in turn, clockwise from "
               "the left of the button, how many cards they throw away, from 0 to 5. Throwing none is standing "
               "pat: it keeps all five cards and does not stop the player from drawing in a later draw."),
            N_("Discards are set aside face down. Before any replacement is dealt one card is burned face down, "
               "even if every player stands pat. Then each player gets all of their replacements in a row, back "
               "to five cards."),
            N_("If the deck runs short, this live table follows an agreed protocol: shuffle what is left of the "
               "stub with the earlier discards and the folded hands. Discards of this draw from players already "
               "served may go in, but not those of the player being served or of the players still waiting. "
               "Live hands are never touched and burned cards stay out. Repeat as often as needed."),
            N_("A card that a player threw away in an earlier draw may come back to that same player. This is a "
               "deliberate difference from the electronic protection PokerStars applies."),
        ),
    ),
    Section(
        "06", N_("All-in and reopening"),
        (
            N_("Running short of chips never forces a fold: the player puts in everything left, is all-in, and "
               "keeps drawing until the end of the hand. A big stack, on the other hand, cannot push more than "
               "the fixed limit."),
            N_("An all-in raise that adds less than half the fixed unit is incomplete and does not reopen the "
               "betting for players who have already acted; one that adds half the unit or more reopens it. "
               "After a bet of 4, an all-in to 6 adds 2 and reopens: the next complete raise adds 4, to 10. An "
               "incomplete raise of 1 would not reopen."),
            N_("Players who have not acted yet keep their right to raise, and a raise of less than half a unit "
               "may be completed to the full level."),
        ),
        tables=(REOPEN_TABLE,),
    ),
    Section(
        "07", N_("Scoring"),
        (
            N_("First, any excess that nobody called goes back to the player who put it in."),
            N_("Then the main pot and the side pots are built by levels of contribution. An all-in player can "
               "win only the levels they covered. Chips of players who folded stay in the pots, but those "
               "players cannot win them. Contributions of 6, 10 and 10 make a main pot of 18 for all three and "
               "a side pot of 8 for the last two."),
            N_("Each pot is compared separately, on the full five-card hands. There is no \"seven or better\" "
               "requirement: if everybody holds a pair, the best of those hands wins."),
        ),
        tables=(SIDE_POT_TABLE,),
    ),
    Section(
        "08", N_("End of the hand and of the session"),
        (
            N_("After the final betting round every hand that claims a pot is shown: the last aggressor first or, "
               "if nobody bet in the final round, the first active player left of the button."),
            N_("Hands of equal value split the pot they compete for. By house convention the chip that cannot be "
               "divided goes to the first tied player left of the button."),
            N_("When all-ins end the betting, the remaining draws are still made."),
            N_("A session is 10 hands, or ends sooner when only one player has chips; eliminated players are "
               "skipped. The most chips at the end wins, and equal stacks share their place. The whole deck is "
               "shuffled before every new hand."),
        ),
    ),
    Section(
        "09", N_("History and the variant we play"),
        (
            N_("Deuce-to-seven is a way of ranking low hands, also called Kansas City lowball. Triple draw means "
               "three draws and four betting rounds. It is not Badugi, which is played with four cards of "
               "different suits."),
            N_("The sources describe the modern game in tournaments and online, but none of them names a single "
               "inventor with certainty. This reference describes a live table with card recycling, a raise cap "
               "and an explicit end of session; other card rooms may play differently."),
        ),
    ),
    Section(
        "10", N_("Worked example"),
        (
            N_("A holds 2♣ 3♦ 4♥ 7♠ K♣. In the first draw A throws away the K♣ and gets the 5♦, which makes "
               "7-5-4-3-2 without a flush, the best hand there is. A stands pat in the later draws but keeps "
               "betting."),
            N_("B shows 7♥ 6♣ 4♠ 3♣ 2♦ and loses at the second card, 5 against 6."),
            N_("In a separate side-pot example A put in 6 chips and B and C 10 each: A's hand, even the best, "
               "can win only the 18 chips of the main pot; the better hand between B and C wins the 8."),
        ),
        tables=(DRAW_TABLE, SIDE_POT_TABLE),
    ),
)

# --- House rulings: the introduction (the rulings themselves are in dealer/rulings.py) ------------------------

RULINGS_INTRO: tuple[str, ...] = (
    N_("Where the house card is silent or ambiguous, these rulings decide, and the app follows them. Each ruling "
       "names the section of the card it belongs to."),
    N_("In the rulings, u is the fixed unit of the betting round (2 in rounds 1 and 2, 4 in rounds 3 and 4) and "
       "B is the last qualifying level of the round (the big blind's 2 in round 1, 0 at the start of rounds 2 "
       "to 4)."),
)

# --- The original documents -----------------------------------------------------------------------------------

# Described by the start of their file name, so a renamed copy keeps its description.
SEED_DESCRIPTIONS: tuple[tuple[str, str], ...] = (
    ("000_", N_("The house card, in Portuguese: the original of sections 01-10 and the questions.")),
    ("003_", N_("The same house card, in Spanish.")),
    ("004_", N_("A general article on how to play 2-7 Triple Draw, in Portuguese (glossary, strategy, "
                "variants).")),
    ("SUMMARY-en", N_("A summary in English. Where it differs from the originals, the originals win.")),
)


def seed_description(filename: str) -> str:
    """The (untranslated) description of a seed document, or an empty string for one we do not know."""
    for prefix, description in SEED_DESCRIPTIONS:
        if filename.startswith(prefix):
            return description
    return ""
SECTION_NUMBERS = tuple(section.number for section in SECTIONS)
