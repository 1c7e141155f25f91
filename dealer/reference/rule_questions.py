"""Questions players ask at the table and the glossary of the rule reference, in English, in our own words.

Part of the rule reference's content (see ``rulebook.py``): every string is marked with :func:`N_` for the
``reference`` gettext domain. Each answer and term names the house-card section it belongs to.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..messages import N_


@dataclass(frozen=True)
class Question:
    question: str
    answer: str
    sections: tuple[str, ...]
    rulings: tuple[str, ...] = ()


@dataclass(frozen=True)
class Term:
    slug: str  # stable anchor on the page: "g-" + slug
    term: str
    definition: str
    section: str | None = None

    @property
    def anchor(self) -> str:
        return f"g-{self.slug}"


# --- Questions ------------------------------------------------------------------------------------------------

QUESTIONS: tuple[Question, ...] = (
    Question(
        N_("Is A-2-3-4-5 the best hand?"),
        N_("No. The ace is always high, so A-5-4-3-2 is an ace-high hand, not a wheel, and any king-high hand "
           "without a pair beats it. The best hand is 7-5-4-3-2 in mixed suits."),
        ("02",), ("R3",),
    ),
    Question(
        N_("If I stand pat, can I still draw later?"),
        N_("Yes. Standing pat only means keeping all five cards in this draw; you decide again in every later "
           "draw."),
        ("05",),
    ),
    Question(
        N_("Does going all-in end the draws?"),
        N_("No. An all-in hand stays live and takes part in every remaining draw, up to the showdown."),
        ("06", "08"), ("R11",),
    ),
    Question(
        N_("Can a pair ever beat a hand without a pair?"),
        N_("No. Any hand without a pair beats any pair: king-high beats even a pair of deuces."),
        ("02",),
    ),
    Question(
        N_("Do suits ever break a tie?"),
        N_("No. Hands with the same ranks tie and split the pot; the chip that cannot be divided goes to the "
           "first tied player left of the button."),
        ("02", "08"), ("R17",),
    ),
    Question(
        N_("Does a hand have to be seven-high or better to win?"),
        N_("No. There is no qualifier: if every hand at the showdown holds a pair, the best of them still wins."),
        ("01", "07"),
    ),
)

# --- Glossary -------------------------------------------------------------------------------------------------

GLOSSARY: tuple[Term, ...] = (
    Term("all-in", N_("All-in"),
         N_("Having put every remaining chip into the pot. An all-in player keeps drawing to the end of the hand "
            "and can win only the pots they covered."), "06"),
    Term("bets", N_("Small bet / big bet"),
         N_("The two fixed bet sizes: the small bet of 2 in the first two betting rounds, the big bet of 4 in "
            "the last two."), "04"),
    Term("blinds", N_("Blinds"),
         N_("The forced bets posted before the deal: the small blind of 1 left of the button and the big blind "
            "of 2 after it."), "03"),
    Term("burn", N_("Burn"),
         N_("To deal a card face down out of play. One card is burned before the replacements of every draw."),
         "05"),
    Term("button", N_("Button"),
         N_("The marker of the dealing position. It moves left after every hand, and the blinds and the order "
            "of play are counted from it."), "03"),
    Term("cap", N_("Cap"),
         N_("The limit of one bet and three complete raises in a betting round. Once it is reached, players may "
            "only call or fold."), "04"),
    Term("check-raise", N_("Check-raise"),
         N_("To check and then raise after another player bets in the same round. It is allowed."), "04"),
    Term("complete", N_("Complete"),
         N_("To raise an incomplete all-in bet or raise up to the full level: after a bet of 4 and an all-in "
            "to 5, a player who has not acted yet may complete to 8."), "06"),
    Term("heads-up", N_("Heads-up"),
         N_("Play between only two players. The button posts the small blind and acts first before the first "
            "draw."), "03"),
    Term("kansas-city", N_("Kansas City lowball"),
         N_("An older name for deuce-to-seven lowball: the ace is high and straights and flushes count "
            "against you."), "09"),
    Term("lowball", N_("Lowball"),
         N_("Poker in which the lowest hand wins. In deuce-to-seven the ace is always high."), "01"),
    Term("misdeal", N_("Misdeal"),
         N_("A deal that must be redone: here, when a card is exposed in the first deal before any player has "
            "acted."), "08"),
    Term("muck", N_("Muck"),
         N_("To throw a hand away face down, by folding or by conceding at the showdown; also the pile of "
            "thrown-away cards."), "08"),
    Term("hand-names", N_("Hand names (a 7-5, an 8-6)"),
         N_("A hand without a pair is named by its two highest cards: 7-6-4-3-2 is \"a 7-6\". The lower the "
            "name, the stronger the hand."), "02"),
    Term("number-one", N_("Number one"),
         N_("The best hand there is, 7-5-4-3-2 in mixed suits, also called \"a 7-5\"."), "02"),
    Term("pat", N_("Pat (stand pat)"),
         N_("To keep all five cards and draw none. It does not stop a player from drawing in a later draw."),
         "05"),
    Term("rough", N_("Rough"),
         N_("A low hand whose lower cards are high for its top card, such as a rough nine: 9-8-7-6-2."), "02"),
    Term("showdown", N_("Showdown"),
         N_("The end of the hand, when the hands still claiming a pot are shown and compared."), "08"),
    Term("side-pot", N_("Side pot"),
         N_("A pot made of the chips above an all-in player's contribution; only the players who covered it can "
            "win it."), "07"),
    Term("smooth", N_("Smooth"),
         N_("A low hand whose lower cards are small too, such as a smooth eight: 8-5-4-3-2."), "02"),
    Term("snow", N_("Snow"),
         N_("To stand pat with a weak hand, pretending to hold a strong one so that the others fold."), "05"),
    Term("stub", N_("Stub"),
         N_("The part of the deck not dealt yet, from which replacement cards are served."), "05"),
    Term("uncalled", N_("Uncalled excess"),
         N_("The chips a player put in that nobody matched; they go back to that player before the pots are "
            "built."), "07"),
)
