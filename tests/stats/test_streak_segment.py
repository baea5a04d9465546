"""A day's streak segment made in one pass (streaks.segment) is what combining its hands one by one gives."""

from functools import reduce

from hypothesis import given
from hypothesis import strategies as st

from archive.stats import streaks


@given(st.lists(st.sampled_from([1, -1, 0]), min_size=1, max_size=60))
def test_one_pass_equals_combining_hand_by_hand(signs):
    assert streaks.segment(signs) == reduce(streaks.combine, (streaks.one(s) for s in signs))


def test_a_day_read_in_words():
    # won, won, lost, lost, lost, even, won: first run two wins, last run one win, best 2 won, worst 3 lost
    assert streaks.segment([1, 1, -1, -1, -1, 0, 1]) == (7, 1, 2, 1, 1, 2, 3)
