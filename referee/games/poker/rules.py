"""Poker's catalogue entry and constants: deck, house rules (with their words), events, and the house rules as
the replay reads them (Config). The rule book: ../shared/rules/poker.md (Russian draw poker with jokers)."""

from itertools import permutations

from ...cards import CARDS, DECK_54, SUIT_NAMES
from ...record import Choice, Count, Flag, Money
from .ranking import SUIT_ORDER, Ranking

GAME = "poker"
TITLE = "Russian draw poker"
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
SUIT_SENTENCES = {
    o: f"Flushes rank by suit alone: {', '.join(SUIT_NAMES[x] for x in o)}, highest first." for o in SUIT_ORDERS
}

RULES = (
    ("ante", Money, 1, "Ante", "Everyone pays this into the pot before the deal."),
    ("min_raise", Money, 1, "Least raise", "A raise adds at least this to the call."),
    ("max_raise", Money, 0, "Most raise", "A raise adds at most this to the call; 0 for no limit."),
    ("decks", Count(1, 2), 1, "Packs", "How many 52-card packs are shuffled together (two for a large table)."),
    (
        "jokers",
        Count(0, 2),
        2,
        "Jokers a pack",
        "How many jokers each pack brings; a joker is any card its holder wishes.",
    ),
    (
        "ranking",
        Choice("standard", "alt"),
        "standard",
        "Ranking",
        {
            "standard": "Five of a kind, straight flush, four of a kind, flush, full house, straight, three of a "
            "kind, two pairs, pair, high card.",
            "alt": "The book's second order: five of a kind, straight flush, flush, straight, four of a kind, full "
            "house, then as usual.",
        },
    ),
    ("wrap", Flag, True, "Straights turn the corner", "The Two follows the Ace: 3 2 A K Q is a straight."),
    ("suit_order", Choice(*SUIT_ORDERS), SUIT_ORDER, "Flush suits", SUIT_SENTENCES),
)
HOUSE_RULES = {name: kind for name, kind, *_ in RULES}
DEFAULTS = {name: default for name, _, default, *_ in RULES}

EVENTS = {
    "deal": (
        "The dealer gives five cards to each player (null: not known). A record may leave the deal out.",
        (("seat", "seat", False), ("hands", "hands", False)),
    ),
    "draw": (
        "Before the betting, a player discards 0 to 5 cards and gets as many (null: a card not seen).",
        (("seat", "seat", False), ("discard", "cards", False), ("cards", "cards", False)),
    ),
    "call": (
        "A player brings their stake up to the highest (0: a check); the amount is what they put in.",
        (("seat", "seat", False), ("amount", "money", True)),
    ),
    "raise": (
        "A player calls and adds at least the least raise (at most the most raise); the amount is what they put in.",
        (("seat", "seat", False), ("amount", "money", False)),
    ),
    "fold": ("A player gives up the hand and its bets.", (("seat", "seat", False), ("amount", "money", True))),
    "show": (
        "When the betting has ended, a player still in shows their five cards.",
        (("seat", "seat", False), ("cards", "cards", False)),
    ),
}
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
                "message": f"{n} player{'' if n == 1 else 's'} at the table; poker takes {SEATS[0]} to {SEATS[1]}",
            }
        ]
    return []


def deck_words(cfg):
    """The table's deck in words: "one pack and two jokers (54 cards)"."""
    packs = "one pack" if cfg.decks == 1 else "two packs"
    jokers = {0: "no jokers", 1: "one joker", 2: "two jokers", 4: "four jokers"}[cfg.joker_copies]
    return f"{packs} and {jokers} ({cfg.size} cards)"
