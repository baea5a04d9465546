"""One module a game, each on the same core (cards, record, ledger, ruling).

A game module gives: GAME (its name), DECK, HOUSE_RULES (name -> kind), DEFAULTS,
`replay(record) -> ruling dict` and `steps(record) -> iterator of states`, both raising
BadRecord for a record that cannot describe a real hand.
"""

import importlib

# game name -> module; games still to come (PLANNED) are named so their records get a clear answer.
MODULES = {
    "swik": "referee.games.swik",
    "sedma": "referee.games.sedma",
    "seka": "referee.games.seka",
    "poker": "referee.games.poker",
    "rummy": "referee.games.rummy",
}
PLANNED = ()

_loaded = {}


def game_module(name):
    """The module for game `name`, or None if the referee has no such game (yet)."""
    mod = _loaded.get(name)
    if mod is None:
        path = MODULES.get(name)
        if path is None:
            return None
        mod = _loaded[name] = importlib.import_module(path)
    return mod
