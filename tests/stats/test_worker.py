"""Against a real Celery worker on the real Redis and PostgreSQL (run by .ci/run, TK_REAL_WORKER=1).

The worker is `celery -A config worker`, a subprocess pointed at the test database. Rows must be
committed for it to see them, hence django_db(transaction=True).
"""

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.db import connection

from archive.models import Hand, LedgerEntry
from archive.stats import services
from archive.stats.models import SeatFact, StatsDay

from .conftest import chicago
from .dump import dump
from .history import play_session

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [
    pytest.mark.worker,
    pytest.mark.skipif(
        not (os.environ.get("TK_REAL_WORKER") and os.environ.get("CELERY_BROKER_URL")),
        reason="needs TK_REAL_WORKER=1, CELERY_BROKER_URL (Redis) and PostgreSQL",
    ),
    pytest.mark.django_db(transaction=True),
]


@pytest.fixture
def worker(tmp_path):
    """start(**env) runs a worker; every worker started is stopped at the end."""
    if connection.vendor != "postgresql":
        pytest.skip("the worker needs the test database on PostgreSQL (set DATABASE_URL)")
    from config.celery import app

    app.control.purge()  # tasks queued by other tests for hands long gone
    s = connection.settings_dict
    url = f"postgres://{s['USER'] or 'postgres'}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}"
    procs = []

    def start(*args, **extra):
        env = dict(
            os.environ,
            DATABASE_URL=url,
            DJANGO_SETTINGS_MODULE="config.settings.test",
            CELERY_VISIBILITY_TIMEOUT="4",
            **{k: str(v) for k, v in extra.items()},
        )
        log = open(tmp_path / f"worker{len(procs)}.log", "w")
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "config",
                "worker",
                "--pool=solo",
                "--loglevel=INFO",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
                "-n",
                f"test{len(procs)}@%h",
                *args,
            ],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        procs.append(proc)
        return proc

    yield start
    for proc in procs:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)


def wait_for(check, timeout=60, what="the worker"):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if check():
            return
        time.sleep(0.2)
    raise AssertionError(f"{what} did not finish within {timeout} s")


def ledger_nets():
    out = {}
    for pid, amount in LedgerEntry.objects.filter(hand__deleted_at__isnull=True).values_list("player_id", "amount"):
        out[pid] = out.get(pid, 0) + amount
    return out


def stats_nets():
    out = {}
    for pid, net in StatsDay.objects.values_list("player_id", "net"):
        out[pid] = out.get(pid, 0) + net
    return out


def test_the_worker_updates_the_stats_after_a_hand_is_saved(worker, table, rng):
    worker()
    family = table["family"]
    session, hands = play_session(
        family, players=table["players"][:4], started_at=chicago(2024, 8, 2, 19), by=table["editor"], hands=3, rng=rng
    )
    wait_for(
        lambda: SeatFact.objects.filter(hand__in=hands).count() == 12 and StatsDay.objects.filter(hands=3).count() == 4
    )
    assert stats_nets() == ledger_nets()
    incremental = dump(family)
    services.stats_recompute(family=family)
    assert dump(family) == incremental


def test_a_worker_killed_mid_task_leaves_nothing_half_written_and_the_retry_is_right(worker, table, rng, tmp_path):
    signal_file = tmp_path / "paused"
    first = worker(TK_STATS_TEST_DELAY=120, TK_STATS_TEST_SIGNAL=signal_file)
    family = table["family"]
    session, hands = play_session(
        family, players=table["players"][:4], started_at=chicago(2024, 8, 9, 19), by=table["editor"], hands=1, rng=rng
    )
    wait_for(signal_file.exists, what="the first worker's job")  # facts written, summaries not, not committed
    os.killpg(first.pid, signal.SIGKILL)
    first.wait(10)
    assert not SeatFact.objects.exists() and not StatsDay.objects.exists(), "a dead worker leaves nothing behind"
    worker()  # Redis hands the unacknowledged task to the new worker after the visibility timeout
    wait_for(lambda: StatsDay.objects.count() == 4, timeout=90, what="the retry")
    assert stats_nets() == ledger_nets()
    incremental = dump(family)
    services.stats_recompute(family=family)
    assert dump(family) == incremental


def test_the_worker_recompute_repairs_a_lost_job(worker, table, rng):
    from archive.stats import tasks
    from archive.stats.models import HandFact, StatsJob

    worker()
    family = table["family"]
    session, hands = play_session(
        family, players=table["players"][:4], started_at=chicago(2024, 8, 16, 19), by=table["editor"], hands=3, rng=rng
    )
    wait_for(lambda: HandFact.objects.filter(hand__in=hands).count() == 3 and StatsDay.objects.count() == 4)
    before = dump(family)
    HandFact.objects.filter(hand=hands[1]).update(revision=0)  # as if an edit's job had been lost
    SeatFact.objects.filter(hand=hands[1]).update(net=12345)
    job = StatsJob.objects.create(family=family)
    tasks.recompute_stats.delay(job_id=job.pk)
    wait_for(lambda: StatsJob.objects.get(pk=job.pk).state == "done", what="the recompute")
    assert StatsJob.objects.get(pk=job.pk).done == 1
    assert dump(family) == before and stats_nets() == ledger_nets()


def _redis(*command):
    return subprocess.run(command, capture_output=True, timeout=30)


def _redis_up():
    return _redis("redis-cli", "-h", "127.0.0.1", "-p", "6379", "ping").returncode == 0


def test_hands_saved_while_redis_is_stopped_are_kept_and_counted_when_it_returns(worker, table, rng, client, tmp_path):
    """Issue 17: Redis stopped while hands are saved. The hands are saved; the statistics page says it
    is behind; when Redis is back the beat's drain pays the outbox and the figures are right, once."""
    from django.urls import reverse

    from archive.stats.models import StatsOutbox

    if not shutil.which("redis-server"):
        pytest.skip("needs redis-server to start Redis again")
    worker("-B", f"--schedule={tmp_path / 'beat'}", STATS_OUTBOX_EVERY=1, STATS_OUTBOX_GRACE=1)
    family = table["family"]
    play_session(
        family, players=table["players"][:4], started_at=chicago(2024, 9, 6, 19), by=table["editor"], hands=1, rng=rng
    )
    wait_for(lambda: StatsDay.objects.count() == 4 and not StatsOutbox.objects.exists())

    _redis("redis-cli", "-h", "127.0.0.1", "-p", "6379", "shutdown", "nosave")
    try:
        wait_for(lambda: not _redis_up(), what="Redis stopping")
        started = time.monotonic()
        session, hands = play_session(
            family,
            players=table["players"][:4],
            started_at=chicago(2024, 9, 13, 19),
            by=table["editor"],
            hands=2,
            rng=rng,
        )
        saving = time.monotonic() - started
        assert Hand.objects.filter(session=session).count() == 2 and LedgerEntry.objects.filter(hand__in=hands).exists()
        assert set(StatsOutbox.objects.values_list("hand_id", flat=True)) == {h.pk for h in hands}
        client.force_login(table["viewer"])
        page = client.get(reverse("stats-family", args=[family.slug])).content.decode()
        assert "The statistics are behind." in page and "2 changes of hands are not counted yet" in page
        assert stats_nets() != ledger_nets()
    finally:
        _redis(
            "redis-server",
            "--daemonize",
            "yes",
            "--bind",
            "127.0.0.1",
            "--port",
            "6379",
            "--save",
            "",
            "--appendonly",
            "no",
        )
        wait_for(_redis_up, what="Redis starting")
    wait_for(
        lambda: not StatsOutbox.objects.exists() and stats_nets() == ledger_nets(), timeout=90, what="the catch-up"
    )
    incremental = dump(family)
    services.stats_recompute(family=family)
    assert dump(family) == incremental
    assert "The statistics are behind." not in client.get(reverse("stats-family", args=[family.slug])).content.decode()
    print(f"saving two hands with Redis down took {saving:.1f} s")
