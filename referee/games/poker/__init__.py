"""Russian draw poker with jokers (rule book: poker.md), on the core (core.Table) and the shared betting round
(referee/betting.py).

The package: `ranking` (the key of a five-card hand by the book: five of a kind on top, flushes by suit,
straights round the corner by their lowest card, jokers at their best), `words` (a hand in words), `showdown`
(the best hands and the split of the pot, the odd unit from the dealer's left), `rules` (the catalogue entry:
deck, house rules, events; Config), `table` (the hand: antes, the deal, the draw, the betting, the showdown),
`ending` (who takes the pot or why it stays; the ruling and its facts), `legal` (what may come next; the replay page) and `generate` (realistic random hands).

A pot nobody wins (every shown hand foul, or a record that stops) stays in pot_out, and the session's chain
carries it to the next hand's pot_in.
"""

from .rules import (  # noqa: F401  (what the core and the catalogue read of a game module)
    ACTIONS,
    CARD,
    CARRIES,
    CHOICE_FIELDS,
    CLAIMS,
    CONFIGS,
    DECK,
    DEFAULT_CONFIG,
    DEFAULTS,
    EVENTS,
    GAME,
    HOUSE_RULES,
    RULES,
    SEATS,
    SETTLES,
    TITLE,
    TRICK_GAME,
    VARIANT_LIST,
    VARIANTS,
    Config,
    rules_errors,
)
from .table import Poker, Table  # noqa: F401
