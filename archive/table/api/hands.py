"""Hands: a session's records, their revisions and rulings."""

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db.models import QuerySet
from django.db.models.fields.json import KeyTextTransform
from django.http import Http404
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

import referee
from archive.common.api.schema import refused_for
from archive.common.api.views import (
    NO,
    YES,
    NewestFirst,
    bad_record,
    bool_param,
    choice_param,
    django_error,
    id_query,
    int_param,
    record_from,
)
from archive.people.access import member_family_ids, require_editor_of
from archive.table import services
from archive.table.api import serializers as s
from archive.table.models import Hand, HandRevision, Session

# --- hands -----------------------------------------------------------------------------------------------


class OneFamilysHands(QuerySet):
    """One family's hands, newest first by id, put to the database as "by (family, id)" with the family a
    one-value range (`one_familys_hands`): the order of the (family, id) index. Shown `family_id = 3`,
    PostgreSQL knows the family is constant, sorts by id alone and may walk the primary key through every
    other family's hands to reach this one's oldest (37 ms at 500,000 hands, 0.1 ms off the index); a range
    is not a constant, so only the (family, id) index gives the order."""

    def order_by(self, *fields):
        if fields and fields[0].lstrip("-") == "id":
            fields = (fields[0].replace("id", "family_id"), *fields)
        return super().order_by(*fields)


def one_familys_hands(qs, family_id):
    qs = qs.filter(family_id__gte=family_id, family_id__lte=family_id)
    return OneFamilysHands(model=qs.model, query=qs.query, using=qs.db)


class HandPagination(NewestFirst):
    """Hands newest first; within one session (?session=) in play order."""

    ordering = "-id"

    def get_ordering(self, request, queryset, view):
        if request.query_params.get("session"):
            return ("number", "id")
        return ("-id",)


@extend_schema_view(
    list=extend_schema(
        parameters=[
            id_query("family", "only this family's hands"),
            id_query("session", "only this session's hands (in order)"),
            OpenApiParameter("status", str, enum=Hand.Status.values),
            OpenApiParameter("deleted", str, enum=YES + NO, description="include deleted hands: true or false"),
        ]
    )
)
class HandViewSet(viewsets.GenericViewSet):
    queryset = Hand.objects.none()  # for the schema's path types; get_queryset limits to the caller's families
    serializer_class = s.HandSerializer
    pagination_class = HandPagination

    def base_queryset(self):
        return Hand.objects.filter(family__in=member_family_ids(self.request.user))

    def get_queryset(self):
        return self.base_queryset().select_related("session")

    @extend_schema(responses=s.HandListSerializer(many=True))
    def list(self, request):
        # Plain rows of the hand's own columns (its family is its own column): no session joined, no model
        # instances, no serializer fields (serializers.hand_list_rows answers them in HandListSerializer's shape).
        qs = self.base_queryset().annotate(summary=KeyTextTransform("summary", "ruling"))
        family = int_param(request, "family")
        session = int_param(request, "session")
        if session is not None:
            qs = qs.filter(session_id=session)
        if family is not None:
            qs = one_familys_hands(qs, family)
        st = choice_param(request, "status", Hand.Status.values)
        if st:
            qs = qs.filter(status=st)
        if not bool_param(request, "deleted"):
            qs = qs.filter(deleted_at__isnull=True)
        page = self.paginate_queryset(qs.values(*s.HAND_LIST_VALUES))
        return self.get_paginated_response(s.hand_list_rows(page))

    def retrieve(self, request, pk=None):
        return Response(s.HandSerializer(self.get_object()).data)

    @extend_schema(
        request=s.HandCreateSerializer,
        parameters=[
            OpenApiParameter(
                "Idempotency-Key",
                str,
                location=OpenApiParameter.HEADER,
                description="one key per hand entry (e.g. a UUID): a repeat answers the first hand, 200, "
                "with the header Idempotent-Replayed: true",
            )
        ],
        responses={
            201: s.HandSerializer,
            200: s.HandSerializer,
            400: s.ErrorDocumentSerializer,
            409: s.ErrorDocumentSerializer,
        },
        extensions=refused_for("the record is not a real hand of the session (error/1 names each place)"),
    )
    def create(self, request):
        ser = s.HandCreateSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        session = Session.objects.filter(
            pk=ser.validated_data["session"], family__in=member_family_ids(request.user), deleted_at__isnull=True
        ).first()
        if session is None:
            raise Http404
        require_editor_of(request.user, session.family_id)
        try:
            record = record_from(ser.validated_data["record"])
            hand = services.hand_add(
                session=session,
                record=record,
                by=request.user,
                why=ser.validated_data["why"],
                no_deal_ok=ser.validated_data["no_deal_ok"],
                idempotency_key=request.headers.get("Idempotency-Key") or None,
                as_number=ser.validated_data.get("number"),
            )
        except referee.BadRecord as exc:
            return bad_record(exc, ser.validated_data["record"])
        except services.NightMovedOn as exc:
            return self.moved_on(exc, record, request.user)
        except DjangoValidationError as exc:
            return django_error(exc)
        if hand.replayed:
            return Response(s.HandSerializer(hand).data, status=200, headers={"Idempotent-Replayed": "true"})
        return Response(s.HandSerializer(hand).data, status=201)

    def moved_on(self, conflict, record, user):
        """409: the night moved past the hand's number; the phone's version is kept in a dispute, never merged."""
        dispute = None
        if conflict.taken is not None:
            dispute = services.dispute_night_moved_on(conflict=conflict, record=record, by=user)
        url = reverse("dispute", args=[dispute.hand.session.family.slug, dispute.pk]) if dispute else None
        return Response(
            {"errors": [{"event": None, "field": "number", "message": conflict.messages[0]}], "dispute": url},
            status=409,
        )

    @extend_schema(
        request=s.HandEditSerializer,
        responses={200: s.HandSerializer, 400: s.ErrorDocumentSerializer},
        extensions=refused_for("the record is not a real hand of the session, or the hand is deleted"),
    )
    def update(self, request, pk=None):
        hand = self.get_object()
        ser = s.HandEditSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        require_editor_of(request.user, hand.session.family_id)
        try:
            record = record_from(ser.validated_data["record"])
            hand = services.hand_edit(hand=hand, record=record, by=request.user, why=ser.validated_data["why"])
        except referee.BadRecord as exc:
            return bad_record(exc, ser.validated_data["record"])
        except DjangoValidationError as exc:
            return django_error(exc)
        return Response(s.HandSerializer(hand).data)

    @extend_schema(
        request=s.HandEditSerializer,
        responses={200: s.HandSerializer, 400: s.ErrorDocumentSerializer},
        extensions=refused_for("the record is not a real hand of the session, or the hand is deleted"),
    )
    def partial_update(self, request, pk=None):
        return self.update(request, pk)

    @extend_schema(
        summary="Soft-delete the hand (its history is kept; restore brings it back)",
        parameters=[OpenApiParameter("why", str, description="why it is deleted")],
        request=None,
        responses={204: None},
    )
    def destroy(self, request, pk=None):
        hand = self.get_object()
        require_editor_of(request.user, hand.session.family_id)
        why = request.query_params.get("why") or (request.data.get("why") if isinstance(request.data, dict) else "")
        services.hand_delete(hand=hand, by=request.user, why=why or "Deleted through the API")
        return Response(status=204)

    @extend_schema(
        request=s.WhySerializer,
        responses={200: s.HandSerializer},
        extensions=refused_for("the hand cannot be restored into its session as it now stands"),
    )
    @action(detail=True, methods=["post"])
    def restore(self, request, pk=None):
        hand = self.get_object()
        require_editor_of(request.user, hand.session.family_id)
        ser = s.WhySerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        try:
            hand = services.hand_restore(
                hand=hand, by=request.user, why=ser.validated_data["why"] or "Restored through the API"
            )
        except referee.BadRecord as exc:
            return bad_record(exc, hand.record)
        except DjangoValidationError as exc:
            return django_error(exc)
        hand = hand or self.get_object()
        hand.refresh_from_db()
        return Response(s.HandSerializer(hand).data)

    @extend_schema(summary="The referee's ruling on the hand (ruling/1)", responses={200: OpenApiTypes.OBJECT})
    @action(detail=True, methods=["get"])
    def ruling(self, request, pk=None):
        return Response(self.get_object().ruling)

    @extend_schema(
        summary="Every revision of the hand: who, when, why, record and ruling",
        responses={200: s.HandRevisionSerializer(many=True)},
    )
    @action(detail=True, methods=["get"], pagination_class=None)
    def revisions(self, request, pk=None):
        hand = self.get_object()
        revs = HandRevision.objects.filter(hand=hand).select_related("by").order_by("number")
        return Response(s.HandRevisionSerializer(revs, many=True).data)
