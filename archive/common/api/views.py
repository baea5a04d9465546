"""What the API's views share: the error/1 document and 400 answers, reading a record and an id parameter,
the plain-text body parser and the newest-first cursor paging (a family the caller belongs to: archive.people.access)."""

from rest_framework import parsers, status
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import CursorPagination
from rest_framework.response import Response

import referee

error_document = referee.error_document  # one shape of error/1, the referee's (the offline page's too)


def bad_record(exc):
    return Response(error_document(exc.errors), status=status.HTTP_400_BAD_REQUEST)


record_from = referee.record_of  # the record as a dict: a JSON object, or JSON text of one (BadRecord)


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


class NewestFirst(CursorPagination):
    """A long list paged by a cursor (the last row's key), not by OFFSET and COUNT(*): the oldest page costs
    what the newest does (issue 16). `ordering` is set by each list; `limit` picks the page size."""

    page_size = 50
    page_size_query_param = "limit"
    max_page_size = 500
