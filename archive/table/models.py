"""The table: nights (sessions), their seats, hands, revisions, ledger rows and disputes; what a family typed (records, messages) and what the referee ruled (rulings, ledger rows).

Nothing here is ever deleted by the app: hands and sessions are soft-deleted
(`deleted_at`), and every change to a hand writes a HandRevision.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from archive.people.models import Family, Player


class Game(models.TextChoices):
    SWIK = "swik", "Swik"
    SEDMA = "sedma", "Sedma"
    POKER = "poker", _("Russian draw poker")
    SEKA = "seka", "Seka"
    RUMMY = "rummy", _("Rummy (Skat)")


class Session(models.Model):
    """A night's play of one game at one table."""

    family = models.ForeignKey(Family, on_delete=models.CASCADE, related_name="sessions")
    # Stable name of the night across export and import (an import matches sessions by it).
    key = models.CharField(max_length=64, help_text="unique within the family, e.g. 2024-03-01-3f9a1c2b")
    game = models.CharField(max_length=10, choices=Game.choices, default=Game.SWIK)
    variant = models.CharField(max_length=20, blank=True, default="")
    started_at = models.DateTimeField(help_text="when play began (stored in UTC)")
    timezone = models.CharField(max_length=64, help_text="the table's zone that night, e.g. America/Chicago")
    place = models.CharField(max_length=120, blank=True, default="")
    house_rules = models.JSONField(default=dict, blank=True, help_text="only what differs from the rule book")
    first_dealer = models.PositiveSmallIntegerField(default=0, help_text="seat index of the first hand's dealer")
    pot_in = models.BigIntegerField(default=0, help_text="cents in the pot before the first hand")
    notes = models.TextField(blank=True, default="")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    deleted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-started_at", "-id"]
        # Every list and count of a family's sessions is of its live ones, newest first (the keyset's order).
        indexes = [
            models.Index(
                fields=["family", "-started_at", "-id"],
                condition=Q(deleted_at__isnull=True),
                name="live_sessions_newest_first",
            )
        ]
        constraints = [models.UniqueConstraint(fields=["family", "key"], name="unique_session_key")]

    def __str__(self):
        return f"{self.get_game_display()} on {self.started_at:%Y-%m-%d}"


class Seat(models.Model):
    """Seat `position` of a session, in the order turns pass (a record's `players`)."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField()
    # The seat's totals over the session's live hands, kept by the hand services (a sum of its
    # LedgerEntry rows), so a player's history and the family's balances read one row a night.
    net = models.BigIntegerField(default=0, help_text="cents won (+) or paid (-) over the night")
    hands = models.PositiveIntegerField(default=0)
    falls = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["session", "position"]
        constraints = [models.UniqueConstraint(fields=["session", "position"], name="one_player_per_seat")]


class Hand(models.Model):
    """One hand: the record the table gave and the ruling the referee returned."""

    # The columns read out of the ruling (and its facts) whenever a hand is ruled or ruled again.
    RULED_FIELDS = (
        "status",
        "dealer",
        "actual_dealer",
        "next_dealer",
        "may_stop",
        "pot_in",
        "pot_out",
        "violation_count",
    )

    class Status(models.TextChoices):
        COMPLETE = "complete", _("Complete")
        VOID = "void", _("Void (dealt again)")
        INCOMPLETE = "incomplete", _("Incomplete")

    # No index of its own: the (session, number) index serves it (one index fewer to fill a hand).
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="hands", db_index=False)
    # The session's family, copied (a session never changes family): the API lists a family's hands newest
    # first off the (family, id) index, where a join through sessions walked every family's newer hands.
    family = models.ForeignKey(Family, on_delete=models.CASCADE, related_name="+", db_index=False, editable=False)
    number = models.PositiveIntegerField(help_text="1, 2, 3 … within the session")
    record = models.JSONField(help_text="handrec/1 as the table gave it")
    ruling = models.JSONField(help_text="ruling/1 as the referee returned it")
    status = models.CharField(max_length=12, choices=Status.choices)
    dealer = models.PositiveSmallIntegerField(help_text="the record's dealer (designated dealer at the start)")
    # From the ruling's facts, so the chain and the session page read columns, never events.
    actual_dealer = models.PositiveSmallIntegerField(help_text="the seat that actually dealt the hand that counted")
    next_dealer = models.PositiveSmallIntegerField(help_text="the seat that deals the next hand")
    may_stop = models.BooleanField(default=False, help_text="the table may end the night after this hand")
    # 64-bit: a fall pays the whole pot, so a long unlucky night grows the pot past 2**31 cents.
    pot_in = models.BigIntegerField()
    pot_out = models.BigIntegerField()
    violation_count = models.PositiveSmallIntegerField(default=0)
    revision = models.PositiveIntegerField(default=1, help_text="number of the latest HandRevision")
    # services.record_hash of the record: an import finds the hands it already holds by this key,
    # without reading records. Empty for a hand written before the key existed (then it is computed).
    record_key = models.CharField(max_length=64, blank=True, default="")
    # The key of the entry that logged the hand (the log form's hidden key, the API's Idempotency-Key): a
    # double tap or a client's retry sends it again and gets this hand back instead of a second one.
    idempotency_key = models.CharField(max_length=64, null=True, blank=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    deleted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["session", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["session", "number"], condition=Q(deleted_at__isnull=True), name="unique_live_hand_number"
            ),
            # What a ledger row's one key points at (LedgerEntry): the hand with its session and family.
            models.UniqueConstraint(fields=["id", "session", "family"], name="hand_with_its_session_and_family"),
            models.UniqueConstraint(fields=["family", "idempotency_key"], name="unique_hand_idempotency_key"),
        ]
        indexes = [models.Index(fields=["session", "number"]), models.Index(fields=["family", "id"])]

    def save(self, *args, **kwargs):
        if self.family_id is None:
            self.family_id = self.session.family_id
        super().save(*args, **kwargs)

    def __str__(self):
        return f"hand {self.number} of {self.session}"


class HandRevision(models.Model):
    """Audit log of a hand: every save writes one, with who, when and why."""

    class Kind(models.TextChoices):
        CREATED = "created", _("Created")
        EDITED = "edited", _("Edited")
        RERULED = "reruled", _("Re-ruled (an earlier hand changed)")
        DELETED = "deleted", _("Deleted")
        RESTORED = "restored", _("Restored")
        IMPORTED = "imported", _("Imported")

    # No index of its own: the unique (hand, number) serves it.
    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="revisions", db_index=False)
    number = models.PositiveIntegerField()
    kind = models.CharField(max_length=10, choices=Kind.choices)
    record = models.JSONField()
    ruling = models.JSONField()
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    at = models.DateTimeField(auto_now_add=True)
    why = models.TextField(blank=True, default="")

    class Meta:
        ordering = ["hand", "number"]
        constraints = [models.UniqueConstraint(fields=["hand", "number"], name="unique_revision_number")]


class LedgerEntry(models.Model):
    """One movement of money between a player and the pot, copied from the ruling's ledger,
    so balances and statistics are SQL aggregates. Rewritten whenever the hand is re-ruled."""

    # On PostgreSQL one foreign key checks hand, session and family together against the hand's own
    # (migration 0018, `ledger_entry_of_its_hand`): a row cannot name another night or family than its
    # hand's, and an import checks one key a row, not three (a third of the server's work at 50,000 hands).
    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="ledger_entries", db_constraint=False)
    # Denormalised so period and family statistics need no joins. Family and player have no index of
    # their own: (family, played_at) and (player, played_at) serve them; ten rows a hand fill each index.
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="+", db_constraint=False)
    family = models.ForeignKey(Family, on_delete=models.CASCADE, related_name="+", db_index=False, db_constraint=False)
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="ledger_entries", db_index=False)
    played_at = models.DateTimeField()
    seat = models.PositiveSmallIntegerField()
    amount = models.BigIntegerField(help_text="cents; negative: the player pays into the pot")
    kind = models.CharField(max_length=10, help_text="ante, fee, penalty, share, fall or other (the ruling's facts)")
    reason = models.CharField(max_length=200)
    event = models.IntegerField(null=True)

    class Meta:
        indexes = [
            models.Index(fields=["family", "played_at"]),
            models.Index(fields=["player", "played_at"]),
        ]


class Dispute(models.Model):
    """'That was a misdeal!': a thread on a hand that ends in a resolution pointing at a ruling."""

    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        RESOLVED = "resolved", _("Resolved")

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="disputes")
    # The hand's family, copied: a family's disputes are listed newest first off their own index, where a
    # join through hands and sessions read every family's disputes first.
    family = models.ForeignKey(Family, on_delete=models.CASCADE, related_name="+", db_index=False, editable=False)
    title = models.CharField(max_length=200)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    opened_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    opened_at = models.DateTimeField(auto_now_add=True)
    resolution = models.TextField(blank=True, default="")
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    resolved_at = models.DateTimeField(null=True, blank=True)
    ruling_revision = models.ForeignKey(
        HandRevision,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="resolutions",
        help_text="the hand revision whose ruling settles the dispute",
    )
    chosen_version = models.ForeignKey(
        "DisputeVersion",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        help_text="the version the table chose when it settled the dispute",
    )

    class Meta:
        ordering = ["-opened_at"]
        indexes = [models.Index(fields=["family", "-opened_at", "-id"], name="family_disputes_newest_first")]

    def save(self, *args, **kwargs):
        if self.family_id is None:
            self.family_id = self.hand.family_id
        super().save(*args, **kwargs)


class DisputeMessage(models.Model):
    dispute = models.ForeignKey(Dispute, on_delete=models.CASCADE, related_name="messages")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    at = models.DateTimeField(auto_now_add=True)
    text = models.TextField()

    class Meta:
        ordering = ["at", "id"]


class DisputeVersion(models.Model):
    """One side's story of a disputed hand: a record put forward on the dispute, ruled beside the others.

    Version 1 of a dispute is the hand "as logged" (made with the first proposal); while the dispute is open it
    reads the hand's own record, and settling freezes it. A record the referee refuses is kept as proposed
    (the comparison shows its located error) but cannot be chosen."""

    AS_LOGGED_WHY = "the hand as logged"

    dispute = models.ForeignKey(Dispute, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveSmallIntegerField(help_text="1 is the hand as logged; 2, 3, ... the proposals")
    as_logged = models.BooleanField(default=False)
    record = models.JSONField(help_text="handrec/1 as proposed (filled from the session)")
    proposed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    why = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["dispute", "number"], name="dispute_version_number_unique")]

    def __str__(self):
        return "as logged" if self.as_logged else f"version {self.number}"
