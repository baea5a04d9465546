"""Sedma's catalogue entry and constants: deck, variants, house rules (with their words), events, and the house
rules as the replay reads them (Config)."""

from ...cards import CARDS, DECK_32
from ...record import Choice, Count, Flag
from .said import _, ngettext

GAME = "sedma"
TITLE = "Sedma"
DECK = DECK_32
DECK_TEXT = frozenset(c.text for c in DECK)
CARD = {t: c.text for t, c in CARDS.items() if c.text in DECK_TEXT}  # any spelling -> the text ("10H" -> "TH")
NAME = {c.text: c.name for c in DECK}
VARIANTS = ("4p", "2p", "3p")
VARIANT_LIST = VARIANTS  # (a variant is required: null is not one)
VARIANT_WORDS = {"4p": "four players, two against two", "2p": "two players", "3p": "three players, one against two"}
PLAYERS = {"4p": 4, "2p": 2, "3p": 3}
VARIANT_OF = {4: "4p", 2: "2p", 3: "3p"}
SEATS = (2, 4)
SETTLES = "points"
TRICK_GAME = True
WORTH = {"A": 10, "T": 10}  # the cards that count; the last trick adds LAST
LAST = 10
TOTAL = 90
EIGHT_PAIRS = ("8D 8H", "8S 8C", "8S 8H", "8S 8D", "8H 8C", "8D 8C")
SOLOISTS = ("KC", "KS", "KH", "KD")


class Eights(Choice):
    """The two Eights the 3-player game removes: written as a list (["8D", "8H"], any order) or as the catalogue's
    text ("8D 8H"); read as the catalogue's text."""

    def __init__(self):
        self.values = EIGHT_PAIRS

    @property
    def words(self):
        return _('two Eights, e.g. ["8D", "8H"]')

    def read(self, v):
        if v.__class__ is str:
            v = v.split()
        if v.__class__ is not list or len(v) != 2 or not all(x.__class__ is str for x in v):
            return None
        for pair in EIGHT_PAIRS:
            if sorted(pair.split()) == sorted(v):
                return pair
        return None


# Each house rule: (name, kind, default, label, sentence).
RULES = (
    (
        "hand_size",
        Count(4, 10),
        8,
        "Cards dealt",
        "Cards dealt to each: 8 (ten in the 3-player game) deals the whole pack; 4 leaves a stock to draw from.",
    ),
    (
        "continue_trick",
        Flag,
        False,
        "Continuing a trick",
        "After each round of a trick its leader may play on with a card of the led rank or a Seven, if the leader's side "
        "is not winning it; everyone then plays one more card (four players).",
    ),
    ("deals_per_game", Count(1, 24), 12, "Deals in a game", "The deals that make a game."),
    (
        "partners_rotate_every",
        Count(1, 24),
        4,
        "Partners change every",
        "The deals after which the partnerships change (four players).",
    ),
    (
        "removed",
        Eights(),
        "8D 8H",
        "Eights removed",
        {p: f"The 3-player game leaves out the {p.replace(' ', ' and the ')}." for p in EIGHT_PAIRS},
    ),
    (
        "soloist_card",
        Choice(*SOLOISTS),
        "KC",
        "Soloist's card",
        {k: f"In the 3-player game whoever is dealt {k} plays alone against the other two." for k in SOLOISTS},
    ),
)
HOUSE_RULES = {name: kind for name, kind, *_rest in RULES}
DEFAULTS = {name: default for name, _kind, default, *_rest in RULES}

EVENTS = {
    "deal": (
        "The dealer deals: the cards of each hand (null: not seen), the stock (null: none or not seen) and, "
        "for three players, who was dealt the soloist's card when the hands do not show it (null: the stock).",
        (("seat", "seat", False), ("hands", "hands", False), ("stock", "cards", True), ("soloist", "seat", True)),
    ),
    "play": ("A player plays a card to the trick.", (("seat", "seat", False), ("card", "card", False))),
    "draw": (
        "A player draws a card from the stock (null: not seen).",
        (("seat", "seat", False), ("card", "card", True)),
    ),
    "pass": (
        "Two players: the leader does not continue the trick; the other player takes it.",
        (("seat", "seat", False),),
    ),
    "end_trick": ("Four players: the leader does not continue the trick.", (("seat", "seat", False),)),
    "points": (
        "The paper way: the deal given only by the points each side took (the soloist's side first in 3p).",
        (("points", "numbers", False),),
    ),
}
CHOICE_FIELDS: dict = {}
ACTIONS = tuple(EVENTS)
CLAIMS = ("net", "pot_out", "score")


class Config:
    """The house rules as the replay reads them."""

    __slots__ = (
        "hand_size",
        "continue_trick",
        "deals_per_game",
        "rotate",
        "removed",
        "soloist_card",
        "min_players",
        "max_players",
    )

    def __init__(self, rules):
        self.hand_size = rules["hand_size"]
        self.continue_trick = rules["continue_trick"]
        self.deals_per_game = rules["deals_per_game"]
        self.rotate = rules["partners_rotate_every"]
        self.removed = tuple(rules["removed"].split())
        self.soloist_card = rules["soloist_card"]
        self.min_players, self.max_players = SEATS


DEFAULT_CONFIG = Config(DEFAULTS)
CONFIGS: dict = {}


def catalogue_words():
    """The catalogue's words above (title, variants, house rules' labels and sentences, events) as the reader's
    language says them: {English: words}. The constants stay English (they are read at import); the catalogue
    translates them where it builds its entry, and this lists them for the extractor."""
    return {
        "Sedma": _("Sedma"),
        "four players, two against two": _("four players, two against two"),
        "two players": _("two players"),
        "three players, one against two": _("three players, one against two"),
        "Cards dealt": _("Cards dealt"),
        "Cards dealt to each: 8 (ten in the 3-player game) deals the whole pack; 4 leaves a stock to draw from.": _(
            "Cards dealt to each: 8 (ten in the 3-player game) deals the whole pack; 4 leaves a stock to draw from."
        ),
        "Continuing a trick": _("Continuing a trick"),
        RULES[1][4]: _(
            "After each round of a trick its leader may play on with a card of the led rank or a Seven, if the "
            "leader's side is not winning it; everyone then plays one more card (four players)."
        ),
        "Deals in a game": _("Deals in a game"),
        "The deals that make a game.": _("The deals that make a game."),
        "Partners change every": _("Partners change every"),
        "The deals after which the partnerships change (four players).": _(
            "The deals after which the partnerships change (four players)."
        ),
        "Eights removed": _("Eights removed"),
        "The 3-player game leaves out the 8D and the 8H.": _("The 3-player game leaves out the 8D and the 8H."),
        "The 3-player game leaves out the 8S and the 8C.": _("The 3-player game leaves out the 8S and the 8C."),
        "The 3-player game leaves out the 8S and the 8H.": _("The 3-player game leaves out the 8S and the 8H."),
        "The 3-player game leaves out the 8S and the 8D.": _("The 3-player game leaves out the 8S and the 8D."),
        "The 3-player game leaves out the 8H and the 8C.": _("The 3-player game leaves out the 8H and the 8C."),
        "The 3-player game leaves out the 8D and the 8C.": _("The 3-player game leaves out the 8D and the 8C."),
        "Soloist's card": _("Soloist's card"),
        "In the 3-player game whoever is dealt KC plays alone against the other two.": _(
            "In the 3-player game whoever is dealt KC plays alone against the other two."
        ),
        "In the 3-player game whoever is dealt KS plays alone against the other two.": _(
            "In the 3-player game whoever is dealt KS plays alone against the other two."
        ),
        "In the 3-player game whoever is dealt KH plays alone against the other two.": _(
            "In the 3-player game whoever is dealt KH plays alone against the other two."
        ),
        "In the 3-player game whoever is dealt KD plays alone against the other two.": _(
            "In the 3-player game whoever is dealt KD plays alone against the other two."
        ),
        EVENTS["deal"][0]: _(
            "The dealer deals: the cards of each hand (null: not seen), the stock (null: none or not seen) and, "
            "for three players, who was dealt the soloist's card when the hands do not show it (null: the stock)."
        ),
        "A player plays a card to the trick.": _("A player plays a card to the trick."),
        "A player draws a card from the stock (null: not seen).": _(
            "A player draws a card from the stock (null: not seen)."
        ),
        "Two players: the leader does not continue the trick; the other player takes it.": _(
            "Two players: the leader does not continue the trick; the other player takes it."
        ),
        "Four players: the leader does not continue the trick.": _(
            "Four players: the leader does not continue the trick."
        ),
        "The paper way: the deal given only by the points each side took (the soloist's side first in 3p).": _(
            "The paper way: the deal given only by the points each side took (the soloist's side first in 3p)."
        ),
    }


def rules_errors(rules, n):
    """What is wrong with house rules that are each right alone, for a table of n (None: not known)."""
    h = rules["hand_size"]
    if h not in (4, 8, 10):
        return [
            {
                "event": None,
                "field": "house_rules",
                "message": _(
                    "house rule 'hand_size' must be 4 (a stock), 8 or 10 (the whole pack), not {number}"
                ).format(number=h),
            }
        ]
    if n == 4 and h == 10:
        return [
            {
                "event": None,
                "field": "house_rules",
                "message": _("house rule 'hand_size' 10 cannot be dealt to four from 32 cards; use 8 or 4"),
            }
        ]
    if n is not None and not SEATS[0] <= n <= SEATS[1]:
        return [
            {
                "event": None,
                "field": "players",
                "message": ngettext(
                    "{n} players at the table; Sedma takes 2, 3 or 4",
                    "{n} players at the table; Sedma takes 2, 3 or 4",
                    n,
                ).format(n=n),
            }
        ]
    return []


def hand_size(cfg, variant):
    """The cards dealt to each. House rule: in 3p the book's 4p default (8) means the whole pack, ten each; in 2p
    the hand is always four."""
    if variant == "2p" or cfg.hand_size == 4:
        return 4
    return 10 if variant == "3p" else 8


def deck_for(cfg, variant):
    """The cards of the pack in play: 32, or 30 in 3p (two Eights out)."""
    if variant == "3p":
        return DECK_TEXT.difference(cfg.removed)
    return DECK_TEXT


def sides_for(variant, number, rotate):
    """The sides of a deal: 4p by the deal's number in the game (1-based; partners change every `rotate` deals)."""
    if variant == "4p":
        k = ((number - 1) // rotate) % 3
        return [[0, 2], [1, 3]] if k == 0 else [[0, 1], [2, 3]] if k == 1 else [[0, 3], [1, 2]]
    if variant == "2p":
        return [[0], [1]]
    return None  # 3p: from the soloist


def points_of(cards):
    return sum(WORTH.get(c[0], 0) for c in cards)


def and_words(words):
    if len(words) <= 1:
        return "".join(words)
    return _("{names} and {last}").format(names=", ".join(words[:-1]), last=words[-1])


def card_sort(c):
    return ("SHDC".index(c[1]), -"789TJQKA".index(c[0]))
