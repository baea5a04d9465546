"""POST /api/referee/ (no login, stores nothing) and the OpenAPI schema and docs."""

import json

import pytest
import yaml
from rest_framework.test import APIClient

import referee
from archive.models import Hand
from tests import factories
from tests.examples import public_examples

pytestmark = pytest.mark.django_db


def post(body, content_type="application/json"):
    return APIClient().post("/api/referee/", body, content_type=content_type)


def test_the_referee_rules_without_login_and_stores_nothing():
    record = factories.example_record("01-plain-hand")
    r = post(json.dumps(record))
    assert r.status_code == 200
    ruling = r.json()
    # The rule book's worked example: pot 4 + antes 15 = 19, tricks worth 6, Mary falls (19), 1 odd cent carries.
    assert ruling["format"] == "ruling/1"
    assert ruling["net"] == factories.example_ruling("01-plain-hand")["net"] == [0, 9, -22, -3]
    assert ruling["pot_out"] == 20
    assert not Hand.objects.exists()


def test_a_rule_broken_is_a_ruling_not_an_error():
    r = post(json.dumps(factories.example_record("08-revoke")))
    assert r.status_code == 200
    assert [v["rule"] for v in r.json()["violations"]] == ["swik.revoke"]


@pytest.mark.parametrize("body", ["{oops", "", "[1,2]", "null", '"text"', "42"])
def test_unreadable_bodies_get_the_error_document(body):
    r = post(body)
    assert r.status_code == 400
    doc = r.json()
    assert doc["format"] == "error/1"
    assert doc["errors"] and all(e["message"] for e in doc["errors"])


def test_a_bad_record_names_the_event_and_field():
    record = factories.example_record("01-plain-hand")
    record["events"][1]["turned"] = "1X"  # not a card
    r = post(json.dumps(record))
    assert r.status_code == 400
    errors = r.json()["errors"]
    assert any(e["event"] == 1 and e["field"] == "turned" for e in errors), errors


def test_wrong_types_and_bytes_are_never_a_500():
    record = factories.example_record("01-plain-hand")
    record["events"][0]["seat"] = "3"
    assert post(json.dumps(record)).status_code == 400
    assert post(b"\xff\xfe\x00garbage", content_type="application/octet-stream").status_code == 400
    assert post(json.dumps({"format": "handrec/1", "game": "swik", "players": "everyone"})).status_code == 400


def test_the_referee_answers_a_logged_in_user_too_without_csrf(client, owner):
    client.force_login(owner)
    from django.test import Client

    c = Client(enforce_csrf_checks=True)
    c.force_login(owner)
    r = c.post("/api/referee/", json.dumps(factories.example_record("02-ace-cut")), content_type="application/json")
    assert r.status_code == 200


def test_the_schema_is_valid_openapi(client):
    from drf_spectacular.validation import validate_schema

    r = client.get("/api/schema/")
    assert r.status_code == 200
    schema = yaml.safe_load(r.content)
    validate_schema(schema)
    paths = schema["paths"]
    for p in [
        "/api/referee/",
        "/api/hands/",
        "/api/hands/{id}/ruling/",
        "/api/players/{id}/merge/",
        "/api/disputes/{id}/resolve/",
        "/api/disputes/{id}/versions/",
        "/api/disputes/{id}/compare/",
        "/api/disputes/{id}/settle/",
        "/api/families/{id}/export/",
        "/api/families/{id}/import/",
    ]:
        assert p in paths, p


def test_the_docs_are_served_without_a_cdn(client):
    r = client.get("/api/docs/")
    assert r.status_code == 200
    html = r.content.decode()
    assert "swagger-ui" in html
    for cdn in ("cdn.jsdelivr", "unpkg.com", "cdnjs"):
        assert cdn not in html
    assert "/static/drf_spectacular_sidecar/" in html
    assert client.get("/api/redoc/").status_code == 200


@pytest.mark.parametrize("name,text", public_examples(), ids=[n for n, _ in public_examples()])
def test_the_endpoints_send_referee_answers_bytes(name, text):
    """The browser's offline referee calls referee.answer() too: the API's body is that function's, byte for byte."""
    for url, ask in (("/api/referee/", "replay"), ("/api/referee/legal/", "legal")):
        r = APIClient().post(url, text, content_type="application/json")
        assert (r.status_code, r.content.decode()) == referee.answer(ask, text), (name, url)
    assert APIClient().get("/api/games/").content.decode() == referee.answer("games")[1]
