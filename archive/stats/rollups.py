"""Rollups by month (issue 16): what the pages and the API read, so that a read touches a number of rows
set by the players and the periods shown, not by the hands.

Every summary by day (StatsDay, StatsSessionDay, StatsPairDay, and each game's own) has a twin by month
(the month's first day in `month`), rebuilt from the day rows of that month with one INSERT ... SELECT ...
GROUP BY. A period [date_from, date_to] is read as its whole months from the month table and the days at
its two ends (at most two partial months) from the day table, in one UNION ALL (`split`, `Rollup.read`);
the pages' numbers stay exact for any period.

Why rebuild a touched month from its days rather than add a hand's deltas: the cost is the same order
(at most 31 day rows a key, whatever the history), a MAX (the biggest pot, the best take) cannot be
un-added when a hand is edited or deleted, and the incremental rows are then equal to a full rebuild's
by construction (the same SQL), which the property test checks.
"""

from __future__ import annotations

import datetime

from django.db import connection

from .common import where

ONE_DAY = datetime.timedelta(days=1)


def month_of(d):
    return d.replace(day=1)


def next_month(d):
    return (d.replace(day=28) + datetime.timedelta(days=4)).replace(day=1)


def split(date_from, date_to):
    """(day ranges [(first, last)] inclusive, month range (first month, last month) or None).

    The month range covers the whole months inside the period (a bound None: unbounded); the day
    ranges the days at its ends that are not in a whole month. A period within one month is all days."""
    if date_from is not None and date_to is not None and date_from > date_to:
        return [], None
    lo = None if date_from is None else (date_from if date_from.day == 1 else next_month(date_from))
    if date_to is None:
        hi = None
    else:
        hi = month_of(date_to) if (date_to + ONE_DAY).day == 1 else month_of(month_of(date_to) - ONE_DAY)
    if lo is not None and hi is not None and lo > hi:
        return [(date_from, date_to)], None
    days = []
    if date_from is not None and lo != date_from:
        days.append((date_from, lo - ONE_DAY))
    if date_to is not None and (hi is None or next_month(hi) - ONE_DAY != date_to):
        days.append((next_month(hi), date_to))
    return days, (lo, hi)


def trunc_month(column):
    """SQL for the first day of the month of a date column (PostgreSQL and SQLite)."""
    if connection.vendor == "postgresql":
        return f"CAST(date_trunc('month', {column}) AS date)"
    return f"date({column}, 'start of month')"


def _t(model):
    return connection.ops.quote_name(model._meta.db_table)


def _date(d):
    return connection.ops.adapt_datefield_value(d)


def as_date(v):
    return datetime.date.fromisoformat(v) if isinstance(v, str) else v


class Rollup:
    """A summary by day and its twin by month.

    group: the key columns besides family_id, game and the period (e.g. ("player_id",));
    exprs: {month column: SQL aggregate of the day rows} (None: the month rows are written in Python,
    see streaks.py); game: whether the tables have a game column (each game's own have not);
    day_values: {month column: SQL for it in a day row} where a day row has no such column."""

    def __init__(self, day, month, group, exprs, *, game=True, day_values=None):
        self.day, self.month, self.group, self.exprs, self.game = day, month, tuple(group), exprs, game
        self.day_values = day_values or {}

    def _keys(self, family_id, game):
        return {"family_id": family_id, "game": game if self.game else None}

    def rebuild_months(self, family_id=None, game=None, months=None):
        """Delete and re-aggregate the month rows of the family (None: every family), the game (None:
        every game) and the months (None: every month) from the day rows."""
        keys = self._keys(family_id, game)
        lookups = {k: v for k, v in keys.items() if v is not None}
        if months is not None:
            months = sorted(set(months))
            lookups["month__in"] = months
        self.month.objects.filter(**lookups).delete()
        group = ["family_id", *(["game"] if self.game else []), *self.group]
        cols = list(self.exprs)
        clause, params = where(keys)
        insert = f"INSERT INTO {_t(self.month)} ({', '.join(group + ['month'] + cols)}) "
        aggs = ", ".join(self.exprs[c] for c in cols)
        with connection.cursor() as cur:
            if months is None:
                trunc = trunc_month("day")
                cur.execute(
                    insert + f"SELECT {', '.join(group)}, {trunc}, {aggs} FROM {_t(self.day)}{clause} "
                    f"GROUP BY {', '.join(group + [trunc])}",
                    params,
                )
                return
            for m in months:
                span = ("AND" if clause else " WHERE") + " day >= %s AND day < %s"
                cur.execute(
                    insert + f"SELECT {', '.join(group)}, %s, {aggs} FROM {_t(self.day)}{clause} {span} "
                    f"GROUP BY {', '.join(group)}",
                    [_date(m), *params, _date(m), _date(next_month(m))],
                )

    def read(self, *, family_id, game=None, date_from=None, date_to=None, cols, extra=None):
        """Rows (*group, 'd' or 'm', period start, *cols) of the whole months and the end days of the
        period: one query, its rows bounded by the months and days shown times the keys."""
        days, months = split(date_from, date_to)
        keys = {**self._keys(family_id, game), **(extra or {})}
        clause, params = where(keys)
        group = ", ".join(self.group) + ", " if self.group else ""
        parts, args = [], []
        if days:
            spans = " OR ".join("(day >= %s AND day <= %s)" for _ in days)
            values = ", ".join(self.day_values.get(c, c) for c in cols)
            parts.append(f"SELECT {group}'d', day, {values} FROM {_t(self.day)}{clause} AND ({spans})")
            args += params + [_date(d) for span in days for d in span]
        if months is not None:
            bounds, bargs = [], []
            if months[0] is not None:
                bounds.append("month >= %s")
                bargs.append(_date(months[0]))
            if months[1] is not None:
                bounds.append("month <= %s")
                bargs.append(_date(months[1]))
            tail = "".join(f" AND {b}" for b in bounds)
            parts.append(f"SELECT {group}'m', month, {', '.join(cols)} FROM {_t(self.month)}{clause}{tail}")
            args += params + bargs
        if not parts:
            return []
        with connection.cursor() as cur:
            cur.execute(" UNION ALL ".join(parts), args)
            return cur.fetchall()


def add(a, b):
    """SQL SUM of two partial sums: None (nothing known) is no number."""
    return b if a is None else a if b is None else a + b


def biggest(a, b):
    return b if a is None else a if b is None else max(a, b)


def fold(rows, *, key=1, how):
    """Fold Rollup.read rows by their first `key` columns: {key tuple: [values]}, each value combined with
    `how` (add or biggest) in order."""
    out = {}
    skip = key + 2  # the grain and the period
    for row in rows:
        k = row[:key]
        values = row[skip:]
        have = out.get(k)
        out[k] = list(values) if have is None else [f(x, y) for f, x, y in zip(how, have, values)]
    return out
