"""Seka (Sika): the Russian three-card betting game, and its open-exchange variant (rule book: seka.md), on the
core (core.Table) and the shared betting round (referee/betting.py).

The package: `values` (the value of a hand of three, in words), `rules` (the catalogue entry: deck, house
rules, events; Config), `table` (the hand: deal, exchanges, the trade, the showdown, the svara, the ruling
and its facts), `words` (what may come next; the replay page) and `generate` (realistic random hands).

A svara (a tie at the showdown) leaves the pot in pot_out and names the tied seats in the ruling's
`facts["carry"]["svara"]`; the next record of the session is their svara hand: `"svara": [seats]`, pot_in =
the pot, no antes, others joining with `buy_in` before the deal.

The catalogue's words (TITLE, VARIANT_WORDS, RULES, EVENTS) are read from the package in the language the
referee speaks (issue 32): `referee.games(language="ru")` names Seka's house rules in Russian.
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
    DECK_TEXT,
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
from .table import Seka, Table  # noqa: F401
from .values import hand_value  # noqa: F401


def __getattr__(name):
    """The catalogue's words in the language the referee speaks now (rules.catalogue_words)."""
    if name in CATALOGUE_WORDS:
        return catalogue_words(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
