"""The read model: the snapshot every display serialises, how it is built, its JSON, and the words of buttons and
results.
"""
