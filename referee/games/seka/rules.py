"""Seka's catalogue entry and constants: deck, house rules (with their words), events, and the house rules as
the replay reads them (Config)."""

import functools

from ...cards import CARDS
from ...language import current, speaking
from ...record import Choice, Flag, Money
from .said import _, ngettext
from .values import DECK as DECK_TEXT_ORDER

GAME = "seka"
DECK = tuple(CARDS[t] for t in DECK_TEXT_ORDER)  # 36 cards, Six to Ace
DECK_TEXT = frozenset(DECK_TEXT_ORDER)
CARD = {t: c.text for t, c in CARDS.items() if c.text in DECK_TEXT}  # any spelling -> the text ("10H" -> "TH")
VARIANTS = ("open",)
VARIANT_LIST = (None, "open")
SEATS = (2, 12)  # 11 in the open variant (checked with the variant, Seka.setup)
OPEN_MAX = 11
SETTLES = "pot"  # a svara carries the pot to the next hand
CARRIES = ("svara",)  # record keys a ruling carries to the next hand (facts["carry"]): the svara's tied seats
TRICK_GAME = False
NO_WILD = "none"


# The phases of a hand: before the deal (a svara's buy-ins), the open variant's exchanges and their last round,
# the trade, the showdown after the call, over (one left). PHASE_WORDS: the replay's snapshot names them (a
# state, the same in every language).
PRE, EXCHANGE, LAST, BET, SHOW, DONE = range(6)
PHASE_WORDS = ("before the deal", "exchanging", "the last round of exchanges", "betting", "the showdown", "over")


class WildCard(Choice):
    """The wild card: a card of the deck, or null (or "none") for none."""

    def __init__(self):
        super().__init__(*DECK_TEXT_ORDER, NO_WILD)

    @property
    def words(self):
        return _('a card of the deck such as "7C", or null for none')

    @words.setter
    def words(self, value):  # (Choice.__init__ sets its own words; the wild card says its own)
        pass

    def read(self, v):
        if v is None:
            return NO_WILD
        return CARD.get(v, NO_WILD if v == NO_WILD else None) if v.__class__ is str else None


WILD = WildCard()
SVARA_BUY_IN = Choice("half", "full", "none")


@functools.cache
def _words(language):
    """The catalogue's words (title, variants, house rules, events) in `language`."""
    with speaking(language):
        wild = {
            t: _("{card} is wild: it counts as any card but the other two in its holder's hand.").format(card=t)
            for t in DECK_TEXT_ORDER
        }
        wild[NO_WILD] = _("No card is wild.")
        return {
            "TITLE": _("Seka"),
            "VARIANT_WORDS": {
                None: _("cards dealt to the players only"),
                "open": _("open Seka: three cards face up in the middle to exchange"),
            },
            "RULES": (
                (
                    "ante",
                    Money,
                    1,
                    _("Ante"),
                    _("Everyone pays this into the pot before the deal (not in a svara hand)."),
                ),
                ("min_raise", Money, 1, _("Least raise"), _("Each bet must be at least the last stake plus this.")),
                (
                    "blind",
                    Flag,
                    True,
                    _("Blind bets"),
                    _("A player who has not looked may bet blind, at half the stake."),
                ),
                (
                    "low_trips",
                    Flag,
                    True,
                    _("Three Sixes on top"),
                    _("Three Sixes count 34 and beat everything (else 18)."),
                ),
                ("wild", WILD, "7C", _("Wild card"), wild),
                (
                    "svara_buy_in",
                    SVARA_BUY_IN,
                    "half",
                    _("Joining a svara"),
                    {
                        "half": _("Anyone not tied may join the svara hand by paying half the pot (rounded up)."),
                        "full": _("Anyone not tied may join the svara hand by paying the whole pot."),
                        "none": _("Only the tied players play the svara hand."),
                    },
                ),
            ),
            "EVENTS": {
                "buy_in": (
                    _("Before a svara hand's deal, a player not tied joins it by paying into the pot."),
                    (("seat", "seat", False), ("amount", "money", False)),
                ),
                "deal": (
                    _(
                        "Three cards to each player (null: not known or sitting out); in the open variant three face "
                        "up in the middle."
                    ),
                    (("seat", "seat", False), ("hands", "hands", False), ("middle", "cards", True)),
                ),
                "exchange": (
                    _(
                        "Open variant: a player exchanges one card of their hand for one in the middle, or all three "
                        "for all three."
                    ),
                    (("seat", "seat", False), ("give", "cards", False), ("take", "cards", False)),
                ),
                "pass": (
                    _(
                        "Open variant: a player exchanges nothing; after the first pass everyone else has one more turn."
                    ),
                    (("seat", "seat", False),),
                ),
                "raise": (
                    _(
                        "A player bets: at least the last stake plus the least raise (blind: half of that, counting "
                        "double)."
                    ),
                    (("seat", "seat", False), ("amount", "money", False), ("blind", "flag", True)),
                ),
                "call": (
                    _("With two left, a player pays the last stake (blind: half of it) and asks for the showdown."),
                    (("seat", "seat", False), ("amount", "money", False), ("blind", "flag", True)),
                ),
                "fold": (
                    _("A player gives up the hand and its bets."),
                    (("seat", "seat", False), ("amount", "money", True)),
                ),
                "show": (
                    _("After the call, a player still in shows their three cards."),
                    (("seat", "seat", False), ("cards", "cards", False)),
                ),
            },
        }


# The catalogue's words, read by the package in the reader's language (seka/__init__.py, `__getattr__`): TITLE,
# VARIANT_WORDS, RULES, EVENTS. Here in English, for what does not depend on the language.
CATALOGUE_WORDS = ("TITLE", "VARIANT_WORDS", "RULES", "EVENTS")


def catalogue_words(name):
    """One of CATALOGUE_WORDS in the language the referee speaks now."""
    return _words(current())[name]


RULES = _words("en")["RULES"]
EVENTS = _words("en")["EVENTS"]
HOUSE_RULES = {name: kind for name, kind, *_unused in RULES}
DEFAULTS = {name: default for name, _unused, default, *_rest in RULES}
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
                "message": ngettext(
                    "{n} player at the table; Seka takes {least} to {most} ({open} in the open variant)",
                    "{n} players at the table; Seka takes {least} to {most} ({open} in the open variant)",
                    n,
                ).format(n=n, least=SEATS[0], most=SEATS[1], open=OPEN_MAX),
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
