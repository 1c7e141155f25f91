"""The house rulings R28-R33: pot-limit and no-limit play, antes and 2-7 Single Draw (the variants of seed 004).

Plain data like ``rulings.py``, which makes each a ``Ruling`` and lists them after R27; kept apart so each module
stays short (as tuples: id, sections, title, text, reason).
"""

from __future__ import annotations

from ..messages import N_

BIG_BET_RULINGS: tuple[tuple[str, tuple[str, ...], str, str, str], ...] = (
    (
        "R28", ("04", "06"),
        N_("Betting structures"),
        N_("Any game of the table can be dealt fixed limit, pot-limit or no-limit: a game code with the prefix "
           "“fl-”, “pl-” or “nl-” names it (“pl-badugi”); without a prefix the triple-draw games are fixed limit "
           "and 2-7 Single Draw is no-limit. Fixed limit is the card's §04 and §06: fixed units, the cap and the "
           "half-unit reopening. Pot-limit and no-limit are the variants of the article: the player chooses the "
           "amount within a range and declares it as the total for the round, and there is no cap. Fixed-limit "
           "2-7 Single Draw bets the small bet before the draw and the big bet after it."),
        N_("The card is written for fixed limit; the article names the big-bet games played beside it, and one "
           "table may mix them hand by hand."),
    ),
    (
        "R29", ("03", "04"),
        N_("No-limit and pot-limit minimums"),
        N_("The smallest bet is the big blind. The smallest raise raises by the largest full bet or raise of the "
           "round; before the draw the big blind counts as the opening bet, so the first raise is to twice the big "
           "blind at least. A short big blind changes neither the amount to call nor the minimum raise: both are "
           "read from the full blind. A declared amount is the player's total for the round. A player may always "
           "go all-in for less than the minimum."),
        N_("These are the tournament rules (TDA 43-A and 43-B) and Robert's Rules: players at a big-bet table "
           "expect them, and totals leave no doubt about what was said."),
    ),
    (
        "R30", ("06",),
        N_("Reopening in big-bet play"),
        N_("An all-in for less than a full raise does not reopen the betting for a player who has already acted "
           "and does not now face at least a full raise since their last action: that player may only call or "
           "fold. Several short all-ins that add up to a full raise do reopen it, and the next minimum raise is "
           "still the last full raise. Example, blinds 1/2 after the draw: Ana bets 10, Bia goes all-in to 14 and "
           "Caio all-in to 20; back to Ana, who faces 10 more, a full raise: she may raise, to 30 at least. The "
           "big blind's option is kept: a posted blind is not an action. This differs from the card's §06 on "
           "purpose: there half a unit reopens fixed-limit betting."),
        N_("In big-bet play the raises have any size, so half a unit means nothing; the tournament rule (TDA "
           "47-A) is what players of pot-limit and no-limit expect."),
    ),
    (
        "R31", ("04",),
        N_("Pot-limit maximum"),
        N_("Call first, then raise the whole pot: the largest total is the current bet plus the pot after the "
           "call, counting every chip in the middle (earlier rounds, antes, every bet on the table and the call). "
           "Before the first draw the blinds count as full even when one is short: with blinds 1/2 the first "
           "player to act may make it 7 (call 2, the pot is then 5, raise 5). With no bet yet, the largest bet is "
           "the pot. A player with fewer chips may go all-in."),
        N_("“Raise the pot” is the one calculation a pot-limit dealer makes before every raise; TDA 54-B settles "
           "the short blind."),
    ),
    (
        "R32", ("03",),
        N_("Antes"),
        N_("A table may play with an ante, posted at the deal before any action. It is dead money: it counts in "
           "the pot (and in the pot-limit pot) but not toward the round's bet. With “each”, every player dealt in "
           "posts it, before the blinds; with “big-blind”, the big blind posts one ante for the table, the blind "
           "first and then the ante. A player who cannot cover the ante is all-in for what they have, and the "
           "pots are built by contribution levels as for any all-in."),
        N_("Antes make big-bet pots worth fighting for; the big-blind ante (TDA RP-11) is quicker to collect, and "
           "posting the blind first keeps a short big blind's chips live."),
    ),
    (
        "R33", ("05", "08"),
        N_("2-7 Single Draw"),
        N_("2-7 Single Draw deals five cards: one betting round, one draw of 0 to 5 cards (the card's §05: "
           "announcements in turn from the left of the button, the burn, the short-deck protocol), a final "
           "betting round, and the showdown in §08's order: the last player to bet or raise in the final round "
           "shows first, else the first live player left of the button. Up to 6 players, as the card. It is "
           "no-limit unless its code says otherwise."),
        N_("The article names it as the game played beside triple draw, almost always no-limit; everything else "
           "is the card's, so a dealer learns nothing new but the single draw."),
    ),
)
