"""Poker hands ranked by the book (Russian draw poker with jokers; ../shared/rules/poker.md).

    rank(cards, rules=STANDARD) -> int     a comparable key: higher is better, equal keys tie
    Ranking(ranking="standard", wrap=True, suit_order="SCDH")    the house rules that change a key
    ranking_for(house_rules) -> Ranking    the same, read from a record's house_rules dict
    STANDARD                               Ranking() (the book's defaults)
    category(key, rules=STANDARD) -> str   "four of a kind", ... (CATEGORIES)
    tie_ranks(key, rules=STANDARD) -> tuple   what the key compares by inside its category
Words are in words.py (describe), the showdown's split in showdown.py (best_seats, split_pot).

The book's order, highest first: five of a kind, straight flush, four of a kind, flush, full house,
straight, three of a kind, two pairs, pair, high card (ALT_ORDER with `ranking: "alt"`). Inside a
category: sets by their rank then the rest high to low; a flush by its suit alone (suit_order, highest
first); a straight or straight flush by its lowest card, Two lowest and Ace highest, so a straight may
turn the corner (`wrap`) and every straight holding a Two ties. A joker (`JK`) is whatever card makes the
hand best, even a copy of a card already held; with two packs a card may appear twice.

How it is fast (lookup tables built once, when a Ranking is first made: two dicts of 8,568 entries for
each `ranking` and `wrap`, shared by every suit_order, and a list of 1,024 for each suit_order):
each card is an int, code = RANK_KEY << 10 | SUIT_KEY. The rank keys (the joker's is 0) are chosen so that
every multiset of five of the fourteen kinds (13 ranks and the joker) has its own sum, and so are the
suit keys (five kinds: 4 suits and the joker, 0); so the sum of a hand's five codes says which ranks it
holds and whether all its cards but the jokers share a suit, and everything stays below 2**30 (one
machine digit, the fast path of CPython's int). rank() adds five codes and looks the sum up:
  flush[sum & 1023]   0, or the flush's key when the cards (jokers aside) are all of one suit
  plain[sum >> 10]    the best the ranks make without a flush (jokers at their best)
  suited[sum >> 10]   the same, a straight flush counted, for a hand that may be a flush
The tables are filled from one plain evaluation of each multiset of five ranks (_shape); a hand with
jokers is the best of its hands with one joker replaced by each rank in turn.
"""

from itertools import combinations_with_replacement

from ...cards import CARDS, RANKS, SUITS

FIVE = "five of a kind"
STRAIGHT_FLUSH = "straight flush"
FOUR = "four of a kind"
FLUSH = "flush"
FULL_HOUSE = "full house"
STRAIGHT = "straight"
THREE = "three of a kind"
TWO_PAIRS = "two pairs"
PAIR = "pair"
HIGH_CARD = "high card"

STANDARD_ORDER = (FIVE, STRAIGHT_FLUSH, FOUR, FLUSH, FULL_HOUSE, STRAIGHT, THREE, TWO_PAIRS, PAIR, HIGH_CARD)
# House rule `ranking: "alt"`: the book's second order, "some players" rank this way.
ALT_ORDER = (FIVE, STRAIGHT_FLUSH, FLUSH, STRAIGHT, FOUR, FULL_HOUSE, THREE, TWO_PAIRS, PAIR, HIGH_CARD)
ORDERS = {"standard": STANDARD_ORDER, "alt": ALT_ORDER}
CATEGORIES = STANDARD_ORDER
"""Every category, in the book's (standard) order, highest first."""

# House rule `suit_order` (highest first); the book: spades, clubs, diamonds, hearts.
SUIT_ORDER = "SCDH"

JOKER_KIND = 13  # the joker as a fourteenth "rank" of the tables; ranks are 0 (Two) .. 12 (Ace)

# Each sum of five of these (with repetition) is distinct (greedy search; tests/referee/test_poker_ranking.py
# checks it): index 0 is the joker, 1..13 the ranks Two..Ace.
_RANK_KEYS = (0, 1, 6, 31, 108, 366, 926, 2286, 5733, 12905, 27316, 44676, 94545, 147031)
_SUIT_KEYS = {None: 0, "S": 1, "H": 6, "D": 31, "C": 108}
_SUIT_BITS = 10  # 5 * 108 < 1024; 5 * 147031 << 10 < 2**30

KIND_KEY = {kind: _RANK_KEYS[(kind + 1) % 14] for kind in range(14)}  # rank 0..12 and JOKER_KIND -> key


def _codes():
    out = {}
    for text, c in CARDS.items():
        kind = JOKER_KIND if c.suit is None else RANKS.index(c.rank)
        code = KIND_KEY[kind] << _SUIT_BITS | _SUIT_KEYS[c.suit]
        out[text] = code
        out[c] = code  # a Card hashes by identity: rank() takes texts or Cards alike
    return out


_CODE = _codes()

# ---------------------------------------------------------------- one multiset of five plain ranks


def _straight(ranks, wrap):
    """Is this sorted tuple of five ranks (0..12) a sequence? With `wrap` the Two follows the Ace."""
    if len(set(ranks)) != 5:
        return False
    if ranks[4] - ranks[0] == 4:
        return True
    if not wrap:
        return False
    # Turning the corner: the ranks are a window of the circle 2..A,2..; one gap (after the Ace) of 9.
    s = set(ranks)
    return any(s == {(start + i) % 13 for i in range(5)} for start in range(9, 13))


def _shape(ranks, wrap):
    """(category, tie-breaking ranks high first) of five plain ranks (sorted, 0..12), suits aside."""
    counts = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    shape = tuple(n for n, _ in groups)
    tie = tuple(r for _, r in groups)
    if shape == (5,):
        return FIVE, tie
    if shape == (4, 1):
        return FOUR, tie
    if shape == (3, 2):
        return FULL_HOUSE, tie
    if shape == (3, 1, 1):
        return THREE, tie
    if shape == (2, 2, 1):
        return TWO_PAIRS, tie
    if shape == (2, 1, 1, 1):
        return PAIR, tie
    if _straight(ranks, wrap):
        return STRAIGHT, (ranks[0],)  # by its lowest card: Two is the lowest rank, Ace the highest
    return HIGH_CARD, tie


# ---------------------------------------------------------------- keys

_CAT_SHIFT = 20


def _key(strength, tie):
    k = strength << _CAT_SHIFT
    shift = _CAT_SHIFT
    for r in tie:
        shift -= 4
        k |= r << shift
    return k


class Ranking:
    """The house rules that change how hands rank, and the tables rank() reads for them.

    ranking     "standard" (the book's first order) or "alt" (its second: flush and straight above four)
    wrap        True: a straight may turn the corner (3 2 A K Q); False: the Ace is only high
    suit_order  the four suits, highest first, for flushes: "SCDH" by the book

    Ranking(...) with the same values gives back the same object (each is built once).
    """

    __slots__ = ("ranking", "wrap", "suit_order", "order", "plain", "suited", "flush")

    _made: dict = {}

    def __new__(cls, ranking="standard", wrap=True, suit_order=SUIT_ORDER):
        made = cls._made.get((ranking, wrap, suit_order))
        if made is not None:
            return made
        if ranking not in ORDERS:
            raise ValueError(f"ranking must be 'standard' or 'alt', not {ranking!r}")
        if wrap is not True and wrap is not False:
            raise ValueError(f"wrap must be true or false, not {wrap!r}")
        if suit_order.__class__ is not str or sorted(suit_order) != sorted(SUITS):
            raise ValueError(f"suit_order must name the four suits S, C, D, H once each, not {suit_order!r}")
        self = object.__new__(cls)
        set_ = object.__setattr__
        set_(self, "ranking", ranking)
        set_(self, "wrap", wrap)
        set_(self, "suit_order", suit_order)
        set_(self, "order", ORDERS[ranking])
        plain, suited = _rank_tables(self.order, wrap)
        set_(self, "plain", plain)
        set_(self, "suited", suited)
        set_(self, "flush", _flush_table(self.order, suit_order))
        cls._made[(ranking, wrap, suit_order)] = self
        return self

    def __setattr__(self, name, value):
        raise AttributeError("a Ranking cannot be changed")

    def __reduce__(self):
        # Copying or unpickling gives back the one Ranking for these rules (and its tables).
        return (Ranking, (self.ranking, self.wrap, self.suit_order))

    def __repr__(self):
        return f"Ranking(ranking={self.ranking!r}, wrap={self.wrap!r}, suit_order={self.suit_order!r})"

    def strength(self, cat):
        """The category's place as a number: higher is better (the top of a key)."""
        return len(self.order) - 1 - self.order.index(cat)

    def flush_key(self, suit):
        """The key of a flush in `suit` ("S", ...)."""
        return _key(self.strength(FLUSH), (3 - self.suit_order.index(suit),))


_RANK_TABLES: dict = {}  # (order, wrap) -> (plain, suited): shared by the Rankings that differ in suit_order only


def _rank_tables(order, wrap):
    """(plain, suited): sum of the five cards' rank keys -> the best key, without and with a flush's suit."""
    made = _RANK_TABLES.get((order, wrap))
    if made is not None:
        return made
    strength = {cat: len(order) - 1 - i for i, cat in enumerate(order)}
    sf = strength[STRAIGHT_FLUSH]
    plain = {}
    suited = {}
    for m in combinations_with_replacement(range(13), 5):
        cat, tie = _shape(m, wrap)
        s = sum(KIND_KEY[r] for r in m)
        plain[s] = p = _key(strength[cat], tie)
        suited[s] = _key(sf, tie) if cat == STRAIGHT else p
    # Then hands with one joker, two, ... five: the joker's key is 0, so making one joker a rank adds that
    # rank's key to the sum; a hand is the best of those, which have one joker fewer and are in the tables.
    rank_keys = [KIND_KEY[r] for r in range(13)]
    for jokers in range(1, 6):
        for m in combinations_with_replacement(range(13), 5 - jokers):
            s = sum(KIND_KEY[r] for r in m)
            plain[s] = max(plain[s + k] for k in rank_keys)
            suited[s] = max(suited[s + k] for k in rank_keys)
    made = _RANK_TABLES[(order, wrap)] = (plain, suited)
    return made


def _flush_table(order, suit_order):
    """Sum of the five cards' suit keys -> the flush's key when all but the jokers share a suit, else 0."""
    fl = len(order) - 1 - order.index(FLUSH)
    flush = [0] * (1 << _SUIT_BITS)
    for suit in SUITS:
        w = _SUIT_KEYS[suit]
        for n in range(1, 6):  # n cards of the suit, the rest jokers
            flush[n * w] = _key(fl, (3 - suit_order.index(suit),))
    flush[0] = _key(fl, (3,))  # five jokers: a flush in the highest suit (five Aces beat it anyway)
    return flush


STANDARD = Ranking()


def ranking_for(house_rules):
    """The Ranking a record's house rules ask for (keys `ranking`, `wrap`, `suit_order`; others ignored)."""
    h = house_rules or {}
    return Ranking(h.get("ranking", "standard"), h.get("wrap", True), h.get("suit_order", SUIT_ORDER))


def rank(cards, rules=STANDARD):
    """The key of a five-card hand (card texts like "QH" and "JK", or Cards): higher is better, equal keys tie.

    Jokers count at their best. ValueError if `cards` is not five cards.
    """
    try:
        a, b, c, d, e = cards
        k = _CODE[a] + _CODE[b] + _CODE[c] + _CODE[d] + _CODE[e]
    except (KeyError, TypeError, ValueError):
        raise ValueError(f"a poker hand is five cards, not {cards!r}") from None
    f = rules.flush[k & 1023]
    if f:
        v = rules.suited[k >> 10]
        return v if v > f else f
    return rules.plain[k >> 10]


def category(key, rules=STANDARD):
    """The category of a key rank() gave under the same rules: "four of a kind", ... (CATEGORIES)."""
    return rules.order[len(rules.order) - 1 - (key >> _CAT_SHIFT)]


_TIE_LENGTH = {
    FIVE: 1,
    STRAIGHT_FLUSH: 1,
    FOUR: 2,
    FLUSH: 1,
    FULL_HOUSE: 2,
    STRAIGHT: 1,
    THREE: 3,
    TWO_PAIRS: 3,
    PAIR: 4,
}


def tie_ranks(key, rules=STANDARD):
    """What a key is compared by after its category, first first: ranks 0 (Two) .. 12 (Ace).

    Five of a kind: (rank,); four: (rank, kicker); full house: (three, pair); three: (rank, kicker,
    kicker); two pairs: (high pair, low pair, kicker); pair: (rank, three kickers); high card: five
    ranks; straight and straight flush: (lowest card,); flush: (3 - the suit's place in suit_order,).
    """
    n = _TIE_LENGTH.get(category(key, rules), 5)
    return tuple((key >> s) & 15 for s in (16, 12, 8, 4, 0)[:n])
