#!/usr/bin/env python
"""Statistics benchmark (issue 4), run by hand on PostgreSQL:

    .venv/bin/python bench/stats.py                 # builds the archives once, then measures
    .venv/bin/python bench/stats.py --hands 20000   # a smaller big archive, for a quick look

DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/tablekeeper_bench (created and
migrated if missing). It builds two families, 1,000 and 100,000 hands (Swik, nights of about 40
hands, four to six players), with a bulk builder of its own (Hand and LedgerEntry rows written the
way the services write them, without revisions), and then measures, each in a fresh process so
peak memory (getrusage max RSS) is that measurement's own:

- the recompute with rederive (every fact derived again from the records and rulings), which
  also brings the facts up to date; then VACUUM ANALYZE of the stats tables, untimed (what
  autovacuum does to a database in steady state);
- the default recompute (find stale facts with SQL: none; rebuild the summary from the facts)
  of the 100,000-hand family, against a single SQL aggregate over the same hands
  (SUM(amount) GROUP BY player over its ledger rows), interleaved in the same process, medians
  of five: first right after the rederive (which leaves the fact tables twice their size, old
  row versions and new), then after VACUUM FULL of the fact tables, untimed (compact, as the
  incremental jobs write them, hand by hand);
- the incremental job after one saved hand, with the 1,000-hand and the 100,000-hand family;
- the reads that come straight from the facts (head to head, wraps), all time;
- peak memory of each at both sizes.

Targets: default recompute < 60 s and within 5x the aggregate; incremental within 2x across
sizes; memory flat as the archive grows.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/tablekeeper_bench"


def setup_django():
    os.environ.setdefault("DATABASE_URL", DEFAULT_DB)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")
    os.environ["DEBUG"] = "0"  # no query log piling up in memory
    os.environ.pop("CELERY_BROKER_URL", None)
    import django

    django.setup()


def ensure_database():
    import psycopg

    url = os.environ.setdefault("DATABASE_URL", DEFAULT_DB)
    name = url.rsplit("/", 1)[1]
    with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        check=True,
        env=dict(os.environ, DJANGO_SETTINGS_MODULE="config.settings.dev"),
    )


def rulings():
    """(record, ruling) maker: the referee's generator and ruling (with its facts)."""
    import referee
    from referee.generate import swik_hand

    def make(rng, names, dealer, pot_in):
        while True:
            record = swik_hand(rng, players=names, dealer=dealer, pot_in=pot_in, mistakes=0.08, summary_only=0.2)
            try:
                return record, referee.replay(record)
            except referee.BadRecord:  # a generator slip: draw again
                continue

    return make, "referee.generate + referee.replay"


def build(slug, hands, seed=7):
    """The family `slug` with `hands` hands, built once (reused when it is already there)."""
    from django.contrib.auth import get_user_model
    from django.db import connection, transaction

    from archive.models import Family, Hand, LedgerEntry, Player, Seat, Session

    fam = Family.objects.filter(slug=slug).first()
    if fam and Hand.objects.filter(session__family=fam).count() == hands:
        return fam
    if fam:
        fam.delete()
    make, source = rulings()
    print(f"building {slug}: {hands:,} hands from {source} ...", flush=True)
    t0 = time.perf_counter()
    rng = random.Random(seed)
    user, _ = get_user_model().objects.get_or_create(username="bench")
    zone = ZoneInfo("America/Chicago")
    with transaction.atomic():
        fam = Family.objects.create(name=slug, slug=slug, timezone="America/Chicago")
        people = [Player.objects.create(family=fam, name=n) for n in ("Dad", "Mom", "Joe", "Mary", "Me", "Grandma")]
    night, made = 0, 0
    start = datetime(2000, 1, 7, 19, 0, tzinfo=zone)
    while made < hands:
        batch_sessions = []
        with transaction.atomic():
            pending_hands, pending_ledger = [], []
            while made < hands and len(pending_hands) < 5000:
                at = start + timedelta(days=7 * night)
                players = rng.sample(people, rng.randint(4, 6))
                session = Session.objects.create(
                    family=fam, key=f"bench-{night}", started_at=at, timezone="America/Chicago", created_by=user
                )
                Seat.objects.bulk_create([Seat(session=session, player=p, position=i) for i, p in enumerate(players)])
                batch_sessions.append(session)
                pot_in = 0
                for k in range(min(rng.randint(30, 50), hands - made)):
                    record, ruling = make(rng, [p.name for p in players], k % len(players), pot_in)
                    facts = ruling["facts"]
                    pending_hands.append(
                        Hand(
                            session=session,
                            family=fam,
                            number=k + 1,
                            record=record,
                            ruling=ruling,
                            status=ruling["status"],
                            dealer=record["dealer"],
                            actual_dealer=facts["dealer"],
                            next_dealer=facts["next_dealer"],
                            may_stop=facts["may_stop"],
                            pot_in=ruling["pot_in"],
                            pot_out=ruling["pot_out"],
                            violation_count=len(ruling["violations"]),
                        )
                    )
                    pending_ledger.append((session, players, at, ruling["ledger"], facts["kinds"]))
                    pot_in = ruling["pot_out"]
                    made += 1
                night += 1
            Hand.objects.bulk_create(pending_hands, batch_size=2000)
            table = LedgerEntry._meta.db_table
            cols = "hand_id, session_id, family_id, player_id, played_at, seat, amount, kind, reason, event"
            with connection.cursor() as cur, cur.cursor.copy(f"COPY {table} ({cols}) FROM STDIN") as copy:
                for hand, (session, players, at, ledger, kinds) in zip(pending_hands, pending_ledger):
                    for e, kind in zip(ledger, kinds):
                        copy.write_row(
                            (
                                hand.pk,
                                session.pk,
                                fam.pk,
                                players[e["seat"]].pk,
                                at,
                                e["seat"],
                                e["amount"],
                                kind,
                                e["reason"][:200],
                                e["event"],
                            )
                        )
        print(f"  {made:,} hands ({time.perf_counter() - t0:.0f} s)", flush=True)
    with connection.cursor() as cur:
        cur.execute("ANALYZE")
    return fam


# ------------------------------------------------------------------------------------------------
# Measurements, each in its own process (python bench/stats.py --measure WHAT --slug SLUG)


def maxrss_mb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def measure(what, slug):
    from django.db import connection

    from archive.models import Family, Hand, LedgerEntry
    from archive.stats import services, summaries
    from tests.stats.history import store_hand, swik_ruled

    fam = Family.objects.get(slug=slug)
    base = maxrss_mb()
    out = {"what": what, "slug": slug, "hands": Hand.objects.filter(session__family=fam).count()}
    if what == "rederive":
        t = time.perf_counter()
        services.stats_recompute(family=fam, rederive=True)
        out["seconds"] = time.perf_counter() - t
    elif what == "full":
        from django.db import transaction

        from archive.stats import selectors

        def aggregate():
            with connection.cursor() as cur:
                cur.execute(
                    f"SELECT player_id, SUM(amount) FROM {LedgerEntry._meta.db_table} "
                    "WHERE family_id = %s GROUP BY player_id",
                    [fam.pk],
                )
                return cur.fetchall()

        aggregate()  # both start from a warm cache
        fulls, aggs, results = [], [], []
        for _ in range(5):
            t = time.perf_counter()
            aggregate()
            aggs.append(time.perf_counter() - t)
            t = time.perf_counter()
            results.append(services.stats_recompute(family=fam))
            fulls.append(time.perf_counter() - t)
        out["seconds"], out["aggregate_seconds"] = statistics.median(fulls), statistics.median(aggs)
        out["all_seconds"], out["all_aggregate_seconds"] = [round(x, 3) for x in fulls], [round(x, 3) for x in aggs]
        out["rederived"] = sum(r["rederived"] + r["removed"] for r in results)
        with transaction.atomic():  # the two halves alone
            t = time.perf_counter()
            services.stale_hand_ids(fam.pk), services.dead_fact_hand_ids(fam.pk)
            out["stale_seconds"] = time.perf_counter() - t
            with connection.cursor() as cur:
                cur.execute("SET LOCAL work_mem = '64MB'")
            t = time.perf_counter()
            summaries.rebuild_summaries(fam.pk)
            out["summaries_seconds"] = time.perf_counter() - t
        for name, read in (
            ("h2h", selectors.head_to_head),
            ("wraps", selectors.game_reads),
            ("players", selectors.players),
        ):
            t = time.perf_counter()
            read(family=fam)
            out[f"read_{name}_seconds"] = time.perf_counter() - t
        out["ledger_rows"] = LedgerEntry.objects.filter(family=fam).count()
    elif what == "incremental":
        session = fam.sessions.order_by("-started_at").first()
        players = [s.player for s in session.seats.order_by("position")]
        last = session.hands.order_by("-number").first()
        rng, times = random.Random(11), []
        for _ in range(7):
            record, ruling = swik_ruled(
                rng, players=[p.name for p in players], dealer=last.next_dealer, pot_in=last.pot_out
            )
            last = store_hand(
                session, record, ruling, number=last.number + 1, played_at=session.started_at, notify=False
            )
            t = time.perf_counter()
            services.stats_update_for_hands(hand_ids=[last.pk])
            times.append(time.perf_counter() - t)
        added = list(session.hands.filter(number__gt=last.number - 7).values_list("pk", flat=True))
        Hand.objects.filter(pk__in=added).update(deleted_at=session.started_at)  # leave the archive as built
        services.stats_update_for_hands(hand_ids=added)
        Hand.objects.filter(pk__in=added).delete()
        out["seconds"] = statistics.median(times[1:])  # the first one warms the caches
        out["all_seconds"] = [round(x, 4) for x in times]
    out["rss_before_mb"] = round(base, 1)
    out["peak_rss_mb"] = round(maxrss_mb(), 1)
    print(json.dumps(out))


def run(what, slug):
    env = dict(os.environ)
    proc = subprocess.run(
        [sys.executable, __file__, "--measure", what, "--slug", slug],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=100_000, help="hands in the big archive (100,000)")
    ap.add_argument("--small", type=int, default=1_000, help="hands in the small archive (1,000)")
    ap.add_argument("--measure", help=argparse.SUPPRESS)
    ap.add_argument("--slug", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.measure:
        setup_django()
        return measure(args.measure, args.slug)
    ensure_database()
    setup_django()
    from django.db import connection

    small, big = f"bench-{args.small}", f"bench-{args.hands}"
    build(small, args.small)
    build(big, args.hands)
    connection.close()
    print(f"\nPostgreSQL {os.environ['DATABASE_URL'].rsplit('@', 1)[-1]}; {os.cpu_count()} CPUs\n")
    facts = (
        "archive_handfact",
        "archive_seatfact",
        "archive_pairfact",
        "archive_statsday",
        "archive_swikseatfact",
        "archive_swikwrap",
        "archive_swikday",
    )
    red_small, red_big = run("rederive", small), run("rederive", big)
    with connection.cursor() as cur:  # untimed: what autovacuum does after a big rewrite
        for table in facts:
            cur.execute(f"VACUUM ANALYZE {table}")
    connection.close()
    bloated = run("full", big)  # the rederive left the fact tables twice their size (MVCC)
    with connection.cursor() as cur:  # untimed: compact, as the incremental jobs write them
        for table in facts:
            cur.execute(f"VACUUM FULL ANALYZE {table}")
    connection.close()
    full_small, full_big = run("full", small), run("full", big)
    inc_small, inc_big = run("incremental", small), run("incremental", big)
    agg = full_big["aggregate_seconds"]
    ratio, red_ratio = full_big["seconds"] / agg, red_big["seconds"] / agg
    bloated_ratio = bloated["seconds"] / bloated["aggregate_seconds"]
    inc_ratio = inc_big["seconds"] / inc_small["seconds"]
    big_n, small_n = f"{full_big['hands']:,}", f"{full_small['hands']:,}"
    flat = lambda a, b: b["peak_rss_mb"] <= 1.5 * a["peak_rss_mb"]  # noqa: E731
    rows = [
        (
            f"recompute (default), {big_n} hands",
            f"{full_big['seconds'] * 1000:.0f} ms",
            "< 60 s",
            full_big["seconds"] < 60,
        ),
        (
            f"single SQL aggregate, same hands ({full_big['ledger_rows']:,} ledger rows)",
            f"{agg * 1000:.0f} ms",
            "",
            None,
        ),
        ("recompute (default) / aggregate", f"{ratio:.1f}x", "<= 5x", ratio <= 5),
        ("  of which: stale and dead facts found with SQL", f"{full_big['stale_seconds'] * 1000:.0f} ms", "", None),
        (
            "  of which: StatsDay rebuilt (DELETE + INSERT SELECT)",
            f"{full_big['summaries_seconds'] * 1000:.0f} ms",
            "",
            None,
        ),
        ("  hands re-derived in the five timed runs", f"{full_big['rederived']}", "", None),
        (
            "recompute (default) right after a rederive (fact tables 2x)",
            f"{bloated['seconds'] * 1000:.0f} ms",
            "",
            None,
        ),
        ("  / aggregate timed beside it", f"{bloated_ratio:.1f}x", "<= 5x", bloated_ratio <= 5),
        (f"recompute with rederive, {big_n} hands", f"{red_big['seconds']:.2f} s", "< 60 s", red_big["seconds"] < 60),
        ("recompute with rederive / aggregate", f"{red_ratio:.0f}x", "", None),
        (f"recompute (default), {small_n} hands", f"{full_small['seconds'] * 1000:.0f} ms", "", None),
        (f"recompute with rederive, {small_n} hands", f"{red_small['seconds']:.2f} s", "", None),
        (f"incremental after one hand, {small_n} hands", f"{inc_small['seconds'] * 1000:.1f} ms", "", None),
        (f"incremental after one hand, {big_n} hands", f"{inc_big['seconds'] * 1000:.1f} ms", "", None),
        ("incremental big / small", f"{inc_ratio:.2f}x", "<= 2x", inc_ratio <= 2),
        (
            f"read from the facts, all time, {big_n} hands: head to head",
            f"{full_big['read_h2h_seconds'] * 1000:.0f} ms",
            "",
            None,
        ),
        (
            "  wraps by card / players table (StatsDay)",
            f"{full_big['read_wraps_seconds'] * 1000:.0f} / {full_big['read_players_seconds'] * 1000:.0f} ms",
            "",
            None,
        ),
        (
            "peak RSS recompute (default) small / big",
            f"{full_small['peak_rss_mb']:.0f} / {full_big['peak_rss_mb']:.0f} MB",
            "flat",
            flat(full_small, full_big),
        ),
        (
            "peak RSS recompute with rederive small / big",
            f"{red_small['peak_rss_mb']:.0f} / {red_big['peak_rss_mb']:.0f} MB",
            "flat",
            flat(red_small, red_big),
        ),
        (
            "peak RSS incremental small / big",
            f"{inc_small['peak_rss_mb']:.0f} / {inc_big['peak_rss_mb']:.0f} MB",
            "flat",
            flat(inc_small, inc_big),
        ),
    ]
    for name, m in (("compact fact tables", full_big), ("right after a rederive", bloated)):
        print(f"{name}: default recompute runs (s) {m['all_seconds']}; aggregate runs (s) {m['all_aggregate_seconds']}")
    print()
    for name, value, target, ok in rows:
        mark = "" if ok is None else ("  ok" if ok else "  MISSED")
        print(f"{name:<62} {value:>16}  {target:<6}{mark}")


if __name__ == "__main__":
    main()
