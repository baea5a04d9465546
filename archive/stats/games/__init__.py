"""Each game's own statistics: one module a game, found here and registered by the game's name.

The shared code (archive.stats.services and selectors) knows only what every game has: per seat
in/out, tricks, misdeals, penalties, net, won, take; per hand the pot and who took most of it; head
to head and settle-up. What only one game knows (Swik: falls, double falls, the blind, three of a
kind, wraps) lives in that game's module, read from the ruling's facts["game"], in tables of its
own. A game module (see swik.py) gives:

    GAME             the game's name, as the referee's catalogue names it
    FACT_MODELS      its fact tables: columns hand_id and family_id; deleted and written with the
                     shared facts of the same hands, in the same transaction
    fact_rows(hand_id=, family_id=, day=, facts=, players=) -> {model: [row tuples in COLUMNS[model]]}
    COLUMNS          {model: [column names]} of the rows fact_rows writes
    SUMMARIES        [(summary model, SQL, fact model)]: summaries by (family, day, player, ...) rebuilt
                     from one fact table with INSERT ... SELECT ... GROUP BY; the SQL has {summary},
                     {facts} and {where} (on family_id, day and player_id)
    ROLLUPS          [archive.stats.rollups.Rollup]: its counters rolled up by month and year from its summaries
                     by day (game=False: its tables have no game column); the reads read only these
    player_columns(rows, family_id=, game=, date_from=, date_to=)  adds its keys to the players table
    totals(family_id=, game=, date_from=, date_to=) -> {name: value}
    reads(family_id=, game=, date_from=, date_to=, player_id=) -> {name: rows}  (e.g. "wraps")

Adding Sedma: add archive/stats/games/sedma.py and its migration; nothing else changes.
"""

import importlib
import pkgutil

GAMES = {}
for _info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
    _module = importlib.import_module(f"{__name__}.{_info.name}")
    GAMES[_module.GAME] = _module


def matching(game=None):
    """The game modules a filter covers: every one, or the one of `game` (none for a game without one)."""
    if game is None:
        return list(GAMES.values())
    return [GAMES[game]] if game in GAMES else []


def fact_models():
    return [model for module in GAMES.values() for model in module.FACT_MODELS]


def rollups(game=None):
    """The month rollups of the game modules a filter covers."""
    return [r for module in matching(game) for r in module.ROLLUPS]
