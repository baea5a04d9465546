"""Small helpers shared by the statistics' shared code and each game's module (no models here,
so a game module can use them while the models are still loading)."""

from django.db import connection


def period(qs, *, date_from=None, date_to=None):
    """Rows of days in [date_from, date_to] (either may be None), both inclusive."""
    if date_from:
        qs = qs.filter(day__gte=date_from)
    if date_to:
        qs = qs.filter(day__lte=date_to)
    return qs


def ratio(a, b):
    """a / b to four places; None when a is unknown or b is nothing."""
    return None if a is None or not b else round(a / b, 4)


def where(keys):
    """(SQL WHERE clause, params) for {column: value or list of values}; None values are left out."""
    clauses, params = [], []
    for column, value in keys.items():
        if value is None:
            continue
        if isinstance(value, (list, tuple, set)):
            value = list(value)
            clauses.append(f"{column} IN ({', '.join(['%s'] * len(value))})")
            params.extend(value)
        else:
            clauses.append(f"{column} = %s")
            params.append(value)
    return (" WHERE " + " AND ".join(clauses)) if clauses else "", params


def per_seat(table):
    """Per-seat facts, written one list a fact ({"net": [..], ...}, referee/facts.py), as one dict a seat."""
    table = table or {}
    return [dict(zip(table, values)) for values in zip(*table.values())]


class Batch:
    """Statements sent to the database together, in order: one round trip on PostgreSQL (its client-side
    binding lets one execute carry several), one statement at a time elsewhere (SQLite takes one an execute).
    The job after a saved hand rebuilds its day's summaries and their months, years and all time: some fifty
    small DELETE and INSERT … SELECT statements, whose round trips, not their work, were most of its time."""

    def __init__(self):
        self.statements = []

    def add(self, sql, params):
        """A statement with its parameters (a list: its % are the driver's, doubled where meant literally)."""
        self.statements.append((sql, params))

    def delete(self, table, keys):
        """DELETE the rows of `keys` ({column: value or list}; None left out); nothing for an empty list."""
        if any(isinstance(v, (list, tuple, set)) and not v for v in keys.values()):
            return
        clause, params = where(keys)
        self.add(f"DELETE FROM {table}{clause}", params)

    def run(self):
        statements, self.statements = self.statements, []
        if not statements:
            return
        with connection.cursor() as cur:
            if connection.vendor == "postgresql" and len(statements) > 1:
                cur.execute(";\n".join(s for s, _ in statements), [x for _, p in statements for x in p])
            else:
                for sql, params in statements:
                    cur.execute(sql, params)


def table_of(model):
    """The model's table, quoted for the plain SQL of the facts and summaries."""
    return connection.ops.quote_name(model._meta.db_table)
