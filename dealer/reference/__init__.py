"""The rule reference's prose: the card in our words, the house rulings, questions and the glossary.
"""
