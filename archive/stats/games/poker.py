"""Poker's own statistics, from the ruling's facts["game"] (referee/games/poker/table.py; the shared ones, net
per player and night and the biggest pots included, are in archive.stats.services and selectors).

Per seat and hand (PokerSeatFact, a row for every seat of a poker hand): took (1 if he took the pot or a share
of it), pot (the whole pot played for, bets included: the shared HandFact.pot counts the antes only), showdown (1 if he showed at the showdown), showdown_won (1 if his hand was the best shown, alone or
tied), foul (1 if the hand he showed was foul) and category (the category of the hand he showed, its index in
CATEGORIES; NULL if he showed none or a foul one). PokerDay sums them by family, player and day, with a count of
each category shown.

Keys in the players table and totals start with "poker_" (every game's columns share one row per player).
"""

from django.apps import apps
from django.db import models
from django.utils.translation import pgettext_lazy

from archive.stats.common import per_seat, period
from archive.stats.models import MonthRow, stats_fk
from archive.stats.rollups import ALL, Rollup, add, fold
from referee.games.poker import ranking
from referee.games.poker.ranking import CATEGORIES

GAME = "poker"
# Column names of the category counts, in the book's order (five of a kind first).
CATEGORY_COLUMNS = (
    "five",
    "straight_flush",
    "four",
    "flush",
    "full_house",
    "straight",
    "three",
    "two_pairs",
    "pair",
    "high",
)
CATEGORY_INDEX = {name: k for k, name in enumerate(CATEGORIES)}


class PokerSeatFact(models.Model):
    """One seat in one poker hand."""

    hand = stats_fk("archive.Hand")
    family = stats_fk("archive.Family")
    player = stats_fk("archive.Player")
    day = models.DateField()
    seat = models.PositiveSmallIntegerField()
    took = models.SmallIntegerField(help_text="1 took the pot or a share of it, 0 not")
    showdown = models.SmallIntegerField(help_text="1 showed his hand at the showdown, 0 not")
    showdown_won = models.SmallIntegerField(help_text="1 his shown hand was the best (alone or tied), 0 not")
    foul = models.SmallIntegerField(help_text="1 the hand he showed was foul, 0 not")
    category = models.SmallIntegerField(null=True, help_text="the category shown (0 five of a kind .. 9 high card)")
    pot = models.BigIntegerField(help_text="the whole pot played for: the pot in, the antes and every bet")

    class Meta:
        app_label = "archive"
        indexes = [models.Index(fields=["family", "day", "player"]), models.Index(fields=["hand"])]


class _PokerCounts(models.Model):
    """What a player's poker rows count, by day and by month."""

    family = stats_fk("archive.Family")
    player = stats_fk("archive.Player")
    hands_won = models.IntegerField(default=0)
    showdowns = models.IntegerField(default=0)
    showdowns_won = models.IntegerField(default=0)
    fouls = models.IntegerField(default=0)
    # How often he showed each category (foul hands aside): CATEGORY_COLUMNS.
    shown_five = models.IntegerField(default=0)
    shown_straight_flush = models.IntegerField(default=0)
    shown_four = models.IntegerField(default=0)
    shown_flush = models.IntegerField(default=0)
    shown_full_house = models.IntegerField(default=0)
    shown_straight = models.IntegerField(default=0)
    shown_three = models.IntegerField(default=0)
    shown_two_pairs = models.IntegerField(default=0)
    shown_pair = models.IntegerField(default=0)
    shown_high = models.IntegerField(default=0)

    class Meta:
        abstract = True


class PokerDay(_PokerCounts):
    """A player's poker day at one family's table."""

    day = models.DateField()

    class Meta:
        app_label = "archive"
        indexes = [models.Index(fields=["family", "day"])]


class PokerMonth(_PokerCounts, MonthRow):
    """PokerDay by month (archive/stats/rollups.py)."""

    class Meta:
        app_label = "archive"
        indexes = [models.Index(fields=["family", "span", "month"])]


FACT_MODELS = (PokerSeatFact,)
_SEAT_KEYS = ("took", "showdown", "showdown_won", "foul", "category", "pot")
COLUMNS = {PokerSeatFact: ["hand_id", "family_id", "player_id", "day", "seat", *_SEAT_KEYS]}

_CATEGORY_SQL = ", ".join(f"SUM(CASE WHEN category = {k} THEN 1 ELSE 0 END)" for k in range(len(CATEGORY_COLUMNS)))
SUMMARIES = [
    (
        PokerDay,
        f"""
INSERT INTO {{summary}} (family_id, player_id, day, hands_won, showdowns, showdowns_won, fouls,
                         {", ".join(f"shown_{c}" for c in CATEGORY_COLUMNS)})
SELECT family_id, player_id, day, SUM(took), SUM(showdown), SUM(showdown_won), SUM(foul), {_CATEGORY_SQL}
FROM {{facts}}{{where}}
GROUP BY family_id, player_id, day
""",
        PokerSeatFact,
    )
]


def fact_rows(*, hand_id, family_id, day, facts, players):
    """This hand's rows; `players` is {seat: player id} of the seats that count."""
    game = facts.get("game") or {}
    own = per_seat(game.get("seats"))
    took = (facts.get("seats") or {}).get("took") or []
    rows = []
    for s, player in players.items():
        if s >= len(own) or s >= len(took):
            continue
        g = own[s]
        cat = g.get("category")
        row = (
            1 if took[s] > 0 else 0,
            g.get("shown") or 0,
            g.get("showdown_won") or 0,
            g.get("foul") or 0,
            CATEGORY_INDEX.get(cat),
            game.get("pot") or 0,
        )
        rows.append((hand_id, family_id, player, day, s, *row))
    return {PokerSeatFact: rows}


# ---------------------------------------------------------------------------------------------
# Reads (archive.stats.selectors merges them into the pages' and the API's answers)

_SUMS = ("hands_won", "showdowns", "showdowns_won", "fouls")
_ALL = _SUMS + tuple(f"shown_{c}" for c in CATEGORY_COLUMNS)
PLAYERS = Rollup(PokerDay, PokerMonth, ("player_id",), {k: f"SUM({k})" for k in _ALL}, game=False)
ROLLUPS = [PLAYERS]


def _ours(game):
    return game in (None, GAME)


def _sums(family_id, date_from, date_to, player_id=None):
    """{player id: {column: sum}} from the rollups."""
    extra = None if player_id is None else {"player_id": player_id}
    rows = PLAYERS.read(family_id=family_id, date_from=date_from, date_to=date_to, cols=_ALL, extra=extra, top=ALL)
    return {k[0]: dict(zip(_ALL, v)) for k, v in fold(rows, how=[add] * len(_ALL)).items()}


def _total(sums, column):
    out = None
    for r in sums.values():
        out = add(out, r[column])
    return out


def player_columns(rows, *, family_id, game=None, date_from=None, date_to=None):
    """Hands won, showdowns shown and won, foul hands."""
    sums = {}
    if _ours(game):
        sums = _sums(family_id, date_from, date_to)
    for r in rows:
        mine = sums.get(r["player_id"], {})
        for key in _SUMS:
            r[f"poker_{key}"] = mine.get(key)


def totals(*, family_id, game=None, date_from=None, date_to=None):
    if not _ours(game):
        return {"poker_showdowns": None}
    return {"poker_showdowns": _total(_sums(family_id, date_from, date_to), "showdowns_won")}


# Each category as the reader's table names it (the name itself stays the book's English: the API's key).
CATEGORY_WORDS = {
    ranking.FIVE: pgettext_lazy("poker hand", "five of a kind"),
    ranking.STRAIGHT_FLUSH: pgettext_lazy("poker hand", "straight flush"),
    ranking.FOUR: pgettext_lazy("poker hand", "four of a kind"),
    ranking.FLUSH: pgettext_lazy("poker hand", "flush"),
    ranking.FULL_HOUSE: pgettext_lazy("poker hand", "full house"),
    ranking.STRAIGHT: pgettext_lazy("poker hand", "straight"),
    ranking.THREE: pgettext_lazy("poker hand", "three of a kind"),
    ranking.TWO_PAIRS: pgettext_lazy("poker hand", "two pairs"),
    ranking.PAIR: pgettext_lazy("poker hand", "pair"),
    ranking.HIGH_CARD: pgettext_lazy("poker hand", "high card"),
}


def categories(*, family_id, game=None, date_from=None, date_to=None, player_id=None):
    """How often each category was shown (foul hands aside), the book's order: [{"name", "label", "count"}] (the
    label in the reader's language); [] if none."""
    if not _ours(game):
        return []
    sums = _sums(family_id, date_from, date_to, player_id)
    out = [
        {"name": name, "label": str(CATEGORY_WORDS.get(name, name)), "count": _total(sums, f"shown_{c}") or 0}
        for name, c in zip(CATEGORIES, CATEGORY_COLUMNS)
    ]
    return out if any(x["count"] for x in out) else []


def biggest_pots(*, family_id, game=None, date_from=None, date_to=None, player_id=None, limit=10):
    """The biggest pots won, bets included, biggest first: [{"hand_id", "day", "pot", "winners": [names]}]."""
    if not _ours(game):
        return []
    qs = period(PokerSeatFact.objects.filter(family_id=family_id, took=1), date_from=date_from, date_to=date_to)
    if player_id is not None:
        qs = qs.filter(player_id=player_id)
    top = list(qs.values("hand_id", "pot", "day").distinct().order_by("-pot", "-day", "hand_id")[:limit])
    winners = {}
    for hand_id, player_id_ in (
        PokerSeatFact.objects.filter(hand_id__in=[t["hand_id"] for t in top], took=1)
        .order_by("seat")
        .values_list("hand_id", "player_id")
    ):
        winners.setdefault(hand_id, []).append(player_id_)
    Player = apps.get_model("archive", "Player")
    names = dict(Player.objects.filter(pk__in={p for ps in winners.values() for p in ps}).values_list("pk", "name"))
    return [
        {
            "hand_id": t["hand_id"],
            "day": t["day"].isoformat(),
            "pot": t["pot"],
            "winners": [names.get(p, "?") for p in winners.get(t["hand_id"], [])],
        }
        for t in top
    ]


def reads(*, family_id, game=None, date_from=None, date_to=None, player_id=None):
    flt = {"family_id": family_id, "game": game, "date_from": date_from, "date_to": date_to, "player_id": player_id}
    return {"poker_categories": categories(**flt), "poker_pots": biggest_pots(**flt)}
