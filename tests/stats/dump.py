"""Every statistics row (shared and each game's own: facts, summaries by day, rollups by month) as sorted
tuples without surrogate ids: equal dumps, equal statistics."""

from archive.stats import games, summaries
from archive.stats.models import HandFact, PairFact, SeatFact, StatsSessionSpan, StatsStreakDay, StatsStreakMonth


def dump(family=None):
    out = {}
    for model in (
        HandFact,
        SeatFact,
        PairFact,
        *games.fact_models(),
        *(summary for summary, *_ in summaries.SHARED_SUMMARIES),
        *(summary for m in games.GAMES.values() for summary, *_ in m.SUMMARIES),
        *(r.month for r in summaries.SHARED_ROLLUPS + games.rollups()),
        StatsSessionSpan,
        StatsStreakDay,
        StatsStreakMonth,
    ):
        cols = [f.attname for f in model._meta.concrete_fields if f.attname != "id"]
        qs = model.objects.all() if family is None else model.objects.filter(family=family)
        out[model.__name__] = sorted(qs.values_list(*cols), key=repr)
    return out
