"""Families, their members and players; the changes that are not hands (hands keep their own
revisions): who did what, when, and what was there before; and the invitations by which a person joins a family of their own accord."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from archive.common import money


class Family(models.Model):
    """A table of relatives or friends who play together; owns players, sessions and hands."""

    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=140, unique=True)
    timezone = models.CharField(max_length=64, default="America/Chicago", help_text="IANA zone, e.g. America/Chicago")
    currency = models.CharField(
        max_length=8,
        choices=money.choices(),
        default=money.DEFAULT,
        help_text="what the family plays for: every amount is stored in its hundredths (cents, haléře, kopecks)",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name_plural = "families"
        ordering = ["name"]

    def __str__(self):
        return self.name


class Account(models.Model):
    """What a person keeps with their login, whichever family they read: the language of the pages."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, primary_key=True, on_delete=models.CASCADE, related_name="account"
    )
    language = models.CharField(max_length=8, blank=True, default="", choices=settings.LANGUAGES)

    def __str__(self):
        return f"{self.user}'s account"


class Membership(models.Model):
    class Role(models.TextChoices):
        OWNER = "owner", _("Owner")  # manages members; may do all an editor does
        EDITOR = "editor", _("Editor")  # logs and edits hands
        VIEWER = "viewer", _("Viewer")  # reads the archive

    family = models.ForeignKey(Family, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.VIEWER)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["family", "user"], name="one_membership_per_user_family")]

    def __str__(self):
        return f"{self.user} in {self.family} ({self.role})"

    @property
    def can_edit(self):
        return self.role in (self.Role.OWNER, self.Role.EDITOR)


class Player(models.Model):
    """Someone who sits at the family's table: a member with a login, or a guest name.

    Merging two entries points the loser at the keeper (`merged_into`) and moves
    its seats and ledger rows; the loser row stays so nothing is lost.
    """

    family = models.ForeignKey(Family, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=80)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="players"
    )
    merged_into = models.ForeignKey("self", null=True, blank=True, on_delete=models.PROTECT, related_name="merged")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                fields=["family", "name"], condition=Q(merged_into__isnull=True), name="unique_live_player_name"
            )
        ]

    def __str__(self):
        return self.name

    @property
    def is_guest(self):
        return self.user_id is None


class AuditEntry(models.Model):
    """One change of a family's archive other than a hand: merging players, changing a role, unmarking a
    settle-up payment, ... `before` and `after` hold what the change replaced and what it made (JSON);
    a merge's `before` also lists what moved, so that it can be undone."""

    family = models.ForeignKey(Family, on_delete=models.CASCADE, related_name="audit_entries")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    at = models.DateTimeField(auto_now_add=True)
    action = models.CharField(max_length=40, help_text="e.g. player.merge, member.role, settle.unpaid")
    summary = models.CharField(max_length=300, help_text="the change in words")
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    undone_at = models.DateTimeField(null=True, blank=True, help_text="set when a merge was undone")

    class Meta:
        ordering = ["-at", "-id"]
        indexes = [models.Index(fields=["family", "-at"])]
        verbose_name_plural = "audit entries"

    def __str__(self):
        return self.summary


class Invitation(models.Model):
    """A link or code an owner gives someone; the person becomes a member with `role` when they accept.
    Only a hash of the code is kept: whoever has the code has the invitation."""

    family = models.ForeignKey(Family, on_delete=models.CASCADE, related_name="invitations")
    role = models.CharField(max_length=10, choices=Membership.Role.choices, default=Membership.Role.VIEWER)
    code_hash = models.CharField(max_length=64, unique=True)
    for_username = models.CharField(
        max_length=150, blank=True, default="", help_text="only this account may accept (blank: whoever has the code)"
    )
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    accepted_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return f"invitation to {self.family} as {self.role}"
