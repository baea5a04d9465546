"""The REST API: the same permissions as the pages, the referee's errors as 400s, never a 500."""

import json
from datetime import datetime, timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from archive.models import Dispute, Hand, HandRevision, Membership, Player
from archive.table import services
from tests import factories

pytestmark = pytest.mark.django_db

ROLES = ["stranger", "viewer", "editor"]
READ = {"stranger": 404, "viewer": 200, "editor": 200}
WRITE = {"stranger": 404, "viewer": 403, "editor": None}  # None: the write's own success code


# --- reads ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("role", ROLES)
def test_details_are_hidden_from_strangers(api, role, family, session, hands, dispute):
    c = api(role)
    player = session.seats.first().player
    urls = [
        f"/api/families/{family.pk}/",
        f"/api/players/{player.pk}/",
        f"/api/sessions/{session.pk}/",
        f"/api/sessions/{session.pk}/next/",
        f"/api/hands/{hands[0].pk}/",
        f"/api/hands/{hands[0].pk}/ruling/",
        f"/api/hands/{hands[0].pk}/revisions/",
        f"/api/disputes/{dispute.pk}/",
        f"/api/disputes/{dispute.pk}/messages/",
        f"/api/families/{family.pk}/export/",
        f"/api/members/{Membership.objects.filter(family=family).first().pk}/",
    ]
    for url in urls:
        assert c.get(url).status_code == READ[role], url


@pytest.mark.parametrize("role", ROLES)
def test_lists_show_only_the_users_families(api, role, family, session, hands, dispute):
    c = api(role)
    expected = 0 if role == "stranger" else None
    for url, n in [
        ("/api/families/", 1),
        ("/api/members/", 3),
        ("/api/players/", 4),
        ("/api/sessions/", 1),
        ("/api/hands/", 2),
        ("/api/disputes/", 1),
        (f"/api/hands/?family={family.pk}", 2),
        (f"/api/hands/?session={session.pk}", 2),
    ]:
        r = c.get(url)
        assert r.status_code == 200, url
        assert len(r.json()["results"]) == (n if expected is None else 0), url


def test_the_hand_list_is_light_and_ordered_within_a_session(api, session, hands):
    r = api("viewer").get(f"/api/hands/?session={session.pk}").json()
    rows = r["results"]
    assert [h["number"] for h in rows] == [1, 2]
    assert "record" not in rows[0] and "ruling" not in rows[0]
    assert rows[0]["pot_out"] == rows[1]["pot_in"] == 15  # Mary's fall carries
    assert "Mary" in rows[0]["summary"]


def test_the_ruling_endpoint_gives_the_money(api, hands):
    ruling = api("viewer").get(f"/api/hands/{hands[0].pk}/ruling/").json()
    # Pot 0 + antes 15: tricks worth 5; Dad one, Joe two, Mary falls (15), Me out.
    assert ruling["net"] == [-1, 7, -18, -3]
    assert ruling["pot_out"] == 15
    assert sum(ruling["net"]) == ruling["pot_in"] - ruling["pot_out"]


# --- writes -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("role", ROLES)
def test_logging_a_hand(api, role, session):
    r = api(role).post(
        "/api/hands/", {"session": session.pk, "record": factories.example_record("01-plain-hand")}, format="json"
    )
    if role == "editor":
        assert r.status_code == 201
        body = r.json()
        assert body["ruling"]["net"] == [-1, 7, -18, -3] and body["number"] == 1
        assert Hand.objects.get(pk=body["id"]).pot_out == 15
    else:
        assert r.status_code == WRITE[role]
        assert not Hand.objects.exists()


@pytest.mark.parametrize(
    "body,field",
    [
        ({"record": "{not json"}, "*"),
        ({"record": [1, 2]}, "*"),
        ({"record": {"format": "handrec/1", "events": [{"action": "shuffle", "seat": 0}]}}, None),
    ],
)
def test_a_bad_record_gets_the_error_document_and_saves_nothing(api, session, body, field):
    r = api("editor").post("/api/hands/", {"session": session.pk, **body}, format="json")
    assert r.status_code == 400
    doc = r.json()
    assert doc["format"] == "error/1" and doc["errors"]
    assert all(isinstance(e["message"], str) and e["message"] for e in doc["errors"])
    if field:
        assert doc["errors"][0]["field"] == field
    assert not Hand.objects.exists()


def test_a_duplicate_card_names_the_event_and_the_card(api, session):
    record = factories.example_record("01-plain-hand")
    record["events"][1]["hands"][1][0] = "AH"  # Dad holds AH already
    r = api("editor").post("/api/hands/", {"session": session.pk, "record": record}, format="json")
    assert r.status_code == 400
    errors = r.json()["errors"]
    assert any(e["event"] == 1 and "AH" in e["message"] for e in errors)
    assert not Hand.objects.exists()


@pytest.mark.parametrize(
    "payload,content_type",
    [
        ("not json at all", "application/json"),
        ('{"session": "abc", "record": {}}', "application/json"),
        ('{"session": 999999, "record": {}}', "application/json"),
        ('{"record": {}}', "application/json"),
        ("\xff\xfe", "application/json"),
        ("[]", "application/json"),
    ],
)
def test_garbage_is_never_a_500(api, session, payload, content_type):
    r = api("editor").post("/api/hands/", payload, content_type=content_type)
    assert r.status_code in (400, 404)
    assert not Hand.objects.exists()


def test_edit_rerules_the_later_hands(api, session, hands):
    before = Hand.objects.get(pk=hands[1].pk)
    r = api("editor").put(
        f"/api/hands/{hands[0].pk}/",
        {"record": factories.example_record("05-misdeal"), "why": "it was the misdeal hand"},
        format="json",
    )
    assert r.status_code == 200, r.content
    first = r.json()
    later = Hand.objects.get(pk=hands[1].pk)
    # The misdeal hand carries its own pot; the next hand starts with it and is ruled again.
    assert later.pot_in == first["pot_out"] == first["ruling"]["pot_out"] != before.pot_in
    assert later.ruling["pot_in"] == later.pot_in
    assert sum(later.ruling["net"]) == later.pot_in - later.pot_out
    assert later.ruling["net"] != before.ruling["net"]
    kinds = list(HandRevision.objects.filter(hand=later).order_by("number").values_list("kind", flat=True))
    assert kinds == ["created", "reruled"]
    revs = api("viewer").get(f"/api/hands/{hands[0].pk}/revisions/").json()
    assert [x["kind"] for x in revs] == ["created", "edited"] and revs[1]["why"] == "it was the misdeal hand"


def test_edit_without_why_or_by_a_viewer(api, hands):
    record = factories.example_record("05-misdeal")
    assert api("editor").put(f"/api/hands/{hands[0].pk}/", {"record": record}, format="json").status_code == 400
    assert (
        api("viewer").put(f"/api/hands/{hands[0].pk}/", {"record": record, "why": "x"}, format="json").status_code
        == 403
    )
    assert (
        api("stranger").put(f"/api/hands/{hands[0].pk}/", {"record": record, "why": "x"}, format="json").status_code
        == 404
    )
    assert Hand.objects.get(pk=hands[0].pk).revision == 1


@pytest.mark.parametrize("role", ROLES)
def test_delete_is_soft_and_restore_brings_it_back(api, role, hands):
    c = api(role)
    r = c.delete(f"/api/hands/{hands[0].pk}/?why=logged+twice")
    if role != "editor":
        assert r.status_code == WRITE[role]
        return
    assert r.status_code == 204
    h = Hand.objects.get(pk=hands[0].pk)
    assert h.deleted_at is not None
    assert Hand.objects.get(pk=hands[1].pk).pot_in == 0  # the chain closed over the deleted hand
    assert len(c.get("/api/hands/").json()["results"]) == 1
    assert len(c.get("/api/hands/?deleted=1").json()["results"]) == 2
    r = c.post(f"/api/hands/{hands[0].pk}/restore/", {"why": "not a duplicate"}, format="json")
    assert r.status_code == 200 and r.json()["deleted_at"] is None
    assert Hand.objects.get(pk=hands[1].pk).pot_in == 15


@pytest.mark.parametrize("role", ROLES)
def test_sessions_and_players_are_created_by_editors(api, role, family, session):
    c = api(role)
    dad = Player.objects.get(family=family, name="Dad")
    r = c.post(
        "/api/sessions/",
        {
            "family": family.pk,
            "started_at": "2024-04-05T19:00:00-05:00",
            "place": "Joe's basement",
            "players": [dad.pk, "Uncle Joe", "Cousin Vera"],
            "house_rules": {"ante": 5},
        },
        format="json",
    )
    if role != "editor":
        assert r.status_code == WRITE[role]
        return
    assert r.status_code == 201, r.content
    body = r.json()
    assert [s["name"] for s in body["seats"]] == ["Dad", "Uncle Joe", "Cousin Vera"]
    assert body["timezone"] == family.timezone and body["house_rules"] == {"ante": 5}
    nxt = c.get(f"/api/sessions/{body['id']}/next/").json()
    assert nxt["players"] == ["Dad", "Uncle Joe", "Cousin Vera"] and nxt["pot_in"] == 0
    r = c.post("/api/players/", {"family": family.pk, "name": "Grandpa"}, format="json")
    assert r.status_code == 201


def test_players_merge(api, family, session, hands, editor):
    c = api("editor")
    joe = Player.objects.get(family=family, name="Uncle Joe")
    r = c.post("/api/players/", {"family": family.pk, "name": "Joe"}, format="json")
    other = r.json()["id"]
    r = c.post(f"/api/players/{joe.pk}/merge/", {"merge": other}, format="json")
    assert r.status_code == 200
    assert Player.objects.get(pk=other).merged_into_id == joe.pk
    assert c.post(f"/api/players/{joe.pk}/merge/", {"merge": joe.pk}, format="json").status_code == 400
    assert api("viewer").post(f"/api/players/{joe.pk}/merge/", {"merge": other}, format="json").status_code == 403


def test_members_are_managed_by_owners(api, family, stranger):
    body = {"family": family.pk, "username": "stranger", "role": "viewer"}
    assert api("editor").post("/api/members/", body, format="json").status_code == 403
    assert api("stranger").post("/api/members/", body, format="json").status_code == 404
    r = api("owner").post("/api/members/", body, format="json")
    assert r.status_code == 201  # an invitation: the stranger joins by accepting it (issue 11)
    assert not Membership.objects.filter(family=family, user=stranger).exists()
    joined = api("stranger").post("/api/invitations/accept/", {"code": r.json()["code"]}, format="json")
    assert joined.status_code == 201
    mid = joined.json()["id"]
    assert api("owner").patch(f"/api/members/{mid}/", {"role": "editor"}, format="json").json()["role"] == "editor"
    assert api("owner").post("/api/members/", {**body, "username": "nobody"}, format="json").status_code == 201
    assert api("owner").delete(f"/api/members/{mid}/").status_code == 204
    assert not Membership.objects.filter(family=family, user=stranger).exists()


@pytest.mark.parametrize("role", ROLES)
def test_disputes(api, role, hands):
    c = api(role)
    r = c.post("/api/disputes/", {"hand": hands[1].pk, "title": "No cut?", "text": "Dad forgot"}, format="json")
    if role != "editor":
        assert r.status_code == WRITE[role]
        return
    assert r.status_code == 201
    d = r.json()["id"]
    assert c.post(f"/api/disputes/{d}/messages/", {"text": "He did."}, format="json").status_code == 201
    r = c.post(f"/api/disputes/{d}/resolve/", {"resolution": "Dad pays the no-cut penalty."}, format="json")
    assert r.status_code == 200
    body = r.json()
    assert body["status"] == "resolved" and len(body["messages"]) == 2
    rev = HandRevision.objects.get(pk=body["ruling_revision"])
    assert rev.hand_id == hands[1].pk


def test_a_dispute_opened_with_list_filters_in_the_address_is_answered_whole(api, hands):
    """Found by schemathesis: the list's ?hand= and ?family= filters made the new dispute unfindable (500)."""
    r = api("editor").post(
        f"/api/disputes/?hand={hands[0].pk}&family=99999",
        {"hand": hands[1].pk, "title": "No cut?", "text": "Dad forgot"},
        format="json",
    )
    assert r.status_code == 201
    assert r.json()["title"] == "No cut?" and r.json()["hand"] == hands[1].pk


def test_resolve_with_a_bad_record_changes_nothing(api, dispute):
    r = api("editor").post(
        f"/api/disputes/{dispute.pk}/resolve/",
        {"resolution": "fixed", "record": {"format": "handrec/2"}},
        format="json",
    )
    assert r.status_code == 400 and r.json()["format"] == "error/1"
    assert Dispute.objects.get(pk=dispute.pk).status == "open"


def test_export_and_import(api, family, hands, owner):
    c = api("viewer")
    r = c.get(f"/api/families/{family.pk}/export/")
    body = b"".join(r.streaming_content).decode()
    lines = body.splitlines()
    assert len(lines) == 2 and json.loads(lines[0])["format"] == "handrec/1"
    other = factories.make_family(owner, name="Elsewhere")
    oc = api("owner")
    r = oc.post(f"/api/families/{other.pk}/import/", body, content_type="application/jsonl")
    assert r.status_code == 200 and r.json() | {"lines": 2} == {
        "added": 2,
        "skipped": 0,
        "errors": [],
        "error_count": 0,
        "bad_lines": [],
        "lines": 2,
    }
    r = oc.post(f"/api/families/{other.pk}/import/", body, content_type="application/jsonl")
    assert r.json()["added"] == 0 and r.json()["skipped"] == 2
    assert (
        api("viewer").post(f"/api/families/{family.pk}/import/", body, content_type="application/jsonl").status_code
        == 403
    )
    assert (
        api("stranger").post(f"/api/families/{family.pk}/import/", body, content_type="application/jsonl").status_code
        == 404
    )


def test_anyone_may_create_a_family(api):
    r = api("stranger").post("/api/families/", {"name": "The Strangers", "timezone": "Europe/Prague"}, format="json")
    assert r.status_code == 201 and r.json()["role"] == "owner"
    assert (
        api("stranger").post("/api/families/", {"name": "X", "timezone": "Mars/Olympus"}, format="json").status_code
        == 400
    )


def test_anonymous_users_get_nothing(api, family, hands):
    assert api(None).get("/api/hands/").status_code in (401, 403)
    assert api(None).get(f"/api/hands/{hands[0].pk}/").status_code in (401, 403)


def test_token_auth(api, client, family, hands, viewer):
    r = client.post("/api/token/", {"username": "viewer", "password": "pw"})
    token = r.json()["token"]
    r = client.get("/api/hands/", HTTP_AUTHORIZATION=f"Token {token}")
    assert r.status_code == 200 and len(r.json()["results"]) == 2


def test_the_hand_list_costs_the_same_few_queries_whatever_the_size(api, session, owner, django_assert_max_num_queries):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    c = api("viewer")
    factories.log_hands(session, owner, 3, seed=2)
    with CaptureQueriesContext(connection) as few:
        assert c.get("/api/hands/?limit=50").status_code == 200
    factories.log_hands(session, owner, 12, seed=3)
    with django_assert_max_num_queries(len(few.captured_queries)):
        r = c.get("/api/hands/?limit=50")
    assert len(r.json()["results"]) == 15
    page = c.get("/api/hands/?limit=10").json()
    rest = c.get(page["next"]).json()
    assert len(page["results"]) == 10 and len(rest["results"]) == 5 and rest["next"] is None
    ids = [h["id"] for h in page["results"] + rest["results"]]
    assert ids == sorted(ids, reverse=True)  # newest first, nothing twice, nothing missed
    sql = " ".join(q["sql"] for q in few.captured_queries if '"archive_hand"' in q["sql"])
    assert '"archive_hand"."record"' not in sql  # the big JSON stays in the database


def test_sessions_and_disputes_page_by_cursor_newest_first(api, family, owner, hands):
    """Issue 16: the API's long lists page by the last row's key, never by OFFSET, so the oldest page costs
    what the newest does; following `next` gives every row once, newest first."""
    start = datetime(2020, 1, 3, 19, 0, tzinfo=factories.CHICAGO)
    for week in range(6):
        factories.make_session(family, owner, started_at=start + timedelta(weeks=week), place=f"week {week}")
    for n in range(5):
        services.dispute_open(hand=hands[n % 2], title=f"Question {n}", text="Was that a revoke?", by=owner)
    c = api("viewer")
    for url, key in [("/api/sessions/?limit=3", "started_at"), ("/api/disputes/?limit=2", "opened_at")]:
        rows, sql, page = [], [], c.get(url).json()
        while True:
            rows += page["results"]
            if not page["next"]:
                break
            with CaptureQueriesContext(connection) as queries:
                page = c.get(page["next"]).json()
            sql += [q["sql"] for q in queries.captured_queries]
        assert "previous" in page and "count" not in page  # a cursor page, not an offset one
        ids = [r["id"] for r in rows]
        assert len(ids) == len(set(ids)) == (7 if key == "started_at" else 5), url  # nothing twice or missed
        assert [r[key] for r in rows] == sorted((r[key] for r in rows), reverse=True), url  # newest first
        assert not any("OFFSET" in q for q in sql), url
