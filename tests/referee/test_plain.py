"""The plain-hand shortcut (swik._plain) against the full replay (swik._replay), hand by hand.

The shortcut may step aside (None) whenever it likes; when it rules, its ruling must be the full
replay's, to the word. These sweeps take thousands of generated hands, with table mistakes, house
rules and unseen cards, and damaged copies of them; and they check that the shortcut does take the
common hand, or it would be a shortcut in name only.
"""
import random

import pytest

import referee
from referee.games import swik
from referee.generate import mutate, random_house_rules, swik_hand

NAMES = ["Dad", "Uncle Joe", "Mary", "Me", "Grandma", "Pete", "Ann"]
PLAIN = swik._plain  # (the module's own, taken before conftest wraps it in a check of its own)


def table_hands(seed, count, mistakes, summary_only=0.05):
    rng = random.Random(seed)
    for _ in range(count):
        n = rng.randint(3, 7)
        rules = random_house_rules(rng) if rng.random() < 0.5 else None
        yield swik_hand(rng, players=NAMES[:n], dealer=rng.randrange(n), pot_in=rng.randrange(300),
                        house_rules=rules, mistakes=mistakes, summary_only=summary_only, incomplete=0.03)


def agree(record):
    """The shortcut's ruling (or None), after checking it against the full replay."""
    doc = PLAIN(record)
    try:
        full = swik._replay(record, shortcut=False)
    except referee.BadRecord:
        assert doc is None, f"the shortcut ruled on a bad record: {record!r}"
        return None
    if doc is not None:
        assert doc == full, f"the shortcut and the full replay disagree on {record!r}"
    return doc


@pytest.mark.parametrize("seed", [1, 2])
def test_the_shortcut_agrees_with_the_full_replay_on_generated_hands(seed):
    taken = clean = 0
    for record in table_hands(seed, 1500, mistakes=0.2):
        doc = agree(record)
        full = swik._replay(record, shortcut=False)
        if not full["violations"] and full["status"] == "complete":
            clean += 1
            taken += doc is not None
    # The shortcut steps aside for three of a kind and a blind hand played alone, and little else.
    assert clean > 500 and taken >= 0.85 * clean, (taken, clean)


def test_the_shortcut_never_rules_where_the_full_replay_finds_a_violation():
    for record in table_hands(3, 1500, mistakes=0.6):
        doc = agree(record)
        if doc is not None:
            assert swik._replay(record, shortcut=False)["violations"] == []


def test_the_shortcut_agrees_on_damaged_records():
    rng = random.Random(4)
    hands = list(table_hands(4, 400, mistakes=0.1))
    for k in range(3000):
        agree(mutate(rng, hands[k % len(hands)]))


def test_unseen_cards_and_a_wrap_on_an_unseen_discard_go_both_ways_alike():
    """Hands nobody saw (null), the blind unseen, a wrap whose discard nobody saw: revokes can then
    only come to light from later plays, which the shortcut must notice as the full replay does."""
    rng = random.Random(5)
    seen = 0
    for record in table_hands(5, 1500, mistakes=0.3):
        for ev in record["events"]:
            if ev.get("action") == "deal":
                for k in range(len(ev["hands"])):
                    if rng.random() < 0.3:
                        ev["hands"][k] = None
                if rng.random() < 0.3:
                    ev["blind"] = None
            elif ev.get("action") == "wrap" and ev.get("take") and rng.random() < 0.5:
                ev["discard"] = None
        seen += agree(record) is not None
    assert seen > 300


def test_a_summary_trick_given_to_a_player_who_was_out_goes_the_long_way():
    changed = 0
    for record in table_hands(6, 400, mistakes=0.0, summary_only=1.0):
        events = record["events"]
        out = [e["seat"] for e in events if e.get("action") == "declare" and e.get("choice") == "out"]
        tricks = [e for e in events if e.get("action") == "trick"]
        if not out or not tricks:
            continue
        tricks[-1]["winner"] = out[0]
        assert agree(record) is None
        with pytest.raises(referee.BadRecord, match="was out and cannot win a trick"):
            referee.replay(record)
        changed += 1
    assert changed > 50


def test_three_of_a_kind_shown_false_or_beaten_by_an_unshown_one_goes_both_ways_alike():
    rng = random.Random(7)
    changed = 0
    for record in table_hands(7, 4000, mistakes=0.0):
        events = record["events"]
        shows = [e for e in events if e.get("action") == "trips"]
        if not shows:
            continue
        agree(record)
        others = [r + u for r in "789TJQKA" for u in "SHDC" if r + u not in shows[0]["cards"]]
        false = [dict(e, cards=list(e["cards"])) if e is shows[0] else e for e in events]
        next(e for e in false if e.get("action") == "trips")["cards"][rng.randrange(3)] = rng.choice(others)
        agree(dict(record, events=false))
        for dropped in shows:  # that three of a kind is now held and not shown
            agree(dict(record, events=[e for e in events if e is not dropped]))
        changed += 1
    assert changed > 50


def test_a_record_that_stops_anywhere_goes_both_ways_alike():
    rng = random.Random(8)
    taken = 0
    for record in table_hands(8, 1500, mistakes=0.1):
        events = record["events"]
        cut = dict(record, events=events[:rng.randrange(len(events) + 1)])
        taken += agree(cut) is not None
    assert taken > 1000


def test_a_hand_whose_mistakes_all_came_before_its_deal_is_ruled_on_from_the_deal(monkeypatch):
    # _replay runs Swik up to the good deal; when it found a mistake there (and only there), the plain-hand
    # ruling goes on from the deal. Its rulings must be Swik's all the way, violations and words included
    # (conftest's check compares each with shortcut=False), and it must be taken.
    resumed = []
    inner = swik._plain  # (conftest's checked one)

    def counting(record, h=None, resume=None):
        doc = inner(record, h, resume)
        if resume is not None and doc is not None:
            resumed.append(doc)
        return doc

    monkeypatch.setattr(swik, "_plain", counting)
    for record in table_hands(3, 2000, mistakes=0.5):
        try:
            ruling = referee.replay(record)
        except referee.BadRecord:
            continue
        assert {k: v for k, v in ruling.items() if k != "facts"} == swik._replay(record, shortcut=False)
    rules = {v["rule"] for doc in resumed for v in doc["violations"]}
    assert len(resumed) > 100, len(resumed)
    assert {"swik.misdeal", "swik.no-cut", "swik.cut-by-wrong-player"} <= rules, rules
