"""Issue 11, money without a bound: every amount is bounded where it enters the archive, and a
number too big for the database is a 400 naming the field, never a 500."""

import json

import pytest
from django.urls import reverse

from archive.history import imports
from archive.models import Hand, Session, SettlePayment
from archive.people import services as people_services
from tests import factories
from tests.factories import example_record

HUGE = 10**400


def _errors_text(response):
    return json.dumps(response.json())


def test_api_hand_with_an_ante_of_ten_to_the_400_is_a_400_naming_the_field(api, session):
    record = example_record("01-plain-hand")
    record["house_rules"] = {"ante": HUGE}
    r = api("editor").post("/api/hands/", {"session": session.pk, "record": record}, format="json")
    assert r.status_code == 400
    assert r.json()["format"] == "error/1"
    assert any("ante" in e["field"] for e in r.json()["errors"])
    assert not Hand.objects.filter(session=session).exists()


def test_an_ante_of_ten_to_the_18_in_a_record_is_refused_and_later_hands_still_save(api, session, editor):
    record = example_record("01-plain-hand")
    record["house_rules"] = {"ante": 10**18}
    r = api("editor").post("/api/hands/", {"session": session.pk, "record": record}, format="json")
    assert r.status_code == 400
    assert "ante" in _errors_text(r)
    ok = api("editor").post(
        "/api/hands/", {"session": session.pk, "record": example_record("01-plain-hand")}, format="json"
    )
    assert ok.status_code == 201


def test_a_session_with_an_ante_of_ten_to_the_18_is_refused_at_creation(api, family):
    body = {
        "family": family.pk,
        "started_at": "2024-03-02T19:30:00-06:00",
        "players": ["A", "B", "C"],
        "house_rules": {"ante": 10**18},
    }
    r = api("editor").post("/api/sessions/", body, format="json")
    assert r.status_code == 400
    assert "house_rules" in r.json() and "ante" in _errors_text(r).lower()
    assert not Session.objects.filter(family=family).exists()


def test_unknown_house_rules_are_refused_at_session_creation(api, family):
    body = {
        "family": family.pk,
        "started_at": "2024-03-02T19:30:00-06:00",
        "players": ["A", "B", "C"],
        "house_rules": {"nonsense": 1},
    }
    r = api("editor").post("/api/sessions/", body, format="json")
    assert r.status_code == 400
    assert "nonsense" in _errors_text(r)


def test_a_house_rule_of_the_wrong_kind_is_refused(family, owner):
    with pytest.raises(Exception) as exc:
        factories.make_session(family, owner, house_rules={"double_fall": "maybe"})
    assert "double_fall" in str(exc.value)


@pytest.mark.parametrize("pot_in", [2**63, 10**13])
def test_session_pot_in_past_the_bound_is_a_400(api, family, pot_in):
    body = {
        "family": family.pk,
        "started_at": "2024-03-02T19:30:00-06:00",
        "players": ["A", "B", "C"],
        "pot_in": pot_in,
    }
    r = api("editor").post("/api/sessions/", body, format="json")
    assert r.status_code == 400
    assert "pot_in" in r.json()


def test_session_form_pot_in_past_the_bound_is_a_400(web, family, editor):
    url = reverse("session_new", args=[family.slug])
    r = web(editor).post(
        url,
        {
            "game": "swik",
            "date": "2024-03-02",
            "time": "19:30",
            "timezone": "America/Chicago",
            "first_dealer": 0,
            "pot_in": str(2**63),
            "seat_guest": ["A", "B", "C"],
        },
    )
    assert r.status_code == 400
    assert not Session.objects.filter(family=family).exists()


def test_settle_up_amount_past_the_bound_is_a_400(api, family, hands):
    url = reverse("api-stats-settle-paid", args=[family.slug])
    r = api("editor").post(url, {"payer": None, "payee": None, "amount": 2**63}, format="json")
    assert r.status_code == 400
    assert "amount" in r.json()
    assert not SettlePayment.objects.exists()


def test_settle_up_page_amount_past_the_bound_is_refused(web, family, editor, hands):
    url = reverse("stats-settle-paid", args=[family.slug])
    r = web(editor).post(url, {"payer": "", "payee": "", "amount": str(2**63)})
    assert r.status_code in (302, 400)
    assert not SettlePayment.objects.exists()


def _line(record, key="k1", number=1, **session):
    meta = {"key": key, "started_at": "2024-03-01T19:00:00-06:00", "timezone": "America/Chicago"} | session
    return json.dumps(dict(record, archive={"session": meta, "number": number}))


def test_import_hand_number_past_two_to_the_63_is_an_error_naming_the_field(family, owner):
    result = imports.history_import(
        family=family, lines=[_line(example_record("01-plain-hand"), number=2**63)], by=owner
    )
    assert result["added"] == 0
    assert [e["field"] for e in result["errors"]] == ["archive.number"]


def test_import_session_pot_in_past_the_bound_is_an_error(family, owner):
    result = imports.history_import(
        family=family, lines=[_line(example_record("01-plain-hand"), pot_in=2**63)], by=owner
    )
    assert result["added"] == 0 and result["errors"]
    assert "pot_in" in json.dumps(result["errors"])


def test_imported_session_in_mars_time_zone_is_refused(family, owner):
    result = imports.history_import(
        family=family, lines=[_line(example_record("01-plain-hand"), timezone="Mars/Olympus")], by=owner
    )
    assert result["added"] == 0
    assert "Mars/Olympus" in json.dumps(result["errors"])
    assert not Session.objects.filter(family=family).exists()


def test_imported_session_with_unknown_house_rules_is_refused(family, owner):
    result = imports.history_import(
        family=family, lines=[_line(example_record("01-plain-hand"), house_rules={"nonsense": 1})], by=owner
    )
    assert result["added"] == 0
    assert "nonsense" in json.dumps(result["errors"])


def test_an_overflow_anywhere_in_the_api_is_a_400(api, family, monkeypatch):
    def boom(**kw):
        raise OverflowError("Python int too large to convert to SQLite INTEGER")

    monkeypatch.setattr(people_services, "player_create", boom)
    r = api("editor").post("/api/players/", {"family": family.pk, "name": "Zed"}, format="json")
    assert r.status_code == 400
    assert "too big" in r.json()["detail"]
