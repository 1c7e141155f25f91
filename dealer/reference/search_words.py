"""The everyday words a reader types into the rule search, for the entries they mean.

The search of /rules finds a word in an entry's own text; a reader at the table types what they would say instead
("the deck runs out", "the odd chip"), in their language. Each phrase below is translated in reference.po into the
words people use in that language ("baralho acaba", "ficha ímpar"; "se acaba la baraja", "ficha impar"), several
phrases to a translation separated by ";". Keys are the entries' anchors on the page (s05, r13, g-stub…).
"""

from __future__ import annotations

from ..messages import N_

_DECK_OUT = N_("deck runs out; out of cards; no cards left; not enough cards; reshuffle the discards")
_ODD_CHIP = N_("odd chip; leftover chip; extra chip; chip that does not divide; split pot; chopped pot")
_ALL_IN = N_("all in; no more chips; out of chips; short stack")
_CAP = N_("cap; maximum raises; no more raises; capped")
_BLINDS = N_("blinds; forced bets; who posts")
_MISDEAL = N_("misdeal; wrong deal; deal again; card face up")
_SHOWDOWN = N_("who shows first; showing order; muck; throw away the hand")
_LAST_HAND = N_("last hand; end of the night; final standings; who won the night")
_DRAW_COUNT = N_("how many cards can I draw; how many cards can I change; discard; stand pat; draw")
_OPEN_GAME = N_("rebuy; buy back in; buy in; top up; add chips; join; leave early; sit out")
_SETTLE = N_("cash out; settle up; who pays whom; how much do I owe; pay out; result of the night")
_KNOCKED_OUT = N_("knocked out; eliminated; busted; who finishes higher; places; rebuy or out; who wins the "
                  "tournament")
_CLOCK = N_("tournament clock; blinds go up; next level; level up; break; pause the clock; how long is a level")
_CHOP = N_("chop; make a deal; split the prize money; ICM; chip chop; prize pool; payouts; prizes; add-on; how much "
           "does first place get")

SEARCH_WORDS: dict[str, tuple[str, ...]] = {
    "r13": (_DECK_OUT,), "r14": (_DECK_OUT,), "g-stub": (_DECK_OUT,),
    "s08": (_ODD_CHIP, _SHOWDOWN, _MISDEAL, _LAST_HAND), "r17": (_ODD_CHIP,), "r18": (_SHOWDOWN,),
    "r19": (_MISDEAL,), "r20": (_LAST_HAND,),
    "s06": (_ALL_IN,), "g-all-in": (_ALL_IN,), "g-side-pot": (_ALL_IN,),
    "s04": (_CAP,), "g-cap": (_CAP,),
    "s03": (_BLINDS,), "g-blinds": (_BLINDS,), "g-misdeal": (_MISDEAL,),
    "g-showdown": (_SHOWDOWN,), "g-muck": (_SHOWDOWN,),
    "s05": (_DECK_OUT, _DRAW_COUNT), "r12": (_DRAW_COUNT,), "g-pat": (_DRAW_COUNT,),
    "r26": (_OPEN_GAME,), "r27": (_SETTLE,),
    "r35": (_KNOCKED_OUT,), "r36": (_CLOCK,), "r37": (_CHOP,),
}
"""The phrases of each entry: a phrase the question contains whole ranks its entries first."""

STOP_WORDS = N_("a an the of to in on at by for with and or if is are am be do does did can could what which who whom "
                "when where why how happens happen i we you my me it this that there")
"""Words a question carries that name no rule: its translation lists the language's own (space-separated)."""

SYNONYMS = N_("deck = stub = cards = pack; odd = leftover = extra; chip = chips; rebuy = buy back in = add chips = "
              "top up; cash out = settle up = leave; draw = discard = change = exchange; misdeal = deal again")
"""Words that mean the same at the table, in groups separated by ";" and joined by "=": each catalog has its own."""

