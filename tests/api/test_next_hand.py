"""GET /api/sessions/N/next/: what the next hand starts from, in few queries and only for members (issue 33)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from archive.common import fragments
from archive.table import services
from archive.table.models import Session

pytestmark = pytest.mark.django_db


def test_next_gives_the_seats_the_dealer_and_the_pot_the_last_hand_left(api, session, hands):
    last = hands[-1]
    answer = api("editor").get(f"/api/sessions/{session.pk}/next/")
    assert answer.status_code == 200
    body = answer.json()
    assert body["players"] == ["Dad", "Uncle Joe", "Mary", "Me"]
    assert body["pot_in"] == last.pot_out and body["dealer"] == last.next_dealer
    assert body["number"] == last.number + 1


def test_next_reads_few_rows_once_signed_in(api, session, hands):
    client = api("viewer")
    assert client.get(f"/api/sessions/{session.pk}/next/").status_code == 200
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(f"/api/sessions/{session.pk}/next/").status_code == 200
    assert ctx.captured_queries == []  # the night's family, the role and the answer: all in the cache
    fragments.bump(session.family_id)  # a change of the family: a new version, nothing cached under it
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(f"/api/sessions/{session.pk}/next/").status_code == 200
    sql = [q["sql"] for q in ctx.captured_queries]
    # the role, the live session, the seats' names, the last hand with the top number and the count
    assert len(sql) == 4, sql


def test_next_after_every_hand_was_deleted_numbers_on_from_the_deleted(api, session, hands, owner):
    for hand in hands:
        services.hand_delete(hand=hand, by=owner, why="logged in the wrong night")
    body = api("editor").get(f"/api/sessions/{session.pk}/next/").json()
    assert body["number"] == 3 and body["counted"] == 0
    assert body["dealer"] == session.first_dealer and body["pot_in"] == session.pot_in


@pytest.mark.parametrize("who", ["stranger"])
def test_next_of_another_familys_session_is_not_found(api, session, who):
    answer = api(who).get(f"/api/sessions/{session.pk}/next/")
    assert answer.status_code == 404 and answer["Content-Type"].startswith("application/json")


def test_next_of_a_deleted_or_unknown_session_is_not_found(api, session):
    Session.objects.filter(pk=session.pk).update(deleted_at="2026-01-01T00:00:00Z")
    assert api("editor").get(f"/api/sessions/{session.pk}/next/").status_code == 404
    assert api("editor").get("/api/sessions/999999/next/").status_code == 404
