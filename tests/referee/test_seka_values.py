"""The value of a hand of three, every rule of seka.md at its edges, and its words."""

import pytest

import referee
from referee.games.seka import hand_value

DEFAULT = ("7C", True)  # wild, low_trips: the house rules' defaults


def value(cards, wild="7C", low_trips=True):
    return hand_value(cards, wild, low_trips)


@pytest.mark.parametrize(
    "cards, want",
    [
        (["AH", "KH", "QH"], (31, "31 in hearts")),  # the most a suit can make
        (["AH", "KH", "9H"], (30, "30 in hearts")),
        (["6H", "7S", "8D"], (8, "8 in diamonds")),  # one card alone counts
        (["AH", "6S", "8D"], (11, "11 in hearts")),
        (["KC", "9C", "6H"], (19, "19 in clubs")),
        (["AH", "AS", "6C"], (22, "two Aces, 22")),  # two Aces beat their suits (11 + 6 = 17)
        (["AH", "AS", "KH"], (22, "two Aces, 22")),  # 22 beats 21 in hearts
        (["6H", "7H", "9H"], (22, "22 in hearts")),  # a suit of 22 is 22 too (the suit is named)
        (["AH", "AS", "AD"], (33, "three Aces, 33")),  # beats 31
        (["KH", "KS", "KD"], (30, "three Kings, 30")),
        (["8H", "8S", "8D"], (24, "three Eights, 24")),
        (["6H", "6S", "6D"], (34, "three Sixes, 34")),  # low_trips: the lowest three of a kind on top
    ],
)
def test_values_without_the_wild_card(cards, want):
    assert value(cards) == want
    assert value(list(reversed(cards))) == want  # order does not matter


def test_three_sixes_without_low_trips_count_their_sum():
    assert value(["6H", "6S", "6D"], low_trips=False) == (18, "three Sixes, 18")
    # ... which is then less than a plain 19 in clubs
    assert value(["6H", "6S", "6D"], low_trips=False)[0] < value(["KC", "9C", "6H"])[0]


@pytest.mark.parametrize(
    "cards, want",
    [
        (["7C", "AH", "KH"], (31, "31 in hearts (7C as QH)")),  # the book's example
        (["7C", "AH", "AS"], (33, "three Aces, 33 (7C as AD)")),
        (["7C", "6H", "6S"], (34, "three Sixes, 34 (7C as 6D)")),
        (["7C", "AH", "9S"], (22, "two Aces, 22 (7C as AS)")),
        (["7C", "7H", "7S"], (21, "three Sevens, 21")),  # as itself it is a Seven
        (["7C", "KC", "QC"], (31, "31 in clubs (7C as AC)")),
    ],
)
def test_the_wild_card_counts_as_what_its_holder_wishes(cards, want):
    assert value(cards) == want


def test_the_wild_card_cannot_be_one_of_the_other_two():
    # AH AH is impossible: the best is QH (31 in hearts), never a third Ace of hearts.
    v, words = value(["7C", "AH", "KH"])
    assert v == 31 and "as AH" not in words and "as KH" not in words
    # With 6H 6S it may become 6D or 6C but the result is three Sixes either way.
    assert value(["7C", "6H", "6S"])[0] == 34


def test_three_sixes_with_the_wild_card_and_no_low_trips():
    # 6 + 6 + a wild Six = 18, no better than 6 + an Ace = 17 in a suit: 18 stands.
    assert value(["7C", "6H", "6S"], low_trips=False) == (18, "three Sixes, 18 (7C as 6D)")


def test_no_wild_card_and_another_wild_card():
    assert value(["7C", "AH", "KH"], wild=None) == (21, "21 in hearts")
    assert value(["6S", "AH", "KH"], wild="6S") == (31, "31 in hearts (6S as QH)")
    assert value(["7C", "AH", "KH"], wild="6S") == (21, "21 in hearts")


def _showdown(a, b, rules=None):
    return referee.replay(
        {
            "format": "handrec/1",
            "game": "seka",
            "players": ["Vasya", "Zina"],
            "dealer": 1,
            "house_rules": rules or {},
            "events": [
                {"action": "deal", "seat": 1, "hands": [a, b]},
                {"action": "raise", "seat": 0, "amount": 1},
                {"action": "call", "seat": 1, "amount": 1},
                {"action": "show", "seat": 0, "cards": a},
                {"action": "show", "seat": 1, "cards": b},
            ],
        }
    )


def test_three_of_a_kind_that_ties_a_suit_is_a_svara():
    r = _showdown(["KH", "KS", "KD"], ["AS", "TS", "9C"], {"wild": None})
    assert r["net"] == [2, -2]  # three Kings (30) beat 21 in spades
    r = _showdown(["KH", "KS", "KD"], ["QS", "TS", "JS"])  # 30 in spades: a tie
    assert r["pot_out"] == 4 and r["net"] == [-2, -2]
    assert r["facts"]["carry"]["svara"] == [0, 1]
    assert "Svara at 30" in r["summary"]


def test_three_sixes_beat_three_aces_unless_low_trips_is_off():
    sixes, aces = ["6H", "6S", "6D"], ["AH", "AS", "AD"]
    assert _showdown(sixes, aces)["net"] == [2, -2]
    assert _showdown(sixes, aces, {"low_trips": False})["net"] == [-2, 2]
    assert "Zina: three Aces, 33" in _showdown(sixes, aces, {"low_trips": False})["summary"]


def test_the_wild_card_house_rule_null_means_none():
    hand, other = ["7C", "AH", "KH"], ["QS", "JS", "6D"]  # 31 with the wild card, else 21; the other 20
    assert "31 in hearts" in _showdown(hand, other)["summary"]
    assert "21 in hearts" in _showdown(hand, other, {"wild": None})["summary"]
