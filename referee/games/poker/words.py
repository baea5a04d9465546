"""A poker hand in words, as the ruling and the hand page name it: "four Jacks", "flush in spades",
"straight, Queen down to Eight", "straight round the corner, Three down to Queen"."""

from ...cards import CARDS, RANK_NAMES, RANK_PLURALS, RANKS, SUIT_NAMES
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


def _one(r):
    return RANK_NAMES[RANKS[r]]


def _many(r):
    return RANK_PLURALS[RANKS[r]]


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
        return f"five {_many(tie[0])}"
    if cat in (STRAIGHT, STRAIGHT_FLUSH):
        top, bottom = _sequence([CARDS[c] if c.__class__ is str else c for c in cards], tie[0], rules.wrap)
        corner = " round the corner" if top < bottom else ""
        return f"{cat}{corner}, {_one(top)} down to {_one(bottom)}"
    if cat == FOUR:
        return f"four {_many(tie[0])}"
    if cat == FLUSH:
        suit = rules.suit_order[3 - tie[0]]
        return f"flush in {SUIT_NAMES[suit]}"
    if cat == FULL_HOUSE:
        return f"full house, {_many(tie[0])} over {_many(tie[1])}"
    if cat == THREE:
        return f"three {_many(tie[0])}"
    if cat == TWO_PAIRS:
        return f"two pairs, {_many(tie[0])} and {_many(tie[1])}"
    if cat == PAIR:
        return f"pair of {_many(tie[0])}"
    assert cat == HIGH_CARD
    return f"high card, {_one(tie[0])}"
