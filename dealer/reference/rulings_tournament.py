"""The house rulings R35-R37: a home tournament (eliminations and places, levels on a clock, prize money and chops).

Plain data like ``rulings.py``, which makes each a ``Ruling`` and lists them after R34; kept apart so each module
stays short (as tuples: id, sections, title, text, reason).
"""

from __future__ import annotations

from ..messages import N_

TOURNAMENT_RULINGS: tuple[tuple[str, tuple[str, ...], str, str, str], ...] = (
    (
        "R35", ("08",),
        N_("Eliminations and places in a tournament"),
        N_("A tournament is the card's session played until one player has every chip. At the end of a hand a "
           "player dealt in with no chips left is out and takes the best place not yet taken from the bottom: "
           "the first player out of six finishes 6th. Players out in the same hand are placed by the chips they "
           "began that hand with, more chips finishing higher (TDA 21); equal stacks share the places they cover "
           "and split those places' payouts equally, the cents that do not divide going to the first of them. "
           "While a rebuy is open, a player with no chips is not out yet but busted: not dealt in, they choose "
           "Rebuy or Out, and are out at the first deal after the rebuy period closes. The last player left with "
           "chips wins, and the tournament is over."),
        N_("These are the tournament rules players know (TDA 21); the card already says equal stacks share their "
           "place, and a busted player's choice keeps the rebuy in the player's hands, not the dealer's."),
    ),
    (
        "R36", ("01", "03"),
        N_("Levels and the tournament clock"),
        N_("The stakes rise by levels: blinds, limits and ante. The clock starts at the first deal and counts "
           "running time, which stops while the clock is paused. Each level lasts its minutes of running time; a "
           "break may follow a level; the last level counts down its minutes, then stays in force. A hand is "
           "dealt at the level in force when it is "
           "dealt: a level that ends during a hand applies from the next deal (TDA 23). Levels may count hands "
           "instead of minutes: level 2 of five hands a level begins with the sixth deal, and a misdeal dealt "
           "again counts once. During a break no hand is dealt; a hand in play when the break begins is played "
           "to its end. Pausing and resuming the clock are logged with their times, so a replay or an import "
           "reads the clock exactly, and undo takes them back like any input."),
        N_("Rising blinds end a tournament in an evening; changing them only between hands keeps each pot at one "
           "set of stakes, as the card's §03 deals each hand with its blinds, and a clock tied to the hands makes "
           "a separate timer unnecessary."),
    ),
    (
        "R37", ("01", "08"),
        N_("Prize money, rebuys, add-ons and chops"),
        N_("The prize pool is every buy-in, rebuy and add-on paid. It is paid by percentages of the pool by "
           "place, set at creation (by default all to 1st with 2 or 3 players, 65% and 35% with 4 to 6); each "
           "amount is floored to the cent and the cents left over go to 1st place. A busted player may rebuy "
           "through the level the rebuy allows, the break after that level included (TDA 27 and 8-A); the add-on "
           "is offered once to each player still in during its break. While 2 to 4 players are left, the "
           "unpaid prizes are shown shared two ways as suggestions: by ICM (the Malmuth-Harville model: a "
           "player's chance of finishing 1st is their share of the chips, and each lower place the same among "
           "the others) and by chip count, each rounded to the cent, any cent the rounding misses going to (or "
           "coming from) the largest stacks, a cent each. The players may agree any chop instead: the amounts "
           "must name every player left and add up to the unpaid prizes exactly, and the chop ends the "
           "tournament."),
        N_("Hosts otherwise count rebuys on paper and argue a chop with a calculator: an exact pool, a fixed "
           "rounding and two fair suggestions leave only the agreement to the players."),
    ),
)
