"""A family's reads across its nights: its families for the home page (the light kind never counts every
hand), a family by its slug for a member, the latest night, the games it has played."""

from django.db.models import Count, F, OuterRef, Subquery, Value
from django.db.models.functions import Coalesce
from django.http import Http404
from django.utils.translation import gettext as _

from archive.people.models import Family, Membership
from archive.table.models import Hand, Session


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


def families_for(user):
    """The families the user belongs to, each annotated with `role`, `session_count`, `hand_count`
    and `last_played`."""
    if user is None or not getattr(user, "is_authenticated", False):
        return Family.objects.none()
    live_sessions = Session.objects.filter(family=OuterRef("pk"), deleted_at__isnull=True)
    return (
        Family.objects.filter(memberships__user=user)
        .annotate(
            role=F("memberships__role"),
            session_count=Coalesce(
                Subquery(live_sessions.values("family").annotate(n=Count("id")).values("n")[:1]), Value(0)
            ),
            hand_count=Coalesce(
                Subquery(
                    Hand.objects.filter(
                        session__family=OuterRef("pk"), deleted_at__isnull=True, session__deleted_at__isnull=True
                    )
                    .values("session__family")
                    .annotate(n=Count("id"))
                    .values("n")[:1]
                ),
                Value(0),
            ),
            last_played=Subquery(live_sessions.order_by("-started_at").values("started_at")[:1]),
        )
        .order_by("name")
    )


def family_by_slug_for(user, slug) -> Family:
    """The family, annotated as in families_for; 404 for anyone who is not a member (no peeking)."""
    family = families_for(user).filter(slug=slug).first()
    if family is None:
        raise Http404(_("No such family."))
    return family
