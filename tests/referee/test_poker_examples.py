"""The rule book's five poker examples (copied into tests/data/poker/): the referee's rulings, through Python,
`manage.py referee` and POST /api/referee/. Each expect.json gives the net; the summary must name every shown
hand in words, and the pot must be paid out (nothing carried)."""

import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

import referee

DATA = Path(__file__).resolve().parent.parent / "data" / "poker"
CASES = sorted(p.name[: -len(".expect.json")] for p in DATA.glob("*.expect.json"))

# What a player checks in each summary: every shown hand in words, by seat (Dima, Olya).
WORDS = {
    "01": ["Dima: straight round the corner, Two down to Jack", "Olya: straight, Queen down to Eight"],
    "02": ["Dima: flush in hearts", "Olya: flush in spades"],
    "03": ["Dima: four Kings", "Olya: five Aces"],
    "04": ["Dima: straight, Seven down to Three", "Olya: four Nines"],
    "05": ["Dima: straight round the corner, Five down to Ace", "Olya: straight, Six down to Two"],
}
WINNER = {"01": "Olya: straight", "02": "Olya: flush", "03": "Olya: five", "04": "Dima: straight"}


def load(name):
    return json.loads((DATA / f"{name}.json").read_text()), json.loads((DATA / f"{name}.expect.json").read_text())


def check(got, want, name):
    assert got["format"] == "ruling/1" and got["game"] == "poker"
    assert got["status"] == "complete"
    assert got["net"] == want["net"], want["_why"]
    assert got["pot_out"] == 0 and got["violations"] == []
    assert sum(got["net"]) == got["pot_in"] - got["pot_out"]
    for words in WORDS[name]:
        assert words in got["summary"]
    if name in WINNER:
        assert got["summary"].startswith(WINNER[name]) and "takes the pot of 4" in got["summary"]
    else:
        assert "split the pot (Dima 2, Olya 2)" in got["summary"]
    hands = got["facts"]["game"]["seats"]["hand"]
    assert [f"{p}: {h}" for p, h in zip(["Dima", "Olya"], hands)] == WORDS[name]


def test_all_five_examples_are_here():
    assert CASES == sorted(WORDS)


@pytest.mark.parametrize("name", CASES)
def test_example_in_python(name):
    record, want = load(name)
    check(referee.replay(record), want, name)


@pytest.mark.parametrize("name", CASES)
def test_example_through_manage_py_referee(name):
    record, want = load(name)
    out = io.StringIO()
    call_command("referee", str(DATA / f"{name}.json"), stdout=out)
    check(json.loads(out.getvalue()), want, name)


@pytest.mark.django_db
@pytest.mark.parametrize("name", CASES)
def test_example_through_the_api(name):
    record, want = load(name)
    r = APIClient().post("/api/referee/", json.dumps(record), content_type="application/json")
    assert r.status_code == 200, r.content
    check(r.json(), want, name)


@pytest.mark.django_db
def test_the_api_names_the_next_call_and_the_least_raise():
    record, _ = load("01")
    record["events"] = record["events"][:4]  # Olya has raised 1; Dima is due
    r = APIClient().post("/api/referee/legal/", json.dumps(record), content_type="application/json")
    assert r.status_code == 200, r.content
    legal = r.json()
    assert legal["turn"] == 0
    options = {(o["action"], "min" in o): o for o in legal["options"] if o["seat"] == 0}
    assert options["call", False]["amount"] == 1
    assert options["raise", True]["min"] == 2 and options["raise", True]["max"] is None
    assert options["raise", False]["amount"] == 1  # a raise of just the call is taken as the call
    assert not any(o["action"] == "show" for o in legal["options"])  # Dima owes a call
