"""Issue 17, against the machine's real PostgreSQL (the service stage of .ci/run): the database
stopped for a moment under a running server. While it is down every page and API call answers 503
with words, not 500; nothing is half-written; once it is back the same server process answers
again, without a restart (its kept connection is checked and replaced)."""

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from django.db import connection

from archive.models import Hand
from archive.table import services
from tests import factories

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [
    pytest.mark.skipif(not os.environ.get("TK_REAL_WORKER"), reason="the service stage of .ci/run (TK_REAL_WORKER=1)"),
    pytest.mark.django_db(transaction=True),
]


def _cluster():
    return sorted(os.listdir("/etc/postgresql"))[0] if os.path.isdir("/etc/postgresql") else None


def _pg(action):
    """Stop or start the machine's cluster. Whether it stopped or answers again is what counts: on some machines
    pg_ctlcluster reports a start as failed (exit 1) though the server is up and ready, so a start is judged by
    pg_isready (see `_wait`), with pg_ctlcluster's words kept for the message."""
    done = subprocess.run(
        [
            "pg_ctlcluster",
            "--skip-systemctl-redirect",
            _cluster(),
            "main",
            action,
            *(["-m", "fast"] if action == "stop" else []),
        ],
        capture_output=True,
        text=True,
    )
    if action == "stop" and done.returncode:
        raise AssertionError(f"pg_ctlcluster stop failed: {done.stderr or done.stdout}")
    return done


def _pg_ready():
    return subprocess.run(["pg_isready", "-h", "127.0.0.1", "-p", "5432", "-q"]).returncode == 0


def _wait(check, what, timeout=60):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if check():
            return
        time.sleep(0.25)
    raise AssertionError(f"{what} within {timeout} s")


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def server(tmp_path):
    if connection.vendor != "postgresql" or not _cluster() or not shutil.which("pg_ctlcluster"):
        pytest.skip("needs the machine's PostgreSQL cluster (pg_ctlcluster)")
    s = connection.settings_dict
    port = _free_port()
    env = dict(
        os.environ,
        DATABASE_URL=f"postgres://{s['USER'] or 'postgres'}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}",
        DJANGO_SETTINGS_MODULE="config.settings.test",
        TEST_CONN_MAX_AGE="600",
    )
    log = open(tmp_path / "gunicorn.log", "w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi", "-b", f"127.0.0.1:{port}", "-w", "1", "--timeout", "60"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"

    def up():
        try:
            return requests.get(base + "/login/", timeout=2).status_code == 200
        except requests.ConnectionError:
            return False

    _wait(up, "gunicorn answers")
    yield base
    os.killpg(proc.pid, signal.SIGTERM)
    proc.wait(10)


def _logged_in(user):
    store = SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = "archive.common.signin.CachedModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    web = requests.Session()
    web.cookies.set("sessionid", store.session_key)
    return web


def test_postgresql_stopped_for_a_moment_gives_503_then_the_same_server_recovers(server, owner, family, session):
    services.hand_add(session=session, record=factories.example_record("01-plain-hand"), by=owner)
    page = f"{server}/families/{family.slug}/sessions/{session.pk}/"
    api = f"{server}/api/sessions/?family={family.pk}"
    web = _logged_in(owner)
    assert web.get(page, timeout=10).status_code == 200
    assert web.get(api, timeout=10).status_code == 200  # the server now keeps a connection

    connection.close()
    _pg("stop")
    try:
        # The family page reads its members each time (its nights come from the cache, issue 33; a night page
        # already read may be served whole from the cache while the database is away, which is no harm).
        down = web.get(f"{server}/families/{family.slug}/", timeout=20)
        assert down.status_code == 503, down.text[:300]
        assert "The archive is back in a moment" in down.text and down.headers["Retry-After"] == "30"
        down_api = web.get(api, timeout=20)
        assert down_api.status_code == 503
        assert "cannot be reached just now" in down_api.json()["detail"]
        sent = web.post(
            f"{server}/api/hands/",
            json={"session": session.pk, "record": factories.example_record("02-ace-cut")},
            timeout=20,
        )
        assert sent.status_code in (403, 503), sent.text[:300]  # (the CSRF check may refuse it first)
    finally:
        started = _pg("start")
        _wait(_pg_ready, f"PostgreSQL is back (pg_ctlcluster said: {started.stderr.strip()[:300]!r})")

    _wait(lambda: web.get(page, timeout=10).status_code == 200, "the same server serves the page again", timeout=30)
    assert web.get(api, timeout=10).status_code == 200
    assert Hand.objects.filter(session=session).count() == 1, "nothing was half-written while it was down"
