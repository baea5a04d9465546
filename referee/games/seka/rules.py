"""Seka's catalogue entry and constants: deck, house rules (with their words), events, and the house rules as
the replay reads them (Config)."""

from ...cards import CARDS
from ...record import Choice, Flag, Money
from .values import DECK as DECK_TEXT_ORDER

GAME = "seka"
TITLE = "Seka"
DECK = tuple(CARDS[t] for t in DECK_TEXT_ORDER)  # 36 cards, Six to Ace
DECK_TEXT = frozenset(DECK_TEXT_ORDER)
CARD = {t: c.text for t, c in CARDS.items() if c.text in DECK_TEXT}  # any spelling -> the text ("10H" -> "TH")
VARIANTS = ("open",)
VARIANT_LIST = (None, "open")
VARIANT_WORDS = {
    None: "cards dealt to the players only",
    "open": "open Seka: three cards face up in the middle to exchange",
}
SEATS = (2, 12)  # 11 in the open variant (checked with the variant, Seka.setup)
OPEN_MAX = 11
SETTLES = "pot"  # a svara carries the pot to the next hand
CARRIES = ("svara",)  # record keys a ruling carries to the next hand (facts["carry"]): the svara's tied seats
TRICK_GAME = False
NO_WILD = "none"


# The phases of a hand: before the deal (a svara's buy-ins), the open variant's exchanges and their last round,
# the trade, the showdown after the call, over (one left).
PRE, EXCHANGE, LAST, BET, SHOW, DONE = range(6)
PHASE_WORDS = ("before the deal", "exchanging", "the last round of exchanges", "betting", "the showdown", "over")


class WildCard(Choice):
    """The wild card: a card of the deck, or null (or "none") for none."""

    def __init__(self):
        super().__init__(*DECK_TEXT_ORDER, NO_WILD)
        self.words = 'a card of the deck such as "7C", or null for none'

    def read(self, v):
        if v is None:
            return NO_WILD
        return CARD.get(v, NO_WILD if v == NO_WILD else None) if v.__class__ is str else None


WILD_SENTENCES = {t: f"{t} is wild: it counts as any card but the other two in its holder's hand." for t in DECK_TEXT}
WILD_SENTENCES[NO_WILD] = "No card is wild."

RULES = (
    ("ante", Money, 1, "Ante", "Everyone pays this into the pot before the deal (not in a svara hand)."),
    ("min_raise", Money, 1, "Least raise", "Each bet must be at least the last stake plus this."),
    ("blind", Flag, True, "Blind bets", "A player who has not looked may bet blind, at half the stake."),
    ("low_trips", Flag, True, "Three Sixes on top", "Three Sixes count 34 and beat everything (else 18)."),
    ("wild", WildCard(), "7C", "Wild card", WILD_SENTENCES),
    (
        "svara_buy_in",
        Choice("half", "full", "none"),
        "half",
        "Joining a svara",
        {
            "half": "Anyone not tied may join the svara hand by paying half the pot (rounded up).",
            "full": "Anyone not tied may join the svara hand by paying the whole pot.",
            "none": "Only the tied players play the svara hand.",
        },
    ),
)
HOUSE_RULES = {name: kind for name, kind, *_ in RULES}
DEFAULTS = {name: default for name, _, default, *_ in RULES}

EVENTS = {
    "buy_in": (
        "Before a svara hand's deal, a player not tied joins it by paying into the pot.",
        (("seat", "seat", False), ("amount", "money", False)),
    ),
    "deal": (
        "Three cards to each player (null: not known or sitting out); in the open variant three face up in the middle.",
        (("seat", "seat", False), ("hands", "hands", False), ("middle", "cards", True)),
    ),
    "exchange": (
        "Open variant: a player exchanges one card of their hand for one in the middle, or all three for all three.",
        (("seat", "seat", False), ("give", "cards", False), ("take", "cards", False)),
    ),
    "pass": (
        "Open variant: a player exchanges nothing; after the first pass everyone else has one more turn.",
        (("seat", "seat", False),),
    ),
    "raise": (
        "A player bets: at least the last stake plus the least raise (blind: half of that, counting double).",
        (("seat", "seat", False), ("amount", "money", False), ("blind", "flag", True)),
    ),
    "call": (
        "With two left, a player pays the last stake (blind: half of it) and asks for the showdown.",
        (("seat", "seat", False), ("amount", "money", False), ("blind", "flag", True)),
    ),
    "fold": ("A player gives up the hand and its bets.", (("seat", "seat", False), ("amount", "money", True))),
    "show": (
        "After the call, a player still in shows their three cards.",
        (("seat", "seat", False), ("cards", "cards", False)),
    ),
}
CHOICE_FIELDS: dict = {}
ACTIONS = tuple(EVENTS)
CLAIMS = ("net", "pot_out")  # House rule: Seka is played for money, so a claim of points (`score`) is a bad record.


class Config:
    """The house rules as the replay reads them."""

    __slots__ = ("ante", "min_raise", "blind", "low_trips", "wild", "buy_in", "min_players", "max_players")

    def __init__(self, rules):
        self.ante = rules["ante"]
        self.min_raise = rules["min_raise"]
        self.blind = rules["blind"]
        self.low_trips = rules["low_trips"]
        w = rules["wild"]
        self.wild = None if w == NO_WILD else w
        self.buy_in = rules["svara_buy_in"]
        self.min_players, self.max_players = SEATS


DEFAULT_CONFIG = Config(DEFAULTS)
CONFIGS: dict = {}


def rules_errors(rules, n):
    """What is wrong with house rules that are each right alone (nothing: each stands alone), for a table of n
    (None: not known): a table outside Seka's 2 to 12 is a bad record (the open variant's 11, Seka.setup)."""
    if n is not None and not SEATS[0] <= n <= SEATS[1]:
        return [
            {
                "event": None,
                "field": "players",
                "message": f"{n} player{'' if n == 1 else 's'} at the table; Seka takes {SEATS[0]} to {SEATS[1]} ({OPEN_MAX} in the open variant)",
            }
        ]
    return []


def buy_in_price(cfg, pot):
    """What a player pays to join a svara hand played for `pot` (None: nobody may join)."""
    if cfg.buy_in == "half":
        return (pot + 1) // 2
    if cfg.buy_in == "full":
        return pot
    return None
