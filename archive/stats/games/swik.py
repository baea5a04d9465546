"""Swik's own statistics, from the ruling's facts["game"] (referee/facts.py; the shared ones are in
archive.stats.services).

Per seat and hand (SwikSeatFact, a row only where something is known): fell (paid a fall), double
fall (paid more than the pot: a dealer who wrapped on a high card and won nothing), took the blind,
made the blind (did not fall), won the pot with three of a kind. Per hand with a wrap (SwikWrap): who
wrapped, the rank of the turned card and whether he made it. SwikDay sums the seat facts by family,
player and day, as StatsDay does the shared ones. NULL means the record does not tell (a void deal,
a hand that stops before the tricks), never 0.

Rollups (archive/stats/rollups.py): SwikDay by month (SwikMonth); the wraps by day and month, by wrapper
and rank (SwikWrapDay, SwikWrapMonth): tries, made. The reads read only these.
"""

from django.db import models

from archive.stats.common import per_seat, ratio
from archive.stats.models import MonthRow, stats_fk
from archive.stats.rollups import ALL, Rollup, add, fold

GAME = "swik"
RANK_ORDER = "23456789TJQKA"


class SwikSeatFact(models.Model):
    """One seat in one Swik hand, where the record tells anything of these."""

    hand = stats_fk("archive.Hand")
    family = stats_fk("archive.Family")
    player = stats_fk("archive.Player")
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
    family = stats_fk("archive.Family")
    day = models.DateField()
    wrapper = stats_fk("archive.Player", help_text="the dealer who took the turned card")
    rank = models.CharField(max_length=2, help_text="rank of the turned card wrapped on")
    made = models.SmallIntegerField(null=True, help_text="1 the wrapper did not fall, 0 he fell, NULL unknown")

    class Meta:
        app_label = "archive"
        indexes = [models.Index(fields=["family", "day"])]


class _SwikCounts(models.Model):
    """What a player's Swik rows count, by day and by month."""

    family = stats_fk("archive.Family")
    player = stats_fk("archive.Player")
    falls = models.IntegerField(null=True)
    double_falls = models.IntegerField(null=True)
    blinds = models.IntegerField(null=True)
    blinds_made = models.IntegerField(null=True)
    trips_wins = models.IntegerField(null=True)

    class Meta:
        abstract = True


class SwikDay(_SwikCounts):
    """A player's Swik day at one family's table. Sums are NULL where nothing was known."""

    day = models.DateField()

    class Meta:
        app_label = "archive"
        indexes = [models.Index(fields=["family", "day"])]


class SwikMonth(_SwikCounts, MonthRow):
    """SwikDay by month and year (archive/stats/rollups.py)."""

    class Meta:
        app_label = "archive"
        indexes = [models.Index(fields=["family", "span", "month"])]


class _WrapSum(models.Model):
    family = stats_fk("archive.Family")
    player = stats_fk("archive.Player", help_text="the wrapper")
    rank = models.CharField(max_length=2)
    tries = models.IntegerField()
    made = models.IntegerField(null=True, help_text="NULL while no try's outcome is known")

    class Meta:
        abstract = True


class SwikWrapDay(_WrapSum):
    day = models.DateField()

    class Meta:
        app_label = "archive"
        indexes = [models.Index(fields=["family", "day"])]


class SwikWrapMonth(_WrapSum, MonthRow):
    class Meta:
        app_label = "archive"
        indexes = [models.Index(fields=["family", "span", "month"])]


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

_PLAYER_SUMS = ("falls", "double_falls", "blinds", "blinds_made", "trips_wins")
SUMMARIES = [
    (
        SwikDay,
        """
INSERT INTO {summary} (family_id, player_id, day, falls, double_falls, blinds, blinds_made, trips_wins)
SELECT family_id, player_id, day, SUM(fell), SUM(double_fall), SUM(took_blind), SUM(blind_made), SUM(trips_win)
FROM {facts}{where}
GROUP BY family_id, player_id, day
""",
        SwikSeatFact,
    ),
    (
        SwikWrapDay,
        """
INSERT INTO {summary} (family_id, player_id, rank, day, tries, made)
SELECT family_id, wrapper_id, rank, day, COUNT(*), SUM(made)
FROM {facts}{where}
GROUP BY family_id, wrapper_id, rank, day
""",
        SwikWrap,
    ),
]
PLAYERS = Rollup(SwikDay, SwikMonth, ("player_id",), {k: f"SUM({k})" for k in _PLAYER_SUMS}, game=False)
WRAPS = Rollup(
    SwikWrapDay, SwikWrapMonth, ("player_id", "rank"), {"tries": "SUM(tries)", "made": "SUM(made)"}, game=False
)
ROLLUPS = [PLAYERS, WRAPS]


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
# Reads (archive.stats.selectors merges them into the pages' and the API's answers): rollups only


def _ours(game):
    return game in (None, GAME)


def _sums(family_id, date_from, date_to):
    rows = PLAYERS.read(family_id=family_id, date_from=date_from, date_to=date_to, cols=_PLAYER_SUMS, top=ALL)
    return fold(rows, how=[add] * len(_PLAYER_SUMS))


def player_columns(rows, *, family_id, game=None, date_from=None, date_to=None):
    """Falls, double falls, blinds (taken, made), three-of-a-kind wins, fall and blind rates."""
    sums = _sums(family_id, date_from, date_to) if _ours(game) else {}
    for r in rows:
        mine = sums.get((r["player_id"],), [None] * len(_PLAYER_SUMS))
        r.update(zip(_PLAYER_SUMS, mine))
        r["fall_rate"] = ratio(r["falls"], r["hands_in"])
        r["blind_rate"] = ratio(r["blinds_made"], r["blinds"])


def totals(*, family_id, game=None, date_from=None, date_to=None):
    if not _ours(game):
        return {"falls": None}
    falls = None
    for values in _sums(family_id, date_from, date_to).values():
        falls = add(falls, values[0])
    return {"falls": falls}


def wraps(*, family_id, game=None, date_from=None, date_to=None, player_id=None):
    """Wrap success by the rank of the card wrapped on: tries, made, rate (made None while unknown)."""
    if not _ours(game):
        return []
    extra = None if player_id is None else {"player_id": player_id}
    rows = WRAPS.read(
        family_id=family_id, date_from=date_from, date_to=date_to, cols=("tries", "made"), extra=extra, top=ALL
    )
    by_rank = {}
    for (_, rank), (tries, made) in fold(rows, key=2, how=[add, add]).items():
        have = by_rank.get(rank)
        by_rank[rank] = (tries, made) if have is None else (have[0] + tries, add(have[1], made))
    out = [{"rank": rank, "tries": t, "made": m, "rate": ratio(m, t)} for rank, (t, m) in by_rank.items()]
    out.sort(key=lambda r: RANK_ORDER.find(r["rank"]))
    return out


def reads(*, family_id, game=None, date_from=None, date_to=None, player_id=None):
    return {"wraps": wraps(family_id=family_id, game=game, date_from=date_from, date_to=date_to, player_id=player_id)}
