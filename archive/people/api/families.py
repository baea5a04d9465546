"""Families (with their export, import and audit log), their members and invitations."""

import io

from django.conf import settings
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import StreamingHttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import mixins, parsers, viewsets
from rest_framework import serializers as drf_serializers
from rest_framework.decorators import action
from rest_framework.response import Response
from rest_framework.views import APIView

import referee
from archive.common.api.views import PlainTextParser, _visible_family, bad_record, django_error, int_param
from archive.history import imports
from archive.history import services as import_jobs
from archive.history.models import ImportJob
from archive.history.selectors import import_job_progress
from archive.people import invitations
from archive.people.access import member_family_ids, require_editor_of, require_owner_of, role_subquery
from archive.people.audit import log_of
from archive.people.models import Family, Membership
from archive.table import services
from archive.table.api import serializers as s

# --- families and members --------------------------------------------------------------------------------


class FamilyViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.CreateModelMixin, viewsets.GenericViewSet):
    queryset = Family.objects.none()  # for the schema's path types; get_queryset limits to the caller's families
    serializer_class = s.FamilySerializer

    def get_queryset(self):
        user = self.request.user
        return Family.objects.filter(memberships__user=user).annotate(my_role=role_subquery(user)).order_by("name")

    def perform_create(self, serializer):
        data = serializer.validated_data
        serializer.instance = services.family_create(
            name=data["name"], owner=self.request.user, timezone=data.get("timezone") or "America/Chicago"
        )
        serializer.instance.my_role = Membership.Role.OWNER

    @extend_schema(
        summary="The family's audit log (owners): changes that are not hands, who, when, what before",
        responses={200: s.AuditEntrySerializer(many=True)},
    )
    @action(detail=True, methods=["get"])
    def audit(self, request, pk=None):
        family = self.get_object()
        require_owner_of(request.user, family.pk)
        return Response(s.AuditEntrySerializer(log_of(family)[:500], many=True).data)

    @extend_schema(
        summary="The family's whole history as JSON Lines (one handrec/1 a line)",
        responses={(200, "application/jsonl"): OpenApiTypes.STR},
    )
    @action(detail=True, methods=["get"])
    def export(self, request, pk=None):
        family = self.get_object()
        lines = services.history_export(family=family)
        response = StreamingHttpResponse(
            (line if line.endswith("\n") else line + "\n" for line in lines), content_type="application/jsonl"
        )
        response["Content-Disposition"] = f'attachment; filename="{family.slug}-history.jsonl"'
        return response

    @extend_schema(
        summary="Import a history in JSON Lines (body, or multipart field 'file'); importing twice adds nothing",
        description="A small file is imported at once (200, or 400 naming every bad line; nothing is saved then). "
        "A file past IMPORT_INLINE_MAX_BYTES is imported by a background job: 202 with the job, "
        "whose progress and result GET imports/{job_id}/ gives.",
        request={
            "application/jsonl": OpenApiTypes.STR,
            "multipart/form-data": inline_serializer("HistoryUpload", {"file": drf_serializers.FileField()}),
        },
        responses={200: s.ImportResultSerializer, 202: s.ImportJobSerializer},
    )
    @action(
        detail=True,
        methods=["post"],
        url_path="import",
        parser_classes=[parsers.MultiPartParser, parsers.FormParser, PlainTextParser],
    )
    def import_history(self, request, pk=None):
        family = self.get_object()
        require_editor_of(request.user, family.pk)
        upload = request.FILES.get("file") if hasattr(request, "FILES") else None
        if upload is not None and upload.size > settings.IMPORT_INLINE_MAX_BYTES:
            return self._import_job(request, family, upload, upload.name)
        if upload is not None:
            raw = upload.read()
        else:
            raw = request.data if isinstance(request.data, str) else ""
            raw = raw.encode("utf-8") if isinstance(raw, str) else raw
        if len(raw) > settings.IMPORT_INLINE_MAX_BYTES:
            return self._import_job(request, family, io.BytesIO(raw), "history.jsonl")
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError:
            return Response({"detail": "The file is not UTF-8 text."}, status=400)
        try:
            result = imports.history_import(family=family, lines=raw.splitlines(), by=request.user)
        except referee.BadRecord as exc:
            return bad_record(exc)
        except DjangoValidationError as exc:
            return django_error(exc)
        return Response(result, status=200 if not result["error_count"] else 400)

    def _import_job(self, request, family, upload, name):
        job = import_jobs.import_start(family=family, by=request.user, upload=upload, name=name)
        job.refresh_from_db()
        data = import_job_progress(job)
        data["url"] = reverse("api-family-import-job", args=[family.pk, job.pk])
        return Response(data, status=202)

    @extend_schema(
        summary="A background import's progress and, when done, its result", responses={200: s.ImportJobSerializer}
    )
    @action(detail=True, methods=["get"], url_path=r"imports/(?P<job_id>[0-9]+)", url_name="import-job")
    def import_job(self, request, pk=None, job_id=None):
        family = self.get_object()
        require_editor_of(request.user, family.pk)
        job = get_object_or_404(ImportJob, pk=int(job_id), family=family)
        return Response(import_job_progress(job))


@extend_schema(parameters=[OpenApiParameter("family", int, description="only this family's members")])
class MembershipViewSet(
    mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.DestroyModelMixin, viewsets.GenericViewSet
):
    queryset = Membership.objects.none()  # for the schema's path types; get_queryset limits to the caller's families
    serializer_class = s.MembershipSerializer

    def get_queryset(self):
        qs = Membership.objects.filter(family__in=member_family_ids(self.request.user)).select_related("user")
        family = int_param(self.request, "family")
        if family is not None:
            qs = qs.filter(family_id=family)
        return qs.order_by("family_id", "user__username")

    @extend_schema(
        summary="Invite someone: an invitation link and code they accept (no member is added here)",
        request=s.MembershipCreateSerializer,
        responses={201: s.InvitationSerializer},
    )
    def create(self, request):
        ser = s.MembershipCreateSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        family = _visible_family(request.user, ser.validated_data["family"])
        require_owner_of(request.user, family.pk)
        invitation, code = invitations.invitation_create(
            family=family,
            role=ser.validated_data["role"],
            by=request.user,
            for_username=ser.validated_data.get("username") or "",
        )
        url = request.build_absolute_uri(reverse("invitation", args=[code]))
        return Response(
            s.InvitationSerializer(
                {
                    "id": invitation.pk,
                    "family": family.pk,
                    "role": invitation.role,
                    "code": code,
                    "url": url,
                    "expires_at": invitation.expires_at,
                }
            ).data,
            status=201,
        )

    @extend_schema(request=s.MembershipRoleSerializer, responses={200: s.MembershipSerializer})
    def partial_update(self, request, pk=None):
        m = self.get_object()
        ser = s.MembershipRoleSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        require_owner_of(request.user, m.family_id)
        m = services.member_add(family=m.family, user=m.user, role=ser.validated_data["role"], by=request.user)
        return Response(s.MembershipSerializer(m).data)

    def destroy(self, request, pk=None):
        m = self.get_object()
        require_owner_of(request.user, m.family_id)
        services.member_remove(membership=m, by=request.user)
        return Response(status=204)


class InvitationAcceptView(APIView):
    """Accept an invitation by its code: the caller becomes a member of its family."""

    @extend_schema(request=s.InvitationAcceptSerializer, responses={201: s.MembershipSerializer})
    def post(self, request):
        ser = s.InvitationAcceptSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        membership = invitations.invitation_accept(code=ser.validated_data["code"], user=request.user)
        return Response(s.MembershipSerializer(membership).data, status=201)
