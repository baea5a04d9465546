"""The demo family's rummy ("Skat") evenings (manage.py demo): a few years of evenings, each one game to the
target, every hand through the same HandChain as the Swik nights (ruled by the referee, stored with its facts).

Two to four players a table; the deal passes to the left; most hands are logged card by card, now and then one the
paper way (only each player's points and who went out)."""

import random
from datetime import timedelta

from django.db import transaction

import referee
from archive.table import services
from archive.table.models import Hand, HandRevision, Session
from referee.games.rummy.generate import rummy_hand

MAX_HANDS = 40  # an evening stops here even if nobody reached the target


def _paper(record, ruling):
    """The same hand written the paper way: a deal with no cards, then each player's points."""
    n = len(record["players"])
    deal = {"action": "deal", "seat": record["dealer"], "hands": [None] * n, "stock": None}
    points = {"action": "points", "points": ruling["score"]["players"], "out": ruling["score"]["out"]}
    return dict(record, events=[deal, points])


def rummy_evenings(family, people, by, *, start, years=3, seed=11, zone="America/Chicago", write=None):
    """An evening of rummy every other month from `start` for `years` years, with players from `people` (at least
    four); answers the number of hands logged."""
    rng = random.Random(seed)
    evenings = max(1, round(years * 6))
    done = 0
    for k in range(evenings):
        n = rng.choice([2, 3, 3, 4])
        table = rng.sample(people, n)
        when = start + timedelta(days=60 * k + 14 + rng.randrange(5))
        rules = {"target": 300} if rng.random() < 0.4 else {}
        target = rules.get("target", 500)
        with transaction.atomic():  # an evening is saved whole (and PostgreSQL locks its session)
            session = services.session_create(
                family=family,
                game="rummy",
                started_at=when,
                timezone=zone,
                place="the dacha",
                players=table,
                house_rules=rules,
                first_dealer=rng.randrange(n),
                by=by,
            )
            Session.objects.select_for_update().get(pk=session.pk)
            chain = services.HandChain(session, by=by)
            names = [p.name for p in table]
            totals = [0] * n
            for _ in range(MAX_HANDS):
                record = rummy_hand(rng, names, chain.next_dealer, rules, mistakes=0.03)
                record.pop("_expect", None)
                ruling = referee.replay(record)
                if ruling["status"] == "complete" and rng.random() < 0.15:
                    record = _paper(record, ruling)
                hand = chain.add(record)
                if hand.status == "complete":
                    totals = [a + b for a, b in zip(totals, hand.ruling["score"]["players"])]
                    if max(totals) >= target:
                        break
            hands = chain.flush(stats=False)
            Hand.objects.filter(session=session).update(created_at=when)
            HandRevision.objects.filter(hand__session=session).update(at=when)
        done += len(hands)
        if write:
            write(f"  rummy evening {k + 1}/{evenings}: {len(hands)} hands")
    return done
