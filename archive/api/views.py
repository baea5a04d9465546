"""The REST API: thin classes over archive.services (writes) and querysets limited to the
caller's families (reads). Strangers get 404, viewers 403 on writes, a bad record 400 with
the referee's error/1 document and nothing saved."""

import io

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db.models import Count, OuterRef, QuerySet, Subquery
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Coalesce
from django.http import Http404, StreamingHttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, inline_serializer
from rest_framework import mixins, parsers, status, viewsets
from rest_framework import serializers as drf_serializers
from rest_framework.decorators import action
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import CursorPagination
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

import referee
from archive import import_jobs, imports, invitations, selectors, selectors_games, services
from archive.access import member_family_ids, require_editor_of, require_owner_of, role_subquery
from archive.api import serializers as s
from archive.audit import log_of
from archive.models import Dispute, Family, Hand, HandRevision, ImportJob, Membership, Player, Session
from archive.selectors_imports import import_job_progress


def error_document(errors):
    return {"format": "error/1", "errors": list(errors)}


def bad_record(exc):
    return Response(error_document(exc.errors), status=status.HTTP_400_BAD_REQUEST)


def record_from(value):
    """The record as a dict: a JSON object, or JSON text of one (raises referee.BadRecord)."""
    if isinstance(value, str):
        value = referee.loads(value)
    if not isinstance(value, dict):
        raise referee.BadRecord(
            [{"event": None, "field": "*", "message": "A hand record must be a JSON object {...}."}]
        )
    return value


def int_param(request, name):
    raw = request.query_params.get(name)
    if raw in (None, ""):
        return None
    try:
        return int(raw)
    except ValueError:
        raise ValidationError({name: f"{name} must be a number (an id)."})


def django_error(exc):
    msgs = exc.messages if hasattr(exc, "messages") else [str(exc)]
    fields = exc.message_dict if hasattr(exc, "error_dict") else {}  # each field named, as DRF's own errors
    return Response({"detail": " ".join(msgs), **fields}, status=status.HTTP_400_BAD_REQUEST)


class PlainTextParser(parsers.BaseParser):
    """JSON Lines or a raw record as the body: handed to the view as text."""

    media_type = "*/*"

    def parse(self, stream, media_type=None, parser_context=None):
        data = stream.read() if stream else b""
        return data.decode("utf-8", errors="replace")


# --- the referee: no login, stores nothing ---------------------------------------------------------------


def _record_of_body(request):
    """The body as a record dict (raises referee.BadRecord naming what is wrong)."""
    try:
        text = request.body.decode("utf-8")
    except RequestDataTooBig:  # past DATA_UPLOAD_MAX_MEMORY_SIZE: answered in error/1 like any bad record
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        raise referee.BadRecord(
            [
                {
                    "event": None,
                    "field": "*",
                    "message": f"The body is too big: a hand record is at most {limit:,} bytes.",
                }
            ]
        )
    except UnicodeDecodeError:
        raise referee.BadRecord([{"event": None, "field": "*", "message": "The body is not UTF-8 text."}])
    return record_from(referee.loads(text))


class RefereeView(APIView):
    authentication_classes = []  # no session, so no CSRF: anyone may ask the referee
    permission_classes = [AllowAny]
    parser_classes = [PlainTextParser]

    @extend_schema(
        summary="Rule on a hand record (stores nothing)",
        request={"application/json": OpenApiTypes.OBJECT},
        responses={
            200: OpenApiResponse(OpenApiTypes.OBJECT, description="the ruling/1 document"),
            400: OpenApiResponse(s.ErrorDocumentSerializer, description="the error/1 document of a bad record"),
        },
        auth=[],
    )
    def post(self, request):
        try:
            ruling = referee.replay(_record_of_body(request))
        except referee.BadRecord as exc:
            return bad_record(exc)
        return Response(ruling)


class LegalView(APIView):
    """What may come next in a hand record, possibly unfinished: the card picker asks this after every tap,
    so the page holds no rule of any game."""

    authentication_classes = []  # like the referee: no session, no CSRF, stores nothing
    permission_classes = [AllowAny]
    parser_classes = [PlainTextParser]

    @extend_schema(
        summary="Who acts next in a hand record and what they may do (stores nothing)",
        request={"application/json": OpenApiTypes.OBJECT},
        responses={
            200: OpenApiResponse(s.LegalSerializer, description="the legal/1 document"),
            400: OpenApiResponse(s.ErrorDocumentSerializer, description="the error/1 document of a bad record"),
        },
        auth=[],
    )
    def post(self, request):
        try:
            answer = referee.legal(_record_of_body(request))
        except referee.BadRecord as exc:
            return bad_record(exc)
        return Response(answer)


class GamesView(APIView):
    """The referee's catalogue: every game, its variants, house rules (label, kind, default, sentence) and events."""

    authentication_classes = []
    permission_classes = [AllowAny]

    @extend_schema(
        summary="The games the referee rules on, with their house rules and events",
        responses={
            200: OpenApiResponse({"type": "array", "items": {"type": "object"}}, description="one entry per game")
        },
        auth=[],
    )
    def get(self, request):
        return Response(selectors_games.catalogue())


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


def _visible_family(user, family_id):
    family = Family.objects.filter(pk=family_id, memberships__user=user).first()
    if family is None:
        raise Http404
    return family


# --- players ---------------------------------------------------------------------------------------------


@extend_schema(parameters=[OpenApiParameter("family", int, description="only this family's players")])
class PlayerViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    queryset = Player.objects.none()  # for the schema's path types; get_queryset limits to the caller's families
    serializer_class = s.PlayerSerializer

    def get_queryset(self):
        qs = Player.objects.filter(family__in=member_family_ids(self.request.user))
        family = int_param(self.request, "family")
        if family is not None:
            qs = qs.filter(family_id=family)
        return qs.order_by("family_id", "name", "id")

    @extend_schema(request=s.PlayerCreateSerializer, responses={201: s.PlayerSerializer})
    def create(self, request):
        ser = s.PlayerCreateSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        family = _visible_family(request.user, ser.validated_data["family"])
        require_editor_of(request.user, family.pk)
        try:
            player = services.player_create(family=family, name=ser.validated_data["name"].strip(), by=request.user)
        except DjangoValidationError as exc:
            return django_error(exc)
        return Response(s.PlayerSerializer(player).data, status=201)

    @extend_schema(
        summary="Fold another entry of the same person into this one",
        request=s.MergeSerializer,
        responses={200: s.PlayerSerializer},
    )
    @action(detail=True, methods=["post"])
    def merge(self, request, pk=None):
        keep = self.get_object()
        ser = s.MergeSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        merge = get_object_or_404(self.get_queryset(), pk=ser.validated_data["merge"], family_id=keep.family_id)
        require_editor_of(request.user, keep.family_id)
        if merge.pk == keep.pk:
            return Response({"merge": ["A player cannot be merged into himself."]}, status=400)
        try:
            kept = services.players_merge(keep=keep, merge=merge, by=request.user)
        except DjangoValidationError as exc:
            return django_error(exc)
        return Response(s.PlayerSerializer(kept).data)

    @extend_schema(
        summary="Undo the merge that folded this entry into another", request=None, responses={200: s.PlayerSerializer}
    )
    @action(detail=True, methods=["post"])
    def unmerge(self, request, pk=None):
        player = self.get_object()
        require_editor_of(request.user, player.family_id)
        return Response(s.PlayerSerializer(services.players_unmerge(player=player, by=request.user)).data)


# --- sessions --------------------------------------------------------------------------------------------


class NewestFirst(CursorPagination):
    """A long list paged by a cursor (the last row's key), not by OFFSET and COUNT(*): the oldest page costs
    what the newest does (issue 16). `ordering` is set by each list; `limit` picks the page size."""

    page_size = 50
    page_size_query_param = "limit"
    max_page_size = 500


_live_hand_count = (
    Hand.objects.filter(session=OuterRef("pk"), deleted_at__isnull=True)
    .order_by()
    .values("session")
    .annotate(n=Count("id"))
    .values("n")
)


class SessionPagination(NewestFirst):
    ordering = ("-started_at", "-id")


class DisputePagination(NewestFirst):
    ordering = ("-opened_at", "-id")


@extend_schema(parameters=[OpenApiParameter("family", int, description="only this family's sessions")])
class SessionViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    queryset = Session.objects.none()  # for the schema's path types; get_queryset limits to the caller's families
    serializer_class = s.SessionSerializer
    pagination_class = SessionPagination

    def get_queryset(self):
        qs = Session.objects.filter(
            family__in=member_family_ids(self.request.user), deleted_at__isnull=True
        ).prefetch_related("seats__player")
        if self.action != "list":  # a list counts its page's hands after paging (`list`)
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
        return self.get_paginated_response(self.get_serializer(page, many=True).data)

    @extend_schema(request=s.SessionCreateSerializer, responses={201: s.SessionSerializer})
    def create(self, request):
        ser = s.SessionCreateSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        data = ser.validated_data
        family = _visible_family(request.user, data["family"])
        require_editor_of(request.user, family.pk)
        players = []
        for item in data["players"]:
            if isinstance(item, int):
                p = Player.objects.filter(family=family, pk=item, merged_into__isnull=True).first()
                if p is None:
                    return Response({"players": [f"Player {item} is not one of this family's players."]}, status=400)
            else:
                p = services.player_for_name(family=family, name=item, by=request.user)
            players.append(p)
        if len({p.pk for p in players}) != len(players):
            return Response({"players": ["A player can sit in only one seat."]}, status=400)
        try:
            session = services.session_create(
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
        except referee.BadRecord as exc:
            return bad_record(exc)
        except DjangoValidationError as exc:
            return django_error(exc)
        return Response(s.SessionSerializer(self.get_queryset().get(pk=session.pk)).data, status=201)

    @extend_schema(
        summary="What the next hand's record starts from (players, dealer, pot_in, house rules)",
        responses={200: OpenApiTypes.OBJECT},
    )
    @action(detail=True, methods=["get"])
    def next(self, request, pk=None):
        session = self.get_object()
        return Response(services.session_next_hand_defaults(session=session))


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


@extend_schema(
    parameters=[
        OpenApiParameter("family", int, description="only this family's hands"),
        OpenApiParameter("session", int, description="only this session's hands (in order)"),
        OpenApiParameter("status", str, enum=["complete", "void", "incomplete"]),
        OpenApiParameter("deleted", bool, description="include deleted hands"),
    ]
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
        qs = (
            self.base_queryset()
            .select_related("session")
            .defer("record", "ruling", "session__house_rules", "session__notes")
            .annotate(summary=KeyTextTransform("summary", "ruling"))
        )
        family = int_param(request, "family")
        session = int_param(request, "session")
        if session is not None:
            qs = qs.filter(session_id=session)
        if family is not None:
            qs = one_familys_hands(qs, family)
        st = request.query_params.get("status")
        if st:
            qs = qs.filter(status=st)
        if request.query_params.get("deleted") not in ("1", "true", "yes"):
            qs = qs.filter(deleted_at__isnull=True)
        page = self.paginate_queryset(qs)
        return self.get_paginated_response(s.HandListSerializer(page, many=True).data)

    def retrieve(self, request, pk=None):
        return Response(s.HandSerializer(self.get_object()).data)

    @extend_schema(request=s.HandCreateSerializer, responses={201: s.HandSerializer, 400: s.ErrorDocumentSerializer})
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
            hand = services.hand_add(session=session, record=record, by=request.user, why=ser.validated_data["why"])
        except referee.BadRecord as exc:
            return bad_record(exc)
        except DjangoValidationError as exc:
            return django_error(exc)
        return Response(s.HandSerializer(hand).data, status=201)

    @extend_schema(request=s.HandEditSerializer, responses={200: s.HandSerializer, 400: s.ErrorDocumentSerializer})
    def update(self, request, pk=None):
        hand = self.get_object()
        ser = s.HandEditSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        require_editor_of(request.user, hand.session.family_id)
        try:
            record = record_from(ser.validated_data["record"])
            hand = services.hand_edit(hand=hand, record=record, by=request.user, why=ser.validated_data["why"])
        except referee.BadRecord as exc:
            return bad_record(exc)
        except DjangoValidationError as exc:
            return django_error(exc)
        return Response(s.HandSerializer(hand).data)

    @extend_schema(request=s.HandEditSerializer, responses={200: s.HandSerializer, 400: s.ErrorDocumentSerializer})
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

    @extend_schema(request=s.WhySerializer, responses={200: s.HandSerializer})
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
            return bad_record(exc)
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


# --- disputes --------------------------------------------------------------------------------------------


@extend_schema(
    parameters=[
        OpenApiParameter("family", int, description="only this family's disputes"),
        OpenApiParameter("hand", int, description="only this hand's disputes"),
        OpenApiParameter("status", str, enum=["open", "resolved"]),
    ]
)
class DisputeViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    queryset = Dispute.objects.none()  # for the schema's path types; get_queryset limits to the caller's families
    serializer_class = s.DisputeSerializer
    pagination_class = DisputePagination

    def base_queryset(self):
        return (
            Dispute.objects.filter(family__in=member_family_ids(self.request.user))
            .select_related("opened_by", "resolved_by")
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
        st = self.request.query_params.get("status")
        if st:
            qs = qs.filter(status=st)
        return qs.order_by("-opened_at", "-id")

    @extend_schema(request=s.DisputeCreateSerializer, responses={201: s.DisputeSerializer})
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
    @extend_schema(methods=["post"], request=s.DisputeReplySerializer, responses={201: s.DisputeMessageSerializer})
    @action(detail=True, methods=["get", "post"])
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
        request=s.DisputeResolveSerializer, responses={200: s.DisputeSerializer, 400: s.ErrorDocumentSerializer}
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
            return bad_record(exc)
        except DjangoValidationError as exc:
            return django_error(exc)
        return Response(s.DisputeSerializer(self.get_queryset().get(pk=d.pk)).data)
