"""Long lists on the pages, newest first, paged by keyset: each link carries the key of the last row shown
(`?older=`) or the first (`?newer=`), so the oldest page of a thirty-year history costs what the newest does
(issue 16). `?date=` jumps to the rows of that day and before. A cursor that cannot be read starts over at
the newest page: it only ever narrows a list already limited to the family."""

import datetime
import operator

from django.db.models import Q

# A key is a few whole numbers joined (a datetime as microseconds since 1970 UTC): safe in a URL as it is.
SEP = "~"
MAX_CURSOR = 120
EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.UTC)
MICROSECOND = datetime.timedelta(microseconds=1)


def _encode(values):
    return SEP.join(str((v - EPOCH) // MICROSECOND if isinstance(v, datetime.datetime) else v) for v in values)


def _decode(text, kinds):
    """The key in a cursor, or None when it is not one (wrong count, a bad date, a number out of range)."""
    if not text or len(text) > MAX_CURSOR:
        return None
    parts = text.split(SEP)
    if len(parts) != len(kinds):
        return None
    values = []
    try:
        for part, kind in zip(parts, kinds, strict=True):
            value = int(part)
            if not -(2**62) < value < 2**62:
                return None
            values.append(EPOCH + value * MICROSECOND if kind is datetime.datetime else value)
    except (ValueError, OverflowError):
        return None
    return values


def up_to(fields, values, older):
    """Rows older (or newer) than the key, or at it."""
    return _beyond(fields, values, older) | Q(**dict(zip(fields, values, strict=True)))


def _beyond(fields, values, older):
    """Rows strictly older (or newer) than the key, for fields all sorted newest first."""
    look = "lt" if older else "gt"
    q = Q()
    for i, field in enumerate(fields):
        same = {f: v for f, v in zip(fields[:i], values[:i], strict=True)}
        q |= Q(**same, **{f"{field}__{look}": values[i]})
    # The same rows, with the first field's bound on its own as well: a database reads that bound off an
    # index and starts there, where the OR above alone would have it walk from the newest row to the key.
    return Q(**{f"{fields[0]}__{look}e": values[0]}) & q


class Keyset:
    """How one list is sorted: its key fields newest first (`session__started_at`), their kinds
    (datetime.datetime or int) and how to read each from a row."""

    def __init__(self, fields, kinds):
        self.fields = tuple(fields)
        self.kinds = tuple(kinds)
        self.getters = tuple(operator.attrgetter(f.replace("__", ".")) for f in self.fields)

    def key(self, row):
        return _encode(g(row) for g in self.getters)

    def page(self, qs, *, older=None, newer=None, day_end=None, size, rows_of=None, narrow=None):
        """One page of `qs` (already filtered) with the links around it: a dict of `rows`, `older` and
        `newer` (the cursors, or None at either end) and `first` (True on the newest page). `rows_of(ids)`,
        when given, reads the page's rows by id without `qs`'s filters (they chose the ids already).
        `narrow(qs, key=, older=, day_end=, n=)`, when given, limits the rows the page is cut from to a set
        that surely holds its first n (say, the first n nights past the key for a list of hands)."""
        newest_first = [f"-{f}" for f in self.fields]
        key = _decode(older, self.kinds)
        towards_older = True
        if key is None and newer:
            key = _decode(newer, self.kinds)
            towards_older = key is None
        if key is None and day_end is not None:
            # Jump to a date: every row before the end of that day; the first key field is the date's.
            qs_page = qs.filter(**{f"{self.fields[0]}__lt": day_end})
        elif key is not None:
            qs_page = qs.filter(_beyond(self.fields, key, older=towards_older))
        else:
            qs_page = qs
        if narrow is not None:
            qs_page = narrow(qs_page, key=key, older=towards_older, day_end=day_end, n=size + 1)
        if towards_older:
            rows = self._fetch(qs, qs_page.order_by(*newest_first), size + 1, rows_of)
            more_older, rows = len(rows) > size, rows[:size]
            # The newest page (no key, no date) has nothing newer: no query to ask
            more_newer = (
                bool(rows)
                and (key is not None or day_end is not None)
                and qs.filter(_beyond(self.fields, self._values(rows[0]), older=False)).exists()
            )
        else:
            rows = self._fetch(qs, qs_page.order_by(*self.fields), size + 1, rows_of)
            more_newer, rows = len(rows) > size, rows[:size][::-1]
            more_older = bool(rows) and qs.filter(_beyond(self.fields, self._values(rows[-1]), older=True)).exists()
        return {
            "rows": rows,
            "older": self.key(rows[-1]) if more_older else None,
            "newer": self.key(rows[0]) if more_newer else None,
            "first": not more_newer,
        }

    @staticmethod
    def _fetch(qs, ordered, n, rows_of=None):
        """The first n rows of `ordered`: their ids first, then the rows with `qs`'s annotations. Sorting
        only ids spares the database a summary read from every ruling and a sum for every hand of the
        family before it keeps thirty (a 22,000-hand player page: 940 ms)."""
        ids = list(ordered.values_list("pk", flat=True)[:n])
        by_id = {row.pk: row for row in (rows_of(ids) if rows_of else qs.order_by().filter(pk__in=ids))}
        return [by_id[i] for i in ids if i in by_id]

    def _values(self, row):
        return [g(row) for g in self.getters]
