"""Reads of a family's nights (sessions): the list and its counts, one night's sheet, what the next hand gets."""

from __future__ import annotations

import json

from django.core.cache import cache
from django.db import connection
from django.db.models import Count, Max, Subquery, Sum
from django.db.models.fields.json import KT
from django.http import Http404
from django.utils.translation import gettext as _

from archive.common.money import text as money_text
from archive.table.carry import carry_of
from archive.table.models import Dispute, Hand, LedgerEntry, Seat, Session
from archive.table.selectors.hands import summaries_for_reader
from referee.chain import set_up


def session_count(family) -> int:
    """How many live sessions the family has (one indexed count: a family has thousands, not millions)."""
    return Session.objects.filter(family=family, deleted_at__isnull=True).count()


def session_list(family):
    """Live sessions, newest first (a page of them gets its counts from `with_session_counts`)."""
    return Session.objects.filter(family=family, deleted_at__isnull=True).order_by("-started_at", "-id")


# A page's sessions' numbers in one plain statement: three subqueries a row cost the ORM more to build and
# compile (4 ms a page) than the database to run.
_SESSION_COUNTS = (
    "SELECT s.id, "
    "(SELECT COUNT(*) FROM {hand} h WHERE h.session_id = s.id AND h.deleted_at IS NULL), "
    "(SELECT h.pot_out FROM {hand} h WHERE h.session_id = s.id AND h.deleted_at IS NULL "
    "ORDER BY h.number DESC LIMIT 1), "
    "(SELECT COUNT(*) FROM {seat} t WHERE t.session_id = s.id) "
    "FROM {session} s WHERE s.id IN ({ids})"
)


def with_session_counts(sessions):
    """Sets `hand_count` (live hands), `pot` (in the pot after the last hand) and `player_count` on a page of
    sessions, in one query."""
    if not sessions:
        return sessions
    sql = _SESSION_COUNTS.format(
        hand=Hand._meta.db_table,
        seat=Seat._meta.db_table,
        session=Session._meta.db_table,
        ids=", ".join(["%s"] * len(sessions)),
    )
    with connection.cursor() as cur:
        cur.execute(sql, [s.pk for s in sessions])
        counts = {row[0]: row[1:] for row in cur.fetchall()}
    for s in sessions:
        s.hand_count, pot, s.player_count = counts.get(s.pk, (0, None, 0))
        s.pot = s.pot_in if pot is None else pot
    return sessions


def seats_of(sessions) -> dict:
    """{session id: [{"position", "player", "name"}]} of a page of sessions, in one query of plain rows."""
    out = {}
    rows = Seat.objects.filter(session_id__in=[x.pk for x in sessions]).order_by("session_id", "position")
    for session_id, position, player_id, name in rows.values_list(
        "session_id", "position", "player_id", "player__name"
    ):
        out.setdefault(session_id, []).append({"position": position, "player": player_id, "name": name})
    return out


def session_for(family, pk) -> Session:
    session = Session.objects.filter(family=family, pk=pk, deleted_at__isnull=True).first()
    if session is None:
        raise Http404(_("No such session in this family."))
    return session


def counted_before(session, number) -> int:
    """How many live hands before hand `number` counted: a void hand (a misdeal, dealt again) is not one of a
    game's deals, so a game's deal number is this plus one."""
    live = Hand.objects.filter(session=session, deleted_at__isnull=True, number__lt=number)
    return live.exclude(status=Hand.Status.VOID).count()


def next_hand_defaults(session) -> dict:
    """What the next record of the session gets unless the table says otherwise: the seats' names,
    the dealer (left of the last hand's actual dealer; the same seat again after a void hand),
    the pot carried from the last hand, the session's house rules and game.

    Two queries: the seats' names, and the last live hand with the night's top number and its count of live
    hands that were dealt (not void) beside it; of its ruling only what it carries (`facts.carry`) is read."""
    names = list(Seat.objects.filter(session=session).order_by("position").values_list("player__name", flat=True))
    hands = Hand.objects.filter(session_id=session.pk)
    live = hands.filter(deleted_at__isnull=True)
    top_number = hands.order_by().values("session_id").annotate(top=Max("number")).values("top")
    dealt = live.exclude(status=Hand.Status.VOID).order_by().values("session_id").annotate(n=Count("id")).values("n")
    last = (
        live.order_by("-number")
        .annotate(carry=KT("ruling__facts__carry"), top=Subquery(top_number), counted=Subquery(dealt))
        .values("number", "next_dealer", "pot_out", "carry", "top", "counted")
        .first()
    )
    if last is None:  # no live hand (a new night, or every hand deleted): the numbers go on after the deleted
        top, counted = hands.aggregate(top=Max("number"))["top"] or 0, 0
    else:
        top, counted = last["top"], last["counted"] or 0
    carry = {}
    if last is not None and last["carry"]:  # what else the last hand carries (a svara)
        carry = last["carry"]
        carry = json.loads(carry) if isinstance(carry, str) else carry
    # The set-up's shape and what carries are the referee's (referee/chain.py: the phone with no network sets
    # up its next hand with the same rule); the last hand's next dealer and pot out were stored from its ruling.
    return set_up(
        session.game,
        names,
        variant=session.variant,
        house_rules=session.house_rules,
        dealer=last["next_dealer"] if last else session.first_dealer,
        pot_in=last["pot_out"] if last else session.pot_in,
        carry=carry_of(session.game, {"facts": {"carry": carry}}),
        number=top + 1,
        counted=counted,
    )


# A night never moves to another family (and ids are never reused: PostgreSQL's sequences, SQLite's
# AUTOINCREMENT): which family it is needs no version, only an expiry to return the memory.
NIGHT_FAMILY_TTL = 24 * 60 * 60


def _cached_owner(key, rows, column):
    """The `column` of the one row of `rows` (the id of what owns it), cached under `key` (it never changes);
    None for no such row (not cached)."""
    owner = cache.get(key)
    if owner is None:
        owner = rows.values_list(column, flat=True).first()
        if owner is not None:
            cache.set(key, owner, NIGHT_FAMILY_TTL)
    return owner


def night_family_id(pk) -> int | None:
    """The id of the family night `pk` belongs to (deleted or not), None for no such night (not cached)."""
    return _cached_owner(f"tk:night:{pk}:family", Session.objects.filter(pk=pk), "family_id")


def hand_night_id(pk) -> int | None:
    """The id of the night hand `pk` belongs to (a hand never moves to another night), None for no such hand
    (not cached). Read before a night's version, so the hand page knows which night's version to take."""
    return _cached_owner(f"tk:hand:{pk}:night", Hand.objects.filter(pk=pk), "session_id")


def next_hand_answer(family_id, pk) -> dict | bool:
    """What the API's `next/` answers for live night `pk` of the family (next_hand_defaults), False for none:
    a plain value, cached by the view under the family's version."""
    session = (
        Session.objects.filter(pk=pk, family_id=family_id, deleted_at__isnull=True)
        .only("id", "family_id", "game", "variant", "house_rules", "first_dealer", "pot_in")
        .first()
    )
    return False if session is None else next_hand_defaults(session)


def last_hand_events(session) -> list:
    """The events of the night's last live hand (none before the first): the hand-entry page starts the next
    hand's choices from them where the table usually says the same again (Swik's declarations, each game's way
    of logging: card by card, on paper, winners only)."""
    last = Hand.objects.filter(session=session, deleted_at__isnull=True).order_by("-number").only("record").first()
    events = (last.record or {}).get("events") if last is not None else None
    return events if isinstance(events, list) else []


def session_detail(session) -> dict:
    """Everything the session page shows, in five queries.

    hands: each live hand with its pot in and out, dealer, summary, every seat's net in the hand
      and running balance after it, and `table_may_stop` (the ruling's facts: in Swik, the pot was split
      and nobody fell).
    balances: every seat's balance after the last hand.
    may_stop: whether the table may stop now; players may leave after any hand.
    """
    seats = list(Seat.objects.filter(session=session).select_related("player").order_by("position"))
    n = len(seats)
    hands = list(
        Hand.objects.filter(session=session, deleted_at__isnull=True)
        .annotate(summary=KT("ruling__summary"))
        .values(
            "id",
            "number",
            "status",
            "dealer",
            "actual_dealer",
            "pot_in",
            "pot_out",
            "violation_count",
            "revision",
            "summary",
            "may_stop",
        )
        .order_by("number")
    )
    per_hand = {}  # hand id -> [net per seat]
    for row in (
        LedgerEntry.objects.filter(session=session).values("hand_id", "seat").annotate(net=Sum("amount")).order_by()
    ):
        per_hand.setdefault(row["hand_id"], [0] * n)[row["seat"]] = row["net"]
    open_disputes = set(
        Dispute.objects.filter(hand__session=session, status=Dispute.Status.OPEN).values_list("hand_id", flat=True)
    )
    running = [0] * n
    falls = [0] * n
    said = summaries_for_reader([hand["id"] for hand in hands])  # the summaries in the reader's language
    for hand in hands:
        hand["summary"] = said.get(hand["id"], hand["summary"])
        net = per_hand.get(hand["id"], [0] * n)
        running = [a + b for a, b in zip(running, net)]
        hand["net"] = net
        hand["balances"] = running
        hand["dealer_name"] = seats[hand["dealer"]].player.name if hand["dealer"] < n else "?"
        hand["actual_dealer_name"] = seats[hand["actual_dealer"]].player.name if hand["actual_dealer"] < n else "?"
        hand["table_may_stop"] = hand.pop("may_stop")  # the ruling's facts: the game's own rule
        hand["disputed"] = hand["id"] in open_disputes
    for row in (
        LedgerEntry.objects.filter(session=session, kind="fall").values("seat").annotate(n=Count("id")).order_by()
    ):
        falls[row["seat"]] = row["n"]
    last = hands[-1] if hands else None
    carried = {}  # what else the last hand carries (archive/table/carry.py), and the seats it names, by name
    if last is not None:
        carry = Hand.objects.filter(pk=last["id"]).values_list("ruling__facts__carry", flat=True).first()
        carried = carry_of(session.game, {"facts": {"carry": carry or {}}})
    carried_seats = {
        k: [seats[x].player.name for x in v]
        for k, v in carried.items()
        if isinstance(v, list) and all(isinstance(x, int) and 0 <= x < n for x in v)
    }
    said = {"number": last["number"], "pot": money_text(last["pot_out"])} if last is not None else {}
    if last is None:
        may_stop = {"table": False, "why": _("No hand has been played yet.")}
    elif carried:
        may_stop = {
            "table": False,
            "why": _("Hand %(number)s carried the pot (%(pot)s) to a hand of its own: play on.") % said,
        }
    elif last["table_may_stop"]:
        may_stop = {"table": True, "why": _("The pot was split in hand %(number)s and nobody fell.") % said}
    else:
        may_stop = {
            "table": False,
            "why": _(
                "Hand %(number)s carried the pot (%(pot)s): play on until a hand in which the pot is split and "
                "nobody falls."
            )
            % said,
        }
    may_stop["players_may_leave"] = True  # after any hand, if they said so beforehand
    return {
        "session": session,
        "seats": seats,
        "players": [s.player for s in seats],
        "hands": hands,
        "balances": [
            {"seat": s.position, "player": s.player, "balance": running[i], "falls": falls[i]}
            for i, s in enumerate(seats)
        ],
        "pot": last["pot_out"] if last else session.pot_in,
        "carried": carried,
        "carried_seats": carried_seats,
        "may_stop": may_stop,
        "next": {
            "number": (max(h["number"] for h in hands) + 1) if hands else 1,
            "pot_in": last["pot_out"] if last else session.pot_in,
        },
    }
