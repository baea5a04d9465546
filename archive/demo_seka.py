"""The demo family's Seka nights (manage.py demo --seka-nights N): Saturday nights of Seka, some of them
open, through services.HandChain like the Swik nights, so that svaras are carried from hand to hand by the
session's chain (a svara hand names its tied players, others buy in) exactly as hand_add carries them."""

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from django.db import transaction

import referee
from archive import services
from archive.models import Hand, HandRevision
from referee.games.seka.generate import seka_hand

RULES = [{"ante": 10, "min_raise": 10}, {"ante": 25, "min_raise": 25, "svara_buy_in": "full"}]
PLACES = ["Uncle Stan's basement", "Grandma's kitchen", "the cabin at Lake Dubay"]


def saturdays(rng, count, zone):
    """`count` Saturday nights at eight, one a month back from last Saturday."""
    tz = ZoneInfo(zone)
    today = datetime.now(tz).date()
    saturday = today - timedelta(days=(today.weekday() - 5) % 7 or 7)
    out = []
    for k in range(count, 0, -1):
        day = saturday - timedelta(weeks=4 * (k - 1))
        out.append(datetime(day.year, day.month, day.day, 20, rng.choice([0, 30]), tzinfo=tz).astimezone(UTC))
    return out


@transaction.atomic
def seka_night(rng, family, by, when, table, *, hands, zone, stderr=None) -> int:
    """One Seka night of about `hands` hands (played on while a svara is pending); answers the hands logged."""
    session = services.session_create(
        family=family,
        game="seka",
        variant="open" if rng.random() < 0.3 else "",
        started_at=when,
        timezone=zone,
        place=rng.choice(PLACES),
        players=table,
        house_rules=dict(rng.choice(RULES)),
        first_dealer=rng.randrange(len(table)),
        by=by,
    )
    chain = services.HandChain(session, by=by)
    names = [p.name for p in table]
    added = slips = 0
    while added < hands or chain.next_carry.get("svara"):
        if added >= hands + 10:
            break
        record = seka_hand(
            rng,
            players=names,
            dealer=chain.next_dealer,
            pot_in=chain.next_pot_in,
            house_rules=session.house_rules,
            mistakes=0.05,
            variant=session.variant or None,
            svara=chain.next_carry.get("svara"),
        )
        try:
            chain.add(record)
        except referee.BadRecord as e:  # a generator slip must not stop the demo; say so and go on
            if stderr is not None:
                stderr.write(f"  skipped a generated Seka hand the referee calls bad: {e.errors[:1]}")
            slips += 1
            if slips > 10:
                raise
            continue
        added += 1
    logged = chain.flush(stats=False)
    Hand.objects.filter(session=session).update(created_at=when)
    HandRevision.objects.filter(hand__session=session).update(at=when)
    return len(logged)


def seka_nights(rng, family, by, people, *, nights, hands_per_night, zone, stderr=None) -> int:
    """The family's Seka nights; answers the hands logged."""
    done = 0
    for when in saturdays(rng, nights, zone):
        table = [p for p in people if rng.random() < 0.7]
        if len(table) < 3:
            table = people[:4]
        count = max(1, round(hands_per_night * rng.uniform(0.75, 1.25)))
        done += seka_night(rng, family, by, when, table[:7], hands=count, zone=zone, stderr=stderr)
    return done
