"""The history's actions on a family in the API: export, import (at once or as a background job) and the
job's progress. They extend the people's FamilyViewSet, which the router registers in this form."""

import io

from django.conf import settings
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import StreamingHttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import parsers
from rest_framework import serializers as drf_serializers
from rest_framework.decorators import action
from rest_framework.response import Response

import referee
from archive.common.api.schema import refused_for
from archive.common.api.views import PlainTextParser, bad_record, django_error
from archive.history import imports, services
from archive.history import serializers as s
from archive.history.export import history_export
from archive.history.models import ImportJob
from archive.history.selectors import import_job_progress
from archive.people.access import require_editor_of
from archive.people.api import families


class FamilyViewSet(families.FamilyViewSet):
    @extend_schema(
        summary="The family's whole history as JSON Lines (one handrec/1 a line)",
        responses={(200, "application/jsonl"): OpenApiTypes.STR},
    )
    @action(detail=True, methods=["get"])
    def export(self, request, pk=None):
        family = self.get_object()
        lines = history_export(family=family)
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
        extensions=refused_for("a line is not a hand or session the archive can take (each bad line named)"),
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
        elif not isinstance(request.data, str):  # a form without its file: the schema's one field is missing
            return Response({"file": [_("Send the history as the form's file field, or as the body.")]}, status=400)
        else:
            raw = request.data if isinstance(request.data, str) else ""
            raw = raw.encode("utf-8") if isinstance(raw, str) else raw
        if len(raw) > settings.IMPORT_INLINE_MAX_BYTES:
            return self._import_job(request, family, io.BytesIO(raw), "history.jsonl")
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError:
            return Response({"detail": _("The file is not UTF-8 text.")}, status=400)
        try:
            result = imports.history_import(family=family, lines=raw.splitlines(), by=request.user)
        except referee.BadRecord as exc:
            return bad_record(exc)
        except DjangoValidationError as exc:
            return django_error(exc)
        return Response(result, status=200 if not result["error_count"] else 400)

    def _import_job(self, request, family, upload, name):
        job = services.import_start(family=family, by=request.user, upload=upload, name=name)
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
