"""What happened: the log of accepted entries, the game replayed from it, the record of what each input did, and the
dealer's corrections.
"""
