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
    """Per-seat facts as a list of dicts, one a seat, whether the referee wrote them seat by seat
    ([{"net": .., ...}, ...], as referee/facts.py documents) or column by column ({"net": [..], ...},
    as the rebuilt referee writes them): hands stored by either stay readable."""
    if isinstance(table, dict):
        n = max((len(v) for v in table.values() if isinstance(v, list)), default=0)
        return [{k: v[s] for k, v in table.items() if isinstance(v, list)} for s in range(n)]
    return list(table or ())
