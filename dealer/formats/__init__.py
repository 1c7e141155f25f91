"""The exports: hand histories in the PokerStars layout and as PHH, the session file, and the night's report.
"""
