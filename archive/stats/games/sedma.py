"""Sedma's own statistics, from the ruling's facts["game"] (referee/games/sedma/score.py).

Per seat and finished deal (SedmaSeatFact): the variant, the points his side took (what he scores), the points
he took himself, whether he took the last trick, whether his side won the deal, his crowns (3p, + received,
- paid), whether he was the soloist (3p) and his partner (4p, the player opposite or beside him by the deal's
pairing). A deal given on paper (points only) leaves his own points and the last trick NULL. SedmaDay sums them by family, player and day. A void deal or one that stops before the end gives no
row: NULL never stands for 0.

Rollups (archive/stats/rollups.py), which the reads read: SedmaDay, the partners (4p) and the count of deals by
day and by month; each player's points and crowns by session and day (who won each game).

Reads: points per deal and last-trick share per player (columns of the players table), games won (a session
is one game: House rule: the player with the most points in the session's finished deals wins it, or the most
crowns in 3p; ties share), crowns, and partner results (4p: each pair's deals together, deals won, points).
"""

from django.apps import apps
from django.db import models

from archive.stats.common import per_seat, period, ratio
from archive.stats.models import MonthRow, stats_fk
from archive.stats.rollups import ALL, Rollup, add, fold

GAME = "sedma"


class SedmaSeatFact(models.Model):
    """One seat in one finished Sedma deal."""

    hand = stats_fk("archive.Hand")
    family = stats_fk("archive.Family")
    player = stats_fk("archive.Player")
    day = models.DateField()
    seat = models.PositiveSmallIntegerField()
    variant = models.CharField(max_length=2)
    points = models.SmallIntegerField(help_text="his side's points: what he scores for the deal")
    own_points = models.SmallIntegerField(null=True, help_text="the points of the tricks he took himself")
    last_trick = models.SmallIntegerField(null=True, help_text="NULL: a deal given on paper (points only)")
    deal_won = models.SmallIntegerField()
    crowns = models.SmallIntegerField(null=True, help_text="3p: crowns received (+) or paid (-)")
    soloist = models.SmallIntegerField(null=True, help_text="3p: 1 he played alone, 0 not")
    partner = stats_fk("archive.Player", null=True, help_text="4p: his partner in this deal")

    class Meta:
        app_label = "archive"
        indexes = [models.Index(fields=["family", "day", "player"]), models.Index(fields=["hand"])]


class _SedmaCounts(models.Model):
    """What a player's Sedma rows count, by day and by month."""

    family = stats_fk("archive.Family")
    player = stats_fk("archive.Player")
    deals = models.IntegerField()
    card_deals = models.IntegerField(help_text="deals logged card by card (whose last trick is known)")
    points = models.IntegerField()
    last_tricks = models.IntegerField(null=True)
    deals_won = models.IntegerField()
    crowns = models.IntegerField(null=True)
    solos = models.IntegerField(null=True)

    class Meta:
        abstract = True


class SedmaDay(_SedmaCounts):
    """A player's Sedma day at one family's table."""

    day = models.DateField()

    class Meta:
        app_label = "archive"
        indexes = [models.Index(fields=["family", "day"])]


class SedmaMonth(_SedmaCounts, MonthRow):
    """SedmaDay by month (archive/stats/rollups.py)."""

    class Meta:
        app_label = "archive"
        indexes = [models.Index(fields=["family", "span", "month"])]


class _Partners(models.Model):
    """4p: a player's deals with one partner (each pair twice, once from each side)."""

    family = stats_fk("archive.Family")
    player = stats_fk("archive.Player")
    partner = stats_fk("archive.Player")
    deals = models.IntegerField()
    won = models.IntegerField()
    points = models.IntegerField()

    class Meta:
        abstract = True


class SedmaPartnerDay(_Partners):
    day = models.DateField()

    class Meta:
        app_label = "archive"
        indexes = [models.Index(fields=["family", "day"])]


class SedmaPartnerMonth(_Partners, MonthRow):
    class Meta:
        app_label = "archive"
        indexes = [models.Index(fields=["family", "span", "month"])]


class _SedmaDeals(models.Model):
    """The finished deals, by day and by month."""

    family = stats_fk("archive.Family")
    deals = models.IntegerField()

    class Meta:
        abstract = True


class SedmaDealsDay(_SedmaDeals):
    """The finished deals of a day (the totals' count of deals)."""

    day = models.DateField()

    class Meta:
        app_label = "archive"
        indexes = [models.Index(fields=["family", "day"])]


class SedmaDealsMonth(_SedmaDeals, MonthRow):
    """SedmaDealsDay by month and year (archive/stats/rollups.py)."""

    class Meta:
        app_label = "archive"
        indexes = [models.Index(fields=["family", "span", "month"])]


class SedmaSessionDay(models.Model):
    """A player's points and crowns in one session (one game) on one day: who won each game, read a row a
    player and session rather than a row a deal."""

    family = stats_fk("archive.Family")
    session = stats_fk("archive.Session")
    player = stats_fk("archive.Player")
    day = models.DateField()
    variant = models.CharField(max_length=2)
    points = models.IntegerField()
    crowns = models.IntegerField(null=True)

    class Meta:
        app_label = "archive"
        indexes = [models.Index(fields=["family", "day"])]


FACT_MODELS = (SedmaSeatFact,)
COLUMNS = {
    SedmaSeatFact: [
        "hand_id",
        "family_id",
        "player_id",
        "day",
        "seat",
        "variant",
        "points",
        "own_points",
        "last_trick",
        "deal_won",
        "crowns",
        "soloist",
        "partner_id",
    ],
}

SUMMARIES = [
    (
        SedmaDay,
        """
INSERT INTO {summary} (family_id, player_id, day, deals, card_deals, points, last_tricks, deals_won, crowns, solos)
SELECT family_id, player_id, day, COUNT(*), COUNT(last_trick), SUM(points), SUM(last_trick), SUM(deal_won),
       SUM(crowns), SUM(soloist)
FROM {facts}{where}
GROUP BY family_id, player_id, day
""",
        SedmaSeatFact,
    ),
    (
        SedmaPartnerDay,
        """
INSERT INTO {summary} (family_id, player_id, partner_id, day, deals, won, points)
SELECT family_id, player_id, partner_id, day, COUNT(*), SUM(deal_won), SUM(points)
FROM (SELECT * FROM {facts} WHERE variant = '4p' AND partner_id IS NOT NULL) f{where}
GROUP BY family_id, player_id, partner_id, day
""",
        SedmaSeatFact,
    ),
    (
        SedmaDealsDay,
        """
INSERT INTO {summary} (family_id, day, deals)
SELECT family_id, day, COUNT(DISTINCT hand_id)
FROM {facts}{where}
GROUP BY family_id, day
""",
        SedmaSeatFact,
    ),
    (
        SedmaSessionDay,
        """
INSERT INTO {summary} (family_id, session_id, player_id, day, variant, points, crowns)
SELECT family_id, session_id, player_id, day, variant, SUM(points), SUM(crowns)
FROM (SELECT f.*, h.session_id FROM {facts} f JOIN archive_hand h ON h.id = f.hand_id) f{where}
GROUP BY family_id, session_id, player_id, day, variant
""",
        SedmaSeatFact,
    ),
]


def fact_rows(*, hand_id, family_id, day, facts, players):
    """This deal's rows (only for a finished deal); `players` is {seat: player id} of the seats that count."""
    game = facts.get("game") or {}
    own = per_seat(game.get("seats"))
    rows = []
    for s, player in players.items():
        if s >= len(own):
            continue
        g = own[s]
        if g.get("points") is None:
            continue
        partner = g.get("partner")
        rows.append(
            (
                hand_id,
                family_id,
                player,
                day,
                s,
                game.get("variant") or "",
                g["points"],
                g.get("own_points"),
                g.get("last_trick"),
                g.get("deal_won") or 0,
                g.get("crowns"),
                g.get("soloist"),
                players.get(partner) if partner is not None else None,
            )
        )
    return {SedmaSeatFact: rows}


# ---------------------------------------------------------------------------------------------
# Reads


def _ours(game):
    return game in (None, GAME)


def games_won(*, family_id, date_from=None, date_to=None):
    """{player id: games won}; a session is one game (see the module's words)."""
    rows = period(SedmaSessionDay.objects.filter(family_id=family_id), date_from=date_from, date_to=date_to)
    totals = {}
    for session_id, player_id, variant, points, crowns in rows.values_list(
        "session_id", "player_id", "variant", "points", "crowns"
    ):
        have = totals.get((session_id, player_id, variant), (0, None))
        totals[session_id, player_id, variant] = (have[0] + points, add(have[1], crowns))
    sessions = {}
    for (session_id, player_id, variant), (points, crowns) in totals.items():
        score = crowns if variant == "3p" else points
        sessions.setdefault(session_id, {})[player_id] = score or 0
    won = {}
    for scores in sessions.values():
        best = max(scores.values())
        for p, v in scores.items():
            if v == best:
                won[p] = won.get(p, 0) + 1
    return won


_SUMS = ("deals", "card_deals", "points", "last_tricks", "deals_won", "crowns", "solos")
PLAYERS = Rollup(SedmaDay, SedmaMonth, ("player_id",), {k: f"SUM({k})" for k in _SUMS}, game=False)
PARTNERS = Rollup(
    SedmaPartnerDay,
    SedmaPartnerMonth,
    ("player_id", "partner_id"),
    {"deals": "SUM(deals)", "won": "SUM(won)", "points": "SUM(points)"},
    game=False,
)
DEALS = Rollup(SedmaDealsDay, SedmaDealsMonth, (), {"deals": "SUM(deals)"}, game=False)
ROLLUPS = [PLAYERS, PARTNERS, DEALS]


def player_columns(rows, *, family_id, game=None, date_from=None, date_to=None):
    """Sedma deals, points a deal, last-trick share, deals and games won, crowns."""
    sums, won = {}, {}
    if _ours(game):
        got = PLAYERS.read(family_id=family_id, date_from=date_from, date_to=date_to, cols=_SUMS, top=ALL)
        sums = {k[0]: dict(zip(_SUMS, v)) for k, v in fold(got, how=[add] * len(_SUMS)).items()}
        won = games_won(family_id=family_id, date_from=date_from, date_to=date_to)
    for r in rows:
        mine = sums.get(r["player_id"], {})
        deals = mine.get("deals")
        r["sedma_deals"] = deals
        r["sedma_points"] = mine.get("points")
        r["points_per_deal"] = None if not deals else round(mine["points"] / deals, 1)
        r["last_trick_share"] = ratio(mine.get("last_tricks"), mine.get("card_deals"))
        r["sedma_deals_won"] = mine.get("deals_won")
        r["sedma_games_won"] = won.get(r["player_id"], 0) if deals else None
        r["crowns"] = mine.get("crowns")
        r["solos"] = mine.get("solos")


def totals(*, family_id, game=None, date_from=None, date_to=None):
    if not _ours(game):
        return {"sedma_deals": None}
    rows = DEALS.read(family_id=family_id, date_from=date_from, date_to=date_to, cols=("deals",), top=ALL)
    return {"sedma_deals": sum(r[2] for r in rows) or None}


def partners(*, family_id, game=None, date_from=None, date_to=None, player_id=None):
    """4p: each pair of partners (by name), their deals together, deals won, the points they took a deal and
    their win rate, best first."""
    if not _ours(game):
        return []
    extra = None if player_id is None else {"player_id": player_id}
    got = PARTNERS.read(
        family_id=family_id, date_from=date_from, date_to=date_to, cols=("deals", "won", "points"), extra=extra, top=ALL
    )
    rows = [
        {"player_id": a, "partner_id": b, "deals": d, "won": w, "points": pts}
        for (a, b), (d, w, pts) in fold(got, key=2, how=[add, add, add]).items()
    ]
    names = dict(apps.get_model("archive", "Player").objects.filter(family_id=family_id).values_list("id", "name"))
    out = []
    for r in rows:
        a, b = r["player_id"], r["partner_id"]
        if player_id is None and a > b:
            continue  # each pair once
        out.append(
            {
                "pair": f"{names.get(a, '?')} & {names.get(b, '?')}",
                "deals": r["deals"],
                "won": r["won"],
                "rate": ratio(r["won"], r["deals"]),
                "points_per_deal": round(r["points"] / r["deals"], 1),
            }
        )
    out.sort(key=lambda x: (-(x["rate"] or 0), -x["deals"], x["pair"]))
    return out


def reads(*, family_id, game=None, date_from=None, date_to=None, player_id=None):
    return {
        "partners": partners(family_id=family_id, game=game, date_from=date_from, date_to=date_to, player_id=player_id)
    }
