"""A ruling never contradicts itself (issue 18): the words, the penalty and the ledger say one thing.

Records of the two shapes that once said one thing in words and did another with the money, and
the rule book's three-of-a-kind rules (swik.md, Three of a kind): with nobody in, or one player in
who takes the pot, three of a kind is not judged; an unclaimed one that decides nothing is not
reported.
"""

import json
from pathlib import Path

import referee

DATA = Path(__file__).resolve().parent.parent / "data" / "swik"


def revoke_hand():
    """The rule book's revoke example: Dad deals, Uncle Joe (seat 1) holds KH 7S TD; pot 15."""
    return json.loads((DATA / "08-revoke.json").read_text())


def test_a_revoke_in_a_record_that_stops_in_its_trick_ends_the_hand_and_the_offender_falls():
    record = revoke_hand()
    # Trick 1: Dad leads AH, Uncle Joe holds KH and plays 7S (a revoke); the record stops there.
    record["events"] = record["events"][:8] + [{"action": "play", "seat": 1, "card": "7S"}]
    ruling = referee.replay(record)
    assert ruling["status"] == "complete"
    (v,) = ruling["violations"]
    assert (v["event"], v["seat"], v["rule"], v["penalty"]) == (8, 1, "swik.revoke", 15)
    assert v["message"].endswith("the hand stops; Uncle Joe falls and pays 15")
    falls = [e for e in ruling["ledger"] if e["amount"] < 0 and e["event"] is not None]
    assert falls == [{"seat": 1, "amount": -15, "reason": "revoke: falls, the hand is abandoned", "event": 8}]
    assert ruling["net"] == [-6, -18, -3, -3]
    assert ruling["pot_out"] == 30
    assert "Uncle Joe revoked; the hand stops" in ruling["summary"] and "pays 15" in ruling["summary"]


def test_a_revoke_by_a_player_who_already_fell_costs_nothing_more_and_says_so():
    record = revoke_hand()
    # After the declarations, Uncle Joe shows KH 7S TD as three of a kind: false, he falls for the pot (15).
    record["events"].insert(7, {"action": "trips", "seat": 1, "cards": ["KH", "7S", "TD"]})
    ruling = referee.replay(record)
    false_trips, revoke = ruling["violations"]
    assert (false_trips["rule"], false_trips["seat"], false_trips["penalty"]) == ("swik.false-trips", 1, 15)
    assert (revoke["rule"], revoke["seat"], revoke["penalty"]) == ("swik.revoke", 1, 0)
    assert "Uncle Joe has already fallen in this hand and pays nothing more" in revoke["message"]
    assert "falls and pays" not in revoke["message"]
    joe = [e for e in ruling["ledger"] if e["seat"] == 1]
    assert joe == [
        {"seat": 1, "amount": -3, "reason": "ante", "event": None},
        {"seat": 1, "amount": -15, "reason": "false three of a kind: falls", "event": 7},
    ]
    assert ruling["status"] == "complete"
    assert sum(ruling["net"]) == ruling["pot_in"] - ruling["pot_out"]


def test_under_revoke_fall_a_second_revoke_by_the_same_player_costs_nothing_more():
    record = revoke_hand()
    record["house_rules"] = {"revoke": "fall"}
    # Trick 1: Joe plays 7S to Dad's heart lead while holding KH; trick 2 and 3 go on.
    ev = record["events"]
    ev[8] = {"action": "play", "seat": 1, "card": "7S"}
    ev[15] = {"action": "play", "seat": 1, "card": "KH"}
    ruling = referee.replay(record)
    revokes = [v for v in ruling["violations"] if v["rule"] == "swik.revoke" and v["seat"] == 1]
    assert revokes[0]["penalty"] == 15 and revokes[0]["message"].endswith("Uncle Joe falls and pays 15")
    for later in revokes[1:]:
        assert later["penalty"] == 0 and "already fallen" in later["message"]
    assert [e["amount"] for e in ruling["ledger"] if e["seat"] == 1 and e["reason"].startswith("revoke")] == [-15]


def _trips_table(choices, shown=None, hands=None):
    """Dad deals to Dad, Joe, Mary, Me; Mary holds three Nines; `choices` for seats 1, 2, 3, 0."""
    hands = hands or [["AH", "8S", "9D"], ["KH", "7S", "TD"], ["9S", "9H", "9C"], ["JS", "JD", "KD"]]
    events = [
        {"action": "cut", "seat": 3, "card": None},
        {"action": "deal", "seat": 0, "hands": hands, "blind": ["7H", "TH", "QH"], "turned": "QC"},
        {"action": "wrap", "seat": 0, "take": False},
    ] + [{"action": "declare", "seat": s, "choice": c} for s, c in zip([1, 2, 3, 0], choices)]
    if shown:
        events.append(shown)
    return {
        "format": "handrec/1",
        "game": "swik",
        "players": ["Dad", "Uncle Joe", "Mary", "Me"],
        "dealer": 0,
        "pot_in": 0,
        "events": events,
    }


def test_with_nobody_in_three_of_a_kind_is_not_judged():
    for shown in (
        None,
        {"action": "trips", "seat": 2, "cards": ["9S", "9H", "9C"]},
        {"action": "trips", "seat": 2, "cards": ["9S", "9H", "QH"]},
    ):
        ruling = referee.replay(_trips_table(["out"] * 4, shown))
        assert ruling["violations"] == []
        assert ruling["summary"] == "Nobody went in; the pot of 15 carries to the next hand."
        assert ruling["facts"]["game"]["seats"]["trips_win"][2] == 0


def test_with_one_player_in_who_takes_the_pot_three_of_a_kind_is_not_judged():
    for shown in (
        None,
        {"action": "trips", "seat": 2, "cards": ["9S", "9H", "9C"]},
        {"action": "trips", "seat": 2, "cards": ["9S", "9H", "TH"]},
    ):
        ruling = referee.replay(_trips_table(["out", "in", "out", "out"], shown))
        assert ruling["violations"] == [], shown
        assert ruling["summary"] == "Only Mary went in and takes the pot of 15."
        assert [e for e in ruling["ledger"] if e["event"] is not None] == [
            {"seat": 2, "amount": 15, "reason": "takes the pot (the only player in)", "event": 6}
        ]
        assert ruling["facts"]["game"]["seats"]["trips_win"][2] == 0


def test_an_unclaimed_three_of_a_kind_that_decides_nothing_is_not_reported():
    # Joe shows three Kings; Mary's three Nines are lower and never shown: Joe takes the pot, no word of Mary's.
    hands = [["AH", "8S", "9D"], ["KH", "KS", "KC"], ["9S", "9H", "9C"], ["JS", "JD", "TD"]]
    ruling = referee.replay(
        _trips_table(["in", "in", "out", "out"], {"action": "trips", "seat": 1, "cards": ["KH", "KS", "KC"]}, hands)
    )
    assert ruling["violations"] == []
    assert ruling["summary"].startswith("Uncle Joe shows three Kings and takes the pot of 15")
    # And when Mary's unclaimed Nines are the only three of a kind, they decide the hand and are reported.
    ruling = referee.replay(_trips_table(["in", "in", "out", "out"]))
    (v,) = ruling["violations"]
    assert (v["rule"], v["seat"], v["penalty"]) == ("swik.unclaimed-trips", 2, 0)
    assert ruling["facts"]["game"]["seats"]["trips_win"][2] == 1
