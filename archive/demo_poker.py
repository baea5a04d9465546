"""The demo family's poker nights (manage.py demo --poker-nights N): Friday nights of Russian draw poker, one a
month, through services.HandChain like the Swik and Seka nights, so that a pot nobody won (every shown hand foul,
or a hand the table stopped writing) is carried to the next hand by the session's chain, as hand_add carries it."""

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from django.db import transaction

import referee
from archive import services
from archive.models import Hand, HandRevision
from referee.games.poker.generate import poker_hand

RULES = [
    {"ante": 10, "min_raise": 10},
    {"ante": 25, "min_raise": 25, "max_raise": 100},
    {"ante": 5, "min_raise": 5, "decks": 2, "ranking": "alt"},
]
PLACES = ["Uncle Stan's basement", "Grandma's kitchen", "the cabin at Lake Dubay"]


def add_arguments(parser):
    parser.add_argument(
        "--poker-nights",
        type=int,
        default=None,
        help="poker nights, one a month (default: one a month over --years; none with --hands)",
    )


def fridays(rng, count, zone):
    """`count` Friday nights at seven, one a month back from the Friday two weeks ago."""
    tz = ZoneInfo(zone)
    today = datetime.now(tz).date()
    friday = today - timedelta(days=(today.weekday() - 4) % 7 or 7) - timedelta(weeks=2)
    out = []
    for k in range(count, 0, -1):
        day = friday - timedelta(weeks=4 * (k - 1))
        out.append(datetime(day.year, day.month, day.day, 19, rng.choice([0, 30]), tzinfo=tz).astimezone(UTC))
    return out


@transaction.atomic
def poker_night(rng, family, by, when, table, *, hands, zone, stderr=None) -> int:
    """One poker night of `hands` hands; answers the hands logged."""
    session = services.session_create(
        family=family,
        game="poker",
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
    while added < hands:
        record = poker_hand(
            rng,
            players=names,
            dealer=chain.next_dealer,
            pot_in=chain.next_pot_in,
            house_rules=session.house_rules,
            mistakes=0.05,
            showdown_only=0.05,
        )
        try:
            chain.add(record)
        except referee.BadRecord as e:  # a generator slip must not stop the demo; say so and go on
            if stderr is not None:
                stderr.write(f"  skipped a generated poker hand the referee calls bad: {e.errors[:1]}")
            slips += 1
            if slips > 10:
                raise
            continue
        added += 1
    logged = chain.flush(stats=False)
    Hand.objects.filter(session=session).update(created_at=when)
    HandRevision.objects.filter(hand__session=session).update(at=when)
    return len(logged)


def poker_nights(rng, family, by, people, *, nights, hands_per_night, zone, stderr=None) -> int:
    """The family's poker nights; answers the hands logged."""
    done = 0
    for when in fridays(rng, nights, zone):
        table = [p for p in people if rng.random() < 0.7]
        if len(table) < 3:
            table = people[:4]
        count = max(1, round(hands_per_night * rng.uniform(0.75, 1.25)))
        done += poker_night(rng, family, by, when, table[:8], hands=count, zone=zone, stderr=stderr)
    return done


def from_options(rng, family, by, people, opt, command, *, total_target, zone) -> int:
    """The poker nights the demo command's options ask for (a line of the command); answers the hands logged."""
    nights = opt["poker_nights"]
    if nights is None:
        nights = 0 if total_target is not None else round(opt["years"] * 12)
    if not nights:
        return 0
    command.stdout.write(f"  {nights} poker nights …")
    per = max(1, opt["hands_per_night"] // 2)
    return poker_nights(rng, family, by, people, nights=nights, hands_per_night=per, zone=zone, stderr=command.stderr)
