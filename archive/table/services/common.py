"""What every write shares: the error a record gets, the editor check, the session lock."""

from __future__ import annotations

import referee
from archive.people import access
from archive.table.models import HandRevision, Session

Kind = HandRevision.Kind


def _bad(field: str, message: str, event=None):
    return referee.BadRecord([{"event": event, "field": field, "message": message}])


def _require_editor(by, family, doing="change this archive"):
    return access.require_role_of(by, family, access.EDIT_ROLES, doing=doing)


def _lock_session(session) -> Session:
    """Serialise every change of one session's hands: the chain must stay true under concurrent edits."""
    return Session.objects.select_for_update().get(pk=session.pk)
