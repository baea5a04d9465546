"""Issue 28, item 1: the login throttle counts the client's real address behind the configured proxies,
locks an account from an address (never everyone), and a spoofed X-Forwarded-For entry chooses nothing.
With the test client, and over real HTTP: gunicorn under the production settings behind a reverse proxy."""

import json
import os
import subprocess
import sys

import pytest
from django.test import Client
from django.urls import reverse

from tests import factories
from tests.servers import ROOT, forwarding_proxy, gunicorn, request

RIGHT = "right-horse-battery"


def _token(client, username, password, **meta):
    return client.post("/api/token/", {"username": username, "password": password}, **meta)


@pytest.mark.django_db
def test_behind_one_proxy_the_throttle_counts_the_address_the_proxy_saw(settings):
    settings.PROXY_COUNT = 1
    factories.make_user("mary", password=RIGHT)
    proxy = {"REMOTE_ADDR": "10.0.0.1"}
    for i in range(8):  # a spoofed leftmost entry each time: still one client, 198.51.100.7
        r = _token(Client(), "mary", "wrong", HTTP_X_FORWARDED_FOR=f"203.0.113.{i}, 198.51.100.7", **proxy)
    assert r.status_code == 429
    # the same account from another client, and another account from the guesser, still log in
    assert _token(Client(), "mary", RIGHT, HTTP_X_FORWARDED_FOR="198.51.100.8", **proxy).status_code == 200
    factories.make_user("joe", password=RIGHT)
    assert _token(Client(), "joe", RIGHT, HTTP_X_FORWARDED_FOR="198.51.100.7", **proxy).status_code == 200


@pytest.mark.django_db
def test_a_single_entry_forwarded_for_is_the_client_never_a_shared_none(settings):
    settings.PROXY_COUNT = 1
    factories.make_user("mary", password=RIGHT)
    for _ in range(8):
        _token(Client(), "mary", "wrong", HTTP_X_FORWARDED_FOR="198.51.100.7", REMOTE_ADDR="10.0.0.1")
    other = _token(Client(), "mary", RIGHT, HTTP_X_FORWARDED_FOR="198.51.100.9", REMOTE_ADDR="10.0.0.1")
    assert other.status_code == 200
    # with no header the connection's own address counts (a request that did not come through the proxy)
    assert _token(Client(), "mary", RIGHT, REMOTE_ADDR="10.0.0.2").status_code == 200


@pytest.mark.django_db
def test_with_no_proxy_the_header_is_ignored(settings):
    settings.PROXY_COUNT = 0
    factories.make_user("mary", password=RIGHT)
    for i in range(8):
        r = _token(Client(), "mary", "wrong", HTTP_X_FORWARDED_FOR=f"203.0.113.{i}", REMOTE_ADDR="10.0.0.5")
    assert r.status_code == 429
    assert _login_page_ok(Client(), "mary", RIGHT, REMOTE_ADDR="10.0.0.6")


def _login_page_ok(client, username, password, **meta):
    return client.post(reverse("login"), {"username": username, "password": password}, **meta).status_code == 302


@pytest.fixture
def production_site(tmp_path):
    env = dict(
        os.environ,
        DJANGO_SETTINGS_MODULE="config.settings.production",
        SECRET_KEY="a-production-secret-that-is-long-and-random-enough-" + "x9Qz" * 10,
        ALLOWED_HOSTS="127.0.0.1",
        DATABASE_URL=f"sqlite:///{tmp_path / 'tk.sqlite3'}",
        CELERY_BROKER_URL="",
        STATIC_ROOT=str(tmp_path / "static"),
    )
    env.pop("DEBUG", None)
    env.pop("PROXY_COUNT", None)  # production's own default: one proxy
    setup = (
        "from django.core.management import call_command; call_command('migrate', verbosity=0);"
        "from tests import factories;"
        f"factories.make_user('mary', password={RIGHT!r}); factories.make_user('joe', password={RIGHT!r})"
    )
    out = subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {setup}"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    with gunicorn(env, tmp_path / "gunicorn.log") as site, forwarding_proxy(site) as proxy:
        yield proxy


def _token_over_http(proxy, username, password, source, spoof=None):
    headers = {"Content-Type": "application/json", "Host": "127.0.0.1"}
    if spoof:
        headers["X-Forwarded-For"] = spoof
    status, body = request(
        proxy,
        "POST",
        "/api/token/",
        body=json.dumps({"username": username, "password": password}),
        headers=headers,
        source=source,
    )
    return status


def test_over_http_through_a_proxy_a_spoofed_address_chooses_nothing_and_one_client_locks_no_other(
    production_site,
):
    codes = [_token_over_http(production_site, "mary", "wrong", "127.0.0.2", spoof=f"203.0.113.{i}") for i in range(8)]
    assert codes[0] == 400 and codes[-1] == 429, codes  # one client, however it names itself
    assert _token_over_http(production_site, "mary", RIGHT, "127.0.0.2") == 429
    assert _token_over_http(production_site, "mary", RIGHT, "127.0.0.3") == 200  # another client: not locked
    assert _token_over_http(production_site, "joe", RIGHT, "127.0.0.2") == 200  # another account: not locked
