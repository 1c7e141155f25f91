"""The view floor: ``Game`` with the snapshot every display serialises, how it is built, its JSON, the words of
buttons, plans, showdowns and results, and the tape of one hand for the replayer. Imports rules/ and record/.
"""
