"""Disputes over a hand: opened, answered, resolved."""

from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import mixins, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

import referee
from archive.common.api.schema import refused_for
from archive.common.api.views import (
    NewestFirst,
    bad_record,
    choice_param,
    django_error,
    id_query,
    int_param,
    record_from,
)
from archive.people.access import member_family_ids, require_editor_of
from archive.table import services
from archive.table.api import serializers as s
from archive.table.models import Dispute, Hand
from archive.table.selectors.disputes import comparison_document

# --- disputes --------------------------------------------------------------------------------------------


class DisputePagination(NewestFirst):
    ordering = ("-opened_at", "-id")


@extend_schema_view(
    list=extend_schema(
        parameters=[
            id_query("family", "only this family's disputes"),
            id_query("hand", "only this hand's disputes"),
            OpenApiParameter("status", str, enum=Dispute.Status.values),
        ]
    )
)
class DisputeViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    queryset = Dispute.objects.none()  # for the schema's path types; get_queryset limits to the caller's families
    serializer_class = s.DisputeSerializer
    pagination_class = DisputePagination

    def base_queryset(self):
        return (
            Dispute.objects.filter(family__in=member_family_ids(self.request.user))
            .select_related("opened_by", "resolved_by", "chosen_version")
            .prefetch_related("messages__author")
        )

    def get_queryset(self):
        qs = self.base_queryset()
        if self.action != "list":
            return qs  # the list's filters narrow the list, not the dispute a change answers with
        family = int_param(self.request, "family")
        hand = int_param(self.request, "hand")
        if family is not None:
            qs = qs.filter(family_id=family)
        if hand is not None:
            qs = qs.filter(hand_id=hand)
        st = choice_param(self.request, "status", Dispute.Status.values)
        if st:
            qs = qs.filter(status=st)
        return qs.order_by("-opened_at", "-id")

    @extend_schema(
        request=s.DisputeCreateSerializer,
        responses={201: s.DisputeSerializer},
        extensions=refused_for("the hand is deleted, or a text is too long or not text"),
    )
    def create(self, request):
        ser = s.DisputeCreateSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        hand = (
            Hand.objects.filter(pk=ser.validated_data["hand"], session__family__in=member_family_ids(request.user))
            .select_related("session")
            .first()
        )
        if hand is None:
            raise Http404
        require_editor_of(request.user, hand.session.family_id)
        d = services.dispute_open(
            hand=hand, title=ser.validated_data["title"], text=ser.validated_data["text"], by=request.user
        )
        return Response(s.DisputeSerializer(self.base_queryset().get(pk=d.pk)).data, status=201)

    @extend_schema(methods=["get"], responses={200: s.DisputeMessageSerializer(many=True)})
    @extend_schema(
        methods=["post"],
        request=s.DisputeReplySerializer,
        responses={201: s.DisputeMessageSerializer},
        extensions=refused_for("the dispute is settled, or the text is too long"),
    )
    @action(detail=True, methods=["get", "post"], pagination_class=None)  # every message, one list
    def messages(self, request, pk=None):
        d = self.get_object()
        if request.method == "GET":
            return Response(s.DisputeMessageSerializer(d.messages.select_related("author"), many=True).data)
        require_editor_of(request.user, d.hand.session.family_id)
        ser = s.DisputeReplySerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        m = services.dispute_reply(dispute=d, text=ser.validated_data["text"], by=request.user)
        return Response(s.DisputeMessageSerializer(m).data, status=201)

    @extend_schema(
        request=s.DisputeResolveSerializer,
        responses={200: s.DisputeSerializer, 400: s.ErrorDocumentSerializer},
        extensions=refused_for("the dispute is already settled, or the corrected record is not a real hand"),
    )
    @action(detail=True, methods=["post"])
    def resolve(self, request, pk=None):
        d = self.get_object()
        require_editor_of(request.user, d.hand.session.family_id)
        ser = s.DisputeResolveSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        try:
            record = ser.validated_data.get("record")
            record = record_from(record) if record is not None else None
            services.dispute_resolve(
                dispute=d, resolution=ser.validated_data["resolution"], by=request.user, record=record
            )
        except referee.BadRecord as exc:
            return bad_record(exc, ser.validated_data.get("record"))
        except DjangoValidationError as exc:
            return django_error(exc)
        return Response(s.DisputeSerializer(self.get_queryset().get(pk=d.pk)).data)

    @extend_schema(methods=["get"], responses={200: s.DisputeVersionSerializer(many=True)})
    @extend_schema(
        methods=["post"],
        request=s.DisputeProposeSerializer,
        responses={201: s.DisputeVersionSerializer, 400: s.ErrorDocumentSerializer},
    )
    @action(detail=True, methods=["get", "post"])
    def versions(self, request, pk=None):
        """The dispute's versions of its hand (1: as logged); POST puts one forward (the hand is untouched; a
        record the referee refuses is kept, shown with its error in the comparison, and cannot be chosen)."""
        d = self.get_object()
        if request.method == "GET":
            return Response(s.DisputeVersionSerializer(d.versions.select_related("proposed_by"), many=True).data)
        require_editor_of(request.user, d.family_id)
        ser = s.DisputeProposeSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        try:
            v = services.version_propose(
                dispute=d,
                record=record_from(ser.validated_data["record"]),
                by=request.user,
                why=ser.validated_data["why"],
            )
        except referee.BadRecord as exc:
            return bad_record(exc, ser.validated_data["record"])
        except DjangoValidationError as exc:
            return django_error(exc)
        return Response(s.DisputeVersionSerializer(v).data, status=201)

    @extend_schema(responses={200: s.DisputeComparisonSerializer})
    @action(detail=True, methods=["get"])
    def compare(self, request, pk=None):
        """Every version ruled side by side in the hand's place of the night (nothing saved)."""
        d = self.get_object()
        return Response(comparison_document(d))

    @extend_schema(
        request=s.DisputeSettleSerializer, responses={200: s.DisputeSerializer, 400: s.ErrorDocumentSerializer}
    )
    @action(detail=True, methods=["post"])
    def settle(self, request, pk=None):
        """Choose a version: the hand gets a new revision naming the dispute and the night is re-ruled."""
        d = self.get_object()
        require_editor_of(request.user, d.family_id)
        ser = s.DisputeSettleSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        version = d.versions.filter(number=ser.validated_data["version"]).first()
        try:
            if version is None:
                raise DjangoValidationError({"version": _("Choose one of this dispute's versions.")})
            services.dispute_settle(dispute=d, version=version, by=request.user, why=ser.validated_data["why"])
        except DjangoValidationError as exc:
            return django_error(exc)
        return Response(s.DisputeSerializer(self.base_queryset().get(pk=d.pk)).data)
