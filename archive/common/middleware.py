"""The last guard of the pages against input no form foresaw: a number too big for the database or for
Python's int conversions, or JSON nested past Python's recursion limit, is the sender's error (400),
not the server's (500). Each entry point bounds what it knows (archive.common.bounds); this catches the rest."""

import logging

from django.conf import settings
from django.core.exceptions import ObjectDoesNotExist, RequestDataTooBig
from django.db import DataError
from django.http import JsonResponse
from django.template.response import SimpleTemplateResponse
from django.utils import translation
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from archive.common import money

log = logging.getLogger(__name__)

TOO_BIG = gettext_lazy(
    "A number in the request is too big for the archive; amounts are at most 1,000,000,000,000 cents."
)
TOO_DEEP = gettext_lazy("The request's JSON is nested too deeply to be a hand record or a form's value.")


def bad_input_message(exc):
    """The words for an exception that means bad input, or None for any other exception."""
    if isinstance(exc, OverflowError):
        return TOO_BIG
    if isinstance(exc, RecursionError):
        return TOO_DEEP
    if isinstance(exc, DataError):  # PostgreSQL: "integer out of range", "value too long"
        return _("A value in the request is too big or too long for the archive: %(problem)s") % {
            "problem": str(exc).splitlines()[0]
        }
    return None


def too_big_document():
    """The error/1 document of a body past DATA_UPLOAD_MAX_MEMORY_SIZE (answered 413)."""
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    message = _("The body is too big: a request to the API is at most %(most)s bytes (a hand record is far less).") % {
        "most": number_format(limit, force_grouping=True)
    }
    return {"format": "error/1", "errors": [{"event": None, "field": "*", "message": message}]}


class BadInputMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exc):
        if isinstance(exc, RequestDataTooBig) and request.path.startswith("/api/"):
            # Django's answer is an HTML 400 page; the API's clients read error/1 (issue 28)
            log.warning("body too big at %s", request.path)
            return JsonResponse(too_big_document(), status=413)
        message = bad_input_message(exc)
        if message is None:
            return None
        log.warning("bad input at %s: %r", request.path, exc)
        if request.path.startswith("/api/"):
            return JsonResponse({"detail": message}, status=400)
        response = SimpleTemplateResponse("400.html", {"message": message}, status=400)
        return response.render()


class ReaderMiddleware:
    """Each request read in its reader's language and its family's money.

    After LocaleMiddleware (the picker's cookie, else the browser's Accept-Language) and the authentication:
    a language saved on the signed-in person's account wins. The money unit starts as dollars; looking a
    family up (archive.people.access.family_for) switches it to the family's."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        money.deactivate()
        language = saved_language(getattr(request, "user", None))
        if language and language != getattr(request, "LANGUAGE_CODE", None):
            translation.activate(language)
            request.LANGUAGE_CODE = language
        try:
            return self.get_response(request)
        finally:
            money.deactivate()


def saved_language(user) -> str:
    """The language on the account of a signed-in person ("" for none); read from the cached user, no query."""
    if user is None or not user.is_authenticated:
        return ""
    try:
        return user.account.language
    except ObjectDoesNotExist:
        return ""
