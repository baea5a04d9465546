"""Reads of a family's people: its members and its players."""

from archive.people.models import Membership, Player


def members_of(family):
    return Membership.objects.filter(family=family).select_related("user").order_by("role", "user__username")


def players_of(family, *, include_merged=False):
    qs = Player.objects.filter(family=family).select_related("user", "merged_into")
    if not include_merged:
        qs = qs.filter(merged_into__isnull=True)
    return qs.order_by("name")
