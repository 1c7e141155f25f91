"""The house card's rules: cards and ranking, the stakes, the table's state, whose turn, betting, draws, pots, the
showdown and the flow of a hand.
"""
