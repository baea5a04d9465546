"""Russian draw poker with jokers (rule book: poker.md), on the core (core.Table) and the shared betting round
(referee/betting.py).

The package: `ranking` (the key of a five-card hand by the book: five of a kind on top, flushes by suit,
straights round the corner by their lowest card, jokers at their best), `words` (a hand in words), `showdown`
(the best hands and the split of the pot, the odd unit from the dealer's left), `rules` (the catalogue entry:
deck, house rules, events; Config), `table` (the hand: antes, the deal, the draw, the betting, the showdown),
`ending` (who takes the pot or why it stays; the ruling and its facts), `legal` (what may come next; the replay page) and `generate` (realistic random hands).

A pot nobody wins (every shown hand foul, or a record that stops) stays in pot_out, and the session's chain
carries it to the next hand's pot_in.

The catalogue's words (TITLE, RULES, EVENTS) are read from the package in the language the referee speaks
(issue 32): `referee.games(language="ru")` names poker's house rules in Russian.
"""

from .rules import (  # noqa: F401  (what the core and the catalogue read of a game module)
    ACTIONS,
    CARD,
    CARRIES,
    CATALOGUE_WORDS,
    CHOICE_FIELDS,
    CLAIMS,
    CONFIGS,
    DECK,
    DEFAULT_CONFIG,
    DEFAULTS,
    GAME,
    HOUSE_RULES,
    SEATS,
    SETTLES,
    TRICK_GAME,
    VARIANT_LIST,
    VARIANTS,
    Config,
    catalogue_words,
    rules_errors,
)
from .table import Poker, Table  # noqa: F401


def __getattr__(name):
    """The catalogue's words in the language the referee speaks now (rules.catalogue_words)."""
    if name in CATALOGUE_WORDS:
        return catalogue_words(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
