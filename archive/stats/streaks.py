"""Streaks as rollups: a player's hands of a period, in order, summed up as runs that combine.

A longest run cannot be kept by adding a hand's delta (an edit of an old hand may split or join runs
anywhere), and recomputing it from every hand is what the pages must not do. So each period (a day, a
month) keeps a segment: (hands, first run's sign and length, last run's sign and length, longest winning
run, longest losing run) inside it. Two segments in time order combine exactly (`combine`): the runs at
their seam join when the signs agree. A job that touches a hand rebuilds its day's segment from that day's
hands and the month's from its day segments (at most 31), whatever the history; a read combines the
months and end days shown. Sign: 1 won (net > 0), -1 lost, 0 even (an even hand breaks every run).

Rows for game '' are every game's hands together (they interleave within a night); others one game's.
"""

from __future__ import annotations

from collections import defaultdict

from archive.models import Game
from archive.models.stats import SeatFact, StatsStreakDay, StatsStreakMonth

from .rollups import Rollup, as_date, month_of, next_month

ALL = ""  # the game of the rows that count every game
FIELDS = ("hands", "first_sign", "first_len", "last_sign", "last_len", "best_win", "worst_loss")
ROLLUP = Rollup(StatsStreakDay, StatsStreakMonth, ("player_id",), None)


def one(sign):
    return (1, sign, 1, sign, 1, int(sign == 1), int(sign == -1))


def combine(a, b):
    """The segment of a's hands followed by b's (either may be None)."""
    if a is None:
        return b
    if b is None:
        return a
    n1, fs1, fl1, ls1, ll1, bw1, wl1 = a
    n2, fs2, fl2, ls2, ll2, bw2, wl2 = b
    first = (fs1, fl1 + fl2) if fl1 == n1 and fs1 == fs2 else (fs1, fl1)
    last = (ls2, ll2 + ll1) if ll2 == n2 and ls2 == ls1 else (ls2, ll2)
    seam = ll1 + fl2 if ls1 == fs2 else 0
    best_win = max(bw1, bw2, seam if ls1 == 1 and fs2 == 1 else 0)
    worst_loss = max(wl1, wl2, seam if ls1 == -1 and fs2 == -1 else 0)
    return (n1 + n2, *first, *last, best_win, worst_loss)


def sign(net):
    return (net > 0) - (net < 0)


def _day_rows(seat_rows):
    """Day segment rows from SeatFact (family, player, game, day, net) ordered by family, player, day,
    played_at, hand: a row a (player, day) for each game and one for every game together."""
    segs = {}
    for family_id, player_id, game, day, net in seat_rows:
        s = one(sign(net))
        for g in (game, ALL):
            k = (family_id, player_id, g, day)
            segs[k] = combine(segs.get(k), s)
    return [
        StatsStreakDay(family_id=f, player_id=p, game=g, day=d, **dict(zip(FIELDS, s)))
        for (f, p, g, d), s in segs.items()
    ]


def _seats(qs):
    return qs.order_by("family_id", "player_id", "day", "played_at", "hand_id").values_list(
        "family_id", "player_id", "game", "day", "net"
    )


def rebuild_days(family_id, days, players):
    """The day segments of the given days and players (every game's, and every game together)."""
    days, players = sorted(days), sorted(players)
    StatsStreakDay.objects.filter(family_id=family_id, day__in=days, player_id__in=players).delete()
    # game__in: the (family, game, day, player) index, for the hands of every game of these days
    qs = SeatFact.objects.filter(family_id=family_id, game__in=Game.values, day__in=days, player_id__in=players)
    StatsStreakDay.objects.bulk_create(_day_rows(_seats(qs)), batch_size=2000)


def rebuild_all_days(family_id=None):
    """Every day segment of the family (None: every family), from its seat facts, chunk by chunk."""
    qs = StatsStreakDay.objects.all() if family_id is None else StatsStreakDay.objects.filter(family_id=family_id)
    qs.delete()
    facts = SeatFact.objects.all() if family_id is None else SeatFact.objects.filter(family_id=family_id)
    batch, key = [], None
    for row in _seats(facts).iterator(chunk_size=10_000):
        k = row[:2] + (row[3],)  # a (family, player, day) whole in one batch
        if len(batch) >= 20_000 and k != key:
            StatsStreakDay.objects.bulk_create(_day_rows(batch), batch_size=5000)
            batch = []
        batch.append(row)
        key = k
    StatsStreakDay.objects.bulk_create(_day_rows(batch), batch_size=5000)


def _month_rows(day_rows):
    """Month segments from day segment rows (family, game, player, day, *FIELDS) in that order."""
    segs, days = {}, defaultdict(int)
    for family_id, game, player_id, day, *seg in day_rows:
        k = (family_id, game, player_id, month_of(as_date(day)))
        segs[k] = combine(segs.get(k), tuple(seg))
        days[k] += 1
    return [
        StatsStreakMonth(family_id=f, game=g, player_id=p, month=m, days=days[f, g, p, m], **dict(zip(FIELDS, s)))
        for (f, g, p, m), s in segs.items()
    ]


def _days(qs):
    return qs.order_by("family_id", "game", "player_id", "day").values_list(
        "family_id", "game", "player_id", "day", *FIELDS
    )


def rebuild_months(family_id=None, games=None, months=None):
    """The month segments of the family (None: all), the games (None: all, '' included) and months (None: all)."""
    flt = {} if family_id is None else {"family_id": family_id}
    if games is not None:
        flt["game__in"] = sorted(games)
    if months is None:
        StatsStreakMonth.objects.filter(**flt).delete()
        StatsStreakMonth.objects.bulk_create(
            _month_rows(_days(StatsStreakDay.objects.filter(**flt)).iterator(chunk_size=10_000)), batch_size=5000
        )
        return
    for m in sorted(set(months)):
        StatsStreakMonth.objects.filter(**flt, month=m).delete()
        rows = _days(StatsStreakDay.objects.filter(**flt, day__gte=m, day__lt=next_month(m)))
        StatsStreakMonth.objects.bulk_create(_month_rows(rows))


def read(*, family_id, game=None, date_from=None, date_to=None):
    """{player id: segment} over the period, combined in time order from months and end days."""
    rows = ROLLUP.read(
        family_id=family_id,
        game=game or ALL,
        date_from=date_from,
        date_to=date_to,
        cols=FIELDS,
    )
    rows.sort(key=lambda r: (r[0], as_date(r[2])))
    out = defaultdict(lambda: None)
    for row in rows:
        out[row[0]] = combine(out[row[0]], tuple(row[3:]))
    return dict(out)


def days_played(*, family_id, game=None, date_from=None, date_to=None):
    """{player id: days he played} in the period (of the game, or of any game): his day segments."""
    rows = ROLLUP.read(family_id=family_id, game=game or ALL, date_from=date_from, date_to=date_to, cols=("days",))
    out = defaultdict(int)
    for player_id, _grain, _period, days in rows:
        out[player_id] += days
    return dict(out)
