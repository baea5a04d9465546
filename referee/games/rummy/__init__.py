"""The Russian rummy "Skat" (rule book: rummy.md), on the core: scored in points, not money.

The package: `rules` (the catalogue entry: deck, house rules, events; Config; what a meld is), `table` (the deal,
draws, takes from the row, melds, lay-offs, discards, going out, the dry stock; what may come next), `score` (the
ruling of a hand: score, summary, facts, the replay page), `game` (a game of many hands to the target:
{"deals": [...]}), `generate` (realistic hands for tests and the bench).
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
    VARIANTS,
    Config,
    rules_errors,
)
from .table import Rummy, Table  # noqa: F401
