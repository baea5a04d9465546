"""Issue 11, no throttle: wrong passwords are throttled by account and by address (django-axes), on the
login page and on /api/token/; API tokens expire and can be revoked from the member's own page."""

import datetime

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests import factories


def _login(client, username, password, addr="10.0.0.1"):
    return client.post(reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=addr)


def _token(client, username, password, addr="10.0.0.1"):
    return client.post("/api/token/", {"username": username, "password": password}, REMOTE_ADDR=addr)


def test_thirty_wrong_passwords_on_the_login_page_are_not_all_answered(db):
    factories.make_user("mary", password="right-horse-battery")
    client = Client()
    codes = [_login(client, "mary", f"wrong{i}").status_code for i in range(30)]
    assert codes[0] == 200  # the form again, with its error
    assert 429 in codes
    assert codes[-1] == 429
    # locked: even the right password waits for the cool-off
    assert _login(client, "mary", "right-horse-battery").status_code == 429


def test_the_account_is_locked_from_the_guessing_address_only(db):
    """Issue 28: by account and address together, so a stranger's guesses never lock the owner out."""
    factories.make_user("mary", password="right-horse-battery")
    for _ in range(10):
        _login(Client(), "mary", "wrong", addr="10.0.0.9")
    assert _login(Client(), "mary", "right-horse-battery", addr="10.0.0.9").status_code == 429
    assert _login(Client(), "mary", "right-horse-battery", addr="10.9.9.9").status_code == 302


def test_an_address_locked_out_of_one_account_may_still_use_another(db):
    for name in ("u1", "u2"):
        factories.make_user(name, password="right-horse-battery")
    for _ in range(10):
        _login(Client(), "u1", "wrong", addr="10.6.6.6")
    assert _login(Client(), "u1", "right-horse-battery", addr="10.6.6.6").status_code == 429
    assert _login(Client(), "u2", "right-horse-battery", addr="10.6.6.6").status_code == 302


def test_thirty_wrong_passwords_to_the_token_endpoint_are_throttled(db):
    factories.make_user("mary", password="right-horse-battery")
    client = APIClient()
    codes = [_token(client, "mary", f"wrong{i}").status_code for i in range(30)]
    assert codes[0] == 400
    assert codes[-1] == 429
    assert _token(client, "mary", "right-horse-battery").status_code == 429


def test_a_right_password_gets_a_token(db):
    factories.make_user("mary", password="right-horse-battery")
    r = _token(APIClient(), "mary", "right-horse-battery")
    assert r.status_code == 200 and r.json()["token"]


def test_an_old_token_has_expired(db, settings):
    user = factories.make_user("mary", password="right-horse-battery")
    token = Token.objects.create(user=user)
    Token.objects.filter(pk=token.pk).update(
        created=timezone.now() - settings.API_TOKEN_LIFETIME - datetime.timedelta(minutes=1)
    )
    c = APIClient()
    c.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    r = c.get("/api/families/")
    assert r.status_code in (401, 403)  # 403: DRF's answer when the session login comes first
    assert "expired" in r.json()["detail"]
    # asking again gives a fresh token that works
    fresh = _token(APIClient(), "mary", "right-horse-battery").json()["token"]
    assert fresh != token.key
    c.credentials(HTTP_AUTHORIZATION=f"Token {fresh}")
    assert c.get("/api/families/").status_code == 200


def test_a_token_is_revoked_from_the_account_page(client, db):
    user = factories.make_user("mary", password="right-horse-battery")
    token = Token.objects.create(user=user)
    client.force_login(user)
    page = client.get(reverse("account"))
    assert page.status_code == 200
    assert b"API token" in page.content
    assert client.post(reverse("account"), {"revoke_token": "1"}).status_code == 302
    c = APIClient()
    c.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    r = c.get("/api/families/")
    assert r.status_code in (401, 403) and "Invalid token" in r.json()["detail"]


@pytest.mark.parametrize("name", ["login", "api-token"])
def test_a_locked_answer_says_when_to_try_again(db, name):
    factories.make_user("mary", password="right-horse-battery")
    c = APIClient()
    for _ in range(10):
        r = c.post(reverse(name), {"username": "mary", "password": "wrong"}, REMOTE_ADDR="10.1.1.1")
    assert r.status_code == 429
    assert b"try again" in r.content.lower()


def test_a_locked_api_client_gets_json_and_a_locked_person_the_page(db):
    factories.make_user("mary", password="right-horse-battery")
    api, page = APIClient(), Client()
    for _ in range(10):
        r = api.post("/api/token/", {"username": "mary", "password": "wrong"}, REMOTE_ADDR="10.2.2.2")
    assert r.status_code == 429 and r["Content-Type"] == "application/json"
    assert r.json()["detail"].startswith("Too many wrong passwords")
    shown = _login(page, "mary", "right-horse-battery", addr="10.2.2.2")
    assert shown.status_code == 429 and shown["Content-Type"].startswith("text/html")
    assert b"Too many wrong passwords" in shown.content
