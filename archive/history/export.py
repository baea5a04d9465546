"""A family's history out, as JSON Lines (archive.history.imports brings it back in)."""

from __future__ import annotations

import json

from archive.table.models import Hand


def history_export(*, family):
    """The family's live history as JSON Lines: one handrec/1 a line, in play order, each with an
    "archive" key ({"session": {...}, "number": k}) that lets archive.history.imports rebuild the sessions."""
    hands = (
        Hand.objects.filter(session__family=family, session__deleted_at__isnull=True, deleted_at__isnull=True)
        .select_related("session")
        .only(
            "number",
            "record",
            "session__key",
            "session__started_at",
            "session__timezone",
            "session__place",
            "session__house_rules",
            "session__first_dealer",
            "session__pot_in",
            "session__game",
            "session__variant",
            "session__notes",
        )
        .order_by("session__started_at", "session_id", "number")
    )
    for hand in hands.iterator(chunk_size=500):
        s = hand.session
        doc = dict(hand.record)
        doc["archive"] = {
            "session": {
                "key": s.key,
                "started_at": s.started_at.isoformat(),
                "timezone": s.timezone,
                "place": s.place,
                "house_rules": s.house_rules,
                "first_dealer": s.first_dealer,
                "pot_in": s.pot_in,
                "game": s.game,
                "variant": s.variant,
                "notes": s.notes,
            },
            "number": hand.number,
        }
        yield json.dumps(doc, ensure_ascii=False) + "\n"
