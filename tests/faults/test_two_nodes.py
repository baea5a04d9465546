"""Issue 33: the site as two nodes (docs/scaling.md), in .ci/run's service stage (TK_REAL_WORKER=1): two gunicorn
servers and two Celery workers on the same PostgreSQL and Redis (the broker's, as the cache too), under a
bounded load of hand logs and edits sent to both servers in turn, with the night's page read on the other server
after each write.

Afterwards every night's chain of pots is unbroken, every hand's ruling is the referee's for its record, the
statistics the two workers built hand by hand equal a full recompute and the ledger, every job the workers
received finished once (a job redelivered to the other worker would show twice) and both workers ran jobs; and
each page read on the other server already showed the write (the family's version and fragments are shared).
"""

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections import Counter
from importlib import import_module

import pytest
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.db import connection
from rest_framework.authtoken.models import Token

import referee
from archive.models import Hand, LedgerEntry
from archive.stats import services as stats_services
from archive.stats.models import StatsDay, StatsOutbox
from tests import factories
from tests.servers import ROOT, gunicorn, request
from tests.stats.dump import dump

pytestmark = [
    pytest.mark.worker,
    pytest.mark.skipif(
        not (os.environ.get("TK_REAL_WORKER") and os.environ.get("CELERY_BROKER_URL")),
        reason="the service stage of .ci/run (TK_REAL_WORKER=1, CELERY_BROKER_URL on Redis, PostgreSQL)",
    ),
    pytest.mark.django_db(transaction=True),
]

NIGHTS = 4  # a thread each, writing to both servers in turn
LOGS = 8  # hands a night
EDITS = 3  # edits of earlier hands a night
RECORDS = ["01-plain-hand", "02-ace-cut", "03-seven-cut-ace-bottom", "05-misdeal", "07-trips"]


def _env(cache_prefix):
    s = connection.settings_dict
    url = f"postgres://{s['USER'] or 'postgres'}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}"
    broker = os.environ["CELERY_BROKER_URL"]
    return dict(
        os.environ,
        DATABASE_URL=url,
        DJANGO_SETTINGS_MODULE="config.settings.test",
        # One Redis for both nodes' cache (sessions, users, family versions, fragments), under a prefix of this
        # run's own: the test database's ids are reused from run to run, a fragment cached last time is not.
        CACHE_URL=broker,
        CACHE_KEY_PREFIX=cache_prefix,
        CELERY_VISIBILITY_TIMEOUT="30",
    )


def _worker(env, name, log_path):
    return subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo", "--loglevel=INFO",
         "--without-gossip", "--without-mingle", "--without-heartbeat", "-n", f"{name}@%h"],
        cwd=ROOT, env=env, stdout=open(log_path, "w"), stderr=subprocess.STDOUT, start_new_session=True,
    )  # fmt: skip


def _stop(proc):
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)


def _wait_for(check, timeout, what):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if check():
            return
        time.sleep(0.3)
    raise AssertionError(f"{what} did not happen within {timeout} s")


def _cookie(user):
    store = import_module(settings.SESSION_ENGINE).SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = "archive.common.signin.CachedModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()  # cached_db: in the database too, where the nodes find it
    return f"{settings.SESSION_COOKIE_NAME}={store.session_key}"


def _hand_count(html):
    found = re.search(r'id="hand-count"><b>(\d+)</b>', html)
    return int(found.group(1)) if found else None


def test_two_servers_and_two_workers_keep_every_chain_and_statistic(family, owner, tmp_path):
    if connection.vendor != "postgresql":
        pytest.skip("two nodes share a PostgreSQL database (set DATABASE_URL)")
    from config.celery import app

    app.control.purge()  # messages other tests left for rows long gone
    nights = [factories.make_session(family, owner, key=f"node-night-{i}") for i in range(NIGHTS)]
    token = Token.objects.create(user=owner).key
    cookie = _cookie(owner)
    env = _env(f"tk-nodes-{uuid.uuid4().hex[:8]}")
    workers = [_worker(env, f"node{i}", tmp_path / f"worker{i}.log") for i in range(2)]
    api = {"Authorization": f"Token {token}", "Content-Type": "application/json", "Host": "127.0.0.1"}
    page = {"Cookie": cookie, "Host": "127.0.0.1"}
    problems, late_reads = [], []
    try:
        with gunicorn(env, tmp_path / "a.log") as a, gunicorn(env, tmp_path / "b.log") as b:
            ports = [a, b]

            def night_load(i, session):
                try:
                    ids = []
                    for n in range(LOGS + EDITS):
                        here, there = ports[(i + n) % 2], ports[(i + n + 1) % 2]
                        record = factories.example_record(RECORDS[(i + n) % len(RECORDS)])
                        if n < LOGS:
                            body = {"session": session.pk, "record": record, "why": "two nodes"}
                            status, answer = request(here, "POST", "/api/hands/", body=json.dumps(body), headers=api)
                            if status != 201:
                                problems.append((status, answer[:300]))
                                continue
                            ids.append(json.loads(answer)["id"])
                            expected = len(ids)
                        else:  # an edit of an earlier hand: the tail of the night re-ruled
                            hand_id = ids[(n * 3) % len(ids)]
                            body = {"record": factories.example_record("08-revoke"), "why": "two nodes"}
                            status, answer = request(
                                here, "PUT", f"/api/hands/{hand_id}/", body=json.dumps(body), headers=api
                            )
                            if status != 200:
                                problems.append((status, answer[:300]))
                        url = f"/families/{family.slug}/sessions/{session.pk}/"
                        status, html = request(there, "GET", url, headers=page)
                        if status != 200:
                            problems.append((status, html[:300]))
                        elif _hand_count(html.decode()) != expected:
                            late_reads.append((session.pk, n, _hand_count(html.decode()), expected))
                except Exception as exc:  # reported below
                    problems.append(repr(exc))

            threads = [threading.Thread(target=night_load, args=(i, s)) for i, s in enumerate(nights)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
        # The workers pay what the writes queued: the outbox empties.
        _wait_for(lambda: not StatsOutbox.objects.exists(), timeout=180, what="the workers' statistics jobs")
    finally:
        for w in workers:
            _stop(w)
    assert problems == []
    assert late_reads == [], "a page read on the other server after a write showed the night before it"

    for session in nights:
        hands = list(Hand.objects.filter(session=session, deleted_at__isnull=True).order_by("number"))
        assert [h.number for h in hands] == list(range(1, LOGS + 1))
        assert hands[0].pot_in == session.pot_in
        for prev, hand in zip(hands, hands[1:]):
            assert hand.pot_in == prev.pot_out == hand.ruling["pot_in"], f"the chain of night {session.pk} broke"
        for hand in hands:
            assert referee.replay(hand.record)["net"] == hand.ruling["net"]
            assert sum(LedgerEntry.objects.filter(hand=hand).values_list("amount", flat=True)) == (
                hand.pot_in - hand.pot_out
            )

    ledger = Counter()
    for pid, amount in LedgerEntry.objects.filter(hand__deleted_at__isnull=True).values_list("player_id", "amount"):
        ledger[pid] += amount
    stats = Counter()
    for pid, net in StatsDay.objects.filter(family=family).values_list("player_id", "net"):
        stats[pid] += net
    assert +stats == +ledger, "the statistics' nets are the ledger's"
    incremental = dump(family)
    stats_services.stats_recompute(family=family, rederive=True)
    assert dump(family) == incremental, "the jobs of both workers built what a full recompute builds"

    done = Counter()
    ran = []
    for i in range(2):
        log = (tmp_path / f"worker{i}.log").read_text()
        ids = re.findall(r"Task [\w.]+\[([0-9a-f-]+)\] succeeded", log)
        done.update(ids)
        ran.append(len(ids))
    assert done and max(done.values()) == 1, "a job finished on both workers"
    assert all(ran), f"each worker ran jobs: {ran}"
