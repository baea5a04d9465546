"""What every write shares: the error a record gets, the editor check, the session lock."""

from __future__ import annotations

import referee
from archive.people.access import require_editor as _require_editor  # noqa: F401  (the services' name for it)
from archive.table.models import HandRevision, Session

Kind = HandRevision.Kind


def _bad(field: str, message: str, event=None):
    return referee.BadRecord([{"event": event, "field": field, "message": message}])


def _lock_session(session) -> Session:
    """Serialise every change of one session's hands: the chain must stay true under concurrent edits."""
    # its family with it (the editor check and the family's version read it): one query, only the night locked
    return Session.objects.select_for_update(of=("self",)).select_related("family").get(pk=session.pk)
