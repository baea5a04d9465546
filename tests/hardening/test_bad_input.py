"""Issue 11, 500s that must be 400s: each row of the probe's list answers a clear 400."""

import json

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from archive.models import Membership, Player, Session, SettlePayment
from archive.table.forms import rule_field_name

DEEP = "[" * 100_000 + "]" * 100_000


def test_non_numeric_session_on_the_settle_up_api_is_a_400(api, family, hands):
    r = api("viewer").get(reverse("api-stats-settle", args=[family.slug]) + "?session=abc")
    assert r.status_code == 400
    assert "session" in r.json()


def test_non_numeric_session_on_paid_is_a_400(web, api, family, editor, hands):
    r = web(editor).post(
        reverse("stats-settle-paid", args=[family.slug]), {"session": "abc", "payer": "", "payee": "", "amount": "5"}
    )
    assert r.status_code == 400
    r = api("editor").post(
        reverse("api-stats-settle-paid", args=[family.slug]),
        {"session": "abc", "payer": None, "payee": None, "amount": 5},
        format="json",
    )
    assert r.status_code == 400
    assert not SettlePayment.objects.exists()


def test_huge_page_number_on_a_player_page_is_not_a_500(web, family, viewer, hands):
    p = Player.objects.get(family=family, name="Mary")
    r = web(viewer).get(reverse("player", args=[family.slug, p.pk]) + "?page=99999999999999999999")
    assert r.status_code in (200, 404)


@pytest.mark.parametrize("method", ["post", "put"])
def test_json_nested_100000_deep_in_hand_create_and_edit_is_a_400(api, session, hands, method):
    body = f'{{"session": {session.pk}, "record": {DEEP}}}'
    url = "/api/hands/" if method == "post" else f"/api/hands/{hands[0].pk}/"
    r = getattr(api("editor"), method)(url, body, content_type="application/json")
    assert r.status_code == 400
    assert "nested" in json.dumps(r.json())


def test_json_nested_100000_deep_in_the_new_session_form_is_a_400(web, family, editor):
    """The form once read its house rules from a hidden JSON field; it now reads each rule from its own
    field (the catalogue's), so the deep JSON is a value the ante field refuses, and nothing else reads it."""
    url = reverse("session_new", args=[family.slug])
    r = web(editor).post(
        url,
        {
            "game": "swik",
            "date": "2024-03-02",
            "time": "19:30",
            "timezone": "America/Chicago",
            "first_dealer": 0,
            "pot_in": 0,
            "seat_guest": ["A", "B", "C"],
            "house_rules": DEEP,
            "rules_shown": DEEP,
            rule_field_name("swik", "ante"): DEEP,
        },
    )
    assert r.status_code == 400
    assert not Session.objects.filter(family=family).exists()


def test_demoting_the_last_owner_through_the_api_is_a_400(api, family, owner):
    m = Membership.objects.get(family=family, user=owner)
    r = api("owner").patch(f"/api/members/{m.pk}/", {"role": "viewer"}, format="json")
    assert r.status_code == 400
    assert "only owner" in json.dumps(r.json())
    m.refresh_from_db()
    assert m.role == "owner"


def test_a_5000_character_player_name_is_a_400_everywhere(api, web, family, editor):
    name = "x" * 5000
    r = api("editor").post(
        "/api/sessions/",
        {"family": family.pk, "started_at": "2024-03-02T19:30:00-06:00", "players": [name, "B", "C"]},
        format="json",
    )
    assert r.status_code == 400
    r = web(editor).post(
        reverse("session_new", args=[family.slug]),
        {
            "game": "swik",
            "date": "2024-03-02",
            "time": "19:30",
            "timezone": "America/Chicago",
            "first_dealer": 0,
            "pot_in": 0,
            "seat_guest": [name, "B", "C"],
        },
    )
    assert r.status_code == 400
    assert not Player.objects.filter(name__startswith="xxxx").exists()


def test_a_binary_file_to_import_history_is_a_clear_error(family, tmp_path):
    path = tmp_path / "history.jsonl"
    path.write_bytes(bytes(range(256)) * 10)
    with pytest.raises(CommandError) as exc:
        call_command("import_history", family.slug, str(path))
    assert "UTF-8" in str(exc.value)


def test_a_10_mb_body_to_the_referee_answers_error_1(client):
    r = client.post("/api/referee/", data=b"{" + b" " * (10 * 1024 * 1024) + b"}", content_type="application/json")
    assert r.status_code == 413  # issue 28: too big is 413, in error/1
    doc = r.json()
    assert doc["format"] == "error/1"
    assert "too big" in doc["errors"][0]["message"]
