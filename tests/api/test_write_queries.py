"""Issue 33: a hand logged or edited through the API costs the same few queries however long the night is (the
statistics job's are the worker's, counted by bench/floor.py). The counts are exact: a query added to the write
path shows here."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from archive.stats.models import StatsOutbox
from tests import factories
from tests.factories import generated_record

pytestmark = pytest.mark.django_db

# the session (with the caller's families), the editor's role (the view's check); a savepoint; the session
# locked, the role (the service's own check), the seats, the last hand; the hand, its revision, its ledger (one
# executemany); the seats' totals; the statistics owed (the outbox); the savepoint released
LOG_QUERIES = 13
# the hand with its session (the view), the role; a savepoint; the session locked, the role, the hand read again
# under the lock, the seats, the hand before it (its pot); the hand, its revision, its old ledger deleted and the
# new one; the hands after it (none here); the seats' totals; the outbox; the savepoint released
EDIT_QUERIES = 16


def queries(call):
    with CaptureQueriesContext(connection) as q:
        response = call()
    return response, [x["sql"] for x in q.captured_queries]


@pytest.mark.parametrize("before", [1, 30])
def test_a_hand_logged_costs_the_same_few_queries_however_long_the_night(api, session, owner, before):
    c = api("editor")
    factories.log_hands(session, owner, before, seed=before)
    record = generated_record(session, seed=7)
    r, sql = queries(lambda: c.post("/api/hands/", {"session": session.pk, "record": record}, format="json"))
    assert r.status_code == 201, r.content
    assert len(sql) == LOG_QUERIES, "\n".join(sql)
    assert StatsOutbox.objects.filter(hand_id=r.json()["id"]).exists()


@pytest.mark.parametrize("before", [1, 30])
def test_a_hand_edited_costs_the_same_few_queries_however_long_the_night(api, session, owner, before):
    c = api("editor")
    *_, last = factories.log_hands(session, owner, before, seed=before)
    record = generated_record(session, seed=8)
    r, sql = queries(lambda: c.put(f"/api/hands/{last.pk}/", {"record": record, "why": "typo"}, format="json"))
    assert r.status_code == 200, r.content
    assert r.json()["revision"] == 2
    assert len(sql) == EDIT_QUERIES, "\n".join(sql)
