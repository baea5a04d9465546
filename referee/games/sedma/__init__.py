"""Sedma for four, two and three players (rule book: sedma.md), on the core: scored in points, not money (the
3-player game's crowns are money).

The package: `rules` (the catalogue entry: deck, variants, house rules, events; Config), `table` (the deal,
tricks with continuation, draws, passes; what may come next), `score` (the ruling of a deal: score, crowns,
summary, facts, the replay page), `game` (a game of many deals: {"deals": [...]}), `generate` (realistic deals
for tests and the bench).
"""

from .game import legal_game, replay_game, steps_game  # noqa: F401
from .rules import (  # noqa: F401  (what the core and the catalogue read of a game module)
    ACTIONS,
    CARD,
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
    VARIANT_WORDS,
    VARIANTS,
    Config,
    rules_errors,
)
from .table import Sedma, Table  # noqa: F401
