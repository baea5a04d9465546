"""Swik's own statistics, from the ruling's facts["game"] (referee/facts.py; the shared ones are in
archive.stats.services).

Per seat and hand (SwikSeatFact, a row only where something is known): fell (paid a fall), double
fall (paid more than the pot: a dealer who wrapped on a high card and won nothing), took the blind,
made the blind (did not fall), won the pot with three of a kind. Per hand with a wrap (SwikWrap): who
wrapped, the rank of the turned card and whether he made it. SwikDay sums the seat facts by family,
player and day, as StatsDay does the shared ones. NULL means the record does not tell (a void deal,
a hand that stops before the tricks), never 0.
"""

from django.db import models
from django.db.models import Count, Sum

from archive.stats.common import per_seat, period, ratio

GAME = "swik"
RANK_ORDER = "23456789TJQKA"


def _fk(to, **kw):
    # No database constraint and no index of their own: see archive/models/stats.py.
    return models.ForeignKey(to, on_delete=models.CASCADE, db_constraint=False, db_index=False, related_name="+", **kw)


class SwikSeatFact(models.Model):
    """One seat in one Swik hand, where the record tells anything of these."""

    hand = _fk("archive.Hand")
    family = _fk("archive.Family")
    player = _fk("archive.Player")
    day = models.DateField()
    seat = models.PositiveSmallIntegerField()
    fell = models.SmallIntegerField(null=True)
    double_fall = models.SmallIntegerField(null=True)
    took_blind = models.SmallIntegerField(null=True)
    blind_made = models.SmallIntegerField(null=True)
    trips_win = models.SmallIntegerField(null=True)

    class Meta:
        app_label = "archive"
        indexes = [models.Index(fields=["family", "day", "player"]), models.Index(fields=["hand"])]


class SwikWrap(models.Model):
    """A Swik hand in which the dealer took the turned card (wraps by card)."""

    hand = models.OneToOneField(
        "archive.Hand", on_delete=models.CASCADE, db_constraint=False, primary_key=True, related_name="+"
    )
    family = _fk("archive.Family")
    day = models.DateField()
    wrapper = _fk("archive.Player", help_text="the dealer who took the turned card")
    rank = models.CharField(max_length=2, help_text="rank of the turned card wrapped on")
    made = models.SmallIntegerField(null=True, help_text="1 the wrapper did not fall, 0 he fell, NULL unknown")

    class Meta:
        app_label = "archive"
        indexes = [models.Index(fields=["family", "day"])]


class SwikDay(models.Model):
    """A player's Swik day at one family's table. Sums are NULL where nothing was known."""

    family = _fk("archive.Family")
    player = _fk("archive.Player")
    day = models.DateField()
    falls = models.IntegerField(null=True)
    double_falls = models.IntegerField(null=True)
    blinds = models.IntegerField(null=True)
    blinds_made = models.IntegerField(null=True)
    trips_wins = models.IntegerField(null=True)

    class Meta:
        app_label = "archive"
        indexes = [models.Index(fields=["family", "day"])]


FACT_MODELS = (SwikSeatFact, SwikWrap)
COLUMNS = {
    SwikSeatFact: [
        "hand_id",
        "family_id",
        "player_id",
        "day",
        "seat",
        "fell",
        "double_fall",
        "took_blind",
        "blind_made",
        "trips_win",
    ],
    SwikWrap: ["hand_id", "family_id", "day", "wrapper_id", "rank", "made"],
}
_SEAT_KEYS = ("fell", "double_fall", "took_blind", "blind_made", "trips_win")

SUMMARY = (
    SwikDay,
    """
INSERT INTO {summary} (family_id, player_id, day, falls, double_falls, blinds, blinds_made, trips_wins)
SELECT family_id, player_id, day, SUM(fell), SUM(double_fall), SUM(took_blind), SUM(blind_made), SUM(trips_win)
FROM {facts}{where}
GROUP BY family_id, player_id, day
""",
    SwikSeatFact,
)


def fact_rows(*, hand_id, family_id, day, facts, players):
    """This hand's rows; `players` is {seat: player id} of the seats that count."""
    own = per_seat((facts.get("game") or {}).get("seats"))
    seats, wraps = [], []
    for s, player in players.items():
        if s >= len(own):
            continue
        g = own[s]
        values = tuple(g.get(k) for k in _SEAT_KEYS)
        if any(v is not None for v in values):
            seats.append((hand_id, family_id, player, day, s) + values)
        if g.get("wrapped_rank") is not None:
            wraps.append((hand_id, family_id, day, player, g["wrapped_rank"], g.get("wrap_made")))
    return {SwikSeatFact: seats, SwikWrap: wraps}


# ---------------------------------------------------------------------------------------------
# Reads (archive.stats.selectors merges them into the pages' and the API's answers)

_PLAYER_SUMS = ("falls", "double_falls", "blinds", "blinds_made", "trips_wins")


def _ours(game):
    return game in (None, GAME)


def player_columns(rows, *, family_id, game=None, date_from=None, date_to=None):
    """Falls, double falls, blinds (taken, made), three-of-a-kind wins, fall and blind rates."""
    sums = {}
    if _ours(game):
        qs = period(SwikDay.objects.filter(family_id=family_id), date_from=date_from, date_to=date_to)
        sums = {r["player_id"]: r for r in qs.values("player_id").annotate(**{k: Sum(k) for k in _PLAYER_SUMS})}
    for r in rows:
        mine = sums.get(r["player_id"], {})
        for key in _PLAYER_SUMS:
            r[key] = mine.get(key)
        r["fall_rate"] = ratio(r["falls"], r["hands_in"])
        r["blind_rate"] = ratio(r["blinds_made"], r["blinds"])


def totals(*, family_id, game=None, date_from=None, date_to=None):
    if not _ours(game):
        return {"falls": None}
    qs = period(SwikDay.objects.filter(family_id=family_id), date_from=date_from, date_to=date_to)
    return qs.aggregate(falls=Sum("falls"))


def wraps(*, family_id, game=None, date_from=None, date_to=None, player_id=None):
    """Wrap success by the rank of the card wrapped on: tries, made, rate (made None while unknown)."""
    if not _ours(game):
        return []
    qs = period(SwikWrap.objects.filter(family_id=family_id), date_from=date_from, date_to=date_to)
    if player_id is not None:
        qs = qs.filter(wrapper_id=player_id)
    rows = list(qs.values("rank").annotate(tries=Count("hand_id"), made=Sum("made")).order_by())
    for r in rows:
        r["rate"] = ratio(r["made"], r["tries"])
    rows.sort(key=lambda r: RANK_ORDER.find(r["rank"]))
    return rows


def reads(*, family_id, game=None, date_from=None, date_to=None, player_id=None):
    return {"wraps": wraps(family_id=family_id, game=game, date_from=date_from, date_to=date_to, player_id=player_id)}
