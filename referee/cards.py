"""Cards: small immutable interned values, and the decks the games use.

A card is written rank then suit: "TH" is the Ten of hearts. "10H" is read as "TH";
output always uses "T". Cards are upper-case. The joker is "JK" (poker only).

Every card exists once (interned), so `is` and `==` agree, a card hashes by identity
and parsing is one dict lookup in CARDS (text -> Card). Use `card(text)` when you
want an exception, `CARDS.get(text)` in hot loops.
"""

import functools

from .language import _, current

RANKS = "23456789TJQKA"  # low to high, the usual order
SUITS = "SHDC"
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_NAME = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
RANK_NAMES = {
    "2": "Two",
    "3": "Three",
    "4": "Four",
    "5": "Five",
    "6": "Six",
    "7": "Seven",
    "8": "Eight",
    "9": "Nine",
    "T": "Ten",
    "J": "Jack",
    "Q": "Queen",
    "K": "King",
    "A": "Ace",
    "JK": "Joker",
}
RANK_PLURALS = {r: (n + "es" if n.endswith("x") else n + "s") for r, n in RANK_NAMES.items()}


class Card:
    """One card. Immutable; compare with `is` or `==` (identity); `str(card)` is its text."""

    __slots__ = ("rank", "suit", "text", "order")

    rank: str  # "2".."9", "T", "J", "Q", "K", "A", or "JK"
    suit: str | None  # "S", "H", "D", "C"; None for the joker
    text: str  # "TH"
    order: int  # 0 (Two) .. 12 (Ace) in the usual order; 13 for the joker

    def __init__(self, rank, suit, text, order):
        set_ = object.__setattr__
        set_(self, "rank", rank)
        set_(self, "suit", suit)
        set_(self, "text", text)
        set_(self, "order", order)

    def __setattr__(self, name, value):
        raise AttributeError("a Card cannot be changed")

    def __delattr__(self, name):
        raise AttributeError("a Card cannot be changed")

    def __str__(self):
        return self.text

    def __repr__(self):
        return f"Card({self.text!r})"

    def __reduce__(self):
        # Unpickling must give back the interned card, not a copy.
        return (card, (self.text,))

    @property
    def name(self):
        """Words for people: "the Ten of hearts", in the language spoken (card_name)."""
        return card_name(self.text)


def _build():
    table = {}
    for order, rank in enumerate(RANKS):
        for suit in SUITS:
            c = Card(rank, suit, rank + suit, order)
            table[c.text] = c
            if rank == "T":
                table["10" + suit] = c
    table["JK"] = Card("JK", None, "JK", 13)
    return table


CARDS: dict = _build()
"""text -> Card, for every spelling ("TH" and "10H")."""

JOKER = CARDS["JK"]


def card(text):
    """The Card written `text`; ValueError for anything else (wrong case, unknown rank, not a str)."""
    c = CARDS.get(text) if text.__class__ is str else None
    if c is None:
        raise ValueError(_("{text} is not a card (write rank then suit, e.g. 'TH' or '10H')").format(text=repr(text)))
    return c


def cards(texts):
    """A tuple of Cards from an iterable of texts."""
    return tuple(card(t) for t in texts)


def _deck(ranks):
    return tuple(CARDS[r + s] for s in SUITS for r in ranks)


DECK_32 = _deck("789TJQKA")  # Swik, Seka
DECK_36 = _deck("6789TJQKA")  # Sedma-style short deck, rummy variants
DECK_52 = _deck(RANKS)
DECK_54 = DECK_52 + (JOKER, JOKER)  # two jokers (poker)
DECK_108 = DECK_54 + DECK_54  # two full decks with jokers (rummy)

DECKS = {32: DECK_32, 36: DECK_36, 52: DECK_52, 54: DECK_54, 108: DECK_108}
DECK_SETS = {size: frozenset(d) for size, d in DECKS.items()}


def copies(deck):
    """card -> how many copies the deck holds."""
    out = {}
    for c in deck:
        out[c] = out.get(c, 0) + 1
    return out


def rank_order(order):
    """A rank -> strength table from a string of ranks low to high, e.g. rank_order("789TJQKA").

    Games whose ranks do not follow the usual order (Sedma's Ten above the King, ...)
    build their own with this and look cards up by `card.rank`.
    """
    return {r: i for i, r in enumerate(order)}


def rank_of(text):
    """A rank written on its own ("K", "10", "T") -> the rank letter, or None."""
    if text.__class__ is not str:
        return None
    if text == "10":
        return "T"
    return text if (len(text) == 1 and text in RANKS) else None


# ---------------------------------------------------------------- the cards in words, in the language spoken
# (Every word a literal for the catalogue's extractor; built once a language.)


@functools.cache
def _card_names(language):
    return {
        "2S": _("the Two of spades"),
        "3S": _("the Three of spades"),
        "4S": _("the Four of spades"),
        "5S": _("the Five of spades"),
        "6S": _("the Six of spades"),
        "7S": _("the Seven of spades"),
        "8S": _("the Eight of spades"),
        "9S": _("the Nine of spades"),
        "TS": _("the Ten of spades"),
        "JS": _("the Jack of spades"),
        "QS": _("the Queen of spades"),
        "KS": _("the King of spades"),
        "AS": _("the Ace of spades"),
        "2H": _("the Two of hearts"),
        "3H": _("the Three of hearts"),
        "4H": _("the Four of hearts"),
        "5H": _("the Five of hearts"),
        "6H": _("the Six of hearts"),
        "7H": _("the Seven of hearts"),
        "8H": _("the Eight of hearts"),
        "9H": _("the Nine of hearts"),
        "TH": _("the Ten of hearts"),
        "JH": _("the Jack of hearts"),
        "QH": _("the Queen of hearts"),
        "KH": _("the King of hearts"),
        "AH": _("the Ace of hearts"),
        "2D": _("the Two of diamonds"),
        "3D": _("the Three of diamonds"),
        "4D": _("the Four of diamonds"),
        "5D": _("the Five of diamonds"),
        "6D": _("the Six of diamonds"),
        "7D": _("the Seven of diamonds"),
        "8D": _("the Eight of diamonds"),
        "9D": _("the Nine of diamonds"),
        "TD": _("the Ten of diamonds"),
        "JD": _("the Jack of diamonds"),
        "QD": _("the Queen of diamonds"),
        "KD": _("the King of diamonds"),
        "AD": _("the Ace of diamonds"),
        "2C": _("the Two of clubs"),
        "3C": _("the Three of clubs"),
        "4C": _("the Four of clubs"),
        "5C": _("the Five of clubs"),
        "6C": _("the Six of clubs"),
        "7C": _("the Seven of clubs"),
        "8C": _("the Eight of clubs"),
        "9C": _("the Nine of clubs"),
        "TC": _("the Ten of clubs"),
        "JC": _("the Jack of clubs"),
        "QC": _("the Queen of clubs"),
        "KC": _("the King of clubs"),
        "AC": _("the Ace of clubs"),
        "JK": _("the Joker"),
    }


@functools.cache
def _rank_names(language):
    return {
        "2": _("Two"),
        "3": _("Three"),
        "4": _("Four"),
        "5": _("Five"),
        "6": _("Six"),
        "7": _("Seven"),
        "8": _("Eight"),
        "9": _("Nine"),
        "T": _("Ten"),
        "J": _("Jack"),
        "Q": _("Queen"),
        "K": _("King"),
        "A": _("Ace"),
        "JK": _("Joker"),
    }


@functools.cache
def _rank_plurals(language):
    return {
        "2": _("Twos"),
        "3": _("Threes"),
        "4": _("Fours"),
        "5": _("Fives"),
        "6": _("Sixes"),
        "7": _("Sevens"),
        "8": _("Eights"),
        "9": _("Nines"),
        "T": _("Tens"),
        "J": _("Jacks"),
        "Q": _("Queens"),
        "K": _("Kings"),
        "A": _("Aces"),
        "JK": _("Jokers"),
    }


@functools.cache
def _suit_names(language):
    return {
        "S": _("spades"),
        "H": _("hearts"),
        "D": _("diamonds"),
        "C": _("clubs"),
    }


def card_name(text):
    """ "TH" -> "the Ten of hearts" in the language spoken (Czech "srdcová desítka", Russian "десятка червей")."""
    return _card_names(current())[text]


def rank_name(rank):
    """ "T" -> "Ten" in the language spoken (RANK_NAMES in words)."""
    return _rank_names(current())[rank]


def rank_plural(rank):
    """ "T" -> "Tens" in the language spoken (RANK_PLURALS in words)."""
    return _rank_plurals(current())[rank]


def suit_name(suit):
    """ "H" -> "hearts" in the language spoken (SUIT_NAMES in words)."""
    return _suit_names(current())[suit]
