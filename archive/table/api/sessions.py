"""Sessions: a night's play, listed newest first."""

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import transaction
from django.db.models import Count, OuterRef, Subquery
from django.db.models.functions import Coalesce
from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import mixins, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

import referee
from archive.common.api.schema import refused_for
from archive.common.api.views import NewestFirst, bad_record, django_error, id_query, int_param
from archive.common.fragments import fragment, night_versions
from archive.people import services as people_services
from archive.people.access import cached_role, member_family_ids, require_editor_of, visible_family
from archive.people.models import Player
from archive.table import selectors, services
from archive.table.api import serializers as s
from archive.table.models import Hand, Session

# --- sessions --------------------------------------------------------------------------------------------

_live_hand_count = (
    Hand.objects.filter(session=OuterRef("pk"), deleted_at__isnull=True)
    .order_by()
    .values("session")
    .annotate(n=Count("id"))
    .values("n")
)


class SessionPagination(NewestFirst):
    ordering = ("-started_at", "-id")


@extend_schema_view(list=extend_schema(parameters=[id_query("family", "only this family's sessions")]))
class SessionViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    queryset = Session.objects.none()  # for the schema's path types; get_queryset limits to the caller's families
    serializer_class = s.SessionSerializer
    pagination_class = SessionPagination

    def get_queryset(self):
        qs = Session.objects.filter(family__in=member_family_ids(self.request.user), deleted_at__isnull=True)
        if self.action != "list":  # a list reads its page's counts and seats after paging (`list`)
            qs = qs.prefetch_related("seats__player")
            # A count per row, not a GROUP BY over the join: PostgreSQL counts only this row's hands, where
            # the join made it count every hand of the family (1 s at 500,000 hands).
            qs = qs.annotate(hand_count=Coalesce(Subquery(_live_hand_count), 0))
        family = int_param(self.request, "family")
        if family is not None:
            qs = qs.filter(family_id=family)
        return qs.order_by("-started_at", "-id")

    def list(self, request, *args, **kwargs):
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        selectors.with_session_counts(page)  # one plain query for the page's counts
        seats = selectors.seats_of(page)  # and one for their seats, as plain rows
        return self.get_paginated_response(s.session_rows(page, seats))

    @extend_schema(
        request=s.SessionCreateSerializer,
        responses={201: s.SessionSerializer},
        extensions=refused_for(
            "a player is not the family's, sits twice or the table is not one the game seats, "
            "or the date, house rules or pot are out of bounds"
        ),
    )
    def create(self, request):
        ser = s.SessionCreateSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        data = ser.validated_data
        family = visible_family(request.user, data["family"])
        require_editor_of(request.user, family.pk)
        try:
            # All or nothing (issue 28): a guest named in the seats is not left behind by a refused session.
            with transaction.atomic():
                session = self._create(request, family, data)
        except referee.BadRecord as exc:
            return bad_record(exc)
        except DjangoValidationError as exc:
            return django_error(exc)
        # The new session answered whole, whatever list filter (?family=) the address carries.
        qs = Session.objects.prefetch_related("seats__player").annotate(
            hand_count=Coalesce(Subquery(_live_hand_count), 0)
        )
        return Response(s.SessionSerializer(qs.get(pk=session.pk)).data, status=201)

    def _create(self, request, family, data):
        players = []
        for item in data["players"]:
            if isinstance(item, int):
                p = Player.objects.filter(family=family, pk=item, merged_into__isnull=True).first()
                if p is None:
                    raise DjangoValidationError(
                        {"players": _("Player %(id)s is not one of this family's players.") % {"id": item}}
                    )
            else:
                p = people_services.player_for_name(family=family, name=item, by=request.user)
            players.append(p)
        if len({p.pk for p in players}) != len(players):
            raise DjangoValidationError({"players": _("A player can sit in only one seat.")})
        return services.session_create(
            family=family,
            game=data["game"],
            variant=data["variant"],
            started_at=data["started_at"],
            timezone=data.get("timezone") or family.timezone,
            place=data["place"],
            players=players,
            house_rules=data["house_rules"] or None,
            first_dealer=data["first_dealer"],
            pot_in=data["pot_in"],
            by=request.user,
        )

    @extend_schema(
        summary="What the next hand's record starts from (players, dealer, pot_in, house rules)",
        responses={200: OpenApiTypes.OBJECT},
    )
    @action(detail=True, methods=["get"])
    def next(self, request, pk=None):
        # The lightest request a hand-entry page makes, read from the cache under the night's version (taken
        # before any read: archive/common/fragments.py): every hand of the night logged, edited, deleted or
        # restored, every change of its players or the members replaces it. A stranger's or unknown night: 404.
        if not str(pk).isdigit():
            raise Http404
        family_id = selectors.night_family_id(pk)
        if family_id is None:
            raise Http404
        wide, version = night_versions(family_id, pk)
        if cached_role(request.user, family_id, wide) is None:
            raise Http404
        answer = fragment(family_id, "next", [pk], lambda: selectors.next_hand_answer(family_id, pk), version=version)
        if not answer:
            raise Http404
        return Response(answer)
