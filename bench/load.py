"""Many families at once: Locust drives the site on gunicorn, PostgreSQL, Redis and a Celery worker
for a fixed time, then the archive is checked. Run by hand (traffic on loopback only):

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/tk_load .venv/bin/python bench/load.py \\
        --families 30 --users 120 --seconds 60

It (re)creates the database named in DATABASE_URL (tk_load..., or tk_..._load), builds the
families (an editor each, Swik nights with hands), starts `gunicorn config.wsgi` (--workers) and a
Celery worker on Redis (CELERY_BROKER_URL, default redis://127.0.0.1:6379/7), and runs Locust
headless (bench/load_users.py: each user logs in to one family and browses its pages and API,
logs hands and edits them). Then it prints requests per second, median and 99th-percentile
latency and the error count per request kind and in total, against the targets (200 requests/s,
p99 under 500 ms, no errors), and checks that every session's pot chain is consistent (each
hand's pot_in is the pot_out before it) and that every statistic equals a full recompute. It also prints
the site's CPU by request kind and by Celery task (bench/load_cpu.py), so a run says where the cores went.
With --reads-only nobody logs or edits: every page is served from the cache after its first read, which
measures the mix's floor with a perfect cache.
"""

import argparse
import csv
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlparse

import load_cpu

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "load_settings")
os.environ.setdefault("DEBUG", "0")

TARGET_RPS, TARGET_P99_MS = 200.0, 500.0


def recreate_database(url):
    import psycopg

    name = urlparse(url).path.lstrip("/")
    if not (name.startswith("tk_") and "load" in name):
        sys.exit(f"bench/load.py drops and creates its database: name it tk_load... (or tk_..._load), not {name!r}")
    admin = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def build(families, nights, hands, seed):
    """The families, each with an editor who logs in, and `nights` Swik nights of `hands` hands."""
    import django

    django.setup()
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
    from django.contrib.sessions.backends.db import SessionStore
    from django.core.management import call_command
    from django.utils import timezone

    from archive.models import Player
    from archive.people import services as people_services
    from archive.table import services
    from referee.generate import swik_hand

    call_command("migrate", verbosity=0)
    rng = random.Random(seed)
    out = []
    names = ["Dad", "Uncle Joe", "Mary", "Me"]
    for i in range(families):
        user = get_user_model().objects.create_user(f"load{i}", password=f"load-password-{i}")
        family = people_services.family_create(name=f"Load family {i}", owner=user)
        players = [Player.objects.create(family=family, name=n) for n in names]
        sessions, hand_ids = [], []
        for night in range(nights):
            session = services.session_create(
                family=family,
                started_at=timezone.now() - timedelta(days=7 * (nights - night)),
                timezone=family.timezone,
                players=players,
                by=user,
            )
            sessions.append(session.pk)
            for _ in range(hands):
                d = services.session_next_hand_defaults(session=session)
                record = swik_hand(rng, players=d["players"], dealer=d["dealer"], pot_in=d["pot_in"], mistakes=0.1)
                # (a generated hand may stop before the deal: confirmed, as the log page's tick box does)
                hand = services.hand_add(session=session, record=record, by=user, no_deal_ok=True)
                hand_ids.append(hand.pk)
        # A member who logged in earlier: the run measures the archive, not a storm of password hashes
        # (a login costs some 0.3 s of CPU by design; a family logs in once a night, not once a request).
        store = SessionStore()
        store[SESSION_KEY] = str(user.pk)
        store[BACKEND_SESSION_KEY] = "archive.common.signin.CachedModelBackend"
        store[HASH_SESSION_KEY] = user.get_session_auth_hash()
        store.create()
        out.append(
            {
                "session_cookie": store.session_key,
                "user": user.username,
                "password": f"load-password-{i}",
                "slug": family.slug,
                "id": family.pk,
                "sessions": sessions,
                "hands": hand_ids,
            }
        )
    return out


def start(cmd, env, log):
    return subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)


def stop(proc):
    if proc and proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)


def wait_http(url, timeout=60):
    import requests

    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            if requests.get(url, timeout=10).status_code == 200:
                return
        except requests.RequestException:  # not listening yet, or a worker still starting
            pass
        time.sleep(0.3)
    sys.exit(f"{url} did not answer within {timeout} s")


def cpu_of(pid):
    """Seconds of CPU of a process and its children (a gunicorn master and its workers)."""
    import psutil

    procs = [psutil.Process(pid), *psutil.Process(pid).children(recursive=True)]
    total = 0.0
    for p in procs:
        try:
            t = p.cpu_times()
            total += t.user + t.system
        except psutil.NoSuchProcess:
            pass
    return total


def bare_view(host, server_pid, seconds):
    """(requests/s, gunicorn CPU ms a request) of bench/floor_urls.py's bare Django view under wrk, or None."""
    import psutil

    if not shutil.which("wrk"):
        return None
    procs = [psutil.Process(server_pid), *psutil.Process(server_pid).children(recursive=True)]

    def cpu():
        return sum(p.cpu_times().user + p.cpu_times().system for p in procs)

    before, t = cpu(), time.perf_counter()
    out = subprocess.run(
        ["wrk", "-t", "2", "-c", "4", "-d", f"{seconds}s", host + "/__floor__/bare/"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    elapsed, used = time.perf_counter() - t, cpu() - before
    count = int(out.split(" requests in")[0].split()[-1])
    return count / elapsed, used * 1000 / max(count, 1)


def read_stats(prefix):
    with open(f"{prefix}_stats.csv") as f:
        return list(csv.DictReader(f))


def check_archive(timeout):
    """After the run: the worker has caught up, every pot chain holds, statistics equal a recompute."""
    from archive.models import Family, Hand, Session
    from archive.stats.models import StatsOutbox
    from archive.stats.services import stats_recompute
    from tests.stats.dump import dump

    end = time.monotonic() + timeout
    while StatsOutbox.objects.exists() and time.monotonic() < end:
        time.sleep(0.5)
    owed = StatsOutbox.objects.count()
    broken = []
    for session in Session.objects.all():
        pot = None
        for number, pot_in, pot_out in (
            Hand.objects.filter(session=session, deleted_at__isnull=True)
            .order_by("number")
            .values_list("number", "pot_in", "pot_out")
        ):
            if pot is not None and pot_in != pot:
                broken.append((session.pk, number, pot, pot_in))
            pot = pot_out
    mismatched = []
    for family in Family.objects.all():
        before = dump(family)
        stats_recompute(family=family, rederive=True)
        if dump(family) != before:
            mismatched.append(family.slug)
    return owed, broken, mismatched


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--families", type=int, default=30)
    ap.add_argument("--nights", type=int, default=3)
    ap.add_argument("--hands", type=int, default=20, help="hands a night when the families are built")
    ap.add_argument("--users", type=int, default=120, help="Locust users at once")
    ap.add_argument("--spawn-rate", type=float, default=20)
    ap.add_argument("--seconds", type=int, default=60)
    ap.add_argument("--think", type=float, default=0.5, help="mean seconds a user waits between requests")
    ap.add_argument("--workers", type=int, default=4, help="gunicorn workers")
    ap.add_argument(
        "--reads-only",
        action="store_true",
        help="no hand logged or edited: every page served from the cache after its first read (the mix's floor)",
    )
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        sys.exit("set DATABASE_URL=postgres://postgres@127.0.0.1:5432/tk_load (PostgreSQL)")
    broker = os.environ.get("LOAD_BROKER_URL", "redis://127.0.0.1:6379/7")
    recreate_database(url)
    t = time.perf_counter()
    families = build(args.families, args.nights, args.hands, args.seed)
    print(
        f"built {args.families} families, {args.families * args.nights * args.hands} hands in {time.perf_counter() - t:.0f} s"
    )

    tmp = Path(tempfile.mkdtemp(prefix="tk-load-"))
    (tmp / "families.json").write_text(json.dumps(families))
    env = dict(
        os.environ,
        CELERY_BROKER_URL=broker,
        # Several gunicorn workers and the Celery worker share one cache, as production's nodes share Redis: the
        # family versions a write or a statistics job replaces must reach every process (docs/scaling.md).
        CACHE_URL=os.environ.get("LOAD_CACHE_URL", broker),
        CACHE_KEY_PREFIX=f"tk-load-{os.getpid()}",
        PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "bench")]),
        LOAD_FAMILIES=str(tmp / "families.json"),
        LOAD_THINK=str(args.think),
        LOAD_CPU_LOG=str(tmp / "cpu.log"),
        LOAD_READS_ONLY="1" if args.reads_only else "0",
    )
    host = "http://127.0.0.1:8765"
    worker = server = None
    try:
        worker = start(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "config",
                "worker",
                "--pool=solo",
                "--loglevel=WARNING",
                "--without-gossip",
                "--without-mingle",
            ],
            env,
            open(tmp / "worker.log", "w"),
        )
        server = start(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "config.wsgi",
                "-b",
                "127.0.0.1:8765",
                "-w",
                str(args.workers),
                "--timeout",
                "60",
                "--log-level",
                "warning",
            ],
            env,
            open(tmp / "gunicorn.log", "w"),
        )
        wait_http(host + "/login/")
        prefix = tmp / "locust"
        site_cpu = cpu_of(server.pid) + cpu_of(worker.pid)  # the site's CPU (gunicorn, the worker) while it runs
        subprocess.run(
            [
                sys.executable, "-m", "locust", "-f", str(ROOT / "bench" / "load_users.py"), "--headless",
                "-u", str(args.users), "-r", str(args.spawn_rate), "-t", f"{args.seconds}s", "--host", host,
                "--csv", str(prefix), "--only-summary", "--loglevel", "WARNING", "--stop-timeout", "10",
            ],
            cwd=ROOT, env=env, check=False,
        )  # fmt: skip
        site_cpu = cpu_of(server.pid) + cpu_of(worker.pid) - site_cpu
        bare = bare_view(host, server.pid, seconds=5)  # the floor, in the same run, on the same server
        stop(server)
        server = None
        owed, broken, mismatched = check_archive(timeout=120)
    finally:
        stop(server)
        stop(worker)

    rows = read_stats(prefix)
    print(f"\n{'request':<22}{'count':>8}{'errors':>8}{'req/s':>9}{'median ms':>11}{'p99 ms':>9}")
    total = None
    for row in rows:
        line = (
            f"{row['Name']:<22}{row['Request Count']:>8}{row['Failure Count']:>8}{float(row['Requests/s']):>9.1f}"
            f"{float(row['Median Response Time']):>11.0f}{float(row['99%']):>9.0f}"
        )
        print(line)
        if row["Name"] == "Aggregated":
            total = row
    rps, p99, errors = float(total["Requests/s"]), float(total["99%"]), int(total["Failure Count"])
    print(
        f"\ntotal: {rps:.0f} requests/s (target {TARGET_RPS:.0f}), p99 {p99:.0f} ms (target < {TARGET_P99_MS:.0f}), {errors} errors (target 0)"
    )
    print(
        f"after the run: statistics owed {owed}; broken pot chains {len(broken)}; statistics unlike a recompute in {len(mismatched)} families"
    )
    for b in broken[:10]:
        print("  broken chain (session, hand, pot before, pot_in):", b)
    print(
        f"the site's CPU (gunicorn and the worker) over the run: {site_cpu:.0f} s in {args.seconds} s, "
        f"{site_cpu * 1000 / max(int(total['Request Count']), 1):.1f} ms a request"
    )
    print("\n" + f"{'the site CPU by request and task':<40}{'count':>7}{'mean ms':>9}{'share':>7}")
    for kind, count, mean, share in load_cpu.summary(tmp / "cpu.log"):
        print(f"{kind:<40}{count:>7}{mean:>9.1f}{share:>7.0%}")
    if bare:
        print(f"the bare Django view in the same run: {bare[0]:.0f} requests/s, {bare[1]:.2f} ms of gunicorn CPU each")
    print("load average (1, 5, 15 min): " + ", ".join(f"{x:.2f}" for x in os.getloadavg()))
    ok = rps >= TARGET_RPS and p99 < TARGET_P99_MS and errors == 0 and not owed and not broken and not mismatched
    print("all targets met" if ok else "NOT all targets met", f"(logs in {tmp})")


if __name__ == "__main__":
    main()
