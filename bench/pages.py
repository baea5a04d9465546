"""First page against oldest page of the long lists, at a small and a large history (issue 16). Run by hand:

    .venv/bin/python bench/pages.py --hands 1000 22000
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/tk_bench_pages .venv/bin/python bench/pages.py --hands 1000 50000

Builds one demo family per size (`manage.py demo`; reused when it is there) in the database named by
DATABASE_URL, or in a scratch SQLite file, then times through django.test.Client (median of --runs):
the home page, the family page newest and oldest (by its "older" cursor), and a player's page newest and
oldest. Prints each median and the ratio largest / smallest history; the target is a ratio of at most 1.5.
"""

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")
os.environ.setdefault("DEBUG", "0")
if "DATABASE_URL" not in os.environ:
    os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.gettempdir()}/tk-bench-pages.sqlite3"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, nargs="+", default=[1000, 22000])
    ap.add_argument("--runs", type=int, default=15)
    args = ap.parse_args()

    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.test import Client
    from django.test.utils import setup_test_environment

    from archive.models import Family, Hand, Player, Session
    from archive.table.views import nights as views

    setup_test_environment()
    settings.ALLOWED_HOSTS = ["*"]
    call_command("migrate", verbosity=0)
    print(f"database: {settings.DATABASES['default']['NAME']}")

    results = {}
    for n in args.hands:
        name = f"Bench {n}"
        if not Family.objects.filter(name=name).exists():
            t = time.perf_counter()
            call_command("demo", hands=n, family=name, seed=2, stdout=open(os.devnull, "w"))
            print(f"built {name} in {time.perf_counter() - t:.0f} s")
        family = Family.objects.get(name=name)
        client = Client()
        client.force_login(family.memberships.get(role="owner").user)
        player = Player.objects.filter(family=family).order_by("pk").first()
        hands = Hand.objects.filter(session__family=family, deleted_at__isnull=True, session__seats__player=player)
        oldest_hand = hands.order_by("session__started_at", "session_id", "number").select_related("session")[30]
        sessions = Session.objects.filter(family=family, deleted_at__isnull=True).order_by("started_at", "id")
        oldest_session = sessions[:26][::-1][0]
        f = f"/families/{family.slug}/"
        urls = {
            "home": "/",
            "family, newest": f,
            "family, oldest": f + f"?older={views.SESSION_KEYS.key(oldest_session)}",
            "player, newest": f + f"players/{player.pk}/",
            "player, oldest": f + f"players/{player.pk}/?older={views.HAND_KEYS.key(oldest_hand)}",
        }
        for page, url in urls.items():
            client.get(url)  # warm
            ms = []
            for _ in range(args.runs):
                t = time.perf_counter()
                r = client.get(url)
                ms.append((time.perf_counter() - t) * 1000)
                if r.status_code != 200:
                    sys.exit(f"GET {url} answered {r.status_code}")
            results[page, n] = statistics.median(ms)

    small, large = min(args.hands), max(args.hands)
    print(f"{'page':<16}" + "".join(f"{n:>10,}" for n in args.hands) + "   ratio")
    for page in dict.fromkeys(p for p, _ in results):
        row = "".join(f"{results[page, n]:>8.1f}ms" for n in args.hands)
        print(f"{page:<16}{row}   {results[page, large] / results[page, small]:.2f}")


if __name__ == "__main__":
    main()
