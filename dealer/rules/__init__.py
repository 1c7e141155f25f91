"""The bottom floor, the house card's rules: the entries and inputs, the facts and steps they record, cards and
ranking, the stakes, the table's state, whose turn, betting, draws, pots, the showdown and the flow of a hand.
Imports nothing above it (only the package's errors.py and messages.py).
"""
