"""Rollups by month and by year (issue 16): what the pages and the API read, so that a read touches a number
of rows set by the players and the periods shown, not by the hands.

Every summary by day (StatsDay, StatsSessionDay, StatsPairDay, and each game's own) has a twin table that
holds two levels: month rows (span = 1, the month's first day in `month`), rebuilt from the day rows of that
month with one INSERT ... SELECT ... GROUP BY, and year rows (span = 12, `month` is January 1st), rebuilt
from that year's month rows (at most 12 a key). A period [date_from, date_to] is read as its whole years
(year rows), the whole months at its two ends (month rows, at most 11 + 11) and the days at its two ends
(day rows, at most two partial months), in one UNION ALL (`split`, `Rollup.read`): an all-time read touches
O(years) rows a key, a period's numbers stay exact whatever its ends. A third level, one all-time row a key
(span = 0), rebuilt from the year rows after them, serves the reads that only add up (top=ALL): all time is
then one row a key, however many years the family has played.

Why the years live in the month tables (a `span` column) rather than in twins of their own: a year row has
exactly a month row's columns, so one table a rollup keeps one model, one migration entry and one INSERT
for both levels; the index (family, span, [game,] month) lets a read of one level seek to its rows only.

Why rebuild a touched month (and its year) rather than add a hand's deltas: the cost is the same order
(at most 31 day rows a month, 12 month rows a year, whatever the history), a MAX (the biggest pot, the
best take) cannot be un-added when a hand is edited or deleted, and the incremental rows are then equal
to a full rebuild's by construction (the same SQL), which the property test checks.
"""

from __future__ import annotations

import datetime
from contextlib import contextmanager
from contextvars import ContextVar

from django.db import connection

from archive.stats.common import where

# One page's reads of the rollups (archive/stats/selectors.py's `one_read`): a statement read twice in it
# (a game's columns for the players and for the totals, the players' names for each panel) is run once.
_MEMO: ContextVar[dict | None] = ContextVar("tk_stats_reads", default=None)


@contextmanager
def one_read():
    """Within it, the same rollup statement with the same arguments answers from the first run."""
    token = _MEMO.set({})
    try:
        yield
    finally:
        _MEMO.reset(token)


def remembered(key, read):
    """read() once per `key` within `one_read`, every time outside it."""
    memo = _MEMO.get()
    if memo is None:
        return read()
    if key not in memo:
        memo[key] = read()
    return memo[key]


def _fetch(sql, args):
    def run():
        with connection.cursor() as cur:
            cur.execute(sql, args)
            return cur.fetchall()

    return remembered((sql, tuple(args)), run)


ONE_DAY = datetime.timedelta(days=1)
DAY, MONTH, YEAR, ALL = "d", "m", "y", "a"  # the levels, as Rollup.read tags its rows
# The span column of a month row, of a year row and of an all-time row (one a key: the sum of its years, dated
# January 1st of its first year), kept for the rollups made in SQL (not streaks.py's).
MONTH_SPAN, YEAR_SPAN, ALL_SPAN = 1, 12, 0


def month_of(d):
    return d.replace(day=1)


def year_of(d):
    return d.replace(month=1, day=1)


def next_month(d):
    return (d.replace(day=28) + datetime.timedelta(days=4)).replace(day=1)


def next_year(d):
    return d.replace(year=d.year + 1, month=1, day=1)


def split(date_from, date_to, top=YEAR):
    """(day ranges, month ranges, year range) of a period, each range (first, last) inclusive, a bound
    None unbounded; the year range None when no whole year is read.

    The period is read as its whole years, then the whole months outside them, then the days outside
    those; `top` is the coarsest level read (MONTH: no years; DAY: every day, one range)."""
    if date_from is not None and date_to is not None and date_from > date_to:
        return [], [], None
    if top == DAY:
        return [(date_from, date_to)], [], None
    lo = None if date_from is None else (date_from if date_from.day == 1 else next_month(date_from))
    if date_to is None:
        hi = None
    else:
        hi = month_of(date_to) if (date_to + ONE_DAY).day == 1 else month_of(month_of(date_to) - ONE_DAY)
    if lo is not None and hi is not None and lo > hi:
        return [(date_from, date_to)], [], None
    days = []
    if date_from is not None and lo != date_from:
        days.append((date_from, lo - ONE_DAY))
    if date_to is not None and (hi is None or next_month(hi) - ONE_DAY != date_to):
        days.append((next_month(hi), date_to))
    if top == MONTH:
        return days, [(lo, hi)], None
    lo_y = None if lo is None else (lo if lo.month == 1 else next_year(lo))
    hi_y = None if hi is None else (year_of(hi) if hi.month == 12 else year_of(hi).replace(year=hi.year - 1))
    if lo_y is not None and hi_y is not None and lo_y > hi_y:
        return days, [(lo, hi)], None
    months = []
    if lo is not None and lo != lo_y:
        months.append((lo, lo_y.replace(year=lo_y.year - 1, month=12)))
    if hi is not None and hi != hi_y.replace(month=12):
        months.append((next_year(hi_y), hi))
    return days, months, (lo_y, hi_y)


def _trunc(unit, column):
    if connection.vendor == "postgresql":
        return f"CAST(date_trunc('{unit}', {column}) AS date)"
    return f"date({column}, 'start of {unit}')"


def trunc_month(column):
    """SQL for the first day of the month of a date column (PostgreSQL and SQLite)."""
    return _trunc("month", column)


def trunc_year(column):
    """SQL for January 1st of the year of a date column (PostgreSQL and SQLite)."""
    return _trunc("year", column)


def _t(model):
    return connection.ops.quote_name(model._meta.db_table)


def _date(d):
    return connection.ops.adapt_datefield_value(d)


def as_date(v):
    return datetime.date.fromisoformat(v) if isinstance(v, str) else v


def _between(column, ranges):
    """(SQL, params): the column within any of the inclusive ranges (a bound None: unbounded)."""
    ors, args = [], []
    for lo, hi in ranges:
        ands = []
        if lo is not None:
            ands.append(f"{column} >= %s")
            args.append(_date(lo))
        if hi is not None:
            ands.append(f"{column} <= %s")
            args.append(_date(hi))
        ors.append("(" + " AND ".join(ands or ["1 = 1"]) + ")")
    return "(" + " OR ".join(ors) + ")", args


# A year row of a column from its month rows: sums add, extremes stay extremes; a count of the day rows
# (COUNT(DISTINCT ...)) is the sum of the months' counts, as its month rows are summed on a read.
_OF_MONTHS = {"SUM": "SUM", "MAX": "MAX", "MIN": "MIN", "COUNT": "SUM"}


def year_expr(column, expr):
    """The SQL aggregate of month rows that makes a year row's column from the day rows' `expr`."""
    fn = expr.split("(", 1)[0].strip().upper()
    if fn not in _OF_MONTHS:
        raise ValueError(f"a year row cannot be made from the month rows of {expr!r}: give year_exprs")
    return f"{_OF_MONTHS[fn]}({column})"


class Rollup:
    """A summary by day and its twin by month and year.

    group: the key columns besides family_id, game and the period (e.g. ("player_id",));
    exprs: {month column: SQL aggregate of the day rows} (None: the month and year rows are written in
    Python, see streaks.py); game: whether the tables have a game column (each game's own have not);
    day_values: {month column: SQL for it in a day row} where a day row has no such column;
    year_exprs: {column: SQL aggregate of the month rows} (default: `year_expr` of each)."""

    def __init__(self, day, month, group, exprs, *, game=True, day_values=None, year_exprs=None):
        self.day, self.month, self.group, self.exprs, self.game = day, month, tuple(group), exprs, game
        self.day_values = day_values or {}
        self.year_exprs = year_exprs or {c: year_expr(c, e) for c, e in (exprs or {}).items()}

    def _keys(self, family_id, game):
        return {"family_id": family_id, "game": game if self.game else None}

    def _group(self):
        return ["family_id", *(["game"] if self.game else []), *self.group]

    def rebuild_months(self, family_id=None, game=None, months=None, *, batch):
        """Delete and re-aggregate the month rows of the family (None: every family), the game (None:
        every game) and the months (None: every month) from the day rows; then their years. The statements
        join `batch` (the caller runs it)."""
        months = None if months is None else sorted(set(months))
        self._roll(batch, self._keys(family_id, game), MONTH_SPAN, months)
        self.rebuild_years(family_id, game, None if months is None else {year_of(m) for m in months}, batch=batch)

    def rebuild_years(self, family_id=None, game=None, years=None, *, batch):
        """Delete and re-aggregate the year rows of the family, game and years (None: all) from the month rows;
        then all time. The statements join `batch`."""
        years = None if years is None else sorted(set(years))
        self._roll(batch, self._keys(family_id, game), YEAR_SPAN, years)
        self.rebuild_all_time(family_id, game, batch=batch)

    def _roll(self, batch, keys, span, periods):
        """The statements that delete the rows of `span` (months or years) in `periods` (None: all) and
        aggregate them again from the finer rows (a month from its days, a year from its months): one
        INSERT … SELECT a period, or one for all grouped by the period."""
        month = span == MONTH_SPAN
        source, by, exprs = (self.day, "day", self.exprs) if month else (self.month, "month", self.year_exprs)
        batch.delete(_t(self.month), {**keys, "month": periods, "span": span})
        group = self._group()
        cols = list(exprs)
        clause, params = where(keys if month else {**keys, "span": MONTH_SPAN})
        insert = f"INSERT INTO {_t(self.month)} ({', '.join(group + ['span', 'month'] + cols)}) "
        aggs = ", ".join(exprs[c] for c in cols)
        if periods is None:
            trunc = trunc_month(by) if month else trunc_year(by)
            batch.add(
                insert + f"SELECT {', '.join(group)}, {span}, {trunc}, {aggs} FROM {_t(source)}{clause} "
                f"GROUP BY {', '.join(group + [trunc])}",
                params,
            )
            return
        after = next_month if month else next_year
        bound = (" AND" if clause else " WHERE") + f" {by} >= %s AND {by} < %s"
        for p in periods:
            batch.add(
                insert + f"SELECT {', '.join(group)}, {span}, %s, {aggs} FROM {_t(source)}{clause}{bound} "
                f"GROUP BY {', '.join(group)}",
                [_date(p), *params, _date(p), _date(after(p))],
            )

    def rebuild_all_time(self, family_id=None, game=None, *, batch):
        """Delete and re-aggregate the all-time rows of the family and game (None: all) from their year rows:
        one row a key from at most one a year, whatever the history. The statements join `batch`."""
        keys = self._keys(family_id, game)
        batch.delete(_t(self.month), {**keys, "span": ALL_SPAN})
        group = self._group()
        cols = list(self.year_exprs)
        clause, params = where({**keys, "span": YEAR_SPAN})
        batch.add(
            f"INSERT INTO {_t(self.month)} ({', '.join(group + ['span', 'month'] + cols)}) "
            f"SELECT {', '.join(group)}, {ALL_SPAN}, MIN(month), {', '.join(self.year_exprs[c] for c in cols)} "
            f"FROM {_t(self.month)}{clause} GROUP BY {', '.join(group)}",
            params,
        )

    def read(self, *, family_id, game=None, date_from=None, date_to=None, cols, extra=None, top=YEAR):
        """Rows (*group, level DAY/MONTH/YEAR, period start, *cols) of the whole years, the end months and
        the end days of the period (`split`; `top` the coarsest level): one query, its rows bounded by the
        years, months and days shown times the keys. top=ALL, for a read that only adds its rows up: all
        time (no bounds) is one row a key (level ALL), any other period as for YEAR."""
        keys = {**self._keys(family_id, game), **(extra or {})}
        clause, params = where(keys)
        group = ", ".join(self.group) + ", " if self.group else ""
        if top == ALL:
            if date_from is None and date_to is None:
                return _fetch(
                    f"SELECT {group}'{ALL}', month, {', '.join(cols)} FROM {_t(self.month)}{clause} "
                    f"AND span = {ALL_SPAN}",
                    params,
                )
            top = YEAR
        days, months, years = split(date_from, date_to, top)
        parts, args = [], []
        if days:
            spans, sargs = _between("day", days)
            values = ", ".join(self.day_values.get(c, c) for c in cols)
            parts.append(f"SELECT {group}'{DAY}', day, {values} FROM {_t(self.day)}{clause} AND {spans}")
            args += params + sargs
        for level, span, ranges in ((MONTH, MONTH_SPAN, months), (YEAR, YEAR_SPAN, [years] if years else [])):
            if not ranges:
                continue
            spans, sargs = _between("month", ranges)
            parts.append(
                f"SELECT {group}'{level}', month, {', '.join(cols)} FROM {_t(self.month)}{clause} "
                f"AND span = {span} AND {spans}"
            )
            args += params + sargs
        if not parts:
            return []
        return _fetch(" UNION ALL ".join(parts), args)


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
