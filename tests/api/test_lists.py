"""Issue 33: GET /api/sessions/ and GET /api/hands/ read as much at many hands as at few (the same queries, no
count, the page's seats and counts in one query each), and their plain rows say exactly what the serializers
(the schema's shapes) say."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from archive.table import selectors, services
from archive.table.api import serializers as s
from archive.table.models import Hand, Session
from tests import factories

pytestmark = pytest.mark.django_db


def _queries(client, url):
    with CaptureQueriesContext(connection) as queries:
        r = client.get(url)
    assert r.status_code == 200, r.content
    return len(queries), r.json()["results"]


def test_the_lists_run_the_same_queries_at_many_hands_as_at_few(api, family, session, owner):
    client = api("viewer")
    factories.log_hands(session, owner, 2, seed=1)
    urls = {"sessions": f"/api/sessions/?family={family.pk}", "hands": f"/api/hands/?family={family.pk}"}
    for url in urls.values():
        client.get(url)  # the signed-in user and the token cached
    few = {name: _queries(client, url)[0] for name, url in urls.items()}
    for seed in range(3):
        night = factories.make_session(family, owner, started_at=None, key=f"more-{seed}")
        factories.log_hands(night, owner, 25, seed=seed)
    many = {name: _queries(client, url)[0] for name, url in urls.items()}
    assert many == few
    assert few == {"sessions": 3, "hands": 1}  # the page; its counts; its seats (the user and token: cached)


def test_the_plain_rows_are_what_the_serializers_answer(api, family, session, owner):
    client = api("viewer")
    factories.log_hands(session, owner, 3, seed=2)
    deleted = factories.log_hands(session, owner, 1, seed=3)[0]
    services.hand_delete(hand=deleted, by=owner, why="twice")
    _, sessions = _queries(client, f"/api/sessions/?family={family.pk}")
    page = list(Session.objects.filter(family=family, deleted_at__isnull=True).order_by("-started_at", "-id"))
    selectors.with_session_counts(page)  # hand_count, as the list reads it
    expected = s.SessionSerializer(
        Session.objects.filter(pk__in=[x.pk for x in page]).prefetch_related("seats__player").order_by("-started_at"),
        many=True,
    ).data
    for row, want, x in zip(sessions, expected, page, strict=True):
        assert row == dict(want, hand_count=x.hand_count)
    _, hands = _queries(client, f"/api/hands/?family={family.pk}&deleted=true")
    rows = Hand.objects.filter(family=family).order_by("-id")
    for hand in rows:
        hand.summary = (hand.ruling or {}).get("summary")
    assert hands == [dict(x) for x in s.HandListSerializer(rows, many=True).data]
    assert any(h["deleted_at"] for h in hands)
