"""The Russian rummy ("Skat")'s catalogue entry and constants: deck, house rules (with their words), events, the
house rules as the replay reads them (Config), and what a meld is (sets and runs) with its words.

House rule: the target is counted in points from 50 to 2000 (the book plays to 500).
"""

from ...cards import CARDS, DECK_36, RANK_NAMES, RANK_PLURALS, SUIT_NAMES
from ...record import Count, Flag

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
HOUSE_RULES = {name: kind for name, kind, *_ in RULES}
DEFAULTS = {name: default for name, _, default, *_ in RULES}

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


def rules_errors(rules, n):
    """What is wrong with house rules that are each right alone, for a table of n (None: not known)."""
    if n is not None and not SEATS[0] <= n <= SEATS[1]:
        return [{"event": None, "field": "players", "message": f"{n} players at the table; rummy takes 2, 3 or 4"}]
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
    """'the Queens QC QD QS' / 'a run of hearts K A 6 7'."""
    text = " ".join(cards)
    if kind == "set":
        return f"the {RANK_PLURALS[cards[0][0]]} ({text})"
    first, last = RANK_NAMES[cards[0][0]], RANK_NAMES[cards[-1][0]]
    return f"a run of {SUIT_NAMES[cards[0][1]]} from the {first} to the {last} ({text})"


def points_of(cards):
    return sum(WORTH[c] for c in cards)


def and_words(words):
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def card_sort(c):
    return ("SHDC".index(c[1]), IDX[c[0]])
