"""The API's answers to bad input: DRF's JSON parser with deep nesting caught, and an exception handler
that turns the services' ValidationError (the last owner demoted, ...) and too-big numbers into a 400
with the field named where it is known, as the pages do."""

from django.core.exceptions import RequestDataTooBig
from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.translation import gettext as _
from rest_framework import parsers, status
from rest_framework.exceptions import ParseError
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

import referee
from archive.common.middleware import TOO_DEEP, bad_input_message, too_big_document


class NotText(ParseError):
    """A body whose JSON strings are not all text (a lone surrogate): answered in error/1, each place named."""

    def __init__(self, errors):
        super().__init__(_("The body holds a string that is not text."))
        self.errors = errors


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser; JSON nested past Python's recursion limit is a ParseError (400), not a 500, and a
    lone surrogate in any string (which no answer, hash or database could write) a located error/1 (issue 28)."""

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(TOO_DEEP)
        errors = referee.text_errors(data)
        if errors:
            raise NotText(errors)
        return data


def exception_handler(exc, context):
    if isinstance(exc, NotText):
        return Response({"format": "error/1", "errors": exc.errors}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, RequestDataTooBig):
        return Response(too_big_document(), status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE)
    if isinstance(exc, DjangoValidationError):
        if hasattr(exc, "error_dict"):
            return Response(exc.message_dict, status=status.HTTP_400_BAD_REQUEST)
        return Response({"detail": " ".join(exc.messages)}, status=status.HTTP_400_BAD_REQUEST)
    message = bad_input_message(exc)
    if message is not None:
        return Response({"detail": message}, status=status.HTTP_400_BAD_REQUEST)
    return drf_exception_handler(exc, context)
