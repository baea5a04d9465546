"""Every statistics row (shared and each game's own) as sorted tuples without surrogate ids: equal dumps,
equal statistics."""

from archive.models.stats import HandFact, PairFact, SeatFact, StatsDay
from archive.stats import games


def dump(family=None):
    out = {}
    for model in (
        HandFact,
        SeatFact,
        PairFact,
        StatsDay,
        *games.fact_models(),
        *(m.SUMMARY[0] for m in games.GAMES.values()),
    ):
        cols = [f.attname for f in model._meta.concrete_fields if f.attname != "id"]
        qs = model.objects.all() if family is None else model.objects.filter(family=family)
        out[model.__name__] = sorted(qs.values_list(*cols), key=repr)
    return out
