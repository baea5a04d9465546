"""The rummy ("Skat")'s own statistics, from the ruling's facts["game"] (referee/games/rummy/score.py).

Per seat and finished hand (RummySeatFact): his points for the hand, whether he went out, and for a hand logged
card by card the points he melded and laid off, the points left in his hand and the melds he laid (NULL for a hand
given on paper: NULL never stands for 0). RummyDay sums them by family, player and day. A void hand or one that
stops before the end gives no row.

Rollups (archive/stats/rollups.py), which the reads read: RummyDay and the count of hands by day and by month;
each player's points by session and day (who won each game).

Reads: hands, average score a hand, going-out rate and games won (columns of the players table). A session is a
game to the target (the house rule `target`, 500 unless the session says otherwise). House rule: a session whose
totals reached the target is won by the highest total (ties share); a session that stopped short of it has no
winner.
"""

from django.apps import apps
from django.db import models

from archive.stats.common import per_seat, period, ratio
from archive.stats.models import MonthRow, stats_fk
from archive.stats.rollups import ALL, Rollup, add, fold

GAME = "rummy"
TARGET = 500  # the rule book's default (referee/games/rummy/rules.py)


class RummySeatFact(models.Model):
    """One seat in one finished rummy hand."""

    hand = stats_fk("archive.Hand")
    family = stats_fk("archive.Family")
    player = stats_fk("archive.Player")
    day = models.DateField()
    seat = models.PositiveSmallIntegerField()
    points = models.SmallIntegerField(help_text="his points for the hand: melded and laid off, less his hand")
    went_out = models.SmallIntegerField(help_text="1 he went out, 0 not")
    melded = models.SmallIntegerField(null=True, help_text="NULL: a hand given on paper (points only)")
    in_hand = models.SmallIntegerField(null=True, help_text="the points left in his hand at the end")
    melds = models.SmallIntegerField(null=True, help_text="the melds he laid")

    class Meta:
        app_label = "archive"
        indexes = [models.Index(fields=["family", "day", "player"]), models.Index(fields=["hand"])]


class _RummyCounts(models.Model):
    """What a player's rummy rows count, by day and by month."""

    family = stats_fk("archive.Family")
    player = stats_fk("archive.Player")
    hands = models.IntegerField()
    card_hands = models.IntegerField(help_text="hands logged card by card")
    points = models.IntegerField()
    outs = models.IntegerField()
    melded = models.IntegerField(null=True)
    melds = models.IntegerField(null=True)

    class Meta:
        abstract = True


class RummyDay(_RummyCounts):
    """A player's rummy day at one family's table."""

    day = models.DateField()

    class Meta:
        app_label = "archive"
        indexes = [models.Index(fields=["family", "day"])]


class RummyMonth(_RummyCounts, MonthRow):
    """RummyDay by month (archive/stats/rollups.py)."""

    class Meta:
        app_label = "archive"
        indexes = [models.Index(fields=["family", "span", "month"])]


class _RummyHands(models.Model):
    """The finished hands, by day and by month."""

    family = stats_fk("archive.Family")
    hands = models.IntegerField()

    class Meta:
        abstract = True


class RummyHandsDay(_RummyHands):
    """The finished rummy hands of a day (the totals' count)."""

    day = models.DateField()

    class Meta:
        app_label = "archive"
        indexes = [models.Index(fields=["family", "day"])]


class RummyHandsMonth(_RummyHands, MonthRow):
    """RummyHandsDay by month and year (archive/stats/rollups.py)."""

    class Meta:
        app_label = "archive"
        indexes = [models.Index(fields=["family", "span", "month"])]


class RummySessionDay(models.Model):
    """A player's points in one session (one game to the target) on one day: who won each game."""

    family = stats_fk("archive.Family")
    session = stats_fk("archive.Session")
    player = stats_fk("archive.Player")
    day = models.DateField()
    points = models.IntegerField()

    class Meta:
        app_label = "archive"
        indexes = [models.Index(fields=["family", "day"])]


FACT_MODELS = (RummySeatFact,)
COLUMNS = {
    RummySeatFact: [
        "hand_id",
        "family_id",
        "player_id",
        "day",
        "seat",
        "points",
        "went_out",
        "melded",
        "in_hand",
        "melds",
    ],
}

SUMMARIES = [
    (
        RummyDay,
        """
INSERT INTO {summary} (family_id, player_id, day, hands, card_hands, points, outs, melded, melds)
SELECT family_id, player_id, day, COUNT(*), COUNT(melded), SUM(points), SUM(went_out), SUM(melded), SUM(melds)
FROM {facts}{where}
GROUP BY family_id, player_id, day
""",
        RummySeatFact,
    ),
    (
        RummyHandsDay,
        """
INSERT INTO {summary} (family_id, day, hands)
SELECT family_id, day, COUNT(DISTINCT hand_id)
FROM {facts}{where}
GROUP BY family_id, day
""",
        RummySeatFact,
    ),
    (
        RummySessionDay,
        """
INSERT INTO {summary} (family_id, session_id, player_id, day, points)
SELECT family_id, session_id, player_id, day, SUM(points)
FROM (SELECT f.*, h.session_id FROM {facts} f JOIN archive_hand h ON h.id = f.hand_id) f{where}
GROUP BY family_id, session_id, player_id, day
""",
        RummySeatFact,
    ),
]


def fact_rows(*, hand_id, family_id, day, facts, players):
    """This hand's rows (only for a finished hand); `players` is {seat: player id} of the seats that count."""
    game = facts.get("game") or {}
    own = per_seat(game.get("seats"))
    rows = []
    for s, player in players.items():
        if s >= len(own):
            continue
        g = own[s]
        if g.get("points") is None:
            continue
        rows.append(
            (
                hand_id,
                family_id,
                player,
                day,
                s,
                g["points"],
                g.get("went_out") or 0,
                g.get("melded"),
                g.get("in_hand"),
                g.get("melds"),
            )
        )
    return {RummySeatFact: rows}


# ---------------------------------------------------------------------------------------------
# Reads


def _ours(game):
    return game in (None, GAME)


def session_target(house_rules):
    t = (house_rules or {}).get("target", TARGET)
    return t if isinstance(t, int) and not isinstance(t, bool) else TARGET


def games_won(*, family_id, date_from=None, date_to=None):
    """{player id: games won}; a session is one game to its target (see the module's words)."""
    rows = period(RummySessionDay.objects.filter(family_id=family_id), date_from=date_from, date_to=date_to)
    sessions = {}
    for session_id, player_id, points in rows.values_list("session_id", "player_id", "points"):
        scores = sessions.setdefault(session_id, {})
        scores[player_id] = scores.get(player_id, 0) + points
    Session = apps.get_model("archive", "Session")
    targets = {
        k: session_target(v) for k, v in Session.objects.filter(id__in=sessions).values_list("id", "house_rules")
    }
    won = {}
    for sid, scores in sessions.items():
        best = max(scores.values())
        if best < targets.get(sid, TARGET):
            continue
        for p, v in scores.items():
            if v == best:
                won[p] = won.get(p, 0) + 1
    return won


_SUMS = ("hands", "card_hands", "points", "outs", "melded", "melds")
PLAYERS = Rollup(RummyDay, RummyMonth, ("player_id",), {k: f"SUM({k})" for k in _SUMS}, game=False)
HANDS = Rollup(RummyHandsDay, RummyHandsMonth, (), {"hands": "SUM(hands)"}, game=False)
ROLLUPS = [PLAYERS, HANDS]


def player_columns(rows, *, family_id, game=None, date_from=None, date_to=None):
    """Rummy hands, average score a hand, going-out rate, games won."""
    sums, won = {}, {}
    if _ours(game):
        got = PLAYERS.read(family_id=family_id, date_from=date_from, date_to=date_to, cols=_SUMS, top=ALL)
        sums = {k[0]: dict(zip(_SUMS, v)) for k, v in fold(got, how=[add] * len(_SUMS)).items()}
        won = games_won(family_id=family_id, date_from=date_from, date_to=date_to)
    for r in rows:
        mine = sums.get(r["player_id"], {})
        hands = mine.get("hands")
        r["rummy_hands"] = hands
        r["rummy_points"] = mine.get("points")
        r["rummy_average"] = None if not hands else round(mine["points"] / hands, 1)
        r["rummy_out_rate"] = ratio(mine.get("outs"), hands)
        r["rummy_games_won"] = won.get(r["player_id"], 0) if hands else None


def totals(*, family_id, game=None, date_from=None, date_to=None):
    if not _ours(game):
        return {"rummy_hands": None}
    rows = HANDS.read(family_id=family_id, date_from=date_from, date_to=date_to, cols=("hands",), top=ALL)
    return {"rummy_hands": sum(r[2] for r in rows) or None}


def reads(*, family_id, game=None, date_from=None, date_to=None, player_id=None):
    return {}
