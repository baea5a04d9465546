"""Issue 28: what hostile input and a double tap still broke. Each test names its item."""

import datetime
import json
import os
import subprocess
import sys
import zoneinfo
from pathlib import Path

import pytest
from django.db import connection
from django.urls import reverse
from django.utils import timezone as dj_timezone

import referee
from archive.models import Dispute, DisputeMessage, Hand, Player, Session
from archive.table import services
from tests import factories
from tests.hardening.double_tap import double_tap

ROOT = Path(__file__).resolve().parent.parent.parent

pytestmark = pytest.mark.django_db


def _new_session(family, **extra):
    return {
        "family": family.pk,
        "started_at": "2024-04-05T19:00:00-05:00",
        "players": ["Dad", "Uncle Joe", "Cousin Vera"],
        **extra,
    }


# --- 3. a write is all or nothing --------------------------------------------------------------------------


@pytest.mark.parametrize("query", ["?family=999", "?family=abc"])
def test_a_new_session_with_a_list_filter_in_the_address_is_made_once_and_answered(api, family, query):
    before = Session.objects.count()
    r = api("editor").post("/api/sessions/" + query, _new_session(family), format="json")
    assert r.status_code == 201, r.content
    assert [seat["name"] for seat in r.json()["seats"]] == ["Dad", "Uncle Joe", "Cousin Vera"]
    assert Session.objects.count() == before + 1


def test_a_refused_session_leaves_no_guest_behind(api, family):
    body = _new_session(family, players=["Dad", "Cousin Vera", "Cousin Vera"])
    r = api("editor").post("/api/sessions/", body, format="json")
    assert r.status_code == 400 and "only one seat" in r.json()["players"][0]
    assert not Player.objects.filter(family=family, name="Cousin Vera").exists()


# --- 8. dates are bounded ----------------------------------------------------------------------------------


def _tomorrow_at_the_table(family, days=1):
    zone = zoneinfo.ZoneInfo(family.timezone)
    return (dj_timezone.now().astimezone(zone) + datetime.timedelta(days=days)).replace(hour=19, minute=0)


@pytest.mark.parametrize(
    "started_at,words",
    [("2999-01-01T19:00:00-06:00", "in the future"), ("1850-06-01T19:00:00-06:00", "before 1900")],
)
def test_a_session_dated_2999_or_1850_is_refused_by_the_api(api, family, started_at, words):
    r = api("editor").post("/api/sessions/", _new_session(family, started_at=started_at), format="json")
    assert r.status_code == 400 and words in r.json()["started_at"][0]
    assert not Session.objects.filter(family=family).exists()


def test_tomorrow_at_the_table_is_the_latest_date(api, family):
    c = api("editor")
    ok = c.post("/api/sessions/", _new_session(family, started_at=_tomorrow_at_the_table(family).isoformat()))
    assert ok.status_code == 201, ok.content
    late = c.post("/api/sessions/", _new_session(family, started_at=_tomorrow_at_the_table(family, 2).isoformat()))
    assert late.status_code == 400 and "at most tomorrow" in late.json()["started_at"][0]


@pytest.mark.parametrize("date", ["2999-01-01", "1899-12-31"])
def test_the_new_session_form_refuses_a_date_out_of_bounds(web, family, editor, date):
    form = {
        "game": "swik",
        "date": date,
        "time": "19:30",
        "timezone": "America/Chicago",
        "first_dealer": 0,
        "pot_in": 0,
        "seat_guest": ["Ann", "Bob", "Cy"],
    }
    r = web(editor).post(reverse("session_new", args=[family.slug]), form)
    assert r.status_code in (200, 400)
    assert "in the future" in r.content.decode() or "before 1900" in r.content.decode()
    assert not Session.objects.filter(family=family).exists()
    assert not Player.objects.filter(family=family, name="Ann").exists()


# --- 6. disputes on deleted hands, settled twice -----------------------------------------------------------


def test_no_dispute_on_a_deleted_hand_by_page_or_api(api, web, family, editor, hands):
    services.hand_delete(hand=hands[0], by=editor, why="dealt twice")
    r = api("editor").post("/api/disputes/", {"hand": hands[0].pk, "title": "Misdeal!", "text": "x"}, format="json")
    assert r.status_code == 400 and "was deleted" in json.dumps(r.json())
    r = web(editor).post(reverse("dispute_new", args=[family.slug, hands[0].pk]), {"title": "Misdeal!", "text": "x"})
    assert r.status_code == 302
    assert not Dispute.objects.exists()
    page = web(editor).get(r["Location"]).content.decode()
    assert "was deleted; restore it before opening a dispute" in page


def test_a_settled_dispute_is_not_settled_again(api, web, family, editor, hands):
    d = services.dispute_open(hand=hands[0], title="Misdeal!", text="", by=editor)
    r = api("editor").post(f"/api/disputes/{d.pk}/resolve/", {"resolution": "It stands."}, format="json")
    assert r.status_code == 200
    r = api("editor").post(f"/api/disputes/{d.pk}/resolve/", {"resolution": "Redeal it."}, format="json")
    assert r.status_code == 400 and "settled already" in json.dumps(r.json())
    r = web(editor).post(reverse("dispute", args=[family.slug, d.pk]), {"resolve": "1", "resolution": "Redeal it."})
    assert r.status_code == 400 and "settled already" in r.content.decode()
    d.refresh_from_db()
    assert d.resolution == "It stands."


# --- 7. bodies and texts are bounded -----------------------------------------------------------------------


def test_a_megabyte_why_is_refused_in_words_and_not_stored(api, editor, hands):
    d = services.dispute_open(hand=hands[0], title="Misdeal!", text="", by=editor)
    big = "x" * 1_000_000
    c = api("editor")
    r = c.post("/api/disputes/", {"hand": hands[0].pk, "title": "Again", "text": big}, format="json")
    assert r.status_code == 400 and "at most 10,000 characters" in json.dumps(r.json())
    r = c.post(f"/api/disputes/{d.pk}/messages/", {"text": big}, format="json")
    assert r.status_code == 400 and "at most 10,000 characters" in json.dumps(r.json())
    r = c.post(f"/api/disputes/{d.pk}/resolve/", {"resolution": big}, format="json")
    assert r.status_code == 400
    r = c.post(f"/api/hands/{hands[0].pk}/restore/", {"why": big}, format="json")
    assert r.status_code in (200, 400)
    r = c.delete(f"/api/hands/{hands[0].pk}/", {"why": big}, format="json")
    assert r.status_code == 400 and "at most 10,000 characters" in json.dumps(r.json())
    assert Dispute.objects.count() == 1 and not DisputeMessage.objects.filter(text=big).exists()
    assert not Hand.objects.filter(deleted_at__isnull=False).exists()


def test_a_body_over_the_limit_is_a_413_in_error_1(api, session, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 10_000
    body = json.dumps({"session": session.pk, "record": {"note": "x" * 20_000}})
    for url in ("/api/hands/", "/api/referee/", "/api/sessions/"):
        r = api("editor").post(url, body, content_type="application/json")
        assert r.status_code == 413, (url, r.status_code)
        doc = r.json()
        assert doc["format"] == "error/1" and "10,000 bytes" in doc["errors"][0]["message"]
    assert not Hand.objects.exists()


# --- 2. a lone surrogate is a located bad record -----------------------------------------------------------

SURROGATE = "\ud800"


def _record_with(where):
    record = factories.example_record("01-plain-hand")
    if where == "note":
        record["events"][2]["note"] = "looked at " + SURROGATE
    else:  # an event's extra key
        record["events"][2]["why" + SURROGATE] = 1
    return record


@pytest.mark.parametrize("where", ["note", "key"])
def test_the_referee_names_the_event_of_a_lone_surrogate(where):
    record = _record_with(where)
    for read in (referee.replay, referee.legal, lambda r: referee.loads(json.dumps(r))):
        with pytest.raises(referee.BadRecord) as exc:
            read(record)
        (err,) = exc.value.errors
        assert err["event"] == 2 and err["field"].startswith("events[2].") and "lone surrogate" in err["message"]
        json.dumps(err, ensure_ascii=False).encode("utf-8")  # the error itself can be written


@pytest.mark.parametrize("where", ["note", "key"])
def test_a_lone_surrogate_is_a_400_in_error_1_everywhere_and_nothing_is_saved(api, web, editor, session, where):
    record = _record_with(where)
    body = json.dumps({"session": session.pk, "record": record})  # ASCII: the surrogate as its \u escape
    for url, payload in (
        ("/api/referee/", json.dumps(record)),
        ("/api/referee/legal/", json.dumps(record)),
        ("/api/hands/", body),
    ):
        r = api("editor").post(url, payload, content_type="application/json")
        assert r.status_code == 400, (url, r.status_code)
        doc = r.json()
        assert doc["format"] == "error/1" and doc["errors"][0]["event"] == 2, (url, doc)
    r = api("editor").post(
        "/api/disputes/", '{"hand": 1, "title": "x\\ud800", "text": "y"}', content_type="application/json"
    )
    assert r.status_code == 400 and r.json()["errors"][0]["field"] == "title"
    page = web(editor).post(reverse("hand_log", args=[session.family.slug, session.pk]), {"raw": json.dumps(record)})
    assert page.status_code == 400 and "lone surrogate" in page.content.decode()
    assert not Hand.objects.exists()


# --- 4. an empty hand needs the table's confirmation, in the API as on the page ----------------------------


@pytest.mark.parametrize("record", [{}, {"events": []}, {"winners": [1, 2]}])
def test_the_api_refuses_an_empty_hand_unless_the_table_confirms_it(api, session, record):
    c = api("editor")
    r = c.post("/api/hands/", {"session": session.pk, "record": record}, format="json")
    assert r.status_code == 400, r.content
    doc = r.json()
    assert doc["format"] == "error/1" and doc["errors"][0]["field"] in ("deal", "winners", "*")
    assert not Hand.objects.exists()
    if record == {"events": []}:
        assert "no deal" in doc["errors"][0]["message"] and "no_deal_ok" in doc["errors"][0]["message"]
        r = c.post("/api/hands/", {"session": session.pk, "record": record, "no_deal_ok": True}, format="json")
        assert r.status_code == 201 and Hand.objects.count() == 1


def test_the_page_and_the_service_share_the_rule(web, editor, session):
    url = reverse("hand_log", args=[session.family.slug, session.pk])
    r = web(editor).post(url, {"raw": '{"events": []}'})
    assert r.status_code == 400 and "no deal yet" in r.content.decode() and not Hand.objects.exists()
    with pytest.raises(referee.BadRecord):
        services.hand_add(session=session, record={"events": []}, by=editor)
    r = web(editor).post(url, {"raw": '{"events": []}', "no_deal_ok": "1"})
    assert r.status_code == 302 and Hand.objects.count() == 1


# --- 5. one hand entry, one hand ---------------------------------------------------------------------------


def _one_hand_of_the_taps(codes, errors, hands):
    assert errors == [] and hands == 1, (codes, errors, hands)
    assert sorted(c for c, _, _ in codes) == [200] * (len(codes) - 1) + [201]
    assert len({hand_id for _, _, hand_id in codes}) == 1  # every tap answered with the one hand
    assert sorted(str(r) for _, r, _ in codes).count("true") == len(codes) - 1


def test_a_repeated_idempotency_key_returns_the_first_hand(api, session):
    c = api("editor")
    body = {"session": session.pk, "record": factories.example_record("01-plain-hand")}
    first = c.post("/api/hands/", body, format="json", headers={"Idempotency-Key": "k-1"})
    again = c.post("/api/hands/", body, format="json", headers={"Idempotency-Key": "k-1"})
    assert first.status_code == 201 and "Idempotent-Replayed" not in first.headers
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    assert again.json()["id"] == first.json()["id"] and Hand.objects.count() == 1
    other = c.post("/api/hands/", body, format="json", headers={"Idempotency-Key": "k-2"})
    assert other.status_code == 201 and Hand.objects.count() == 2
    bad = c.post("/api/hands/", body, format="json", headers={"Idempotency-Key": "k" * 65})
    assert bad.status_code == 400 and "idempotency key" in json.dumps(bad.json()) and Hand.objects.count() == 2


def test_the_log_form_carries_a_key_and_a_second_save_adds_nothing(web, editor, session):
    url = reverse("hand_log", args=[session.family.slug, session.pk])
    page = web(editor).get(url).content.decode()
    key = page.split('name="idempotency_key" value="', 1)[1].split('"', 1)[0]
    assert (
        len(key) == 32 and key != web(editor).get(url).content.decode().split('name="idempotency_key" value="')[1][:32]
    )
    form = {"raw": json.dumps(factories.example_record("01-plain-hand")), "idempotency_key": key}
    first = web(editor).post(url, form)
    again = web(editor).post(url, form, follow=True)
    assert first.status_code == 302 and first["Location"] == again.redirect_chain[-1][0]
    assert "was logged already" in again.content.decode()
    assert Hand.objects.filter(session=session).count() == 1


def test_the_service_returns_the_hand_a_key_already_holds_when_the_insert_races(editor, session, monkeypatch):
    """The race the session lock cannot order (another session, another process): the unique key refuses
    the second insert and the service answers the first hand."""
    record = factories.example_record("01-plain-hand")
    first = services.hand_add(session=session, record=record, by=editor, idempotency_key="race")
    monkeypatch.setattr(services.hands, "_first_with_key", _only_after_the_insert(services.hands._first_with_key))
    again = services.hand_add(session=session, record=record, by=editor, idempotency_key="race")
    assert again.pk == first.pk and again.replayed and Hand.objects.count() == 1


def _only_after_the_insert(real):
    calls = []

    def first_with_key(session, key):
        calls.append(key)
        return None if len(calls) == 1 else real(session, key)  # blind before the insert, as a racing request

    return first_with_key


def test_concurrent_taps_on_a_sqlite_file_give_one_hand(tmp_path):
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{tmp_path / 'tk.sqlite3'}", CELERY_BROKER_URL="")
    env.pop("DJANGO_SETTINGS_MODULE", None)
    script = Path(__file__).with_name("double_tap.py")
    out = subprocess.run([sys.executable, str(script)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    doc = json.loads(out.stdout.strip().splitlines()[-1])
    _one_hand_of_the_taps(doc["codes"], doc["errors"], doc["hands"])


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the PostgreSQL run of the same taps")
@pytest.mark.django_db(transaction=True)
def test_concurrent_taps_on_postgresql_give_one_hand(session, editor):
    codes, errors = double_tap(session, editor)
    _one_hand_of_the_taps(codes, errors, Hand.objects.filter(session=session).count())
