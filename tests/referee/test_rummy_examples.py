"""The rule book's four rummy hands (copied into tests/data/rummy/) through Python, `manage.py referee` and
POST /api/referee/: each player's points, who went out and the rules broken, as the examples give them."""

import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

import referee

DATA = Path(__file__).resolve().parent.parent / "data" / "rummy"
CASES = sorted(p.name[: -len(".expect.json")] for p in DATA.glob("*.expect.json"))


def load(name):
    return json.loads((DATA / f"{name}.json").read_text()), json.loads((DATA / f"{name}.expect.json").read_text())


def check(ruling, want):
    assert ruling["format"] == "ruling/1" and ruling["game"] == "rummy"
    assert ruling["status"] == want["status"]
    assert ruling["score"]["players"] == want["points"]
    assert ruling["score"]["out"] == want["out"]
    assert [v["rule"] for v in ruling["violations"]] == want["rules"]
    sc = ruling["score"]
    assert sc["players"] == [m - h - p for m, h, p in zip(sc["melded"], sc["in_hand"], sc["penalties"])]
    assert ruling["net"] == [0] * len(want["points"]) and ruling["ledger"] == []


def test_there_are_four_examples():
    assert CASES == ["01-2p", "02-3p", "03-4p", "04-out-of-turn"]


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


def test_the_summary_names_each_players_melds_in_words():
    record, _ = load("02-3p")
    words = referee.replay(record)["summary"]
    assert "Olga went out" in words
    assert "Olga: the Queens (QH QD QC), laid off 7C on Sveta's run of clubs" in words
    assert "Sveta: a run of clubs from the King to the Eight (KC AC 6C 7C 8C)" in words
    assert "Dima: the Nines" in words


def test_the_out_of_turn_example_names_sveta_and_play_goes_on_from_her():
    record, _ = load("04-out-of-turn")
    (v,) = referee.replay(record)["violations"]
    assert (v["event"], v["seat"]) == (35, 2)
    assert "Sveta played out of turn (Dima was next)" in v["message"]


@pytest.mark.django_db
def test_a_bad_rummy_record_through_the_api_names_event_and_field():
    record, _ = load("01-2p")
    record["events"][12]["card"] = "QH"  # not in the row: the row holds 8S AH TC JS
    r = APIClient().post("/api/referee/", json.dumps(record), content_type="application/json")
    assert r.status_code == 400
    (err,) = r.json()["errors"]
    assert (err["event"], err["field"]) == (12, "card")
    assert "not in the row (the row holds 8S AH TC JS)" in err["message"]
