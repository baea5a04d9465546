"""The rule book's worked examples (copied into tests/data/swik/): the referee's figures must agree."""

import json
from pathlib import Path

import pytest

import referee

DATA = Path(__file__).resolve().parent.parent / "data" / "swik"
CASES = sorted(p.name[: -len(".ruling.json")] for p in DATA.glob("*.ruling.json"))

# The tricks' winners in order, from each example's `_why` (the ruling files leave `tricks` out).
WINNERS = {
    "01-plain-hand": [0, 1, 1],
    "02-ace-cut": [0, 2, 2],
    "03-seven-cut-ace-bottom": [0, 2, 0],
    "04-forgotten-cut": [1, 2, 3],
    "05-misdeal": [1, 2, 2],
    "06-high-wrap-double-fall": [1, 1, 2],
    "07-trips": [],
    "08-revoke": [0],  # the hand stops at the revoke in trick 2
    "09-misdeal-played-on": [],
}


def load(name):
    record = json.loads((DATA / f"{name}.json").read_text())
    want = json.loads((DATA / f"{name}.ruling.json").read_text())
    return record, want


def by_seat(ledger):
    out = {}
    for e in ledger:
        out.setdefault(e["seat"], []).append(e["amount"])
    return {s: sorted(a) for s, a in out.items()}


def test_every_example_is_covered():
    assert set(CASES) == set(WINNERS)


@pytest.mark.parametrize("name", CASES)
def test_example_figures(name):
    record, want = load(name)
    got = referee.replay(record)
    assert got["format"] == "ruling/1" and got["game"] == "swik"
    assert got["status"] == want["status"]
    assert got["net"] == want["net"]
    assert got["pot_in"] == want["pot_in"]
    assert got["pot_out"] == want["pot_out"]
    assert sum(got["net"]) == got["pot_in"] - got["pot_out"]
    assert by_seat(got["ledger"]) == by_seat(want["ledger"])
    assert [(v["rule"], v["event"], v["seat"], v["penalty"]) for v in got["violations"]] == [
        (v["rule"], v["event"], v["seat"], v["penalty"]) for v in want["violations"]
    ]
    assert got.get("discrepancies") == want.get("discrepancies")
    assert ("discrepancies" in got) == ("claimed" in record)
    assert [t["winner"] for t in got["tricks"]] == WINNERS[name]
    assert got["score"] is None
    assert list(got)[:11] == [
        "format",
        "game",
        "status",
        "violations",
        "ledger",
        "net",
        "pot_in",
        "pot_out",
        "score",
        "tricks",
        "summary",
    ]


@pytest.mark.parametrize("name", CASES)
def test_example_ledger_kinds_and_summary_names_players(name):
    record, want = load(name)
    got = referee.replay(record)
    for mine, theirs in zip(
        sorted(got["ledger"], key=lambda e: (e["seat"], e["amount"])),
        sorted(want["ledger"], key=lambda e: (e["seat"], e["amount"])),
    ):
        assert referee.ledger_kind(mine) == referee.ledger_kind(theirs), (mine, theirs)
    summary = got["summary"]
    assert summary and summary.endswith(".")
    # the summary speaks of people by name, not seat numbers
    for v in got["violations"]:
        assert record["players"][v["seat"]] in v["message"] or v["rule"] == "swik.misdeal"


def test_plain_hand_tricks_in_detail():
    record, _ = load("01-plain-hand")
    got = referee.replay(record)
    assert got["tricks"] == [
        {"leader": 0, "plays": [[0, "AH"], [1, "KH"], [2, "QH"]], "winner": 0, "points": 0},
        {"leader": 0, "plays": [[0, "8S"], [1, "AS"], [2, "9S"]], "winner": 1, "points": 0},
        {"leader": 1, "plays": [[1, "7C"], [2, "JD"], [0, "TD"]], "winner": 1, "points": 0},
    ]
    assert "Mary fell and pays 19" in got["summary"]


def test_revoke_example_words():
    record, _ = load("08-revoke")
    got = referee.replay(record)
    v = got["violations"][0]
    assert "TD" in v["message"] and "7S" in v["message"] and "Uncle Joe" in v["message"]
    assert "Uncle Joe revoked" in got["summary"] and "30" in got["summary"]


def test_replay_does_not_change_the_record():
    for name in CASES:
        record, _ = load(name)
        before = json.dumps(record, sort_keys=True)
        referee.replay(record)
        assert json.dumps(record, sort_keys=True) == before
