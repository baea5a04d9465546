"""How fast the archive answers with years of hands in it. Run by hand, against PostgreSQL:

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/tk_bench .venv/bin/python bench/site.py --hands 50000

Builds the archive with `manage.py demo --hands N` (or reuses it when the family is already
there), then times, through django.test.Client (the whole Django stack, no network):

  session page      GET families/<slug>/sessions/<pk>/       (sessions of ~60 hands)
  hand page         GET families/<slug>/hands/<pk>/
  player page       GET families/<slug>/players/<pk>/
  hand list API     GET /api/hands/?family=<id>             (first page, newest first)
and, through the services (what the form and the API call):
  log a hand        hand_add at the end of a session
  edit a hand       hand_edit of hand 30 of a 60-hand session, which re-rules the 30 after it

Writes happen in a scratch session that is removed at the end, so the archive is reused as is.
The statistics job is handed off, not run: in production it runs in a Celery worker.
"""

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")
os.environ.setdefault("DEBUG", "0")  # no query log: measure what production would do

TARGETS = {"page": 50.0, "write": 100.0}  # median, milliseconds


def timed(fn, runs):
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t) * 1000)
    return out


def summary(name, ms, target):
    ms = sorted(ms)
    med = statistics.median(ms)
    p95 = ms[min(len(ms) - 1, int(round(0.95 * (len(ms) - 1))))]
    ok = "ok" if med < target else "SLOW"
    return f"{name:<28}{len(ms):>5}{med:>10.1f}{p95:>10.1f}{target:>10.0f}{med / target:>8.2f}  {ok}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=50000)
    ap.add_argument("--runs", type=int, default=50)
    ap.add_argument("--family", default="The Novák family")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import setup_test_environment
    from django.urls import reverse
    from django.utils import timezone

    import referee
    from archive import services, tasks
    from archive.models import Family, Hand, Player, Session
    from referee.generate import swik_hand

    setup_test_environment()  # lets the test Client talk to the site without a server
    settings.ALLOWED_HOSTS = ["*"]
    print(f"database: {connection.vendor} {settings.DATABASES['default'].get('NAME')}")
    call_command("migrate", verbosity=0)

    family = Family.objects.filter(name=args.family).first()
    have = Hand.objects.filter(session__family=family, deleted_at__isnull=True).count() if family else 0
    if family and have >= args.hands * 0.95:
        print(f"reusing {family}: {have} hands")
    else:
        if family:
            sys.exit(f"{family} has {have} hands, not {args.hands}: use another database or --family.")
        t = time.perf_counter()
        call_command("demo", hands=args.hands, seed=args.seed, family=args.family)
        print(f"built the archive in {time.perf_counter() - t:.0f} s")
        family = Family.objects.get(name=args.family)
    if connection.vendor == "postgresql":
        with connection.cursor() as c:
            c.execute("ANALYZE")

    demo = family.memberships.get(role="owner").user
    client = Client()
    client.force_login(demo)
    rng = random.Random(args.seed)
    sessions = list(Session.objects.filter(family=family, deleted_at__isnull=True).values_list("pk", flat=True))
    hands = list(Hand.objects.filter(session__family=family, deleted_at__isnull=True).values_list("pk", flat=True))
    players = list(Player.objects.filter(family=family, merged_into__isnull=True).values_list("pk", flat=True))

    def get(url):
        r = client.get(url)
        if r.status_code != 200:
            sys.exit(f"GET {url} answered {r.status_code}")
        return r

    pages = {
        "session page": lambda: get(reverse("session", args=[family.slug, rng.choice(sessions)])),
        "hand page": lambda: get(reverse("hand", args=[family.slug, rng.choice(hands)])),
        "player page": lambda: get(reverse("player", args=[family.slug, rng.choice(players)])),
        "family page": lambda: get(reverse("family", args=[family.slug])),
        "hand list API": lambda: get(reverse("api-hand-list") + f"?family={family.pk}"),
        "hand list API, one session": lambda: get(reverse("api-hand-list") + f"?session={rng.choice(sessions)}"),
    }
    rows = []
    for name, fn in pages.items():
        fn()  # warm up
        rows.append(summary(name, timed(fn, args.runs), TARGETS["page"]))

    # Writes, in a scratch session; the statistics job is collected, not run (a worker's work).
    handed_off = []
    tasks.update_stats_for_hands.delay = lambda ids: handed_off.append(len(ids))
    seats = list(Player.objects.filter(family=family, merged_into__isnull=True)[:5])
    names = [p.name for p in seats]
    scratch, notes = [], []
    try:
        s = services.session_create(
            family=family, started_at=timezone.now(), timezone="UTC", place="bench", players=seats, by=demo
        )
        scratch.append(s)

        def next_record():
            d = services.session_next_hand_defaults(session=s)
            return swik_hand(rng, players=names, dealer=d["dealer"], pot_in=d["pot_in"])

        records = []

        def add():
            services.hand_add(session=s, record=records.pop(), by=demo)

        ms = []
        for _ in range(args.runs):
            records.append(next_record())
            ms += timed(add, 1)
        rows.append(summary("log a hand (hand_add)", ms, TARGETS["write"]))

        # A 60-hand night, and two versions of hand 30 that leave different pots. In a typical night
        # the pot is soon split with nobody falling, and from there on the later hands do not change;
        # the worst case is a night where every later hand carries the pot on (someone falls, or
        # nobody plays), so the edit re-rules all 30 after it.
        def night(worst):
            s = services.session_create(
                family=family, started_at=timezone.now(), timezone="UTC", place="bench", players=seats, by=demo
            )
            scratch.append(s)
            chain = services.HandChain(s, by=demo)
            while chain.max_number < 60:
                r = swik_hand(rng, players=names, dealer=chain.next_dealer, pot_in=chain.next_pot_in)
                if worst and chain.max_number >= 30:
                    moved = referee.replay(dict(r, pot_in=r["pot_in"] + 3))["pot_out"]
                    if moved == referee.replay(r)["pot_out"]:
                        continue  # this hand would end the chain of changes: deal another
                chain.add(r)
            chain.flush()
            hand = Hand.objects.get(session=s, number=30)
            versions = [hand.record]
            while len(versions) < 2:
                r = swik_hand(rng, players=names, dealer=hand.dealer, pot_in=hand.pot_in)
                if referee.replay(r)["pot_out"] != hand.pot_out:
                    versions.append(r)
            return hand, versions

        for label, worst in (("edit hand 30 of 60", False), ("edit hand 30 of 60, worst", True)):
            hand30, versions = night(worst)
            reruled = []
            i = 0

            def edit(hand30=hand30, versions=versions, reruled=reruled):
                nonlocal i
                i += 1
                before = len(handed_off)
                services.hand_edit(hand=hand30, record=versions[i % 2], by=demo, why="bench")
                reruled.append(sum(handed_off[before:]) - 1)

            ms = timed(edit, args.runs)
            rows.append(summary(label, ms, TARGETS["write"]))
            notes.append(f"{label}: each edit re-ruled {statistics.median(reruled):.0f} later hands (median)")
    finally:
        for s in scratch:
            s.delete()  # bench data only: the family's archive stays as the demo made it

    n = Hand.objects.filter(session__family=family, deleted_at__isnull=True).count()
    print(f"\n{family}: {n} hands, {len(sessions)} sessions; {args.runs} runs each; times in ms\n")
    print(f"{'':<28}{'runs':>5}{'median':>10}{'p95':>10}{'target':>10}{'ratio':>8}")
    for row in rows:
        print(row)
    for note in notes:
        print(note)


if __name__ == "__main__":
    main()
