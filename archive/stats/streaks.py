"""Streaks as rollups: a player's hands of a period, in order, summed up as runs that combine.

A longest run cannot be kept by adding a hand's delta (an edit of an old hand may split or join runs
anywhere), and recomputing it from every hand is what the pages must not do. So each period (a day, a
month, a year) keeps a segment: (hands, first run's sign and length, last run's sign and length, longest
winning run, longest losing run) inside it. Two segments in time order combine exactly (`combine`): the
runs at their seam join when the signs agree. A job that touches a hand rebuilds its day's segment from
that day's hands, the month's from its day segments (at most 31) and the year's from its month segments
(at most 12), whatever the history; a read combines the years, end months and end days shown, in time
order. Sign: 1 won (net > 0), -1 lost, 0 even (an even hand breaks every run).

Rows for game '' are every game's hands together (they interleave within a night); others one game's.
"""

from __future__ import annotations

from collections import defaultdict
from itertools import groupby

from django.db import connection

from archive.stats.common import Batch, table_of, where
from archive.stats.models import SeatFact, StatsStreakDay, StatsStreakMonth
from archive.stats.rollups import MONTH_SPAN, YEAR_SPAN, Rollup, as_date, month_of, next_month, next_year, year_of
from archive.table.models import Game

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


def segment(signs):
    """The segment of these hands' signs in time order (at least one), in one pass: what combining each
    hand's `one(sign)` in turn gives (a job rebuilds a day of a hundred hands a player on every hand logged)."""
    runs = [(s, len(list(run))) for s, run in groupby(signs)]  # (sign, length) in order
    best_win = max((n for s, n in runs if s == 1), default=0)
    worst_loss = max((n for s, n in runs if s == -1), default=0)
    return (len(signs), *runs[0], *runs[-1], best_win, worst_loss)


def _day_segments(seat_rows):
    """{(family, player, game, day): segment} from SeatFact rows (family, player, game, day, net) ordered by
    family, player, day, played_at, hand: one a (player, day) for each game and one for every game together."""
    signs = defaultdict(list)
    for family_id, player_id, game, day, net in seat_rows:
        s = (net > 0) - (net < 0)
        signs[family_id, player_id, game, day].append(s)
        signs[family_id, player_id, ALL, day].append(s)
    return {(f, p, g, as_date(d)): segment(row) for (f, p, g, d), row in signs.items()}


def _day_rows(seat_rows):
    """Day segment rows from SeatFact rows (as _day_segments reads them)."""
    return [
        StatsStreakDay(family_id=f, player_id=p, game=g, day=d, **dict(zip(FIELDS, seg)))
        for (f, p, g, d), seg in _day_segments(seat_rows).items()
    ]


def _seats(qs):
    return qs.order_by("family_id", "player_id", "day", "played_at", "hand_id").values_list(
        "family_id", "player_id", "game", "day", "net"
    )


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


def _rolled_segments(rows, bucket):
    """{(family, game, player, period): (days, segment)}: month (or year) segments from day (or month) segment
    rows (family, game, player, period, days, *FIELDS), in time order within each key, each bucket's combined."""
    segs, days = {}, defaultdict(int)
    for family_id, game, player_id, period, n, *seg in rows:
        k = (family_id, game, player_id, bucket(as_date(period)))
        segs[k] = combine(segs.get(k), tuple(seg))
        days[k] += n
    return {k: (days[k], s) for k, s in segs.items()}


def _rolled(rows, bucket, span):
    """Month (or year) segment rows from day (or month) segment rows (see _rolled_segments)."""
    return [
        StatsStreakMonth(family_id=f, game=g, player_id=p, span=span, month=m, days=n, **dict(zip(FIELDS, s)))
        for (f, g, p, m), (n, s) in _rolled_segments(rows, bucket).items()
    ]


def _ordered(qs, period):
    return qs.order_by("family_id", "game", "player_id", period).values_list(
        "family_id", "game", "player_id", period, "days", *FIELDS
    )


def rebuild_months(family_id=None):
    """Every month segment of the family (None: of every family), from its day segments; then every year
    segment from the months. (A job's few days, months and years: rebuild_touched.)"""
    flt = {} if family_id is None else {"family_id": family_id}
    StatsStreakMonth.objects.filter(**flt).delete()
    rows = _ordered(StatsStreakDay.objects.filter(**flt), "day").iterator(chunk_size=10_000)
    StatsStreakMonth.objects.bulk_create(_rolled(rows, month_of, MONTH_SPAN), batch_size=5000)
    rows = _ordered(StatsStreakMonth.objects.filter(**flt, span=MONTH_SPAN), "month").iterator(chunk_size=10_000)
    StatsStreakMonth.objects.bulk_create(_rolled(rows, year_of, YEAR_SPAN), batch_size=5000)


def rebuild_touched(family_id, game, days, players, new_hands=None):
    """After a job changed some hands of one game on `days`: the day segments of those days and players (every
    game's, and every game together), then the month segments of their months and the year segments of their
    years, of `game` and of every game together: three reads and one batch of writes of plain SQL: a job runs this on every hand logged, and the ORM's dozen statements cost
    it more than their work.

    new_hands: the touched hands are new ones (they had no facts before). When they are all of `game` and come
    after every other hand of their days for their players (a hand logged at the end of the night), each day's
    segment is the stored one with theirs combined after it (_days_appended): the day's other hands are not
    read. Otherwise, and without new_hands, each touched day is made again from all its hands."""
    days, players = sorted({as_date(d) for d in days}), sorted(players)
    if not days or not players:
        return
    games = sorted({game, ALL})
    months = sorted({month_of(d) for d in days})
    years = sorted({year_of(m) for m in months})
    fact, day_table, month_table = (table_of(m) for m in (SeatFact, StatsStreakDay, StatsStreakMonth))
    fields = ", ".join(FIELDS)
    with connection.cursor() as cur:
        day_segs = _days_appended(cur, family_id, game, days, players, new_hands) if new_hands else None
        day_games = games  # the day rows replaced: `game`'s and every game's together
        if day_segs is None:  # the touched days, from all their hands (every game's rows of those days made again)
            clause, params = where(
                {"family_id": family_id, "game": list(Game.values), "day": days, "player_id": players}
            )
            cur.execute(
                f"SELECT family_id, player_id, game, day, net FROM {fact}{clause} "
                "ORDER BY family_id, player_id, day, played_at, hand_id",
                params,
            )
            day_segs, day_games = _day_segments(cur.fetchall()), [*Game.values, ALL]
        # Their months: the untouched days' segments as stored, the touched days' as just made.
        clause, params = where({"family_id": family_id, "game": games, "player_id": players})
        spans, span_params = _ranges("day", [(m, next_month(m)) for m in months])
        cur.execute(
            f"SELECT family_id, game, player_id, day, days, {fields} FROM {day_table}{clause} AND {spans}",
            params + span_params,
        )
        touched = set(days)
        day_rows = [(f, g, p, as_date(d), *rest) for f, g, p, d, *rest in cur.fetchall() if as_date(d) not in touched]
        day_rows += [(f, g, p, d, 1, *seg) for (f, p, g, d), seg in day_segs.items() if g in games]
        month_segs = _rolled_segments(sorted(day_rows, key=_in_time), month_of)
        # Their years: the untouched months' segments as stored, the touched months' as just made.
        spans, span_params = _ranges("month", [(y, next_year(y)) for y in years])
        cur.execute(
            f"SELECT family_id, game, player_id, month, days, {fields} FROM {month_table}{clause} "
            f"AND span = %s AND {spans}",
            params + [MONTH_SPAN] + span_params,
        )
        made = set(months)
        month_rows = [(f, g, p, as_date(m), *rest) for f, g, p, m, *rest in cur.fetchall() if as_date(m) not in made]
        month_rows += [(f, g, p, m, n, *seg) for (f, g, p, m), (n, seg) in month_segs.items()]
        year_segs = _rolled_segments(sorted(month_rows, key=_in_time), year_of)
    batch = Batch()
    batch.delete(day_table, {"family_id": family_id, "game": day_games, "day": days, "player_id": players})
    _insert(batch, day_table, "day", [(f, p, g, d, 1, *seg) for (f, p, g, d), seg in day_segs.items()])
    for span, periods, segs in ((MONTH_SPAN, months, month_segs), (YEAR_SPAN, years, year_segs)):
        batch.delete(
            month_table, {"family_id": family_id, "game": games, "player_id": players, "span": span, "month": periods}
        )
        _insert(batch, month_table, "span, month", [(f, p, g, span, m, n, *s) for (f, g, p, m), (n, s) in segs.items()])
    batch.run()


def _days_appended(cur, family_id, game, days, players, new_hands):
    """{(family, player, game, day): segment} for `game` and every game together on the touched days, when the
    new hands are all of `game` and after every other hand of those days for those players: each stored day
    segment with the new hands' combined after it. None when that does not hold."""
    fact, day_table = table_of(SeatFact), table_of(StatsStreakDay)
    hands = sorted(new_hands)
    marks = ", ".join(["%s"] * len(hands))
    cur.execute(
        f"SELECT player_id, game, day, played_at, hand_id, net FROM {fact} WHERE hand_id IN ({marks}) "
        "ORDER BY player_id, day, played_at, hand_id",
        hands,
    )
    rows = cur.fetchall()
    if not rows or any(g != game for _p, g, *_rest in rows):
        return None
    at, hand_id = min((r[3], r[4]) for r in rows)
    clause, params = where({"family_id": family_id, "game": list(Game.values), "day": days, "player_id": players})
    cur.execute(
        f"SELECT 1 FROM {fact}{clause} AND hand_id NOT IN ({marks}) "
        "AND (played_at > %s OR (played_at = %s AND hand_id > %s)) LIMIT 1",
        params + hands + [at, at, hand_id],
    )
    if cur.fetchone() is not None:  # an older hand comes after a new one: the day is made again from all
        return None
    clause, params = where({"family_id": family_id, "game": sorted({game, ALL}), "day": days, "player_id": players})
    cur.execute(f"SELECT player_id, game, day, {', '.join(FIELDS)} FROM {day_table}{clause}", params)
    stored = {(p, g, as_date(d)): tuple(seg) for p, g, d, *seg in cur.fetchall()}
    added = _day_segments((family_id, p, g, d, net) for p, g, d, _at, _hand, net in rows)
    return {(f, p, g, d): combine(stored.get((p, g, d)), seg) for (f, p, g, d), seg in added.items()}


def _in_time(row):
    """Segment rows (family, game, player, period, ...) in time order within each key."""
    return row[:4]


def _ranges(column, ranges):
    """(SQL, params): the column in any of the half-open ranges [first, end)."""
    sql = " OR ".join(f"({column} >= %s AND {column} < %s)" for _ in ranges)
    return f"({sql})", [bound for r in ranges for bound in r]


def _insert(batch, table, period_columns, rows):
    """One INSERT of segment rows (family, player, game, *period columns, days, *FIELDS) into the batch."""
    if not rows:
        return
    columns = f"family_id, player_id, game, {period_columns}, days, {', '.join(FIELDS)}"
    marks = "(" + ", ".join(["%s"] * len(rows[0])) + ")"
    batch.add(
        f"INSERT INTO {table} ({columns}) VALUES {', '.join([marks] * len(rows))}", [x for row in rows for x in row]
    )


def read(*, family_id, game=None, date_from=None, date_to=None):
    """{player id: segment} over the period, combined in time order from its years, end months and end days
    (the periods of the rows never overlap, so their first days order them)."""
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


def extent(*, family_id, game=None):
    """(first day, last day) a player played in the family (the game's, or any game's), or None: a seek at
    each end of the (family, game, day) index of the day segments (one LIMIT 1 each: a MIN and MAX together
    may scan the whole range instead)."""
    table = connection.ops.quote_name(StatsStreakDay._meta.db_table)
    end = f"(SELECT day FROM {table} WHERE family_id = %s AND game = %s ORDER BY day {{}} LIMIT 1)"
    key = [family_id, game or ALL]
    with connection.cursor() as cur:
        cur.execute(f"SELECT {end.format('ASC')}, {end.format('DESC')}", key + key)
        first, last = cur.fetchone()
    return None if first is None else (as_date(first), as_date(last))


def days_played(*, family_id, game=None, date_from=None, date_to=None):
    """{player id: days he played} in the period (of the game, or of any game): his day segments."""
    rows = ROLLUP.read(family_id=family_id, game=game or ALL, date_from=date_from, date_to=date_to, cols=("days",))
    out = defaultdict(int)
    for player_id, _grain, _period, days in rows:
        out[player_id] += days
    return dict(out)
