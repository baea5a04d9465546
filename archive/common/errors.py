"""The answer when a request fails on the server's side (config.urls' handler500).

A database that cannot be reached (PostgreSQL restarting, a connection dropped) is not a bug in the
page: the person gets 503 and "try again in a moment", as a page or, under /api/, as JSON, with
Retry-After. Django closes the broken connection at the end of the request, so the next request
opens a fresh one and the site recovers without a restart. The pages here read no user, no session
and no database.
"""

import logging
import sys

from django.conf import settings
from django.db import DatabaseError, DataError, IntegrityError
from django.http import JsonResponse
from django.shortcuts import render
from django.template.response import SimpleTemplateResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.defaults import page_not_found

log = logging.getLogger(__name__)

UNAVAILABLE = gettext_lazy("The archive's database cannot be reached just now (it may be restarting).")
RETRY_AFTER = "30"


def database_unavailable(exc) -> bool:
    """A database error that is no fault of the request: the connection, not the data."""
    return isinstance(exc, DatabaseError) and not isinstance(exc, DataError | IntegrityError)


def server_error(request):
    exc = sys.exc_info()[1]
    if database_unavailable(exc):
        log.error("database unavailable at %s: %r", request.path, exc)
        if request.path.startswith("/api/"):
            response = JsonResponse(
                {"detail": _("%(problem)s Try again in a moment.") % {"problem": UNAVAILABLE}}, status=503
            )
        else:
            response = SimpleTemplateResponse("503.html", {"message": UNAVAILABLE}, status=503).render()
        response["Retry-After"] = RETRY_AFTER
        return response
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": _("A server error occurred; nothing was half-saved.")}, status=500)
    return SimpleTemplateResponse("500.html", status=500).render()


def not_found(request, exception=None):
    """An address no page or API route has: JSON under /api/ (a client reads JSON), else the page."""
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": _("Not found: no such address in the API (see /api/docs/).")}, status=404)
    return page_not_found(request, exception)


def locked_out(request, original_response=None, credentials=None):
    """django-axes' answer to a locked account or address (429): JSON for the API, else the page."""
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": settings.AXES_COOLOFF_MESSAGE}, status=429)
    return render(request, settings.AXES_LOCKOUT_TEMPLATE, status=429)
