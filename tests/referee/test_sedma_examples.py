"""The rule book's three Sedma deals (copied into tests/data/sedma/) through Python, `manage.py referee` and
POST /api/referee/: each trick's winner and each side's points as the examples give them."""

import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

import referee

DATA = Path(__file__).resolve().parent.parent / "data" / "sedma"
CASES = sorted(p.name[: -len(".expect.json")] for p in DATA.glob("*.expect.json"))


def load(name):
    return json.loads((DATA / f"{name}.json").read_text()), json.loads((DATA / f"{name}.expect.json").read_text())


def check(ruling, want):
    assert ruling["format"] == "ruling/1" and ruling["game"] == "sedma"
    assert ruling["status"] == "complete" and ruling["violations"] == []
    assert [t["winner"] for t in ruling["tricks"]] == want["winners"]
    assert ruling["score"]["sides"] == [[0, 2], [1, 3]]
    assert ruling["score"]["points"] == want["points"]
    p = want["points"]
    assert ruling["score"]["players"] == [p[0], p[1], p[0], p[1]]
    assert sum(t["points"] for t in ruling["tricks"]) == 90
    assert ruling["net"] == [0, 0, 0, 0] and ruling["ledger"] == []


def test_there_are_three_examples():
    assert CASES == ["01-deal", "02-deal", "03-deal"]


@pytest.mark.parametrize("name", CASES)
def test_python(name):
    record, want = load(name)
    check(referee.replay(record), want)


@pytest.mark.parametrize("name", CASES)
def test_manage_py_referee(name):
    out = io.StringIO()
    call_command("referee", str(DATA / f"{name}.json"), stdout=out)  # (exit 0: no SystemExit)
    check(json.loads(out.getvalue()), load(name)[1])


@pytest.mark.django_db
@pytest.mark.parametrize("name", CASES)
def test_post_api_referee(name):
    record, want = load(name)
    r = APIClient().post("/api/referee/", json.dumps(record), content_type="application/json")
    assert r.status_code == 200
    check(r.json(), want)


def test_a_bad_sedma_record_through_the_api_names_event_and_field():
    record, _ = load("01-deal")
    record["events"][3]["card"] = "AH"  # Petr never held the Ace of hearts: Děda did
    with pytest.raises(referee.BadRecord) as e:
        referee.replay(record)
    assert [(x["event"], x["field"]) for x in e.value.errors] == [(3, "card")]
    assert "Děda" in e.value.errors[0]["message"]
