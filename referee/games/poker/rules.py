"""Poker's catalogue entry and constants: deck, house rules (with their words), events, and the house rules as
the replay reads them (Config). The rule book: ../shared/rules/poker.md (Russian draw poker with jokers)."""

import functools
from itertools import permutations

from ...cards import CARDS, DECK_54
from ...language import current, speaking
from ...record import Choice, Count, Flag, Money
from .ranking import SUIT_ORDER, Ranking
from .said import _, ngettext
from .words import suit_names

GAME = "poker"
DECK = DECK_54  # one pack and two jokers; house rules `decks` (one pack or two) and `jokers` (0 to 2 a pack)
CARD = {t: c.text for t, c in CARDS.items()}  # any spelling -> the text ("10H" -> "TH"); the joker is "JK"
JOKER = "JK"
VARIANTS = ()
VARIANT_LIST = (None,)
SEATS = (2, 10)
SETTLES = "pot"  # a pot stays for the next hand when every shown hand is foul (or the record stops)
CARRIES = ()
TRICK_GAME = False
HAND = 5

SUIT_ORDERS = tuple("".join(p) for p in permutations("SCDH"))  # SCDH first: the book's order
DECKS = Count(1, 2)
JOKERS = Count(0, 2)
RANKINGS = Choice("standard", "alt")
SUIT_ORDER_CHOICE = Choice(*SUIT_ORDERS)


@functools.cache
def _words(language):
    """The catalogue's words (title, house rules, events) in `language`."""
    with speaking(language):
        names = suit_names()
        suit_sentences = {
            o: _("Flushes rank by suit alone: {suits}, highest first.").format(suits=", ".join(names[x] for x in o))
            for o in SUIT_ORDERS
        }
        return {
            "TITLE": _("Russian draw poker"),
            "RULES": (
                ("ante", Money, 1, _("Ante"), _("Everyone pays this into the pot before the deal.")),
                ("min_raise", Money, 1, _("Least raise"), _("A raise adds at least this to the call.")),
                ("max_raise", Money, 0, _("Most raise"), _("A raise adds at most this to the call; 0 for no limit.")),
                (
                    "decks",
                    DECKS,
                    1,
                    _("Packs"),
                    _("How many 52-card packs are shuffled together (two for a large table)."),
                ),
                (
                    "jokers",
                    JOKERS,
                    2,
                    _("Jokers a pack"),
                    _("How many jokers each pack brings; a joker is any card its holder wishes."),
                ),
                (
                    "ranking",
                    RANKINGS,
                    "standard",
                    _("Ranking"),
                    {
                        "standard": _(
                            "Five of a kind, straight flush, four of a kind, flush, full house, straight, three of a "
                            "kind, two pairs, pair, high card."
                        ),
                        "alt": _(
                            "The book's second order: five of a kind, straight flush, flush, straight, four of a kind, "
                            "full house, then as usual."
                        ),
                    },
                ),
                (
                    "wrap",
                    Flag,
                    True,
                    _("Straights turn the corner"),
                    _("The Two follows the Ace: 3 2 A K Q is a straight."),
                ),
                ("suit_order", SUIT_ORDER_CHOICE, SUIT_ORDER, _("Flush suits"), suit_sentences),
            ),
            "EVENTS": {
                "deal": (
                    _("The dealer gives five cards to each player (null: not known). A record may leave the deal out."),
                    (("seat", "seat", False), ("hands", "hands", False)),
                ),
                "draw": (
                    _("Before the betting, a player discards 0 to 5 cards and gets as many (null: a card not seen)."),
                    (("seat", "seat", False), ("discard", "cards", False), ("cards", "cards", False)),
                ),
                "call": (
                    _("A player brings their stake up to the highest (0: a check); the amount is what they put in."),
                    (("seat", "seat", False), ("amount", "money", True)),
                ),
                "raise": (
                    _(
                        "A player calls and adds at least the least raise (at most the most raise); the amount is what "
                        "they put in."
                    ),
                    (("seat", "seat", False), ("amount", "money", False)),
                ),
                "fold": (
                    _("A player gives up the hand and its bets."),
                    (("seat", "seat", False), ("amount", "money", True)),
                ),
                "show": (
                    _("When the betting has ended, a player still in shows their five cards."),
                    (("seat", "seat", False), ("cards", "cards", False)),
                ),
            },
        }


# The catalogue's words, read by the package in the reader's language (poker/__init__.py, `__getattr__`): TITLE,
# RULES, EVENTS. RULES and EVENTS here are the English, for what does not depend on the language.
CATALOGUE_WORDS = ("TITLE", "RULES", "EVENTS")


def catalogue_words(name):
    """One of CATALOGUE_WORDS in the language the referee speaks now."""
    return _words(current())[name]


RULES = _words("en")["RULES"]
EVENTS = _words("en")["EVENTS"]
HOUSE_RULES = {name: kind for name, kind, *_unused in RULES}
DEFAULTS = {name: default for name, _unused, default, *_rest in RULES}
CHOICE_FIELDS: dict = {}
ACTIONS = tuple(EVENTS)
CLAIMS = ("net", "pot_out")  # House rule: poker is played for money, so a claim of points (`score`) is a bad record.


class Config:
    """The house rules as the replay reads them."""

    __slots__ = (
        "ante",
        "min_raise",
        "max_raise",
        "decks",
        "jokers",
        "ranking",
        "copies",
        "joker_copies",
        "size",
        "min_players",
        "max_players",
    )

    def __init__(self, rules):
        self.ante = rules["ante"]
        self.min_raise = rules["min_raise"]
        self.max_raise = rules["max_raise"] or None  # House rule: 0 is no limit
        self.decks = rules["decks"]
        self.jokers = rules["jokers"]
        self.ranking = Ranking(rules["ranking"], rules["wrap"], rules["suit_order"])
        self.copies = self.decks  # of each plain card
        self.joker_copies = self.decks * self.jokers
        self.size = 52 * self.decks + self.joker_copies
        self.min_players, self.max_players = SEATS


DEFAULT_CONFIG = Config(DEFAULTS)
CONFIGS: dict = {}


def rules_errors(rules, n):
    """What is wrong with house rules that are each right alone (nothing: ten hands of five fit one pack), for a
    table of n (None: not known): a table outside poker's 2 to 10 is a bad record."""
    if n is not None and not SEATS[0] <= n <= SEATS[1]:
        return [
            {
                "event": None,
                "field": "players",
                "message": ngettext(
                    "{n} player at the table; poker takes {least} to {most}",
                    "{n} players at the table; poker takes {least} to {most}",
                    n,
                ).format(n=n, least=SEATS[0], most=SEATS[1]),
            }
        ]
    return []


def deck_words(cfg):
    """The table's deck in words: "one pack and two jokers (54 cards)", in the language the referee speaks now."""
    said = {
        (1, 0): _("one pack and no jokers ({size} cards)"),
        (1, 1): _("one pack and one joker ({size} cards)"),
        (1, 2): _("one pack and two jokers ({size} cards)"),
        (2, 0): _("two packs and no jokers ({size} cards)"),
        (2, 2): _("two packs and two jokers ({size} cards)"),
        (2, 4): _("two packs and four jokers ({size} cards)"),
    }[cfg.decks, cfg.joker_copies]
    return said.format(size=cfg.size)
