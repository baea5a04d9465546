"""Statistics tables (issue 4): the shared ones, which every game has. Derived data only: rebuilt
from the hands' rulings' facts. Each game's own tables live in its module, archive/stats/games/.

Two layers, both written only by archive.stats.services (called by the Celery tasks):

- facts, one row per live hand (HandFact), per hand and seat (SeatFact) and per hand and pair of
  players (PairFact), derived from the ruling's facts by the incremental job after each save.
  HandFact remembers the hand revision and the family time zone they were derived from, so a
  full recompute finds with one SQL query the few hands whose facts are missing or stale (a lost
  job) and re-derives only those;
- rollups (issue 16), what the pages and the API read, so that a read touches rows by the players
  and the periods shown, never by the hands: by day, rebuilt from the facts of the days a job
  touches (StatsDay, StatsSessionDay, StatsPairDay, StatsStreakDay), and by month and year,
  rebuilt from the day rows of the months it touches and the month rows of their years
  (StatsMonth, StatsTableMonth, StatsPairMonth, StatsStreakMonth: span 1 a month row, 12 a year
  row). A period is read as its whole years, its end months and its end days
  (archive/stats/rollups.py). Each game's module has its own day and month rollups.

The foreign keys of these derived tables have no database constraints: PostgreSQL checks
deferred constraints row by row at commit, which cost more than the whole rebuild; Django still
cascades deletions, and the recompute removes the facts of hands that are gone.

A missing value stays missing: flags are 1/0/NULL small integers, so SQL SUM gives NULL
(not 0) when nothing was known, and COUNT(column) counts the hands where it was known.
"""

from django.conf import settings
from django.db import models

__all__ = [
    "HandFact",
    "SeatFact",
    "PairFact",
    "StatsDay",
    "StatsMonth",
    "StatsSessionDay",
    "StatsTableMonth",
    "StatsSessionSpan",
    "StatsPairDay",
    "StatsPairMonth",
    "StatsStreakDay",
    "StatsStreakMonth",
    "StatsJob",
    "StatsOutbox",
    "SettlePayment",
]


class HandFact(models.Model):
    """One row per live hand: the pot, who took most of it (largest pots, pot chart), and what the
    facts were derived from (revision, zone)."""

    hand = models.OneToOneField(
        "archive.Hand",
        on_delete=models.CASCADE,
        db_constraint=False,
        db_index=False,
        primary_key=True,
        related_name="stats_fact",
    )
    family = models.ForeignKey(
        "archive.Family", on_delete=models.CASCADE, db_constraint=False, db_index=False, related_name="+"
    )
    session = models.ForeignKey(
        "archive.Session", on_delete=models.CASCADE, db_constraint=False, db_index=False, related_name="+"
    )
    game = models.CharField(max_length=10)
    day = models.DateField(help_text="the day the hand was played, in the family's time zone")
    played_at = models.DateTimeField()
    number = models.PositiveIntegerField()
    status = models.CharField(max_length=12)
    pot = models.BigIntegerField(help_text="the pot played for: pot_in plus antes, fees and penalties")
    pot_in = models.BigIntegerField()
    pot_out = models.BigIntegerField()
    seats = models.PositiveSmallIntegerField()
    top_player = models.ForeignKey(
        "archive.Player",
        null=True,
        on_delete=models.CASCADE,
        db_constraint=False,
        db_index=False,
        related_name="+",
        help_text="who took the most out of the pot (None: nobody took anything)",
    )
    top_take = models.BigIntegerField(null=True)
    revision = models.PositiveIntegerField(help_text="Hand.revision these facts were derived from")
    zone = models.CharField(max_length=64, help_text="the family time zone `day` was computed in")

    class Meta:
        indexes = [
            models.Index(fields=["family", "game", "day"]),
            models.Index(fields=["family", "-pot"]),
            models.Index(fields=["session", "number"]),
        ]


class SeatFact(models.Model):
    """One row per live hand and seat: what every game tells of a seat. NULL means the record does not tell."""

    hand = models.ForeignKey(
        "archive.Hand", on_delete=models.CASCADE, db_constraint=False, db_index=False, related_name="+"
    )
    family = models.ForeignKey(
        "archive.Family", on_delete=models.CASCADE, db_constraint=False, db_index=False, related_name="+"
    )
    session = models.ForeignKey(
        "archive.Session", on_delete=models.CASCADE, db_constraint=False, db_index=False, related_name="+"
    )
    player = models.ForeignKey(
        "archive.Player", on_delete=models.CASCADE, db_constraint=False, db_index=False, related_name="+"
    )
    game = models.CharField(max_length=10)
    day = models.DateField()
    played_at = models.DateTimeField()
    seat = models.PositiveSmallIntegerField()
    in_hand = models.SmallIntegerField(null=True, help_text="1 played, 0 folded, NULL unknown")
    tricks = models.SmallIntegerField(null=True)
    misdeals = models.SmallIntegerField(default=0)
    penalties = models.BigIntegerField(default=0, help_text="cents paid as penalties (positive)")
    net = models.BigIntegerField()
    won = models.SmallIntegerField(help_text="1 when net > 0")
    take = models.BigIntegerField(null=True, help_text="cents taken out of the pot (shares); NULL when none")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["hand", "seat"], name="one_seatfact_per_hand_seat")]
        indexes = [
            models.Index(fields=["family", "game", "day", "player"]),
            models.Index(fields=["player", "played_at"]),
            models.Index(fields=["session"]),
        ]


class PairFact(models.Model):
    """Money that went from `payer` to `payee` in one hand (see facts.pair_flows for the rule)."""

    hand = models.ForeignKey(
        "archive.Hand", on_delete=models.CASCADE, db_constraint=False, db_index=False, related_name="+"
    )
    family = models.ForeignKey(
        "archive.Family", on_delete=models.CASCADE, db_constraint=False, db_index=False, related_name="+"
    )
    game = models.CharField(max_length=10)
    day = models.DateField()
    payer = models.ForeignKey(
        "archive.Player", on_delete=models.CASCADE, db_constraint=False, db_index=False, related_name="+"
    )
    payee = models.ForeignKey(
        "archive.Player", on_delete=models.CASCADE, db_constraint=False, db_index=False, related_name="+"
    )
    cents = models.BigIntegerField()

    class Meta:
        indexes = [models.Index(fields=["family", "game", "day"]), models.Index(fields=["hand"])]


class StatsDay(models.Model):
    """A player's day at one family's table in one game (what every game has; each game's own in its
    module's summary). Sums are NULL where nothing was known."""

    family = models.ForeignKey(
        "archive.Family", on_delete=models.CASCADE, db_constraint=False, db_index=False, related_name="+"
    )
    player = models.ForeignKey(
        "archive.Player", on_delete=models.CASCADE, db_constraint=False, db_index=False, related_name="+"
    )
    game = models.CharField(max_length=10)
    day = models.DateField()
    hands = models.IntegerField()
    hands_known = models.IntegerField(help_text="hands where in/out is known")
    hands_in = models.IntegerField(null=True)
    tricks = models.IntegerField(null=True)
    misdeals = models.IntegerField()
    penalties = models.BigIntegerField()
    net = models.BigIntegerField()
    wins = models.IntegerField()
    best_take = models.BigIntegerField(null=True)

    class Meta:
        # One index, for the pages' filters (family, game, period). Rows are unique per key by
        # construction (GROUP BY); a unique index would cost every rebuild a check per row.
        indexes = [models.Index(fields=["family", "game", "day"])]


def stats_fk(to, **kw):
    """A key of a statistics table (every game's too): no database constraint and no index of its own, as the
    rows are derived and rebuilt by family and period (their own indexes lead with the family)."""
    return models.ForeignKey(to, on_delete=models.CASCADE, db_constraint=False, db_index=False, related_name="+", **kw)


class MonthRow(models.Model):
    """A rollup's row (archive/stats/rollups.py): a month, or a year (span 12, dated January 1st)."""

    span = models.SmallIntegerField(default=1, help_text="1: a month row; 12: a year row (month: January 1st)")
    month = models.DateField()

    class Meta:
        abstract = True


class StatsMonth(models.Model):
    """StatsDay's rows of one month summed (best_take: the largest); a year row (span 12) sums its month rows."""

    family = stats_fk("archive.Family")
    player = stats_fk("archive.Player")
    game = models.CharField(max_length=10)
    span = models.SmallIntegerField(default=1, help_text="1: a month row; 12: a year row (month: January 1st)")
    month = models.DateField(help_text="the month's first day")
    hands = models.IntegerField()
    hands_known = models.IntegerField()
    hands_in = models.IntegerField(null=True)
    tricks = models.IntegerField(null=True)
    misdeals = models.IntegerField()
    penalties = models.BigIntegerField()
    net = models.BigIntegerField()
    wins = models.IntegerField()
    best_take = models.BigIntegerField(null=True)

    class Meta:
        indexes = [models.Index(fields=["family", "span", "game", "month"])]


class StatsSessionDay(models.Model):
    """The hands of one session on one day: the totals' hands, sessions and biggest pot."""

    family = stats_fk("archive.Family")
    session = stats_fk("archive.Session")
    game = models.CharField(max_length=10)
    day = models.DateField()
    hands = models.IntegerField()
    biggest_pot = models.BigIntegerField()

    class Meta:
        indexes = [models.Index(fields=["family", "game", "day"]), models.Index(fields=["session"])]


class StatsTableMonth(models.Model):
    """A month of one game at the family's table: hands, distinct sessions, the biggest pot. A year row (span
    12) sums its months' sessions: a session across a month end counts once a month, as when the months are
    read one by one (the reads take the double counts off with StatsSessionSpan)."""

    family = stats_fk("archive.Family")
    game = models.CharField(max_length=10)
    span = models.SmallIntegerField(default=1, help_text="1: a month row; 12: a year row (month: January 1st)")
    month = models.DateField()
    hands = models.IntegerField()
    sessions = models.IntegerField(help_text="sessions with a hand this month")
    biggest_pot = models.BigIntegerField()

    class Meta:
        indexes = [models.Index(fields=["family", "span", "game", "month"])]


class StatsSessionSpan(models.Model):
    """A session whose hands fall in more than one month, once a month it touches: the few sessions
    that the sum of months' sessions would count twice (a night across the last midnight of a month)."""

    family = stats_fk("archive.Family")
    session = stats_fk("archive.Session")
    game = models.CharField(max_length=10)
    month = models.DateField()

    class Meta:
        indexes = [models.Index(fields=["family", "game", "month"]), models.Index(fields=["session"])]


class StatsPairDay(models.Model):
    """PairFact summed by day: cents `payer` paid `payee` that day."""

    family = stats_fk("archive.Family")
    game = models.CharField(max_length=10)
    day = models.DateField()
    payer = stats_fk("archive.Player")
    payee = stats_fk("archive.Player")
    cents = models.BigIntegerField()

    class Meta:
        indexes = [models.Index(fields=["family", "game", "day"])]


class StatsPairMonth(models.Model):
    family = stats_fk("archive.Family")
    game = models.CharField(max_length=10)
    span = models.SmallIntegerField(default=1, help_text="1: a month row; 12: a year row (month: January 1st)")
    month = models.DateField()
    payer = stats_fk("archive.Player")
    payee = stats_fk("archive.Player")
    cents = models.BigIntegerField()

    class Meta:
        indexes = [models.Index(fields=["family", "span", "game", "month"])]


class _Streak(models.Model):
    """A player's hands of one period in order, as runs (see archive/stats/streaks.py): how many, the
    first run (sign: 1 won, -1 lost, 0 even; length), the last run, the longest winning and losing
    runs inside. Periods combine in order, so a longest run over years is read from months."""

    family = stats_fk("archive.Family")
    player = stats_fk("archive.Player")
    game = models.CharField(max_length=10, help_text="'' for every game together (their hands interleave)")
    days = models.IntegerField(default=1, help_text="days he played in the period")
    hands = models.IntegerField()
    first_sign = models.SmallIntegerField()
    first_len = models.IntegerField()
    last_sign = models.SmallIntegerField()
    last_len = models.IntegerField()
    best_win = models.IntegerField()
    worst_loss = models.IntegerField()

    class Meta:
        abstract = True


class StatsStreakDay(_Streak):
    day = models.DateField()

    class Meta:
        indexes = [models.Index(fields=["family", "game", "day"])]


class StatsStreakMonth(_Streak):
    span = models.SmallIntegerField(default=1, help_text="1: a month row; 12: a year row (month: January 1st)")
    month = models.DateField()

    class Meta:
        indexes = [models.Index(fields=["family", "span", "game", "month"])]


class StatsOutbox(models.Model):
    """The statistics still owed: written in the same transaction as the change of hands that owes
    them, removed by the job that pays them. A job message lost with Redis (down, restarted, a task
    never delivered) leaves its rows here; the drain job (beat, every minute) and the pages read
    them, so statistics that are behind say so and catch up, and no change is ever forgotten.

    hand_id names one hand (saved, edited, deleted, restored); NULL means the whole family (an
    import: one recompute, not a job a hand). hand_id is a plain number: a hand purged since still
    has its facts removed."""

    family = models.ForeignKey(
        "archive.Family", on_delete=models.CASCADE, db_constraint=False, db_index=False, related_name="+"
    )
    hand_id = models.BigIntegerField(null=True)
    queued_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["family", "hand_id"]), models.Index(fields=["queued_at"])]


class StatsJob(models.Model):
    """A full recompute someone asked for (or the nightly one): the page polls its progress."""

    class State(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    family = models.ForeignKey("archive.Family", null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    state = models.CharField(max_length=10, choices=State.choices, default=State.QUEUED)
    done = models.IntegerField(default=0)
    total = models.IntegerField(default=0)
    attempts = models.IntegerField(default=0)
    error = models.TextField(blank=True, default="")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]


class SettlePayment(models.Model):
    """'Dad paid Mary 45 cents': a settle-up transfer marked paid. `None` as payer or payee is the pot."""

    family = models.ForeignKey("archive.Family", on_delete=models.CASCADE, related_name="+")
    session = models.ForeignKey("archive.Session", null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    date_from = models.DateField(null=True, blank=True)
    date_to = models.DateField(null=True, blank=True)
    payer = models.ForeignKey("archive.Player", null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    payee = models.ForeignKey("archive.Player", null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    amount = models.BigIntegerField()
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["at", "id"]
