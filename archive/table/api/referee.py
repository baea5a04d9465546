"""The referee's endpoints: rule on a record, what may come next, the games catalogue; their words in the
language the request asks for (Accept-Language, or the reader's), the JSON the same in every language."""

from django.http import HttpResponse
from django.utils import translation
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.views import APIView

import referee
from archive.common.api.schema import refused_for
from archive.common.api.views import PlainTextParser
from archive.table.api import serializers as s

# --- the referee: no login, stores nothing ---------------------------------------------------------------


def _answer(request, ask):
    """The referee's answer to the body, as referee.answer() writes it: the same bytes the browser's offline
    referee gives (static/js/offline/referee.js), so the two cannot drift apart."""
    try:
        # (a body past DATA_UPLOAD_MAX_MEMORY_SIZE raises RequestDataTooBig: the API's 413 in error/1)
        text = request.body.decode("utf-8")
    except UnicodeDecodeError:
        status, body = referee.refusal([{"event": None, "field": "*", "message": "The body is not UTF-8 text."}])
    else:
        status, body = referee.answer(ask, text, language=translation.get_language())
    return HttpResponse(body, status=status, content_type="application/json")


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
        extensions=refused_for("the record is not a hand the referee can rule on (error/1 names each place)"),
    )
    def post(self, request):
        return _answer(request, "replay")


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
        extensions=refused_for("the record is not a hand the referee can read (error/1 names each place)"),
    )
    def post(self, request):
        return _answer(request, "legal")


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
        status, body = referee.answer("games", language=translation.get_language())
        return HttpResponse(body, status=status, content_type="application/json")
