"""Where a settle-up's pot comes from, for its sentence: the hands whose pot stayed on the table.

Settle-up counts the pot as a party: what went into a carried pot and was not won by the end of the night
(the last hand's "pot out") is owed to the pot, and what a night won out of a pot carried in from before
is paid by it. The page says so in a player's words and links to the hands: each session's last hand
whose pot out is not empty (the newest few), and for a pot that paid out, the first hand's pot in."""

import datetime
import zoneinfo

from django.db.models import OuterRef, Q, Subquery

from archive.table.models import Hand, Session

SHOWN = 3  # the newest few hands named; the sentence says when there are more


def _sessions(*, family, session=None, game=None, date_from=None, date_to=None):
    if session is not None:
        return Session.objects.filter(pk=session.pk)
    qs = Session.objects.filter(family=family, deleted_at__isnull=True)
    zone = zoneinfo.ZoneInfo(family.timezone)
    if game:
        qs = qs.filter(game=game)
    if date_from:
        qs = qs.filter(started_at__gte=datetime.datetime.combine(date_from, datetime.time(), zone))
    if date_to:
        qs = qs.filter(
            started_at__lt=datetime.datetime.combine(date_to + datetime.timedelta(days=1), datetime.time(), zone)
        )
    return qs


def _ends(qs, *, last):
    """Each session's first or last live hand: (session, hand id, number, pot)."""
    live = Hand.objects.filter(session=OuterRef("pk"), deleted_at__isnull=True).order_by(
        "-number" if last else "number"
    )
    field = "pot_out" if last else "pot_in"
    return qs.annotate(end_id=Subquery(live.values("pk")[:1]), end_number=Subquery(live.values("number")[:1])).annotate(
        end_pot=Subquery(live.values(field)[:1])
    )


def pot_hands(*, family, session=None, game=None, date_from=None, date_to=None, carried_out=True) -> dict:
    """{"hands": [{"hand_id", "number", "started_at", "timezone", "pot"}], "more": bool}: the hands whose pot
    stayed on the table at the end of their night (carried_out) or was there when it began (not carried_out),
    newest first."""
    qs = _sessions(family=family, session=session, game=game, date_from=date_from, date_to=date_to)
    rows = _ends(qs, last=carried_out).filter(~Q(end_pot=0), end_pot__isnull=False).order_by("-started_at", "-id")
    found = list(rows.values("end_id", "end_number", "end_pot", "started_at", "timezone")[: SHOWN + 1])
    hands = [
        {
            "hand_id": r["end_id"],
            "number": r["end_number"],
            "pot": r["end_pot"],
            "started_at": r["started_at"],
            "timezone": r["timezone"],
        }
        for r in found[:SHOWN]
    ]
    return {"hands": hands, "more": len(found) > SHOWN}  # (not counted: a page costs the same for any history)
