"""The record floor: the game as its log of accepted entries (push, undo, redo, rebuild), the record of what each
input did read per hand, the dealer's corrections, and the log's lines read from the steps. Imports only rules/.
"""
