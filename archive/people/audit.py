"""The audit log of changes that are not hands: one row per change, written by the service that makes
it, in the same transaction (a refused or rolled-back change leaves no row)."""

from archive.people.models import AuditEntry, Family


def record(*, family: Family, by, action: str, summary: str, before=None, after=None) -> AuditEntry:
    return AuditEntry.objects.create(
        family=family, by=by, action=action, summary=summary[:300], before=before, after=after
    )


def log_of(family: Family):
    """The family's audit log, newest first (owners read it)."""
    return AuditEntry.objects.filter(family=family).select_related("by").order_by("-at", "-id")


def last_merge_of(player) -> AuditEntry | None:
    """The merge that folded `player` into another and is not undone yet."""
    return (
        AuditEntry.objects.filter(
            family_id=player.family_id, action="player.merge", undone_at__isnull=True, before__merged__id=player.pk
        )
        .order_by("-at", "-id")
        .first()
    )
