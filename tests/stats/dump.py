"""Every statistics row as sorted tuples without surrogate ids: equal dumps, equal statistics."""
from archive.models.stats import HandFact, PairFact, SeatFact, StatsDay


def dump(family=None):
    out = {}
    for model in (HandFact, SeatFact, PairFact, StatsDay):
        cols = [f.attname for f in model._meta.concrete_fields if f.attname != "id"]
        qs = model.objects.all() if family is None else model.objects.filter(family=family)
        out[model.__name__] = sorted(qs.values_list(*cols), key=repr)
    return out
