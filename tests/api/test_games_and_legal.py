"""GET /api/games/ (the referee's catalogue), POST /api/referee/legal/ (what may come next; no login, stores
nothing), and a session's game, variant and house rules checked against the catalogue."""

import json

import pytest
from rest_framework.test import APIClient

import referee
from archive.models import Hand, Session
from tests import factories

pytestmark = pytest.mark.django_db


def legal(body):
    return APIClient().post("/api/referee/legal/", body, content_type="application/json")


def test_the_catalogue_is_the_referees():
    r = APIClient().get("/api/games/")
    assert r.status_code == 200
    assert r.json() == referee.games()
    swik = next(g for g in r.json() if g["name"] == "swik")
    assert {x["name"] for x in swik["house_rules"]} >= {"ante", "double_fall", "high_wraps"}


def test_after_an_ace_cut_the_referee_moves_the_deal_and_asks_the_new_dealer_for_the_bottom_card():
    record = factories.example_record("02-ace-cut")  # Me cuts the Ace of spades: the deal moves to Uncle Joe
    record["events"] = record["events"][:1]
    r = legal(json.dumps(record))
    assert r.status_code == 200
    doc = r.json()
    assert doc["format"] == "legal/1" and doc["turn"] == 1
    assert doc["table"]["dealer"] == 1
    assert doc["options"][0] == {"action": "bottom", "seat": 1, "cards": doc["options"][0]["cards"]}
    assert "AS" not in doc["options"][0]["cards"]  # the Ace cut is not at the bottom
    assert not Hand.objects.exists()


def test_the_cards_a_player_may_play_are_only_those_without_a_revoke():
    record = factories.example_record("01-plain-hand")
    plays = [i for i, e in enumerate(record["events"]) if e["action"] == "play"]
    record["events"] = record["events"][: plays[0] + 1]  # Dad led the Ace of hearts
    doc = legal(json.dumps(record)).json()
    play = next(o for o in doc["options"] if o["action"] == "play")
    assert doc["turn"] == play["seat"] == 1
    assert play["cards"] == ["KH"]  # Joe holds one heart: he must follow suit
    assert doc["table"]["trick"] == [[0, "AH"]] and doc["table"]["trump"] == "C"


def test_a_finished_hand_has_no_options_and_a_bad_one_gets_the_error_document():
    doc = legal(json.dumps(factories.example_record("01-plain-hand"))).json()
    assert doc["done"] is True and doc["options"] == [] and doc["turn"] is None
    record = factories.example_record("01-plain-hand")
    record["events"][1]["turned"] = "1X"
    r = legal(json.dumps(record))
    assert r.status_code == 400 and r.json()["format"] == "error/1"
    assert any(e["event"] == 1 and e["field"] == "turned" for e in r.json()["errors"])
    for body in ["{oops", "", "[1]", "null"]:
        assert legal(body).status_code == 400


@pytest.mark.parametrize(
    "change, words",
    [
        ({"house_rules": {"antes": 5}}, "Swik has no house rule “antes”"),
        ({"house_rules": {"ante": -5}}, "Ante is a whole number of cents"),
        ({"house_rules": {"double_fall": "yes"}}, "Double fall is true or false"),
        ({"house_rules": {"high_wrap_tricks": 9}}, "from 1 to 3"),
        ({"house_rules": {"min_players": 5}}, "3 players at the table; Swik here takes 5 to 7"),
        ({"variant": "express"}, "Swik has no variant “express”"),
    ],
)
def test_a_session_whose_hands_would_all_fail_is_refused(api, family, change, words):
    body = {
        "family": family.pk,
        "game": "swik",
        "started_at": "2024-03-02T19:30:00-06:00",
        "players": ["Dad", "Uncle Joe", "Cousin Vera"],
    } | change
    r = api("editor").post("/api/sessions/", body, format="json")
    assert r.status_code == 400, r.content
    assert words in json.dumps(r.json(), ensure_ascii=False)
    assert not Session.objects.filter(family=family).exists()


def test_a_game_the_referee_does_not_know_is_refused(api, family):
    body = {
        "family": family.pk,
        "game": "poker",  # (not yet in the referee's catalogue)
        "started_at": "2024-03-02T19:30:00-06:00",
        "players": ["Dad", "Uncle Joe", "Cousin Vera"],
    }
    r = api("editor").post("/api/sessions/", body, format="json")
    assert r.status_code == 400 and "game" in r.json()
