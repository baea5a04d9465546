"""The rule book's seven Seka examples (copied into tests/data/seka/): the referee's rulings, through Python,
`manage.py referee` and POST /api/referee/."""

import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

import referee

DATA = Path(__file__).resolve().parent.parent / "data" / "seka"
CASES = sorted(p.name[: -len(".expect.json")] for p in DATA.glob("*.expect.json"))

# What a player checks in each example's summary: the winner's value in words, or the svara.
WORDS = {
    "01-plain": "Tolya: 19 in clubs",
    "02-lone": "Fedya: 17 in diamonds",
    "03-svara": "Masha and Fedya play a new hand for the pot of 70",
    "04-blind": "Tolya: two Aces, 22",
    "05-under-stake": "Vasya: 20 in clubs",
    "06-open-plain": "Masha: 31 in spades (7C as AS)",
    "07-open-svara": "Vasya and Tolya play a new hand for the pot of 21",
}
SVARA = {"03-svara": [0, 1], "07-open-svara": [0, 4]}


def load(name):
    return json.loads((DATA / f"{name}.json").read_text()), json.loads((DATA / f"{name}.expect.json").read_text())


def check(got, want, name):
    assert got["format"] == "ruling/1" and got["game"] == "seka"
    assert got["status"] == want["status"]
    assert got["net"] == want["net"]
    assert got["pot_out"] == want["pot_out"]
    assert sorted(v["rule"] for v in got["violations"]) == sorted(want["rules"])
    assert sum(got["net"]) == got["pot_in"] - got["pot_out"]
    assert WORDS[name] in got["summary"]
    assert got["facts"]["carry"].get("svara") == SVARA.get(name)


def test_all_seven_examples_are_here():
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


def test_the_under_stake_violation_names_the_least_stake():
    record, _ = load("05-under-stake")
    v = referee.replay(record)["violations"]
    assert [(x["event"], x["seat"]) for x in v] == [(1, 3)]
    assert "under the least stake of 1" in v[0]["message"] and v[0]["penalty"] == 0
