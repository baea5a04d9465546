"""The table's pages: nights and the hand log, a hand and its history, disputes, the rule book and the next night."""
