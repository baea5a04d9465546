"""The demo family's Sedma evenings (manage.py demo): a few years of monthly games in all three variants, each
deal through the same HandChain as the Swik nights (ruled by the referee, stored with its facts).

A 4p evening is one game of deals_per_game deals, the deal passing to the left and each record saying which deal
of the game it is (the partnerships change every four); 2p and 3p evenings are shorter. A deal now and then is
written the paper way (only the points each side took)."""

import random
from datetime import timedelta

from django.db import transaction

import referee
from archive.table import services
from archive.table.models import Hand, HandRevision, Session
from referee.games.sedma.generate import sedma_deal

VARIANT_PLAN = ("4p", "4p", "4p", "2p", "3p")  # most evenings are the four-player game


def _paper(deal, variant):
    """The same deal written the paper way: the deal with no cards, then the points each side took."""
    ruling_points = deal["_points"]
    ev = {"action": "deal", "seat": deal["dealer"], "hands": [None] * len(deal["players"]), "stock": None}
    if variant == "3p":
        ev["soloist"] = deal["_soloist"]
    return dict(deal, events=[ev, {"action": "points", "points": ruling_points}])


def sedma_evenings(family, people, by, *, start, years=3, seed=7, zone="America/Chicago", write=None):
    """Monthly Sedma evenings from `start` for `years` years, with players from `people` (at least four);
    answers the number of deals logged."""
    rng = random.Random(seed)
    months = max(1, round(years * 12))
    done = 0
    for k in range(months):
        variant = VARIANT_PLAN[k % len(VARIANT_PLAN)]
        n = {"4p": 4, "2p": 2, "3p": 3}[variant]
        table = rng.sample(people, n)
        when = start + timedelta(days=30 * k + rng.randrange(5))
        rules = {"continue_trick": True} if variant == "4p" and rng.random() < 0.3 else {}
        with transaction.atomic():  # an evening is saved whole (and PostgreSQL locks its session)
            session = services.session_create(
                family=family,
                game="sedma",
                variant=variant,
                started_at=when,
                timezone=zone,
                place="Babička's kitchen",
                players=table,
                house_rules=rules,
                first_dealer=rng.randrange(n),
                by=by,
            )
            Session.objects.select_for_update().get(pk=session.pk)
            chain = services.HandChain(session, by=by)
            names = [p.name for p in table]
            deals = 12 if variant == "4p" else rng.choice([6, 8, 10])
            number = 1
            while number <= deals:
                record = sedma_deal(rng, variant, names, chain.next_dealer, rules, mistakes=0.03, number=number)
                if variant == "4p":
                    record["deal"] = number
                ruling = referee.replay(record)
                if ruling["status"] == "complete" and rng.random() < 0.15:
                    record["_points"] = ruling["score"]["points"]
                    record["_soloist"] = ruling["score"].get("soloist")
                    record = _paper(record, variant)
                    record.pop("_points")
                    record.pop("_soloist")
                chain.add(record)
                number += ruling["status"] != "void"  # a misdeal is dealt again: it is not one of the game's deals
            hands = chain.flush(stats=False)
            Hand.objects.filter(session=session).update(created_at=when)
            HandRevision.objects.filter(hand__session=session).update(at=when)
        done += len(hands)
        if write:
            write(f"  Sedma {variant} evening {k + 1}/{months}: {len(hands)} deals")
    return done
