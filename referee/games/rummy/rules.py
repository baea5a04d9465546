"""The Russian rummy ("Skat")'s catalogue entry and constants: deck, house rules (with their words), events, the
house rules as the replay reads them (Config), and what a meld is (sets and runs) with its words.

House rule: the target is counted in points from 50 to 2000 (the book plays to 500).
"""

from ...cards import CARDS, DECK_36
from ...record import Count, Flag
from .said import _, ngettext

GAME = "rummy"
TITLE = "Skat (Russian rummy)"
DECK = DECK_36
DECK_TEXT = frozenset(c.text for c in DECK)
CARD = {t: c.text for t, c in CARDS.items() if c.text in DECK_TEXT}  # any spelling -> the text ("10H" -> "TH")
VARIANTS = ()
VARIANT_LIST = (None,)
SEATS = (2, 4)
SETTLES = "points"
TRICK_GAME = False
HAND = 5  # cards dealt to each
ORDER = "6789TJQKA"  # the ranks of a run, low to high (the Six follows the Ace with `wrap`)
IDX = {r: k for k, r in enumerate(ORDER)}
VALUE = {"6": 6, "7": 7, "8": 8, "9": 9, "T": 10, "J": 10, "Q": 10, "K": 10, "A": 11}
WORTH = {c: VALUE[c[0]] for c in DECK_TEXT}  # a card's points
STOCK, ROW, MELD = -1, -2, -3  # where a card lies, besides a seat's hand
PRE, PAPER, PLAY, DONE = 0, 1, 2, 3  # the phases of a hand: before the deal, waiting for points on paper, play, over

# Each house rule: (name, kind, default, label, sentence).
RULES = (
    (
        "wrap",
        Flag,
        True,
        "The Six follows the Ace",
        "A run may turn the corner: K A 6 of one suit is a run (and all nine cards of a suit make one).",
    ),
    (
        "dry_round_ends",
        Flag,
        True,
        "A dry round ends the hand",
        "Once the stock is gone, a full round with no meld or lay-off ends the hand.",
    ),
    ("target", Count(50, 2000), 500, "Game to", "The total that ends the game; the highest total wins."),
)
HOUSE_RULES = {name: kind for name, kind, *_rest in RULES}
DEFAULTS = {name: default for name, _kind, default, *_rest in RULES}

EVENTS = {
    "deal": (
        "The dealer deals five cards to each (a hand null: not seen; all hands null: the hand is written the paper "
        "way) and the stock (null: not seen).",
        (("seat", "seat", False), ("hands", "hands", False), ("stock", "cards", True)),
    ),
    "draw": (
        "A player draws the top card of the stock (null: the recorded stock's next card, or a card nobody saw).",
        (("seat", "seat", False), ("card", "card", True)),
    ),
    "take": (
        "A player takes a card from the row, and every card laid after it, and must use that card this turn.",
        (("seat", "seat", False), ("card", "card", False)),
    ),
    "meld": ("A player lays a set or a run from their hand.", (("seat", "seat", False), ("cards", "cards", False))),
    "layoff": (
        "A player adds cards to a meld on the table (numbered from 0 in the order they were laid).",
        (("seat", "seat", False), ("meld", "number", False), ("cards", "cards", False)),
    ),
    "discard": (
        "A player lays a card at the end of the row; their turn ends.",
        (("seat", "seat", False), ("card", "card", False)),
    ),
    "points": (
        "The paper way: the hand given only by each player's points (and who went out, null: nobody).",
        (("points", "numbers", False), ("out", "seat", True)),
    ),
}
CHOICE_FIELDS: dict = {}
ACTIONS = tuple(EVENTS)
CLAIMS = ("net", "pot_out", "score")
PAPER_MAX = 1000  # the most points a hand can be worth either way on paper (36 cards are 323)


class Config:
    """The house rules as the replay reads them."""

    __slots__ = ("wrap", "dry_round_ends", "target", "min_players", "max_players")

    def __init__(self, rules):
        self.wrap = rules["wrap"]
        self.dry_round_ends = rules["dry_round_ends"]
        self.target = rules["target"]
        self.min_players, self.max_players = SEATS


DEFAULT_CONFIG = Config(DEFAULTS)
CONFIGS: dict = {}


def catalogue_words():
    """The catalogue's words above (title, house rules' labels and sentences, events) as the reader's language
    says them: {English: words}. The constants stay English (they are read at import); the catalogue translates
    them where it builds its entry, and this lists them for the extractor."""
    return {
        TITLE: _("Skat (Russian rummy)"),
        "The Six follows the Ace": _("The Six follows the Ace"),
        RULES[0][4]: _(
            "A run may turn the corner: K A 6 of one suit is a run (and all nine cards of a suit make one)."
        ),
        "A dry round ends the hand": _("A dry round ends the hand"),
        RULES[1][4]: _("Once the stock is gone, a full round with no meld or lay-off ends the hand."),
        "Game to": _("Game to"),
        "The total that ends the game; the highest total wins.": _(
            "The total that ends the game; the highest total wins."
        ),
        EVENTS["deal"][0]: _(
            "The dealer deals five cards to each (a hand null: not seen; all hands null: the hand is written the "
            "paper way) and the stock (null: not seen)."
        ),
        EVENTS["draw"][0]: _(
            "A player draws the top card of the stock (null: the recorded stock's next card, or a card nobody saw)."
        ),
        EVENTS["take"][0]: _(
            "A player takes a card from the row, and every card laid after it, and must use that card this turn."
        ),
        EVENTS["meld"][0]: _("A player lays a set or a run from their hand."),
        EVENTS["layoff"][0]: _(
            "A player adds cards to a meld on the table (numbered from 0 in the order they were laid)."
        ),
        EVENTS["discard"][0]: _("A player lays a card at the end of the row; their turn ends."),
        EVENTS["points"][0]: _(
            "The paper way: the hand given only by each player's points (and who went out, null: nobody)."
        ),
    }


def rules_errors(rules, n):
    """What is wrong with house rules that are each right alone, for a table of n (None: not known)."""
    if n is not None and not SEATS[0] <= n <= SEATS[1]:
        return [
            {
                "event": None,
                "field": "players",
                "message": ngettext(
                    "{n} players at the table; rummy takes 2, 3 or 4",
                    "{n} players at the table; rummy takes 2, 3 or 4",
                    n,
                ).format(n=n),
            }
        ]
    return []


# ---------------------------------------------------------------------- melds


def _all_melds(wrap):
    """Every meld of the pack: frozenset of its cards -> (kind, its cards in order)."""
    out = {}
    for r in ORDER:
        four = [r + x for x in "SHDC"]
        out[frozenset(four)] = ("set", four)
        for k in range(4):
            three = four[:k] + four[k + 1 :]
            out[frozenset(three)] = ("set", three)
    for x in "SHDC":
        for m in range(3, 10):
            for start in range(9 if wrap and m < 9 else 10 - m):
                run = [ORDER[(start + j) % 9] + x for j in range(m)]
                out[frozenset(run)] = ("run", run)
    return out


MELDS = {True: _all_melds(True), False: _all_melds(False)}


def meld_kind(cards, wrap):
    """("set", cards) or ("run", cards in order: a run through the corner starts after its gap) for a good meld,
    else None. Cards are distinct texts of the pack."""
    got = MELDS[wrap].get(frozenset(cards))
    if got is None or len(cards) != len(got[1]):
        return None
    return got[0], got[1][:]


def meld_words(kind, cards):
    """'the Queens (QC QD QS)' / 'a run of hearts from the King to the Seven (KH AH 6H 7H)'."""
    text = " ".join(cards)
    if kind == "set":
        return set_words(cards[0][0]).format(cards=text)
    return f"{run_words(cards[0][1])} {from_words(cards[0][0])} {to_words(cards[-1][0])} ({text})"


def set_words(r):
    """A set of rank r in words, its cards to come: "the Queens ({cards})"."""
    return {
        "6": _("the Sixes ({cards})"),
        "7": _("the Sevens ({cards})"),
        "8": _("the Eights ({cards})"),
        "9": _("the Nines ({cards})"),
        "T": _("the Tens ({cards})"),
        "J": _("the Jacks ({cards})"),
        "Q": _("the Queens ({cards})"),
        "K": _("the Kings ({cards})"),
        "A": _("the Aces ({cards})"),
    }[r]


def run_words(x):
    """A run of suit x: "a run of hearts"."""
    return {
        "S": _("a run of spades"),
        "H": _("a run of hearts"),
        "D": _("a run of diamonds"),
        "C": _("a run of clubs"),
    }[x]


def from_words(r):
    """Where a run starts: "from the Six"."""
    return {
        "6": _("from the Six"),
        "7": _("from the Seven"),
        "8": _("from the Eight"),
        "9": _("from the Nine"),
        "T": _("from the Ten"),
        "J": _("from the Jack"),
        "Q": _("from the Queen"),
        "K": _("from the King"),
        "A": _("from the Ace"),
    }[r]


def to_words(r):
    """Where a run ends: "to the Nine"."""
    return {
        "6": _("to the Six"),
        "7": _("to the Seven"),
        "8": _("to the Eight"),
        "9": _("to the Nine"),
        "T": _("to the Ten"),
        "J": _("to the Jack"),
        "Q": _("to the Queen"),
        "K": _("to the King"),
        "A": _("to the Ace"),
    }[r]


def layoff_words(own, kind, cards):
    """A lay-off on a set or a run, its cards to come: "laid off {cards} on the Queens of their own", "laid off {cards} on
    {owner}'s run of hearts"."""
    key = cards[0][0] if kind == "set" else cards[0][1]
    if own:
        return {
            "6": _("laid off {cards} on the Sixes of their own"),
            "7": _("laid off {cards} on the Sevens of their own"),
            "8": _("laid off {cards} on the Eights of their own"),
            "9": _("laid off {cards} on the Nines of their own"),
            "T": _("laid off {cards} on the Tens of their own"),
            "J": _("laid off {cards} on the Jacks of their own"),
            "Q": _("laid off {cards} on the Queens of their own"),
            "K": _("laid off {cards} on the Kings of their own"),
            "A": _("laid off {cards} on the Aces of their own"),
            "S": _("laid off {cards} on the run of spades of their own"),
            "H": _("laid off {cards} on the run of hearts of their own"),
            "D": _("laid off {cards} on the run of diamonds of their own"),
            "C": _("laid off {cards} on the run of clubs of their own"),
        }[key]
    return {
        "6": _("laid off {cards} on {owner}'s Sixes"),
        "7": _("laid off {cards} on {owner}'s Sevens"),
        "8": _("laid off {cards} on {owner}'s Eights"),
        "9": _("laid off {cards} on {owner}'s Nines"),
        "T": _("laid off {cards} on {owner}'s Tens"),
        "J": _("laid off {cards} on {owner}'s Jacks"),
        "Q": _("laid off {cards} on {owner}'s Queens"),
        "K": _("laid off {cards} on {owner}'s Kings"),
        "A": _("laid off {cards} on {owner}'s Aces"),
        "S": _("laid off {cards} on {owner}'s run of spades"),
        "H": _("laid off {cards} on {owner}'s run of hearts"),
        "D": _("laid off {cards} on {owner}'s run of diamonds"),
        "C": _("laid off {cards} on {owner}'s run of clubs"),
    }[key]


def points_of(cards):
    return sum(WORTH[c] for c in cards)


def and_words(words):
    if len(words) <= 1:
        return "".join(words)
    return _("{names} and {last}").format(names=", ".join(words[:-1]), last=words[-1])


def card_sort(c):
    return ("SHDC".index(c[1]), IDX[c[0]])
