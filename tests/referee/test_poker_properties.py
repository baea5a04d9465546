"""Poker's money, as a property: conserved in every ruling, over a night whose pots carry, and split fairly."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import referee
from referee.games.poker.generate import poker_hand, random_rules

NAMES = ["Dima", "Olya", "Kostya", "Nina", "Borya", "Vera", "Lyosha", "Galya", "Tolik", "Rita"]
some = settings(deadline=None, max_examples=60, suppress_health_check=[HealthCheck.too_slow])


def rule(record):
    try:
        return referee.replay(record)
    except referee.BadRecord:
        return None


@some
@given(st.integers(0, 2**32 - 1), st.sampled_from([0.0, 0.3, 0.8]))
def test_money_is_conserved_in_every_ruling_and_the_pot_is_paid_out_or_kept_whole(seed, mistakes):
    rng = random.Random(seed)
    record = poker_hand(
        rng,
        players=NAMES[: rng.randint(2, 10)],
        pot_in=rng.choice([0, 0, 9]),
        house_rules=random_rules(rng),
        mistakes=mistakes,
        incomplete=0.1,
        showdown_only=0.1,
        aside=0.2,
    )
    r = rule(record)
    if r is None:
        return
    assert sum(r["net"]) == r["pot_in"] - r["pot_out"]
    paid = -sum(e["amount"] for e in r["ledger"] if e["amount"] < 0)
    took = sum(e["amount"] for e in r["ledger"] if e["amount"] > 0)
    # Either the whole pot (what came in and everything paid) goes out, or none of it does.
    assert took in (0, r["pot_in"] + paid)
    assert r["pot_out"] in (0, r["pot_in"] + paid)
    if r["pot_out"]:
        assert r["status"] == "incomplete" or r["summary"].startswith("Every hand shown is foul")
    shares = [e["amount"] for e in r["ledger"] if e["amount"] > 0]
    assert not shares or max(shares) - min(shares) <= 1  # equal shares, give or take the odd unit


@settings(deadline=None, max_examples=25, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1))
def test_over_a_night_the_money_at_the_table_and_in_the_pot_never_changes(seed):
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    rules = random_rules(rng)
    purse = [0] * n
    pot = 0
    dealer = 0
    for _ in range(12):
        record = poker_hand(rng, players=NAMES[:n], dealer=dealer, pot_in=pot, house_rules=rules, mistakes=0.3)
        r = rule(record)
        if r is None:
            continue
        purse = [p + x for p, x in zip(purse, r["net"])]
        pot = r["pot_out"]
        dealer = r["facts"]["next_dealer"]
        assert sum(purse) + pot == 0


@some
@given(st.integers(0, 2**32 - 1))
def test_a_show_by_a_player_who_folded_or_by_the_last_one_in_moves_nothing(seed):
    # issue 29: cards shown for interest are ruled, and change no money, no violation, no status.
    rng = random.Random(seed)
    record = poker_hand(rng, players=NAMES[: rng.randint(2, 6)], house_rules=random_rules(rng))
    before = rule(record)
    assert before is not None
    folded = {ev["seat"] for ev in record["events"] if ev["action"] == "fold"}
    lone = before["summary"].endswith("everyone else folded.")
    seats = sorted(folded) + ([next(s for s in range(len(record["players"])) if s not in folded)] if lone else [])
    for s in seats:
        cards = rng.sample(["AS", "KD", "QH", "JC", "TS", "9D", "8H", "2C"], 5)
        after = rule(dict(record, events=[*record["events"], {"action": "show", "seat": s, "cards": cards}]))
        assert after is not None, (s, cards)
        assert (after["ledger"], after["violations"], after["status"]) == (
            before["ledger"],
            before["violations"],
            before["status"],
        )
        assert after["summary"].endswith("; it moves nothing.")
