"""A poker hand in words, as the ruling and the hand page name it: "four Jacks", "flush in spades",
"straight, Queen down to Eight", "straight round the corner, Three down to Queen"; in the language the referee
speaks now (the ruling's facts keep the English: ending.py)."""

from ...cards import CARDS, RANKS
from .ranking import (
    FIVE,
    FLUSH,
    FOUR,
    FULL_HOUSE,
    HIGH_CARD,
    PAIR,
    STANDARD,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE,
    TWO_PAIRS,
    category,
    rank,
    tie_ranks,
)
from .said import _  # (poker's own catalogue: a rank's name inside a phrase, "каре: валеты", is not the card's)


def _one(r):
    """A rank's name ("Queen"), as the straights and the high card name it."""
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
    }[RANKS[r]]


def _many(r):
    """A rank's name in the plural ("Queens"), as the sets name it."""
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
    }[RANKS[r]]


def suit_names():
    """The suits in words (for the flush suits' house rule), in the language the referee speaks now."""
    return {"S": _("spades"), "H": _("hearts"), "D": _("diamonds"), "C": _("clubs")}


def _flush(suit):
    return {
        "S": _("flush in spades"),
        "H": _("flush in hearts"),
        "D": _("flush in diamonds"),
        "C": _("flush in clubs"),
    }[suit]


def _sequence(cards, lowest, wrap):
    """The straight's top and bottom ranks, high end first, e.g. (10, 6) for Queen down to Eight.

    Every straight holding a Two has lowest card Two and they all tie; the words name the one the
    cards make (jokers aside), trying 6-2, then 5-A, 4-K, 3-Q, 2-J (the last three turn the corner)."""
    if lowest != 0:
        return lowest + 4, lowest
    held = {RANKS.index(c.rank) for c in cards if c.suit is not None}
    for top in (4, 3, 2, 1, 0) if wrap else (4,):
        window = {(top - i) % 13 for i in range(5)}
        if held <= window:
            return top, (top - 4) % 13
    raise AssertionError("a straight with lowest card Two fits no sequence")  # rank() said it was one


def describe(cards, rules=STANDARD, key=None):
    """The hand in words, at its best (jokers included): "five Aces", "straight flush, Queen down to Eight",
    "four Jacks", "flush in spades", "full house, Kings over Threes", "straight, Six down to Two",
    "straight round the corner, Three down to Queen", "three Sevens", "two pairs, Kings and Fives",
    "pair of Nines", "high card, Ace". ValueError if `cards` is not five cards. `key`: rank(cards, rules), when
    the caller has it already."""
    if key is None:
        key = rank(cards, rules)
    cat = category(key, rules)
    tie = tie_ranks(key, rules)
    if cat == FIVE:
        return _("five {ranks}").format(ranks=_many(tie[0]))
    if cat in (STRAIGHT, STRAIGHT_FLUSH):
        top, bottom = _sequence([CARDS[c] if c.__class__ is str else c for c in cards], tie[0], rules.wrap)
        if cat == STRAIGHT:
            said = _("straight round the corner, {top} down to {bottom}") if top < bottom else None
            said = said or _("straight, {top} down to {bottom}")
        else:
            said = _("straight flush round the corner, {top} down to {bottom}") if top < bottom else None
            said = said or _("straight flush, {top} down to {bottom}")
        return said.format(top=_one(top), bottom=_one(bottom))
    if cat == FOUR:
        return _("four {ranks}").format(ranks=_many(tie[0]))
    if cat == FLUSH:
        return _flush(rules.suit_order[3 - tie[0]])
    if cat == FULL_HOUSE:
        return _("full house, {three} over {two}").format(three=_many(tie[0]), two=_many(tie[1]))
    if cat == THREE:
        return _("three {ranks}").format(ranks=_many(tie[0]))
    if cat == TWO_PAIRS:
        return _("two pairs, {high} and {low}").format(high=_many(tie[0]), low=_many(tie[1]))
    if cat == PAIR:
        return _("pair of {ranks}").format(ranks=_many(tie[0]))
    assert cat == HIGH_CARD
    return _("high card, {rank}").format(rank=_one(tie[0]))
