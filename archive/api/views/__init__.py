"""The REST API: thin classes over archive.table.services (writes) and querysets limited to the
caller's families (reads). Strangers get 404, viewers 403 on writes, a bad record 400 with
the referee's error/1 document and nothing saved.

One module a subject; the names below are the package's, so `archive.api.views.X` names each of them."""

from archive.common.api.views import (
    NewestFirst,
    PlainTextParser,
    bad_record,
    django_error,
    error_document,
    int_param,
    record_from,
)
from archive.people.api.families import FamilyViewSet, InvitationAcceptView, MembershipViewSet
from archive.table.api.disputes import DisputePagination, DisputeViewSet
from archive.table.api.hands import HandPagination, HandViewSet, OneFamilysHands, one_familys_hands
from archive.table.api.players import PlayerViewSet
from archive.table.api.referee import GamesView, LegalView, RefereeView
from archive.table.api.sessions import SessionPagination, SessionViewSet

__all__ = [
    "DisputePagination",
    "DisputeViewSet",
    "FamilyViewSet",
    "GamesView",
    "HandPagination",
    "HandViewSet",
    "InvitationAcceptView",
    "LegalView",
    "MembershipViewSet",
    "NewestFirst",
    "OneFamilysHands",
    "PlainTextParser",
    "PlayerViewSet",
    "RefereeView",
    "SessionPagination",
    "SessionViewSet",
    "bad_record",
    "django_error",
    "error_document",
    "int_param",
    "one_familys_hands",
    "record_from",
]
