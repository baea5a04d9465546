"""Issue 17: the database out of reach (PostgreSQL restarting, a connection dropped) gives a clear
503, a page or the API's JSON, never a 500 and never a half-saved hand; the site answers again as
soon as the database does. Here every query of the request fails as a dead connection's would; the
real stop of PostgreSQL is tests/faults/test_services.py (the service stage of .ci/run)."""

import pytest
from django.db import OperationalError, connection
from django.test import Client
from django.urls import reverse

from archive.models import Hand
from tests import factories


def _dead_connection(execute, sql, params, many, context):
    raise OperationalError("server closed the connection unexpectedly")


@pytest.fixture
def member(family, owner):
    client = Client(raise_request_exception=False)
    client.force_login(owner)
    return client


def test_a_page_says_the_archive_is_back_in_a_moment(member, family, session, hands):
    with connection.execute_wrapper(_dead_connection):
        response = member.get(reverse("session", args=[family.slug, session.pk]))
    assert response.status_code == 503
    assert response["Retry-After"] == "30"
    text = response.content.decode()
    assert "The archive is back in a moment" in text
    assert "cannot be reached just now" in text
    assert "Nothing you sent was half-saved" in text
    # and the next request, with the database back, is served
    assert member.get(reverse("session", args=[family.slug, session.pk])).status_code == 200


def test_the_api_answers_503_in_json(family, session, hands, owner):
    client = Client(raise_request_exception=False)
    client.force_login(owner)
    with connection.execute_wrapper(_dead_connection):
        response = client.get(f"/api/sessions/?family={family.pk}")
    assert response.status_code == 503
    assert response.json()["detail"].startswith("The archive's database cannot be reached just now")


def test_a_hand_sent_while_the_database_is_away_is_not_half_saved(member, family, session, hands):
    before = Hand.objects.count()
    record = factories.example_record("02-ace-cut")
    fails = {"n": 0}

    def fail_on_the_ledger(execute, sql, params, many, context):
        # the hand's own row goes in, then the connection drops before its ledger rows
        if "archive_ledgerentry" in sql and sql.lstrip().upper().startswith("INSERT"):
            fails["n"] += 1
            raise OperationalError("terminating connection due to administrator command")
        return execute(sql, params, many, context)

    with connection.execute_wrapper(fail_on_the_ledger):
        response = member.post(
            "/api/hands/", data={"session": session.pk, "record": record}, content_type="application/json"
        )
    assert fails["n"] == 1
    assert response.status_code == 503
    assert Hand.objects.count() == before


def test_other_server_errors_get_a_plain_500_page(member, family, monkeypatch):
    from archive.table.views import nights as views

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(views.selectors, "session_list", broken)
    response = member.get(reverse("family", args=[family.slug]))
    assert response.status_code == 500
    assert "Something went wrong on our side" in response.content.decode()
