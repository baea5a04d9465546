"""What the API's views share: the error/1 document and 400 answers, reading a record and an id parameter,
the plain-text body parser and the newest-first cursor paging (a family the caller belongs to: archive.people.access)."""

from django.utils import translation
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter
from rest_framework import parsers, status
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import CursorPagination, LimitOffsetPagination
from rest_framework.response import Response

import referee
from archive.common import bounds

error_document = referee.error_document  # one shape of error/1, the referee's (the offline page's too)


def bad_record(exc, record=None):
    """The 400 of a refused record, its errors in the request's language (the services rule in the referee's
    English, which is what they store): the referee is asked again in that language (it stores nothing), and
    its answer is taken when it refuses the same places; a refusal that is not the referee's stays as it was."""
    return Response(error_document(_errors_in_language(exc.errors, record)), status=status.HTTP_400_BAD_REQUEST)


def _places(errors):
    return [(e.get("event"), e.get("field")) for e in errors]


def _errors_in_language(errors, record):
    language = translation.get_language() or "en"
    if record is None or language.startswith("en"):
        return errors
    try:
        referee.replay(record_from(record), language=language)
    except referee.BadRecord as again:
        if _places(again.errors) == _places(errors):
            return again.errors
    return errors


def record_from(raw):
    """The record as a dict: a JSON object, or JSON text of one; BadRecord (in the request's language) if not."""
    with referee.speaking(translation.get_language() or "en"):
        return referee.record_of(raw)


def one_value(request, name):
    """A query parameter given once, not empty, or None when it is absent; an empty or repeated one is a 400
    (the schema gives it one value: DRF read the last of several, or none of an empty one, and said nothing)."""
    values = request.query_params.getlist(name)
    if not values:
        return None
    if len(values) > 1 or values[0] == "":
        raise ValidationError({name: _("%(name)s is given once, with a value.") % {"name": name}})
    return values[0]


ID = {"type": "integer", "minimum": 1, "maximum": bounds.ID_MAX}  # an id, as the schema gives it


def id_query(name, description):
    """The schema of an id in the query (?family=): an id is a whole number from 1 (int_param reads it)."""
    return OpenApiParameter(name, ID, description=description)


def int_param(request, name):
    """An id in the query: absent is None; empty, repeated, junk, 0, a negative or a too-big number a 400 (issue 28)."""
    raw = one_value(request, name)
    if raw is None:
        return None
    try:
        value = int(raw)
    except ValueError:
        value = 0
    if not 1 <= value <= bounds.ID_MAX:
        raise ValidationError({name: _("%(name)s must be a number (an id).") % {"name": name}})
    return value


YES = ("true", "1", "yes")
NO = ("false", "0", "no")


def bool_param(request, name):
    """A yes/no query parameter: one of YES or NO (the schema's enum), absent is None; else a 400."""
    raw = one_value(request, name)
    if raw is None:
        return None
    if raw in YES + NO:
        return raw in YES
    raise ValidationError({name: _("%(name)s is true or false.") % {"name": name}})


def choice_param(request, name, choices):
    """A query parameter from a closed list (a status): absent is None; anything else a 400."""
    raw = one_value(request, name)
    if raw is None:
        return None
    if raw not in choices:
        raise ValidationError(
            {name: _("%(name)s is one of %(choices)s.") % {"name": name, "choices": ", ".join(choices)}}
        )
    return raw


def _count_param(request, name, *, lo, hi):
    raw = one_value(request, name)
    if raw is None:
        return None
    try:
        value = int(raw)
    except ValueError:
        value = None
    if value is None or not lo <= value <= hi:
        raise ValidationError(
            {name: _("%(name)s is a whole number from %(lo)s to %(hi)s.") % {"name": name, "lo": lo, "hi": hi}}
        )
    return value


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


class StrictLimitOffset(LimitOffsetPagination):
    """DRF's limit and offset, held to the schema (issue 28): junk, a negative or a too-big number is a 400
    naming the parameter, where DRF quietly answered the first page."""

    default_limit = 50
    max_limit = 500
    max_offset = 10**9

    def get_limit(self, request):
        limit = _count_param(request, self.limit_query_param, lo=1, hi=self.max_limit)
        return self.default_limit if limit is None else limit

    def get_offset(self, request):
        return _count_param(request, self.offset_query_param, lo=0, hi=self.max_offset) or 0

    def get_schema_operation_parameters(self, view):
        params = super().get_schema_operation_parameters(view)
        ranges = {self.limit_query_param: (1, self.max_limit), self.offset_query_param: (0, self.max_offset)}
        for param in params:
            lo, hi = ranges[param["name"]]
            param["schema"] = {**param["schema"], "minimum": lo, "maximum": hi}
        return params


class NewestFirst(CursorPagination):
    """A long list paged by a cursor (the last row's key), not by OFFSET and COUNT(*): the oldest page costs
    what the newest does (issue 16). `ordering` is set by each list; `limit` picks the page size."""

    page_size = 50
    page_size_query_param = "limit"
    max_page_size = 500

    def get_page_size(self, request):
        size = _count_param(request, self.page_size_query_param, lo=1, hi=self.max_page_size)  # junk: a 400
        return self.page_size if size is None else size

    def get_schema_operation_parameters(self, view):
        params = super().get_schema_operation_parameters(view)
        for param in params:
            if param["name"] == self.page_size_query_param:
                param["schema"] = {**param["schema"], "minimum": 1, "maximum": self.max_page_size}
        return params
