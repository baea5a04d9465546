"""What the demo's evenings of the pot and stakes games (Seka, poker) share: a night a month on a given weekday,
and a night logged through services.HandChain like the Swik nights, so that whatever the hand carries (a pot
nobody won, a svara) goes to the next hand by the session's chain, exactly as hand_add carries it."""

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from django.db import transaction

import referee
from archive.table import services
from archive.table.models import Hand, HandRevision

PLACES = ["Uncle Stan's basement", "Grandma's kitchen", "the cabin at Lake Dubay"]


def monthly(rng, count, zone, *, weekday, hour, weeks_back=0, every=4, today=None):
    """`count` nights at `hour` on `weekday` (0 Monday), one every `every` weeks back from the last such day
    `weeks_back` weeks ago, oldest first, in UTC."""
    tz = ZoneInfo(zone)
    today = today or datetime.now(tz).date()
    last = today - timedelta(days=(today.weekday() - weekday) % 7 or 7) - timedelta(weeks=weeks_back)
    out = []
    for k in range(count, 0, -1):
        day = last - timedelta(weeks=every * (k - 1))
        out.append(datetime(day.year, day.month, day.day, hour, rng.choice([0, 30]), tzinfo=tz).astimezone(UTC))
    return out


@transaction.atomic
def night(
    rng, family, by, when, table, *, game, rules, hands, zone, deal, variant="", more=None, stderr=None, places=PLACES
):
    """One night of `game` of about `hands` hands, each record from deal(rng, names, chain, session); played on
    while more(chain) says the night cannot stop yet (a svara pending), ten hands at most past `hands`.
    Answers the hands logged."""
    session = services.session_create(
        family=family,
        game=game,
        variant=variant,
        started_at=when,
        timezone=zone,
        place=rng.choice(places),
        players=table,
        house_rules=dict(rng.choice(rules)),
        first_dealer=rng.randrange(len(table)),
        by=by,
    )
    chain = services.HandChain(session, by=by)
    names = [p.name for p in table]
    added = slips = 0
    while added < hands or (more is not None and more(chain) and added < hands + 10):
        try:
            chain.add(deal(rng, names, chain, session))
        except referee.BadRecord as e:  # a generator slip must not stop the demo; say so and go on
            if stderr is not None:
                stderr.write(f"  skipped a generated {game} hand the referee calls bad: {e.errors[:1]}")
            slips += 1
            if slips > 10:
                raise
            continue
        added += 1
    logged = chain.flush(stats=False)
    Hand.objects.filter(session=session).update(created_at=when)
    HandRevision.objects.filter(hand__session=session).update(at=when)
    return len(logged)


def nights(rng, people, dates, *, seats, hands_per_night, play) -> int:
    """A night for each date with a table drawn from `people` (at most `seats`); play(when, table, hands)."""
    done = 0
    for when in dates:
        table = [p for p in people if rng.random() < 0.7]
        if len(table) < 3:
            table = people[:4]
        count = max(1, round(hands_per_night * rng.uniform(0.75, 1.25)))
        done += play(when, table[:seats], count)
    return done
