"""Properties of the referee on random Swik hands, damaged records and arbitrary JSON.

What a rules lawyer at the table would check on any hand: the money adds up, a good hand gets
no violation, nothing but a BadRecord ever comes out of a bad one, tricks go to a player who
was in, at most three shares are paid, nobody who was out is paid, nobody falls twice.
Hands come from referee.generate, which knows nothing of the replay code.
"""

import copy
import json
import os
import random

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import referee
from referee.generate import DECK, mutate, random_house_rules, swik_hand

NAMES = ["Dad", "Uncle Joe", "Mary", "Me", "Grandma", "Pete", "Ann"]
RANKS = "789TJQKA"

# Small budgets: the whole file should run well inside a minute. TK_PROPERTY_SCALE=20 searches
# twenty times harder, by hand.
SCALE = int(os.environ.get("TK_PROPERTY_SCALE", "1"))
few = settings(deadline=None, max_examples=60 * SCALE, suppress_health_check=[HealthCheck.too_slow])
some = settings(deadline=None, max_examples=150 * SCALE, suppress_health_check=[HealthCheck.too_slow])


# A hand at a table whose house rules put nothing in the pot: Uncle Joe falls and pays 0.
EMPTY_POT = {
    "format": "handrec/1",
    "game": "swik",
    "players": ["Dad", "Uncle Joe", "Mary"],
    "dealer": 0,
    "pot_in": 0,
    "house_rules": {"ante": 0, "dealer_ante": 0, "no_cut_penalty": 0},
    "events": [
        {"action": "cut", "seat": 2, "card": None},
        {
            "action": "deal",
            "seat": 0,
            "hands": [["QC", "7D", "KH"], ["JH", "AD", "KS"], ["TC", "9H", "8H"]],
            "blind": None,
            "turned": "QH",
        },
        {"action": "wrap", "seat": 0, "take": False},
        {"action": "declare", "seat": 1, "choice": "in"},
        {"action": "declare", "seat": 2, "choice": "in"},
        {"action": "declare", "seat": 0, "choice": "in"},
        *(
            {"action": "play", "seat": s, "card": c}
            for s, c in [
                (0, "KH"),
                (1, "JH"),
                (2, "8H"),
                (0, "QC"),
                (1, "KS"),
                (2, "TC"),
                (0, "7D"),
                (1, "AD"),
                (2, "9H"),
            ]
        ),
    ],
}


@st.composite
def tables(draw, *, mistakes=0.15, summary_only=0.1, incomplete=0.03):
    """A random table (3..7 players, house rules, pot) and one hand played at it."""
    seed = draw(st.integers(0, 2**32 - 1))
    rng = random.Random(seed)
    n = draw(st.integers(3, 7))
    dealer = draw(st.integers(0, n - 1))
    pot_in = draw(st.integers(0, 500))
    rules = random_house_rules(rng)
    record = swik_hand(
        rng,
        players=NAMES[:n],
        dealer=dealer,
        pot_in=pot_in,
        house_rules=rules,
        mistakes=mistakes,
        summary_only=summary_only,
        incomplete=incomplete,
    )
    return record


def good_hands(summary_only=0.0):
    return tables(mistakes=0.0, summary_only=summary_only, incomplete=0.0)


# -- helpers: an independent reading of a mistake-free record ---------------------------------


def suit(card):
    return card[1]


def beats(card, best, trump):
    if suit(card) == suit(best):
        return RANKS.index(card[0]) > RANKS.index(best[0])
    return suit(card) == trump


def the_deal(record):
    return [e for e in record["events"] if e["action"] == "deal"][-1]


def seats_in(record):
    """Seats in the hand: the dealer if he wrapped, and every in or blind declaration."""
    events = record["events"]
    deal = the_deal(record)
    after = events[events.index(deal) + 1 :]
    ins = set()
    for e in after:
        if e["action"] == "wrap" and e["take"]:
            ins.add(deal["seat"])
        elif e["action"] == "declare" and e["choice"] in ("in", "blind"):
            ins.add(e["seat"])
    return ins


def trick_winners(record):
    """Who wins each trick of a mistake-free record with plays (the plays are in turn)."""
    trump = suit(the_deal(record)["turned"])
    plays = [e for e in record["events"] if e["action"] == "play"]
    if not plays:
        return [e["winner"] for e in record["events"] if e["action"] == "trick"]
    per = len(plays) // 3
    winners = []
    for number in range(3):
        trick = plays[number * per : (number + 1) * per]
        best, winner = trick[0]["card"], trick[0]["seat"]
        for e in trick[1:]:
            if beats(e["card"], best, trump):
                best, winner = e["card"], e["seat"]
        winners.append(winner)
    return winners


def pot_played_for(record, ruling):
    """pot_in plus what the hand's antes, fees and penalties put in (a mistake-free hand has no falls
    among those)."""
    paid = sum(-e["amount"] for e in ruling["ledger"] if referee.ledger_kind(e) in ("ante", "fee", "penalty"))
    return record["pot_in"] + paid


def check_money(record, ruling):
    """Whole cents, net is the ledger, and money is conserved."""
    n = len(record["players"])
    assert ruling["format"] == "ruling/1"
    assert ruling["status"] in ("complete", "void", "incomplete")
    assert len(ruling["net"]) == n
    for amount in [*ruling["net"], ruling["pot_in"], ruling["pot_out"], *(e["amount"] for e in ruling["ledger"])]:
        assert type(amount) is int, f"money is whole cents, not {amount!r}"
    assert ruling["pot_in"] == (record.get("pot_in") or 0)  # left out or null: 0
    per_seat = [0] * n
    for entry in ruling["ledger"]:
        assert 0 <= entry["seat"] < n
        assert entry["event"] is None or 0 <= entry["event"] < len(record["events"])
        assert isinstance(entry["reason"], str) and entry["reason"]
        per_seat[entry["seat"]] += entry["amount"]
    assert ruling["net"] == per_seat, "net is the sum of each seat's ledger"
    assert sum(ruling["net"]) == ruling["pot_in"] - ruling["pot_out"], "money is conserved"
    assert ruling["pot_out"] >= 0, "the pot is never owed money"
    for v in ruling["violations"]:
        assert set(v) >= {"event", "seat", "rule", "message", "penalty"}
        assert isinstance(v["message"], str) and v["message"]
        assert v["rule"].startswith("swik.")
    json.dumps(ruling, allow_nan=False)  # a ruling is plain JSON


def is_odd_cents(entry):
    # ledger.py files the odd cents (odd_cents "dealer") under "share"; they are not a trick's share
    return entry["reason"].startswith("odd cent")


def check_bad_record(error):
    assert isinstance(error.errors, list) and error.errors, "a bad record names what is wrong"
    for item in error.errors:
        assert set(item) >= {"event", "field", "message"}
        assert item["event"] is None or (type(item["event"]) is int and item["event"] >= 0)
        assert isinstance(item["field"], str) and item["field"]
        assert isinstance(item["message"], str) and item["message"].strip()
        # referee/__init__.py turns a crash into this BadRecord; it is still a crash
        assert "internal referee error" not in item["message"], item["message"]


def replay_or_bad(record):
    """The referee answers a ruling or a BadRecord, never anything else."""
    before = repr(record)  # repr, not ==: NaN is not equal to itself
    try:
        ruling = referee.replay(record)
    except referee.BadRecord as error:
        check_bad_record(error)
        ruling = None
    assert repr(record) == before, "replay must not change the record it is given"
    return ruling


# -- money ------------------------------------------------------------------------------------


@some
@given(tables(mistakes=0.3, summary_only=0.1, incomplete=0.05))
def test_money_is_conserved_in_every_ruling(record):
    ruling = referee.replay(record)
    check_money(record, ruling)


@few
@given(tables(mistakes=0.3))
def test_replay_is_deterministic_and_leaves_the_record_alone(record):
    before = copy.deepcopy(record)
    first = referee.replay(record)
    assert record == before
    assert referee.replay(copy.deepcopy(record)) == first


@few
@given(tables(mistakes=0.3))
def test_a_ruling_shares_nothing_with_the_next_one(record):
    # (The referee keeps templates, e.g. of the antes, per table: a caller who changes a ruling it was
    # given, say to add a field to each ledger entry, must not change the next hand's.)
    first = referee.replay(record)
    kept = copy.deepcopy(first)
    for entry in first["ledger"]:
        entry["amount"] += 1000
        entry["note"] = "changed"
    first["net"][:] = [x + 1000 for x in first["net"]]
    for trick in first["tricks"]:
        trick["winner"] = None
        for play in trick["plays"] or []:
            play[1] = "XX"
    first["violations"].append({"rule": "changed"})
    assert referee.replay(copy.deepcopy(record)) == kept


# -- good hands -------------------------------------------------------------------------------


@some
@given(good_hands(summary_only=0.2))
def test_a_hand_played_without_mistakes_gets_no_violation(record):
    ruling = referee.replay(record)
    assert ruling["violations"] == [], ruling["violations"]
    assert ruling["status"] == "complete"
    check_money(record, ruling)


@few
@given(st.integers(0, 2**32 - 1), st.integers(3, 7), st.integers(0, 300))
def test_a_summary_only_hand_pays_what_the_same_hand_with_plays_pays(seed, n, pot_in):
    def hand(summary_only):
        rng = random.Random(seed)
        rules = random_house_rules(rng)
        return swik_hand(
            rng,
            players=NAMES[:n],
            dealer=seed % n,
            pot_in=pot_in,
            house_rules=rules,
            mistakes=0,
            summary_only=summary_only,
            incomplete=0,
        )

    with_plays, summary = hand(0.0), hand(1.0)
    full, short = referee.replay(with_plays), referee.replay(summary)
    assert short["status"] == full["status"]
    assert short["net"] == full["net"]
    assert short["pot_out"] == full["pot_out"]
    assert [t["winner"] for t in short["tricks"] or []] == [t["winner"] for t in full["tricks"] or []]


@some
@given(good_hands(summary_only=0.2))
def test_each_trick_has_one_winner_who_was_in(record):
    ruling = referee.replay(record)
    tricks = ruling["tricks"] or []
    ins = seats_in(record)
    played = any(e["action"] in ("play", "trick") for e in record["events"])
    assert len(tricks) == (3 if played else 0)
    lone_against_blind = len(ins) == 1 and played
    for trick in tricks:
        assert type(trick["winner"]) is int
        if lone_against_blind:
            # the blind is played from the dealer's seat; its tricks count for nobody
            assert trick["winner"] in ins | {the_deal(record)["seat"]}
        else:
            assert trick["winner"] in ins, f"trick won by seat {trick['winner']}, who was out"
        assert trick["points"] == 0
    if played:
        assert [t["winner"] for t in tricks] == trick_winners(record)
    for trick in tricks:
        if trick["plays"] is not None:
            assert len({seat for seat, _ in trick["plays"]}) == len(trick["plays"])
            assert trick["leader"] == trick["plays"][0][0]


@some
@given(tables(mistakes=0.3, summary_only=0.1))
def test_at_most_three_shares_are_paid(record):
    ruling = referee.replay(record)
    shares = [e for e in ruling["ledger"] if referee.ledger_kind(e) == "share"]
    odd = [e for e in shares if is_odd_cents(e)]
    assert len(shares) - len(odd) <= 3
    assert len(odd) <= 1 and all(0 < e["amount"] < 3 for e in odd)
    assert all(e["amount"] >= 0 for e in shares)  # 0 when the pot is empty (no antes)


@some
@given(good_hands(summary_only=0.1))
def test_the_money_of_a_good_hand(record):
    """Shares are a third of the pot played for; a fall is the pot, a double fall twice the pot."""
    ruling = referee.replay(record)
    pot = pot_played_for(record, ruling)
    kinds = [(referee.ledger_kind(e), e) for e in ruling["ledger"]]
    shown = any(e["action"] == "trips" for e in record["events"])
    for kind, entry in kinds:
        if kind == "share" and not shown and ruling["tricks"] and not is_odd_cents(entry):
            assert entry["amount"] == pot // 3
        if kind == "fall":
            assert entry["amount"] in (-pot, -2 * pot), (entry, pot)
    falls = [e for k, e in kinds if k == "fall"]
    assert ruling["pot_out"] >= -sum(e["amount"] for e in falls)


@some
@given(good_hands(summary_only=0.1))
def test_nobody_who_was_out_receives_money(record):
    ruling = referee.replay(record)
    ins = seats_in(record)
    odd_cents_to_dealer = record["house_rules"].get("odd_cents") == "dealer"
    for entry in ruling["ledger"]:
        if entry["amount"] > 0 and entry["seat"] not in ins:
            # the only money an out player may get: the odd cents, under odd_cents "dealer"
            assert odd_cents_to_dealer and entry["seat"] == the_deal(record)["seat"], entry
            assert entry["amount"] < 3


@some
@given(tables(mistakes=0.4, summary_only=0.1))
@example(EMPTY_POT)
def test_a_player_falls_at_most_once(record):
    ruling = referee.replay(record)
    fallen = [e["seat"] for e in ruling["ledger"] if referee.ledger_kind(e) == "fall"]
    assert len(fallen) == len(set(fallen)), ruling["ledger"]
    # A fall pays the pot played for (or twice it): nothing only when that pot was nothing (house rules with
    # no antes), and then it is listed at 0, as such an ante is.
    empty = pot_played_for(record, ruling) == 0
    for entry in ruling["ledger"]:
        if referee.ledger_kind(entry) == "fall":
            assert entry["amount"] < 0 or (empty and entry["amount"] == 0), ruling["ledger"]


@few
@given(good_hands())
def test_steps_walk_the_record_to_the_same_end(record):
    states = list(referee.steps(record))
    assert states, "steps yields the state after each event"
    assert all(isinstance(s, dict) for s in states)
    assert len(states) in (len(record["events"]), len(record["events"]) + 1)


@few
@given(tables(mistakes=0.2, summary_only=0.1), st.integers(0, 2**32 - 1))
def test_steps_of_a_damaged_record_give_states_or_a_bad_record_error(record, seed):
    damaged = mutate(random.Random(seed), record)
    try:
        states = list(referee.steps(damaged))
    except referee.BadRecord as error:
        check_bad_record(error)
        return
    assert all(isinstance(s, dict) for s in states)


# -- bad input --------------------------------------------------------------------------------


@some
@given(tables(mistakes=0.2, summary_only=0.1), st.integers(0, 2**32 - 1))
def test_a_damaged_record_gets_a_ruling_or_a_bad_record_error(record, seed):
    damaged = mutate(random.Random(seed), record)
    ruling = replay_or_bad(damaged)
    if ruling is not None:
        check_money(damaged, ruling)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=5),
    max_leaves=25,
)

cards = st.sampled_from(DECK) | st.sampled_from(["10H", "ah", "XX", "JK", ""]) | json_values
seats = st.integers(-1, 8) | json_values
events = st.fixed_dictionaries(
    {
        "action": st.sampled_from(
            ["cut", "bottom", "deal", "misdeal", "wrap", "declare", "trips", "play", "trick", "bid"]
        )
    },
    optional={
        "seat": seats,
        "card": cards,
        "winner": seats,
        "take": st.booleans() | json_values,
        "discard": cards,
        "choice": st.sampled_from(["in", "out", "blind", "pass"]),
        "hands": st.lists(st.none() | st.lists(cards, max_size=4), min_size=2, max_size=8),
        "blind": st.none() | st.lists(cards, max_size=4),
        "turned": cards,
        "cards": st.lists(cards, max_size=4),
        "reason": json_values,
        "note": json_values,
    },
)
records = st.fixed_dictionaries(
    {
        "format": st.just("handrec/1") | json_values,
        "game": st.just("swik") | json_values,
        "players": st.lists(st.text(min_size=1, max_size=6), min_size=2, max_size=9) | json_values,
        "events": st.lists(events, max_size=12) | json_values,
    },
    optional={
        "dealer": seats,
        "pot_in": st.integers(-5, 1000) | json_values,
        "house_rules": st.just({})
        | st.dictionaries(
            st.sampled_from(
                ["ante", "revoke", "odd_cents", "lone_player", "high_wraps", "double_fall", "min_players", "bogus"]
            ),
            json_values,
            max_size=3,
        ),
        "variant": st.none() | json_values,
        "claimed": json_values,
    },
)


@some
@given(records)
def test_random_records_get_a_ruling_or_a_bad_record_error(record):
    ruling = replay_or_bad(record)
    if ruling is not None:
        check_money(record, ruling)


@some
@given(json_values)
def test_any_json_value_gets_a_ruling_or_a_bad_record_error(value):
    ruling = replay_or_bad(value)
    if ruling is not None:
        check_money(value, ruling)


@few
@given(st.text(max_size=40) | json_values.map(json.dumps))
def test_loads_reads_json_text_or_says_what_is_wrong(text):
    try:
        referee.loads(text)
    except referee.BadRecord as error:
        check_bad_record(error)


@few
@given(tables(mistakes=0.2))
def test_loads_reads_back_a_record_written_as_json(record):
    assert referee.loads(json.dumps(record)) == record
