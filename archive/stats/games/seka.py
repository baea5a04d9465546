"""Seka's own statistics, from the ruling's facts["game"] (referee/games/seka/table.py; the shared ones, net
per player included, are in archive.stats.services).

Per seat and hand (SekaSeatFact, a row for every seat of a complete or incomplete Seka hand that played):
tied (1 if the hand ended in a svara he was tied in), svara_played (1 if he played a svara hand, tied or
bought in), svara_won (1 if he won the svara hand he played), blind_bets (how many blind bets and calls he
made) and blind_net (his net in a hand where he bet blind; NULL in the others). SekaDay sums them by family,
player and day. NULL means the record does not tell, never 0.

Keys in the players table and totals start with "seka_" (every game's columns share one row per player).
"""

from django.db import models

from archive.stats.common import per_seat
from archive.stats.models import MonthRow, stats_fk
from archive.stats.rollups import ALL, Rollup, add, fold

GAME = "seka"


class SekaSeatFact(models.Model):
    """One seat in one Seka hand."""

    hand = stats_fk("archive.Hand")
    family = stats_fk("archive.Family")
    player = stats_fk("archive.Player")
    day = models.DateField()
    seat = models.PositiveSmallIntegerField()
    tied = models.SmallIntegerField(null=True, help_text="1 tied in a svara, 0 not, NULL the hand did not end")
    svara_played = models.SmallIntegerField(null=True, help_text="1 played a svara hand, 0 an ordinary hand")
    svara_won = models.SmallIntegerField(null=True, help_text="1 won the svara hand he played, 0 did not")
    blind_bets = models.SmallIntegerField(null=True, help_text="blind bets and calls in the hand")
    blind_net = models.BigIntegerField(null=True, help_text="his net in a hand in which he bet blind")

    class Meta:
        app_label = "archive"
        indexes = [models.Index(fields=["family", "day", "player"]), models.Index(fields=["hand"])]


class _SekaCounts(models.Model):
    """What a player's Seka rows count, by day and by month."""

    family = stats_fk("archive.Family")
    player = stats_fk("archive.Player")
    svaras_tied = models.IntegerField(null=True)
    svaras_played = models.IntegerField(null=True)
    svaras_won = models.IntegerField(null=True)
    blind_hands = models.IntegerField(null=True)
    blind_bets = models.IntegerField(null=True)
    blind_net = models.BigIntegerField(null=True)

    class Meta:
        abstract = True


class SekaDay(_SekaCounts):
    """A player's Seka day at one family's table."""

    day = models.DateField()

    class Meta:
        app_label = "archive"
        indexes = [models.Index(fields=["family", "day"])]


class SekaMonth(_SekaCounts, MonthRow):
    """SekaDay by month (archive/stats/rollups.py)."""

    class Meta:
        app_label = "archive"
        indexes = [models.Index(fields=["family", "span", "month"])]


FACT_MODELS = (SekaSeatFact,)
_SEAT_KEYS = ("tied", "svara_played", "svara_won", "blind_bets", "blind_net")
COLUMNS = {SekaSeatFact: ["hand_id", "family_id", "player_id", "day", "seat", *_SEAT_KEYS]}

SUMMARIES = [
    (
        SekaDay,
        """
INSERT INTO {summary} (family_id, player_id, day, svaras_tied, svaras_played, svaras_won, blind_hands, blind_bets,
                       blind_net)
SELECT family_id, player_id, day, SUM(tied), SUM(svara_played), SUM(svara_won),
       SUM(CASE WHEN blind_bets > 0 THEN 1 ELSE 0 END), SUM(blind_bets), SUM(blind_net)
FROM {facts}{where}
GROUP BY family_id, player_id, day
""",
        SekaSeatFact,
    )
]


def fact_rows(*, hand_id, family_id, day, facts, players):
    """This hand's rows; `players` is {seat: player id} of the seats that count."""
    game = facts.get("game") or {}
    own = per_seat(game.get("seats"))
    nets = (facts.get("seats") or {}).get("net") or []
    rows = []
    for s, player in players.items():
        if s >= len(own) or s >= len(nets):
            continue
        g = own[s]
        svara_hand = g.get("svara_hand")
        if svara_hand == 0:
            continue  # sat out a svara hand: nothing to count
        blind = g.get("blind_bets")
        played = 1 if svara_hand == 1 else 0
        won = g.get("svara_won") if played else None
        row = (g.get("tied"), played, won, blind, nets[s] if blind else None)
        rows.append((hand_id, family_id, player, day, s, *row))
    return {SekaSeatFact: rows}


# ---------------------------------------------------------------------------------------------
# Reads (archive.stats.selectors merges them into the pages' and the API's answers)

_SUMS = ("svaras_tied", "svaras_played", "svaras_won", "blind_hands", "blind_bets", "blind_net")
PLAYERS = Rollup(SekaDay, SekaMonth, ("player_id",), {k: f"SUM({k})" for k in _SUMS}, game=False)
ROLLUPS = [PLAYERS]


def _sums(family_id, date_from, date_to):
    rows = PLAYERS.read(family_id=family_id, date_from=date_from, date_to=date_to, cols=_SUMS, top=ALL)
    return {k[0]: dict(zip(_SUMS, v)) for k, v in fold(rows, how=[add] * len(_SUMS)).items()}


def _ours(game):
    return game in (None, GAME)


def player_columns(rows, *, family_id, game=None, date_from=None, date_to=None):
    """Svaras tied, played and won; hands with blind bets, the blind bets and the net of those hands."""
    sums = {}
    if _ours(game):
        sums = _sums(family_id, date_from, date_to)
    for r in rows:
        mine = sums.get(r["player_id"], {})
        for key in _SUMS:
            r[f"seka_{key}"] = mine.get(key)


def totals(*, family_id, game=None, date_from=None, date_to=None):
    if not _ours(game):
        return {"seka_svaras": None}
    won = None
    for r in _sums(family_id, date_from, date_to).values():
        won = add(won, r["svaras_won"])
    return {"seka_svaras": won}


def reads(*, family_id, game=None, date_from=None, date_to=None, player_id=None):
    return {}
