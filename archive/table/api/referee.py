"""The referee's endpoints: rule on a record, what may come next, the games catalogue; their words in the
language the request asks for (Accept-Language, or the reader's), the JSON the same in every language."""

from django.http import HttpResponse
from django.utils import translation
from django.utils.translation import gettext as _
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
        status, body = referee.refusal([{"event": None, "field": "*", "message": _("The body is not UTF-8 text.")}])
    else:
        status, body = referee.answer(ask, text, language=translation.get_language())
    return HttpResponse(body, status=status, content_type="application/json")


class _AskTheReferee(APIView):
    """A question about a record put to the referee: no login, no session (so no CSRF), stores nothing."""

    authentication_classes = []
    permission_classes = [AllowAny]
    parser_classes = [PlainTextParser]
    ask = ""  # "replay", "legal" or "next"

    def post(self, request):
        return _answer(request, self.ask)


def _about_a_record(summary, answer, refusal):
    return extend_schema(
        summary=summary,
        request={"application/json": OpenApiTypes.OBJECT},
        responses={
            200: answer,
            400: OpenApiResponse(s.ErrorDocumentSerializer, description="the error/1 document of a bad record"),
        },
        auth=[],
        extensions=refused_for(refusal),
    )


class RefereeView(_AskTheReferee):
    ask = "replay"

    @_about_a_record(
        "Rule on a hand record (stores nothing)",
        OpenApiResponse(OpenApiTypes.OBJECT, description="the ruling/1 document"),
        "the record is not a hand the referee can rule on (error/1 names each place)",
    )
    def post(self, request):
        return super().post(request)


class LegalView(_AskTheReferee):
    """What may come next in a hand record, possibly unfinished: the card picker asks this after every tap,
    so the page holds no rule of any game."""

    ask = "legal"

    @_about_a_record(
        "Who acts next in a hand record and what they may do (stores nothing)",
        OpenApiResponse(s.LegalSerializer, description="the legal/1 document"),
        "the record is not a hand the referee can read (error/1 names each place)",
    )
    def post(self, request):
        return super().post(request)


class NextView(_AskTheReferee):
    """A hand logged at its place in a night, and the set-up of the hand after it (referee/chain.py): the
    hand-entry page asks this (or the referee in the phone, with no network) to set up the next hand."""

    ask = "next"

    @_about_a_record(
        "A hand ruled at its place in a night and the next hand's set-up (stores nothing)",
        OpenApiResponse(
            OpenApiTypes.OBJECT,
            description='next/1: {"format", "record", "ruling", "next"}; the body is {"before": the hand\'s '
            'set-up, "record": the hand}',
        ),
        "the set-up or the record is not one the referee can rule on (error/1 names each place)",
    )
    def post(self, request):
        return super().post(request)


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
