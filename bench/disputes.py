#!/usr/bin/env python
"""Comparing a dispute's versions (issue 31), run by hand:

    .venv/bin/python bench/disputes.py             # a night of 40 Swik hands, a dispute on hand 5
    .venv/bin/python bench/disputes.py --hands 80

It builds, in a throwaway SQLite file (or DATABASE_URL), a family with one night of --hands generated Swik
hands, opens a dispute on hand 5 with one proposed version (another deal), and times dispute_comparison: the
two versions ruled and the night's later hands re-ruled for each (nothing saved). It prints the median and
the worst of --runs, against the target: under 150 ms.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
TARGET_MS = 150


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=40)
    ap.add_argument("--runs", type=int, default=15)
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="tk-bench-disputes-")
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{tmp}/bench.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")
    import django  # noqa: PLC0415  (Django is set up after the environment above)

    django.setup()
    from django.contrib.auth import get_user_model  # noqa: PLC0415
    from django.core.management import call_command  # noqa: PLC0415

    import referee  # noqa: PLC0415
    from archive.people import services as people  # noqa: PLC0415
    from archive.table import services  # noqa: PLC0415
    from archive.table.selectors.disputes import dispute_comparison  # noqa: PLC0415
    from referee.generate import swik_hand  # noqa: PLC0415

    call_command("migrate", verbosity=0)
    user = get_user_model().objects.create_user("bench", password="pw")
    family = people.family_create(name="Bench family", owner=user, timezone="America/Chicago")
    names = ["Dad", "Uncle Joe", "Mary", "Me"]
    players = [people.player_create(family=family, name=n, by=user) for n in names]
    session = services.session_create(
        family=family,
        started_at=datetime(2024, 3, 1, 19, tzinfo=ZoneInfo("America/Chicago")),
        timezone="America/Chicago",
        players=players,
        by=user,
    )
    rng = random.Random(31)
    hands = []
    for _ in range(args.hands):
        d = services.session_next_hand_defaults(session=session)
        rec = swik_hand(rng, players=names, dealer=d["dealer"], pot_in=d["pot_in"], mistakes=0.0, incomplete=0.0)
        hands.append(services.hand_add(session=session, record=rec, by=user, no_deal_ok=True))
    disputed = hands[4]
    dispute = services.dispute_open(hand=disputed, title="Not so", text="", by=user)
    while True:  # a version that carries another pot, so each later hand is ruled again for it
        other = swik_hand(
            rng, players=names, dealer=disputed.dealer, pot_in=disputed.pot_in, mistakes=0.0, incomplete=0.0
        )
        if referee.replay(other)["pot_out"] != disputed.pot_out:
            break
    services.version_propose(dispute=dispute, record=other, by=user, why="the other deal")
    times = []
    for _ in range(args.runs):
        t = time.perf_counter()
        cmp = dispute_comparison(dispute)
        times.append((time.perf_counter() - t) * 1000)
    later = len(cmp["later"])
    differ = sum(h["differs"] for h in cmp["later"])
    med = statistics.median(times)
    print(
        f"compare 2 versions of hand 5 in a night of {args.hands} hands ({later} later hands, {differ} of them ruled differently, "
        f"first difference at event {cmp['first_difference']}): median {med:.1f} ms, worst {max(times):.1f} ms "
        f"over {args.runs} runs; target < {TARGET_MS} ms: {'met' if med < TARGET_MS else 'MISSED'}"
    )


if __name__ == "__main__":
    main()
