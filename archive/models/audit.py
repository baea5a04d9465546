"""Changes that are not hands (hands keep their own revisions): who did what, when, and what was there
before; and the invitations by which a person joins a family of their own accord."""

from django.conf import settings
from django.db import models

from .core import Family, Membership


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
