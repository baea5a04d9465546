"""Issue 33: the session and the signed-in user are read from the cache, not the database, on each
request; every change to either shows on the very next request."""

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

pytestmark = pytest.mark.django_db


def tables_read(client, path):
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(path)
    sql = " ".join(q["sql"] for q in ctx.captured_queries)
    return response, {t for t in ("django_session", "auth_user") if f'"{t}"' in sql}


def signed_in(user):
    client = Client()
    response = client.post("/login/", {"username": user.username, "password": "pw"})
    assert response.status_code == 302, response.content
    return client


def test_a_request_after_the_first_reads_neither_the_session_nor_the_user_row(owner, family):
    client = signed_in(owner)
    first, _ = tables_read(client, "/api/families/")
    assert first.status_code == 200
    second, read = tables_read(client, "/api/families/")
    assert second.status_code == 200 and second.json()["results"][0]["name"] == family.name
    assert read == set()


def test_a_new_password_signs_the_old_session_out_at_once(owner, family):
    client = signed_in(owner)
    assert client.get(f"/families/{family.slug}/").status_code == 200
    owner.set_password("a-new-password")
    owner.save()
    response = client.get(f"/families/{family.slug}/")
    assert response.status_code == 302 and "/login/" in response["Location"]


def test_a_deactivated_member_is_signed_out_at_once(owner, family):
    client = signed_in(owner)
    assert client.get(f"/families/{family.slug}/").status_code == 200
    fresh = get_user_model().objects.get(pk=owner.pk)
    fresh.is_active = False
    fresh.save()
    response = client.get(f"/families/{family.slug}/")
    assert response.status_code == 302 and "/login/" in response["Location"]


def test_a_renamed_member_shows_renamed_on_the_next_page(owner, family):
    client = signed_in(owner)
    assert client.get("/account/").status_code == 200
    fresh = get_user_model().objects.get(pk=owner.pk)
    fresh.username = "grandma"
    fresh.save()
    assert "grandma" in client.get("/account/").content.decode()


def test_logging_out_ends_the_session_for_its_cookie(owner, family):
    client = signed_in(owner)
    cookie = client.cookies["sessionid"].value
    assert client.get(f"/families/{family.slug}/").status_code == 200
    client.post("/logout/")
    stale = Client()
    stale.cookies["sessionid"] = cookie
    response = stale.get(f"/families/{family.slug}/")
    assert response.status_code == 302 and "/login/" in response["Location"]
