"""A family's players."""

from django.core.exceptions import ValidationError as DjangoValidationError
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import mixins, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from archive.common.api.schema import refused_for
from archive.common.api.views import django_error, id_query, int_param
from archive.people import services as people_services
from archive.people.access import member_family_ids, require_editor_of, visible_family
from archive.people.api import serializers as s
from archive.people.models import Player
from archive.table import services

# --- players ---------------------------------------------------------------------------------------------


@extend_schema_view(list=extend_schema(parameters=[id_query("family", "only this family's players")]))
class PlayerViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    queryset = Player.objects.none()  # for the schema's path types; get_queryset limits to the caller's families
    serializer_class = s.PlayerSerializer

    def get_queryset(self):
        qs = Player.objects.filter(family__in=member_family_ids(self.request.user))
        family = int_param(self.request, "family")
        if family is not None:
            qs = qs.filter(family_id=family)
        return qs.order_by("family_id", "name", "id")

    @extend_schema(
        request=s.PlayerCreateSerializer,
        responses={201: s.PlayerSerializer},
        extensions=refused_for("the family already has a player of that name, or the name is not one"),
    )
    def create(self, request):
        ser = s.PlayerCreateSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        family = visible_family(request.user, ser.validated_data["family"])
        require_editor_of(request.user, family.pk)
        try:
            player = people_services.player_create(
                family=family, name=ser.validated_data["name"].strip(), by=request.user
            )
        except DjangoValidationError as exc:
            return django_error(exc)
        return Response(s.PlayerSerializer(player).data, status=201)

    @extend_schema(
        summary="Fold another entry of the same person into this one",
        request=s.MergeSerializer,
        responses={200: s.PlayerSerializer},
        extensions=refused_for("the two entries cannot be merged (the same entry, or they sat at one table)"),
    )
    @action(detail=True, methods=["post"])
    def merge(self, request, pk=None):
        keep = self.get_object()
        ser = s.MergeSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        merge = get_object_or_404(self.get_queryset(), pk=ser.validated_data["merge"], family_id=keep.family_id)
        require_editor_of(request.user, keep.family_id)
        if merge.pk == keep.pk:
            return Response({"merge": ["A player cannot be merged into the same player."]}, status=400)
        try:
            kept = services.players_merge(keep=keep, merge=merge, by=request.user)
        except DjangoValidationError as exc:
            return django_error(exc)
        return Response(s.PlayerSerializer(kept).data)

    @extend_schema(
        summary="Undo the merge that folded this entry into another",
        request=None,
        responses={200: s.PlayerSerializer},
        extensions=refused_for("the entry was not merged into another"),
    )
    @action(detail=True, methods=["post"])
    def unmerge(self, request, pk=None):
        player = self.get_object()
        require_editor_of(request.user, player.family_id)
        return Response(s.PlayerSerializer(services.players_unmerge(player=player, by=request.user)).data)
