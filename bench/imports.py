#!/usr/bin/env python
"""Import benchmark (issue 19), run by hand on PostgreSQL:

    .venv/bin/python bench/imports.py                  # 50,000 hands
    .venv/bin/python bench/imports.py --hands 500000 --no-stats   # memory at ten times the size

DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/tk_bench19, dropped and created
again at each run (so the fresh import meets an empty archive). It builds a JSON Lines history
(Swik nights of 30 to 50 hands, four to six players, the referee's generator with table mistakes;
cached in /tmp), then imports it into a new family with `archive.history.imports.history_import` reading
the file as `manage.py import_history` does, and imports it again (which adds nothing). Each
import runs in a fresh process so its peak memory (getrusage max RSS) is its own. The statistics
job that follows an import is timed apart (it is a Celery job of its own).

Targets: fresh >= 3,000 hands/s, again >= 10,000 hands/s, peak <= 150 MB at 50,000 and 500,000.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/tk_bench19"
NAMES = ("Dad", "Mom", "Uncle Joe", "Mary", "Me", "Grandma")


def maxrss_mb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def build_file(path: Path, hands: int, seed=19, every_days=7):
    """A history of `hands` hands as history_export writes it (the referee rules each, for the chain): a night
    every `every_days` days."""
    import referee
    from referee.generate import swik_hand

    rng = random.Random(seed)
    zone = ZoneInfo("America/Chicago")
    start = datetime(1995, 1, 6, 19, 0, tzinfo=zone)
    made, night = 0, 0
    t0 = time.perf_counter()
    with open(path.with_suffix(".part"), "w", encoding="utf-8") as out:
        while made < hands:
            names = rng.sample(NAMES, rng.randint(4, 6))
            meta = {
                "key": f"night-{night:06d}",
                "started_at": (start + timedelta(days=every_days * night)).isoformat(),
                "timezone": "America/Chicago",
                "place": "",
                "house_rules": {},
                "first_dealer": 0,
                "pot_in": 0,
                "game": "swik",
                "variant": "",
                "notes": "",
            }
            pot, dealer = 0, 0
            for k in range(min(rng.randint(30, 50), hands - made)):
                while True:
                    record = swik_hand(rng, players=names, dealer=dealer, pot_in=pot, mistakes=0.08, summary_only=0.2)
                    try:
                        ruling = referee.replay(record)
                        break
                    except referee.BadRecord:  # a generator slip: draw again
                        continue
                pot, dealer = ruling["pot_out"], ruling["facts"]["next_dealer"]
                out.write(json.dumps(dict(record, archive={"session": meta, "number": k + 1})) + "\n")
                made += 1
            night += 1
    path.with_suffix(".part").rename(path)
    print(
        f"built {path} ({made:,} hands, {night:,} nights, {path.stat().st_size / 1e6:.0f} MB) "
        f"in {time.perf_counter() - t0:.0f} s",
        flush=True,
    )


def backend_cpu(pid):
    """CPU seconds of the PostgreSQL backend serving this process, when the server runs on this machine
    (the machine is shared: CPU seconds say what wall time cannot); None when it cannot be read."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def fresh_database(url):
    import psycopg

    name = url.rsplit("/", 1)[1]
    with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        check=True,
        env=dict(os.environ, DJANGO_SETTINGS_MODULE="config.settings.dev"),
    )


def measure(what, path, stats=True):
    """One import in this process: what = fresh (a new family) or again (the same family)."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")
    os.environ["DEBUG"] = "0"  # no query log piling up in memory
    os.environ.pop("CELERY_BROKER_URL", None)
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.db import connection

    from archive.history import imports
    from archive.models import Family, Hand
    from archive.people import services as people_services
    from archive.stats import tasks
    from archive.stats.services import stats_recompute

    queued = []
    tasks.recompute_stats.delay = lambda **kw: queued.append(kw)  # timed apart below, as the worker would run it
    user, _ = get_user_model().objects.get_or_create(username="bench")
    family = Family.objects.filter(slug="bench-import").first()
    if family is None:
        family = people_services.family_create(name="Bench import", owner=user)
        family.slug = "bench-import"
        family.save(update_fields=["slug"])
    base = maxrss_mb()
    with connection.cursor() as cur:
        cur.execute("SELECT pg_backend_pid()")
        backend = cur.fetchone()[0]
    db0, cpu0, t = backend_cpu(backend), time.process_time(), time.perf_counter()
    with open(path, "rb") as stream:
        result = imports.history_import(family=family, lines=stream, by=user)
    seconds = time.perf_counter() - t
    cpu, db1 = time.process_time() - cpu0, backend_cpu(backend)
    out = {
        "what": what,
        "seconds": seconds,
        "added": result["added"],
        "skipped": result["skipped"],
        "errors": result["error_count"],
        "hands_per_s": (result["added"] + result["skipped"]) / seconds,
        "cpu_s": cpu,
        "db_cpu_s": None if db0 is None or db1 is None else db1 - db0,
        "peak_mb": maxrss_mb(),
        "baseline_mb": base,
        "stats_jobs": len(queued),
        "hands": Hand.objects.filter(session__family=family).count(),
    }
    if queued and stats:
        t = time.perf_counter()
        stats_recompute(family=family)
        out["stats_seconds"] = time.perf_counter() - t
        out["peak_mb_with_stats"] = maxrss_mb()
    print(json.dumps(out), flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=50_000)
    parser.add_argument("--measure", choices=["fresh", "again"])
    parser.add_argument("--file")
    parser.add_argument("--no-stats", action="store_true", help="leave out the statistics job (500,000 hands)")
    args = parser.parse_args()
    os.environ.setdefault("DATABASE_URL", DEFAULT_DB)
    if args.measure:
        return measure(args.measure, args.file, stats=not args.no_stats)
    path = Path(f"/tmp/tk-bench-import-{args.hands}.jsonl")
    if not path.exists():
        build_file(path, args.hands)
    fresh_database(os.environ["DATABASE_URL"])
    rows = []
    for what in ("fresh", "again"):
        extra = ["--no-stats"] if args.no_stats else []
        run = subprocess.run(
            [sys.executable, __file__, "--measure", what, "--file", str(path), *extra],
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        )
        rows.append(json.loads(run.stdout.strip().splitlines()[-1]))
    print(
        f"\n{args.hands:,} hands, {path.stat().st_size / 1e6:.0f} MB of JSON Lines, "
        f"on {os.environ['DATABASE_URL'].rsplit('@', 1)[-1]}"
    )
    for r in rows:
        stats = f"; statistics job after it {r['stats_seconds']:.1f} s" if "stats_seconds" in r else ""
        db = f" + database {r['db_cpu_s']:.1f} s" if r.get("db_cpu_s") is not None else ""
        print(
            f"  {r['what']:5}  added {r['added']:>7,}  skipped {r['skipped']:>7,}  {r['seconds']:6.1f} s  "
            f"{r['hands_per_s']:7,.0f} hands/s  peak {r['peak_mb']:.0f} MB (at start {r['baseline_mb']:.0f} MB)"
            f"{stats}\n         CPU: import {r['cpu_s']:.1f} s{db}"
        )
    fresh, again = rows
    ok = (
        fresh["hands_per_s"] >= 3000
        and again["hands_per_s"] >= 10000
        and max(fresh["peak_mb"], again["peak_mb"]) <= 150
    )
    print("targets (3,000 and 10,000 hands/s, 150 MB):", "met" if ok else "NOT met")


if __name__ == "__main__":
    main()
