"""Russian draw poker with jokers (../shared/rules/poker.md). So far: the ranking of hands (ranking.py),
their words (words.py) and the showdown's split of the pot (showdown.py); the table comes later."""
