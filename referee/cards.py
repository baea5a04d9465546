"""Cards: small immutable interned values, and the decks the games use.

A card is written rank then suit: "TH" is the Ten of hearts. "10H" is read as "TH";
output always uses "T". Cards are upper-case. The joker is "JK" (poker only).

Every card exists once (interned), so `is` and `==` agree, a card hashes by identity
and parsing is one dict lookup in CARDS (text -> Card). Use `card(text)` when you
want an exception, `CARDS.get(text)` in hot loops.
"""

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
        """Words for people: "the Ten of hearts"."""
        if self.suit is None:
            return "the Joker"
        return f"the {RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"


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
        raise ValueError(f"{text!r} is not a card (write rank then suit, e.g. 'TH' or '10H')")
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
