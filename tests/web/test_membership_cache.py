"""Issue 33: a member's family and role are read once and kept in the cache, checked against the family's
version: a member removed, a role changed or a family renamed shows on the very next request."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from archive.people import services as people_services
from archive.people.models import Family, Membership

pytestmark = pytest.mark.django_db


def _get(client, url):
    with CaptureQueriesContext(connection) as queries:
        r = client.get(url)
    return r, [q["sql"] for q in queries.captured_queries]


def test_the_membership_is_read_once(client_as, family, session):
    client = client_as("viewer")
    url = f"/families/{family.slug}/sessions/{session.pk}/"
    assert client.get(url).status_code == 200
    r, sql = _get(client, url)
    assert r.status_code == 200
    assert not [q for q in sql if "archive_membership" in q], sql
    assert sql == []  # the session, the user, the membership and the night's page: all from the cache


def test_a_removed_member_is_refused_on_the_next_request(client_as, family, session, owner, viewer):
    client = client_as("viewer")
    url = f"/families/{family.slug}/sessions/{session.pk}/"
    assert client.get(url).status_code == 200
    people_services.member_remove(membership=Membership.objects.get(family=family, user=viewer), by=owner)
    assert client.get(url).status_code == 404


def test_a_new_role_shows_on_the_next_request(client_as, family, session, viewer):
    client = client_as("viewer")
    url = f"/families/{family.slug}/sessions/{session.pk}/"
    assert 'id="log-next"' not in client.get(url).content.decode()
    membership = Membership.objects.get(family=family, user=viewer)
    membership.role = Membership.Role.EDITOR
    membership.save()
    assert 'id="log-next"' in client.get(url).content.decode()
    assert client.get(f"/families/{family.slug}/sessions/{session.pk}/log/").status_code == 200


def test_a_renamed_family_shows_on_the_next_request(client_as, family):
    client = client_as("viewer")
    url = f"/families/{family.slug}/"
    assert "The Test family" in client.get(url).content.decode()
    renamed = Family.objects.get(pk=family.pk)
    renamed.name = "The Novák family"
    renamed.save()
    page = client.get(url).content.decode()
    assert "The Novák family" in page and "The Test family" not in page
