"""Issue 11, SQLite answers "database is locked": the README's default database queues writers
(BEGIN IMMEDIATE, WAL, a busy timeout), so concurrent editors wait instead of failing; the same
load on PostgreSQL, where the session's row lock queues them."""

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from django.db import connection, connections
from rest_framework.test import APIClient

from archive.models import Hand
from tests import factories

ROOT = Path(__file__).resolve().parent.parent.parent


def test_sqlite_file_database_queues_concurrent_writers_and_an_import(tmp_path):
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{tmp_path / 'tk.sqlite3'}", CELERY_BROKER_URL="")
    env.pop("DJANGO_SETTINGS_MODULE", None)
    out = subprocess.run(
        [sys.executable, str(Path(__file__).with_name("sqlite_writers.py"))],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    doc = json.loads(out.stdout.strip().splitlines()[-1])
    assert doc["errors"] == []
    assert doc["codes"] == [201] * 24, doc["codes"]
    assert doc["import"]["added"] == 60 and doc["import"]["errors"] == []


def test_sqlite_settings_begin_immediate_with_wal_and_a_busy_timeout():
    from config.settings import base

    if not base.DATABASES["default"]["ENGINE"].endswith("sqlite3"):
        pytest.skip("DATABASE_URL names another database")
    options = base.DATABASES["default"]["OPTIONS"]
    assert options["transaction_mode"] == "IMMEDIATE"
    assert options["timeout"] >= 20
    assert "journal_mode=WAL" in options["init_command"]


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the PostgreSQL run of the same load")
@pytest.mark.django_db(transaction=True)
def test_postgresql_queues_concurrent_writers(family, owner):
    sessions = [factories.make_session(family, owner, key=f"night-{i}") for i in range(4)]
    shared = sessions[0]
    barrier = threading.Barrier(8)
    codes, errors = [], []

    def write(session):
        try:
            client = APIClient()
            client.force_authenticate(owner)
            barrier.wait()
            for _ in range(2):
                r = client.post(
                    "/api/hands/",
                    {"session": session.pk, "record": factories.example_record("01-plain-hand")},
                    format="json",
                )
                codes.append(r.status_code)
        except Exception as e:  # reported below
            errors.append(repr(e))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=write, args=(s,)) for s in sessions + [shared] * 4]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert codes == [201] * 16
    numbers = sorted(Hand.objects.filter(session=shared).values_list("number", flat=True))
    assert numbers == list(range(1, 11))
