"""The shared betting round (referee/betting.py), used as Seka uses it and as poker will (check, call, raise
with a least and a most, fold, the end of the round)."""

from referee.betting import Round


def test_turns_go_left_from_the_first_and_skip_those_out():
    r = Round(5, [0, 1, 3, 4], 2)  # seat 2 sits out: the first due is 3
    assert r.turn == 3 and r.count() == 4 and r.seats_in() == [0, 1, 3, 4]
    r.bet(3, 2, 2)
    assert r.turn == 4 and r.stake == 2
    r.fold(4)
    assert r.turn == 0 and r.count() == 3
    r.call(0, 2)
    assert r.turn == 1


def test_out_of_turn_counts_and_the_turn_passes_on_from_him():
    r = Round(4, range(4), 1)
    r.bet(3, 5, 5)  # seat 1 was due
    assert r.turn == 0 and r.put[3] == 5 and r.acted == {3}


def test_a_stake_under_the_last_stands_and_the_stake_stays_the_larger():
    r = Round(3, range(3), 0)
    r.bet(0, 5, 5)
    assert r.judge_raise(3, 1) == "under"
    r.bet(1, 3, 3)
    assert r.stake == 5 and r.least(1) == 6 and r.put[1] == 3


def test_a_poker_round_checks_calls_raises_and_settles():
    r = Round(3, range(3), 1)
    assert r.judge_raise(1, 1) is None and r.judge_raise(9, 1, 4) == "over" and r.judge_raise(0, 1) == "under"
    r.call(1, 0)  # a check
    r.bet(2, 4, 4)
    assert not r.settled() and r.owes(0) == 4 and r.owes(1) == 4 and r.owes(2) == 0
    r.call(0, r.owes(0))
    assert not r.settled()  # seat 1 has not acted since the raise
    r.call(1, r.owes(1))
    assert r.settled() and r.put == [4, 4, 4]


def test_the_last_one_left():
    r = Round(3, range(3), 0)
    r.fold(0)
    assert r.lone() is None and r.turn == 1
    r.fold(1)
    assert r.lone() == 2 and r.turn is None


def test_a_raise_stands_when_the_raiser_folds():
    r = Round(3, range(3), 0)
    r.bet(0, 6, 6)
    r.fold(0)  # out of turn, after raising: the others still owe his stake to stay in
    assert r.owes(1) == 6 and r.owes(2) == 6 and not r.settled()
    r.call(1, 6)
    r.call(2, 6)
    assert r.settled()
