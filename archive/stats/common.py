"""Small helpers shared by the statistics' shared code and each game's module (no models here,
so a game module can use them while the models are still loading)."""


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
