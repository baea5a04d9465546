"""Statistics API: the same selectors as the pages, as JSON. Thin views; writes go to services.

Strangers get 404, viewers read, owners and editors write (403 for a viewer).
"""

from __future__ import annotations

import re

from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from archive.common import bounds
from archive.common.api.schema import refused_for
from archive.common.api.views import id_query, int_param, one_value
from archive.people.access import require_editor_of, require_member_of
from archive.people.models import Family, Player
from archive.stats import jobs, selectors, services
from archive.stats.models import SettlePayment, StatsJob
from archive.stats.views import not_a_date, parse_filters
from archive.table.models import Game, Session

DAY = {"type": "string", "format": "date", "pattern": r"^\d{4}-\d{2}-\d{2}$"}
PERIOD = [
    OpenApiParameter("game", str, enum=Game.values, description="one game (default: every game)"),
    OpenApiParameter("from", DAY, description="first day, YYYY-MM-DD, in the family's time zone"),
    OpenApiParameter("to", DAY, description="last day, YYYY-MM-DD (inclusive)"),
]


def _family(request, slug):
    family = Family.objects.filter(slug=slug).first()
    if family is None:
        raise Http404
    require_member_of(request.user, family.pk)
    return family


def _filters(request):
    flt, errors = parse_filters(request.query_params)
    for name in ("game", "from", "to"):
        raw = one_value(request, name)  # given once, not empty (a 400 otherwise)
        # the schema's one spelling of a day (the pages also read 20240301)
        if name != "game" and raw and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", raw):
            errors.append(not_a_date(name, raw))
    if errors:
        raise serializers.ValidationError({"filters": errors})
    return flt


class FamilyStatsView(APIView):
    """Everything the statistics page shows, for one family and period."""

    @extend_schema(parameters=PERIOD, responses={200: dict})
    def get(self, request, slug):
        family = _family(request, slug)
        flt = _filters(request)
        players = selectors.players(family=family, **flt)
        return Response(
            {
                "family": family.slug,
                "timezone": family.timezone,
                "filters": {k: (v.isoformat() if hasattr(v, "isoformat") else v) for k, v in flt.items()},
                "totals": selectors.totals(family=family, players=players, **flt),
                "players": players,
                "streaks": selectors.streaks(family=family, **flt),
                **selectors.game_reads(family=family, **flt),
                "head_to_head": selectors.head_to_head(family=family, **flt),
                "net_over_time": selectors.net_over_time(family=family, **flt),
                "largest_pots": selectors.largest_pots(family=family, **flt),
            }
        )


class PlayerStatsView(APIView):
    @extend_schema(parameters=PERIOD, responses={200: dict})
    def get(self, request, slug, pk):
        family = _family(request, slug)
        player = get_object_or_404(Player, pk=pk, family=family)
        flt = _filters(request)
        row = next((p for p in selectors.players(family=family, **flt) if p["player_id"] == player.pk), None)
        streak = next((s for s in selectors.streaks(family=family, **flt) if s["player_id"] == player.pk), None)
        return Response(
            {
                "player": {"id": player.pk, "name": player.name},
                "totals": row,
                "streaks": streak,
                **selectors.game_reads(family=family, player=player, **flt),
            }
        )


class SessionStatsView(APIView):
    """Pot size per hand across a session, and its settle-up."""

    @extend_schema(responses={200: dict})
    def get(self, request, slug, pk):
        family = _family(request, slug)
        session = get_object_or_404(Session, pk=pk, family=family, deleted_at__isnull=True)
        return Response(
            {
                "session": session.pk,
                "pots": selectors.session_pots(session=session),
                "settle": selectors.settle_up(family=family, session=session),
            }
        )


class SettleView(APIView):
    """Settle-up for a period (?from=&to=&game=) or a session (?session=id)."""

    @extend_schema(parameters=[*PERIOD, id_query("session", "one session's settle-up")], responses={200: dict})
    def get(self, request, slug):
        family = _family(request, slug)
        session_id = int_param(request, "session")
        if session_id is not None:
            session = get_object_or_404(Session, pk=session_id, family=family)
            return Response(selectors.settle_up(family=family, session=session))
        return Response(selectors.settle_up(family=family, **_filters(request)))


class PaidSerializer(serializers.Serializer):
    payer = serializers.IntegerField(allow_null=True, max_value=bounds.ID_MAX, help_text="player id; null is the pot")
    payee = serializers.IntegerField(allow_null=True, max_value=bounds.ID_MAX, help_text="player id; null is the pot")
    amount = serializers.IntegerField(min_value=1, max_value=bounds.MONEY_MAX, help_text="cents")
    session = serializers.IntegerField(required=False, allow_null=True, max_value=bounds.ID_MAX)
    date_from = serializers.DateField(required=False, allow_null=True)
    date_to = serializers.DateField(required=False, allow_null=True)


class SettlePaidView(APIView):
    """Mark a settle-up transfer paid (owners and editors)."""

    @extend_schema(
        request=PaidSerializer,
        responses={201: dict},
        extensions=refused_for("the payer and payee are one player, or the period or session is not one"),
    )
    def post(self, request, slug):
        family = _family(request, slug)
        require_editor_of(request.user, family.pk)
        data = PaidSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        d = data.validated_data
        party = lambda pk: None if pk is None else get_object_or_404(Player, pk=pk, family=family)  # noqa: E731
        session = get_object_or_404(Session, pk=d["session"], family=family) if d.get("session") else None
        payment = services.settle_mark_paid(
            family=family,
            payer=party(d["payer"]),
            payee=party(d["payee"]),
            amount=d["amount"],
            by=request.user,
            session=session,
            date_from=None if session else d.get("date_from"),
            date_to=None if session else d.get("date_to"),
        )
        return Response({"id": payment.pk, "paid_at": payment.at.isoformat()}, status=status.HTTP_201_CREATED)


class SettlePaymentView(APIView):
    @extend_schema(responses={204: None})
    def delete(self, request, slug, pk):
        family = _family(request, slug)
        require_editor_of(request.user, family.pk)
        services.settle_unmark_paid(payment=get_object_or_404(SettlePayment, pk=pk, family=family), by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class RecomputeView(APIView):
    """Start a full recompute of the family's statistics; poll the job for its progress."""

    @extend_schema(request=None, responses={202: dict})
    def post(self, request, slug):
        family = _family(request, slug)
        require_editor_of(request.user, family.pk)
        job = jobs.stats_job_start(family=family, by=request.user)
        job.refresh_from_db()
        return Response(jobs.job_progress(job), status=status.HTTP_202_ACCEPTED)


class JobView(APIView):
    @extend_schema(responses={200: dict})
    def get(self, request, slug, pk):
        family = _family(request, slug)
        return Response(jobs.job_progress(get_object_or_404(StatsJob, pk=pk, family=family)))
