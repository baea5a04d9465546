"""Each request's cost against Django's own floor (issue 33). Run by hand (traffic on loopback only):

    .venv/bin/python bench/floor.py                         # the full demo in tk_floor (built once, reused)
    .venv/bin/python bench/floor.py --seconds 5 --years 1   # a quicker look on a smaller demo (tk_floor_1y)
    .venv/bin/python bench/floor.py --repeat 3 --seconds 6  # on a busy machine: each figure the median of 3 rounds

It loads the demo family's history into its own PostgreSQL database (DATABASE_URL, default
postgres://postgres@127.0.0.1:5432/tk_floor), collects the static files, then starts gunicorn with production
settings (bench/floor_settings.py: production's, plus two bare views that live only in the bench) and a Celery
worker on Redis, and drives each request kind with wrk for --seconds after a warm-up. For each it prints the
requests/s and the CPU each request cost, read from /proc: gunicorn (master and workers), the Celery worker
(the statistics job a logged hand queues) and PostgreSQL (the backends connected to the bench's database),
and the ratio of gunicorn's plus the worker's CPU to the bare Django view's in the same run, against the
targets: the lightest API request at most 4x; the hand, session and family pages and the API lists 10x; the
statistics page 15x; a hand log with its statistics job 30x. The hand log is measured twice: under wrk (four
at once: a statistics job pays every hand its family owes, so the jobs of a burst are shared) and one at a
time, each hand with a job of its own (--lone hands), as a family logs at the table.
"""

import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta
from datetime import time as dtime
from pathlib import Path
from urllib.parse import urlparse
from zoneinfo import ZoneInfo

import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]
PORT = 8766
HOST = f"http://127.0.0.1:{PORT}"
STATIC = Path(tempfile.gettempdir()) / "tk-floor-static"
ENV = {
    "DJANGO_SETTINGS_MODULE": "floor_settings",
    "SECRET_KEY": "bench-floor-" + "x" * 50,
    "ALLOWED_HOSTS": "127.0.0.1",
    "STATIC_ROOT": str(STATIC),
    "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "bench")]),
    "LOG_LEVEL": "WARNING",
}
# (name, target ratio or None)
TARGETS = {
    "bare Django view": None,  # the floor itself
    "bare DRF view": None,
    "API next (GET /api/sessions/N/next/)": 4,
    "hand page": 10,
    "session page": 10,
    "family page": 10,
    "API sessions list": 10,
    "API hands list": 10,
    "statistics page": 15,
    "hand log (POST /api/hands/)": 30,
    "hand edit (PUT /api/hands/N/)": 30,
    "hand log, one at a time (its own job)": 30,
}
LONE = "hand log, one at a time (its own job)"


def manage(*args, env):
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True)


def prepare(url, years, fresh_static):
    """The database with the demo loaded (once), and the collected static files production serves."""
    import psycopg

    name = urlparse(url).path.lstrip("/")
    admin = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')
    env = dict(os.environ, **ENV, DATABASE_URL=url)
    env.pop("CELERY_BROKER_URL", None)  # the demo's statistics are computed in-process
    manage("migrate", "--noinput", "-v", "0", env=env)
    t = time.perf_counter()
    manage("demo", "--if-empty", "--years", str(years), env=env)
    with psycopg.connect(url, autocommit=True) as conn:
        # The planner's statistics of the tables the demo just filled, as autovacuum keeps a live database's:
        # without them a list's plan sorts every hand of the family (30 ms) instead of walking its index.
        conn.execute("ANALYZE")
    print(f"demo ready ({time.perf_counter() - t:.0f} s)")
    if fresh_static or not (STATIC / "staticfiles.json").exists():
        shutil.rmtree(STATIC, ignore_errors=True)
        manage("collectstatic", "--noinput", "-v", "0", env=env)


def fixtures(seed):
    """The demo owner's cookie and token, the pages to fetch, a night of its own for the writes."""
    import django

    django.setup()
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
    from django.db.models import Count, Q
    from django.utils import timezone
    from rest_framework.authtoken.models import Token

    from archive.models import Family, Hand, Player, Session
    from archive.stats.models import SeatFact
    from archive.table import services
    from referee.generate import swik_hand

    user = get_user_model().objects.get(username="demo")
    family = Family.objects.filter(memberships__user=user).order_by("pk").first()
    store = import_module(settings.SESSION_ENGINE).SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = "archive.common.signin.CachedModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    token, _ = Token.objects.get_or_create(user=user)
    night = (
        Session.objects.filter(family=family, game="swik", deleted_at__isnull=True)
        .annotate(n=Count("hands", filter=Q(hands__deleted_at__isnull=True)))
        .order_by("-n", "-pk")
        .first()
    )
    hand = Hand.objects.filter(session=night, deleted_at__isnull=True).order_by("number").last()
    players = list(Player.objects.filter(family=family, merged_into__isnull=True).order_by("pk")[:4])
    # The writes' night on a day of its own: a statistics job rebuilds the streaks of its hands' day, and the
    # nights of earlier runs on the same day would make each run's writes dearer than the last.
    zone = ZoneInfo(family.timezone)
    day = timezone.localdate(timezone=zone)
    while SeatFact.objects.filter(family=family, day=day).exists():
        day -= timedelta(days=1)
    started_at = datetime.combine(day, dtime(19), tzinfo=zone)
    bench_night = services.session_create(
        family=family, started_at=started_at, timezone=family.timezone, players=players, by=user
    )
    rng = random.Random(seed)
    d = services.session_next_hand_defaults(session=bench_night)
    records = [swik_hand(rng, players=d["players"], dealer=d["dealer"], pot_in=0, mistakes=0) for _ in range(3)]
    edited = services.hand_add(session=bench_night, record=records[0], by=user)
    slug = family.slug
    print(
        f"family {family.name!r}: night {night.pk} of {night.n} hands, hand {hand.pk}; writes go to night {bench_night.pk} ({day})"
    )
    cookie = f"{settings.SESSION_COOKIE_NAME}={store.session_key}"
    api = {"Authorization": f"Token {token.key}", "Content-Type": "application/json"}
    return [
        ("bare Django view", "GET", "/__floor__/bare/", {}, None),
        ("bare DRF view", "GET", "/__floor__/drf/", {}, None),
        ("API next (GET /api/sessions/N/next/)", "GET", f"/api/sessions/{night.pk}/next/", {}, None),
        ("hand page", "GET", f"/families/{slug}/hands/{hand.pk}/", {}, None),
        ("session page", "GET", f"/families/{slug}/sessions/{night.pk}/", {}, None),
        ("family page", "GET", f"/families/{slug}/", {}, None),
        ("API sessions list", "GET", f"/api/sessions/?family={family.pk}", {}, None),
        ("API hands list", "GET", f"/api/hands/?family={family.pk}", {}, None),
        ("statistics page", "GET", f"/families/{slug}/stats/", {}, None),
        (
            "hand log (POST /api/hands/)",
            "POST",
            "/api/hands/",
            api,
            [json.dumps({"session": bench_night.pk, "record": records[2], "why": "bench"})],
        ),
        (
            "hand edit (PUT /api/hands/N/)",
            "PUT",
            f"/api/hands/{edited.pk}/",
            api,
            [json.dumps({"record": r, "why": "bench"}) for r in records[1:]],
        ),
    ], cookie


def lua(method, headers, bodies, cookie):
    """A wrk script: the method, the headers (the cookie, HTTPS as the proxy says it) and bodies in turn."""
    lines = [f'wrk.method = "{method}"', 'wrk.headers["X-Forwarded-Proto"] = "https"']
    if "Authorization" not in headers:  # a token, not the cookie: DRF's session auth would ask for CSRF
        lines.append(f'wrk.headers["Cookie"] = "{cookie}"')
    lines += [f'wrk.headers["{k}"] = "{v}"' for k, v in headers.items()]
    if bodies:
        lines.append("local bodies = {" + ", ".join(f"[==[{b}]==]" for b in bodies) + "}")
        lines.append("local n = 0")
        lines.append("request = function() n = n + 1; return wrk.format(nil, nil, nil, bodies[n % #bodies + 1]) end")
    return "\n".join(lines) + "\n"


def cpu(pids):
    """Seconds of CPU of these processes (those gone are left out)."""
    total = {}
    for pid in pids:
        try:
            t = psutil.Process(pid).cpu_times()
            total[pid] = t.user + t.system
        except psutil.NoSuchProcess:
            pass
    return total


def tree(pid):
    p = psutil.Process(pid)
    return [pid] + [c.pid for c in p.children(recursive=True)]


def backends(db):
    return [
        p.pid
        for p in psutil.process_iter(["name", "cmdline"])
        if p.info["name"] and p.info["name"].startswith("postgres") and f" {db} " in " ".join(p.info["cmdline"] or [])
    ]


def delta(before, after):
    return sum(after[p] - before.get(p, 0.0) for p in after)


def wrk(path, script, seconds, connections):
    out = subprocess.run(
        ["wrk", "-t", "2", "-c", str(connections), "-d", f"{seconds}s", "-s", script, HOST + path],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    count = int(re.search(r"(\d+) requests in", out).group(1))
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    errors = re.search(r"Socket errors: .*", out)
    return count, int(bad.group(1)) if bad else 0, errors.group(0) if errors else ""


def one_at_a_time(kind, cookie, server, worker, db, count):
    """A row for `kind` sent one request at a time, each after the worker has paid the last one's job: under
    wrk's four connections a job pays every hand its family owes (archive/stats/services.py), so a lone hand's
    job (a family logging at the table) costs more than the load's share."""
    _name, method, path, headers, bodies = kind
    wait_idle(tree(worker.pid))
    gun, wor = tree(server.pid), tree(worker.pid)
    pg = backends(db)
    before = (cpu(gun), cpu(wor), cpu(pg))
    t = time.perf_counter()
    for i in range(count):
        check_once(method, path, headers, bodies[i % len(bodies)], cookie)
        wait_idle(wor, quiet=0.3)
    elapsed = time.perf_counter() - t
    after = (cpu(gun), cpu(wor), cpu(list(set(pg) | set(backends(db)))))
    g, w, p = (delta(b, a) * 1000 / count for b, a in zip(before, after, strict=True))
    return (LONE, count / elapsed, g, w, p, 0, "")


def check_once(method, path, headers, body, cookie):
    import requests

    r = requests.request(
        method,
        HOST + path,
        headers={"X-Forwarded-Proto": "https", **({} if "Authorization" in headers else {"Cookie": cookie}), **headers},
        data=body.encode() if body else None,
        allow_redirects=False,
        timeout=60,
    )
    if r.status_code not in (200, 201):
        sys.exit(f"{method} {path} answered {r.status_code}: {r.text[:300]}")


def start(cmd, env, log):
    return subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)


def stop(proc):
    if proc and proc.poll() is None:
        os.killpg(proc.pid, 15)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, 9)


def wait_idle(pids, quiet=1.0, timeout=120):
    """Until these processes spend no CPU for `quiet` seconds (the worker has caught up)."""
    end = time.monotonic() + timeout
    last = cpu(pids)
    while time.monotonic() < end:
        time.sleep(quiet)
        now = cpu(pids)
        if delta(last, now) < 0.01:
            return
        last = now


def medians(rows):
    """One row a request kind: with --repeat, each figure the median of its rounds (a round on a busy machine
    moves the floor and the pages alike; the median of each keeps one noisy round from deciding), errors summed."""
    by_name = {}
    for row in rows:
        by_name.setdefault(row[0], []).append(row)
    return [
        (name, *(statistics.median(r[i] for r in runs) for i in (1, 2, 3, 4)), sum(r[5] for r in runs), runs[-1][6])
        for name, runs in by_name.items()
    ]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=int, default=10, help="measured seconds per request kind")
    ap.add_argument("--warmup", type=int, default=2)
    ap.add_argument("--connections", type=int, default=4)
    ap.add_argument("--workers", type=int, default=4, help="gunicorn sync workers")
    ap.add_argument("--years", type=float, default=7, help="the demo's years of history (7: the full demo)")
    ap.add_argument("--only", default="", help="only the request kinds whose name contains this (and the bare views)")
    ap.add_argument("--fresh-static", action="store_true", help="collect the static files again")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=1, help="rounds of every kind; each figure the median of its rounds")
    ap.add_argument("--lone", type=int, default=20, help="hands logged one at a time, each with its own job")
    args = ap.parse_args()
    if not shutil.which("wrk"):
        sys.exit("bench/floor.py drives the site with wrk: apt-get install wrk")

    default_db = "tk_floor" if args.years == 7 else f"tk_floor_{args.years:g}y"
    url = os.environ.get("DATABASE_URL") or f"postgres://postgres@127.0.0.1:5432/{default_db}"
    if not url.startswith("postgres"):
        sys.exit("DATABASE_URL must name a PostgreSQL database")
    broker = os.environ.get("FLOOR_BROKER_URL", "redis://127.0.0.1:6379/8")
    prepare(url, args.years, args.fresh_static)
    # The cache's keys name ids of this database (users, families): a prefix of its own on a shared Redis.
    os.environ.update(
        ENV, DATABASE_URL=url, CELERY_BROKER_URL=broker, CACHE_KEY_PREFIX=f"tk-floor-{urlparse(url).path[1:]}"
    )
    kinds, cookie = fixtures(args.seed)
    db = urlparse(url).path.lstrip("/")

    tmp = Path(tempfile.mkdtemp(prefix="tk-floor-"))
    env = dict(os.environ)
    worker = server = None
    rows = []
    try:
        worker = start(
            [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo", "--loglevel=WARNING",
             "--without-gossip", "--without-mingle"],
            env, open(tmp / "worker.log", "w"),
        )  # fmt: skip
        server = start(
            [sys.executable, "-m", "gunicorn", "config.wsgi", "-b", f"127.0.0.1:{PORT}", "-w", str(args.workers),
             "--timeout", "60", "--log-level", "warning"],
            env, open(tmp / "gunicorn.log", "w"),
        )  # fmt: skip
        for _ in range(120):
            try:
                check_once("GET", "/__floor__/bare/", {}, None, cookie)
                break
            except Exception:  # not listening yet
                time.sleep(0.5)
        time.sleep(2)  # the worker connects to Redis
        for rnd in range(args.repeat):
            if args.repeat > 1:
                print(f"round {rnd + 1} of {args.repeat}", flush=True)
            for name, method, path, headers, bodies in kinds:
                if args.only and args.only not in name and not name.startswith("bare"):  # the floor always
                    continue
                check_once(method, path, headers, bodies[0] if bodies else None, cookie)
                script = tmp / f"{len(rows)}.lua"
                script.write_text(lua(method, headers, bodies, cookie))
                wrk(path, str(script), args.warmup, args.connections)
                wait_idle(tree(worker.pid))
                gun, wor, pg = tree(server.pid), tree(worker.pid), backends(db)
                before = (cpu(gun), cpu(wor), cpu(pg))
                t = time.perf_counter()
                count, bad, socket_errors = wrk(path, str(script), args.seconds, args.connections)
                elapsed = time.perf_counter() - t
                wait_idle(wor)  # the statistics jobs the writes queued
                pg = list(set(pg) | set(backends(db)))
                after = (cpu(gun), cpu(wor), cpu(pg))
                g, w, p = (delta(b, a) * 1000 / count for b, a in zip(before, after, strict=True))
                rows.append((name, count / elapsed, g, w, p, bad, socket_errors))
                print(f"  {name}: {count} requests, {bad} not 2xx {socket_errors}", flush=True)
                if method == "POST":
                    rows.append(one_at_a_time((name, method, path, headers, bodies), cookie,
                                              server, worker, db, args.lone))  # fmt: skip
                    print(f"  {LONE}: {args.lone} requests", flush=True)
    finally:
        stop(server)
        stop(worker)

    rows = medians(rows)
    floor = next((r[2] for r in rows if r[0] == "bare Django view"), None)
    print(f"\n{'request':<40}{'req/s':>8}{'gunicorn':>10}{'worker':>8}{'postgres':>10}{'ratio':>8}{'target':>8}")
    print(f"{'':<40}{'':>8}{'CPU ms':>10}{'CPU ms':>8}{'CPU ms':>10}")
    failed = []
    for name, rps, g, w, p, bad, _socket_errors in rows:
        ratio = (g + w) / floor if floor else float("nan")
        target = TARGETS.get(name)
        mark = ""
        if target and ratio > target:
            mark = "  over"
            failed.append(name)
        if bad:
            mark += f"  {bad} errors"
            failed.append(name)
        t = f"{target}x" if target else "-"
        print(f"{name:<40}{rps:>8.0f}{g:>10.2f}{w:>8.2f}{p:>10.2f}{ratio:>7.1f}x{t:>8}{mark}")
    print("load average (1, 5, 15 min): " + ", ".join(f"{x:.2f}" for x in os.getloadavg()))
    print("\nall targets met" if not failed else f"\nNOT met: {', '.join(dict.fromkeys(failed))}", f"(logs in {tmp})")


if __name__ == "__main__":
    main()
