"""Swik: the 3-card pot game with a blind hand and wraps (rule book: swik.md), on the core.

`Swik` is the table of one hand (core.Table, with the trick machinery of tricks.TrickTable): one
handler an action (HANDLERS) reads its event's fields (typed: seats as ints, cards as their text,
"10H" read as "TH"), checks what makes the record impossible (-> errors, raised together as one
BadRecord at the end) and what breaks a rule (-> violations with a penalty), and moves the money.
A run of plays or of declarations is taken by one call (same rules, less overhead).

Money: the pot PLAYED FOR (`pot`) is pot_in plus antes, dealer-change fees and no-cut and
misdeal penalties. Falls go to the next pot, never into the one being split. pot_out is
worked out from the ledger (pot_in - sum(net)), so money is conserved by construction.

Where the rule book is silent, the choice made is marked "House rule:" below. Two apply to the
whole record:

House rule: keys the referee does not know (on the record or an event) are ignored, and so is any
event's `note`; they cannot change a ruling.
House rule: cards nobody saw may be null (a hand, the blind, a cut or bottom card, a wrap's discard),
but the turned card may not: it lies face up and names trump, so a deal without it is a bad record.

The module is a package: `rules` (the catalogue entry: deck, house rules, events; Config), `deal`
(cut, bottom card, deal, misdeal, wrap), `declare` (declarations, three of a kind), `table` (state,
play, settlement, ruling and facts, what may come next) and `words` (the replay page).
"""

from .rules import (  # noqa: F401  (what the core and the catalogue read of a game module)
    ACTIONS,
    CARD,
    CHOICE_FIELDS,
    CLAIMS,
    CONFIGS,
    DECK,
    DECK_TEXT,
    DEFAULT_CONFIG,
    DEFAULTS,
    GAME,
    HOUSE_RULES,
    NAME,
    ORDER,
    SEAT_RULES,
    SEATS,
    SETTLES,
    TITLE,
    TRICK_GAME,
    VARIANT_LIST,
    VARIANTS,
    Config,
    catalogue_words,
    rules_errors,
)
from .table import Swik, Table  # noqa: F401


def __getattr__(name):
    """RULES and EVENTS, the catalogue's words (house rules' labels and sentences, events' sentences), are read
    in the language spoken when the catalogue is built (referee.games(language)); rules.RULES and rules.EVENTS
    are the English."""
    if name == "RULES" or name == "EVENTS":
        return catalogue_words(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
