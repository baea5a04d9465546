"""Reads the pages need that must stay cheap on a big archive (the web helper's own, beside
archive.table.selectors): no COUNT over every hand of a family on pages people open all the time."""

from django.db.models import Count, OuterRef, Subquery, Value
from django.db.models.functions import Coalesce

from archive.people.models import Family, Membership
from archive.table.models import Session


def families_light(user):
    """The user's families for the home page, with `role`, `session_count` and `last_played`
    (sessions are few; hands are many and are not counted here)."""
    live = Session.objects.filter(family=OuterRef("pk"), deleted_at__isnull=True)
    return (
        Family.objects.filter(memberships__user=user)
        .annotate(
            role=Subquery(Membership.objects.filter(user=user, family=OuterRef("pk")).values("role")[:1]),
            session_count=Coalesce(Subquery(live.values("family").annotate(n=Count("id")).values("n")[:1]), Value(0)),
            last_played=Subquery(live.order_by("-started_at").values("started_at")[:1]),
        )
        .order_by("name")
    )


def last_session(family, game=None):
    """The family's latest live session (of this game when given), with its seats' players; None if none."""
    qs = Session.objects.filter(family=family, deleted_at__isnull=True)
    if game:
        qs = qs.filter(game=game)
    session = qs.order_by("-started_at", "-id").first()
    if session is not None:
        session.seat_players = [s.player for s in session.seats.select_related("player").order_by("position")]
    return session


def games_of(family) -> list[str]:
    """The games the family has a session of (for the statistics filters)."""
    live = Session.objects.filter(family=family, deleted_at__isnull=True)
    return sorted(live.order_by().values_list("game", flat=True).distinct())
