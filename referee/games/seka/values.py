"""The value of a hand of three (seka.md, "The value of a hand of three"), with its words.

    hand_value(cards, wild, low_trips) -> (value, words)

The best of: the sum of the cards of one suit (one card alone counts too; at most 31), two Aces (22), three of
a kind (the sum of the three; three Sixes 34 with `low_trips`, else 18). The wild card (`wild`, a card's text
or None) counts as whatever card its holder wishes but the other two in his hand (or as itself). Words:
"31 in hearts", "two Aces, 22", "three Sixes, 34"; a wild card standing for another names it:
"31 in hearts (7C as QH)".
"""

from ...language import current
from .said import _

RANKS = "6789TJQKA"
SUITS = "SHDC"
DECK = tuple(r + s for r in RANKS for s in SUITS)  # the 36 cards, as text
WISHES = tuple(r + s for r in reversed(RANKS) for s in SUITS)  # what a wild card may be, highest first
POINTS = {"6": 6, "7": 7, "8": 8, "9": 9, "T": 10, "J": 10, "Q": 10, "K": 10, "A": 11}
TWO_ACES = 22
LOW_TRIPS = 34  # three Sixes with the house rule low_trips

_CACHE: dict = {}


def suit_words(suit, v):
    """ "31 in hearts", in the language the referee speaks now."""
    if suit == "S":
        return _("{value} in spades").format(value=v)
    if suit == "H":
        return _("{value} in hearts").format(value=v)
    if suit == "D":
        return _("{value} in diamonds").format(value=v)
    return _("{value} in clubs").format(value=v)


def trips_words(rank, v):
    """ "three Sixes, 34", in the language the referee speaks now."""
    said = {
        "6": _("three Sixes, {value}"),
        "7": _("three Sevens, {value}"),
        "8": _("three Eights, {value}"),
        "9": _("three Nines, {value}"),
        "T": _("three Tens, {value}"),
        "J": _("three Jacks, {value}"),
        "Q": _("three Queens, {value}"),
        "K": _("three Kings, {value}"),
        "A": _("three Aces, {value}"),
    }[rank]
    return said.format(value=v)


def plain_value(cards, low_trips):
    """(value, words) of three cards with no wild card among them."""
    a, b, c = cards
    ra, rb, rc = a[0], b[0], c[0]
    pa, pb, pc = POINTS[ra], POINTS[rb], POINTS[rc]
    sa, sb, sc = a[1], b[1], c[1]
    # The best suit: its sum (of equal sums the first in SUITS order is named).
    sums = {sa: pa}
    sums[sb] = sums.get(sb, 0) + pb
    sums[sc] = sums.get(sc, 0) + pc
    v, suit = max((x, -SUITS.index(su), su) for su, x in sums.items())[::2]
    best = (v, suit_words(suit, v))
    if ra == rb == rc:
        t = LOW_TRIPS if ra == "6" and low_trips else pa + pb + pc
        if t >= v:
            best = (t, trips_words(ra, t))
    elif (ra == "A") + (rb == "A") + (rc == "A") == 2 and TWO_ACES > v:
        best = (TWO_ACES, _("two Aces, {value}").format(value=TWO_ACES))
    return best


def hand_value(cards, wild, low_trips):
    """(value, words) of a hand of three cards (texts) with the wild card `wild` (None: none); the words in the
    language the referee speaks now."""
    key = (*cards, wild, low_trips, current())
    got = _CACHE.get(key)
    if got is not None:
        return got
    best = plain_value(cards, low_trips)
    if wild is not None and wild in cards:
        k = list(cards).index(wild)
        others = [x for j, x in enumerate(cards) if j != k]
        for as_card in WISHES:  # (of equal values the highest card is named)
            if as_card in others or as_card == wild:
                continue
            hand = others[:k] + [as_card] + others[k:]
            v, words = plain_value(hand, low_trips)
            if v > best[0]:
                best = (v, _("{words} ({wild} as {card})").format(words=words, wild=wild, card=as_card))
    if len(_CACHE) < 300_000:
        _CACHE[key] = best
    return best
