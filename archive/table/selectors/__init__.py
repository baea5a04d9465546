"""Every read the pages and the API make. Money comes from SQL aggregates over LedgerEntry
(one row per movement), never from loops over ruling JSON; each selector runs a fixed,
small number of queries whatever the size of the archive."""

from __future__ import annotations

from django.db import connection
from django.db.models import Count, Exists, F, Max, OuterRef, Subquery, Sum, Value
from django.db.models.fields.json import KT
from django.db.models.functions import Coalesce
from django.http import Http404

from archive.common import paging
from archive.people.models import Family, Membership, Player
from archive.table.carry import carry_of
from archive.table.models import Dispute, Hand, HandRevision, LedgerEntry, Seat, Session

# ---------------------------------------------------------------- families (who may do what: archive.people.access)


def families_for(user):
    """The families the user belongs to, each annotated with `role`, `session_count`, `hand_count`
    and `last_played`."""
    if user is None or not getattr(user, "is_authenticated", False):
        return Family.objects.none()
    live_sessions = Session.objects.filter(family=OuterRef("pk"), deleted_at__isnull=True)
    return (
        Family.objects.filter(memberships__user=user)
        .annotate(
            role=F("memberships__role"),
            session_count=Coalesce(
                Subquery(live_sessions.values("family").annotate(n=Count("id")).values("n")[:1]), Value(0)
            ),
            hand_count=Coalesce(
                Subquery(
                    Hand.objects.filter(
                        session__family=OuterRef("pk"), deleted_at__isnull=True, session__deleted_at__isnull=True
                    )
                    .values("session__family")
                    .annotate(n=Count("id"))
                    .values("n")[:1]
                ),
                Value(0),
            ),
            last_played=Subquery(live_sessions.order_by("-started_at").values("started_at")[:1]),
        )
        .order_by("name")
    )


def family_by_slug_for(user, slug) -> Family:
    """The family, annotated as in families_for; 404 for anyone who is not a member (no peeking)."""
    family = families_for(user).filter(slug=slug).first()
    if family is None:
        raise Http404("No such family.")
    return family


def members_of(family):
    return Membership.objects.filter(family=family).select_related("user").order_by("role", "user__username")


def players_of(family, *, include_merged=False):
    qs = Player.objects.filter(family=family).select_related("user", "merged_into")
    if not include_merged:
        qs = qs.filter(merged_into__isnull=True)
    return qs.order_by("name")


# ---------------------------------------------------------------- sessions


def with_player_net(hands, player):
    """Sets `net` (what the player won or paid) on a page of hands, in one query by hand: a per-row
    subquery let SQLite walk the player's whole ledger for each of the page's hands (0.5 s at 22,000)."""
    nets = dict(
        LedgerEntry.objects.filter(hand__in=[h.pk for h in hands], player=player)
        .values("hand")
        .annotate(s=Sum("amount"))
        .values_list("hand", "s")
    )
    for h in hands:
        h.net = nets.get(h.pk, 0)
    return hands


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


def session_for(family, pk) -> Session:
    session = Session.objects.filter(family=family, pk=pk, deleted_at__isnull=True).first()
    if session is None:
        raise Http404("No such session in this family.")
    return session


def counted_before(session, number) -> int:
    """How many live hands before hand `number` counted: a void hand (a misdeal, dealt again) is not one of a
    game's deals, so a game's deal number is this plus one."""
    live = Hand.objects.filter(session=session, deleted_at__isnull=True, number__lt=number)
    return live.exclude(status=Hand.Status.VOID).count()


def next_hand_defaults(session) -> dict:
    """What the next record of the session gets unless the table says otherwise: the seats' names,
    the dealer (left of the last hand's actual dealer; the same seat again after a void hand),
    the pot carried from the last hand, the session's house rules and game."""
    names = list(Seat.objects.filter(session=session).order_by("position").values_list("player__name", flat=True))
    last = (
        Hand.objects.filter(session=session, deleted_at__isnull=True)
        .order_by("-number")
        .only("number", "next_dealer", "pot_out", "ruling")
        .first()
    )
    top = Hand.objects.filter(session=session).aggregate(top=Max("number"))["top"] or 0
    counted = counted_before(session, top + 1)
    defaults = {
        "format": "handrec/1",
        "game": session.game,
        "variant": session.variant or None,
        "players": names,
        "dealer": last.next_dealer if last else session.first_dealer,
        "pot_in": last.pot_out if last else session.pot_in,
        "house_rules": dict(session.house_rules or {}),
        "number": top + 1,
        "counted": counted,
    }
    if last is not None:
        defaults.update(carry_of(session.game, last.ruling))  # what else the last hand carries (a svara)
    return defaults


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
    for hand in hands:
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
    carried = {}  # what else the last hand carries (archive/carry.py), and the seats it names, by name
    if last is not None:
        carry = Hand.objects.filter(pk=last["id"]).values_list("ruling__facts__carry", flat=True).first()
        carried = carry_of(session.game, {"facts": {"carry": carry or {}}})
    carried_seats = {
        k: [seats[x].player.name for x in v]
        for k, v in carried.items()
        if isinstance(v, list) and all(isinstance(x, int) and 0 <= x < n for x in v)
    }
    if last is None:
        may_stop = {"table": False, "why": "No hand has been played yet."}
    elif carried:
        may_stop = {
            "table": False,
            "why": f"Hand {last['number']} carried the pot ({last['pot_out']}¢) to a hand of its own: play on.",
        }
    elif last["table_may_stop"]:
        may_stop = {"table": True, "why": f"The pot was split in hand {last['number']} and nobody fell."}
    else:
        may_stop = {
            "table": False,
            "why": f"Hand {last['number']} carried the pot ({last['pot_out']}¢): play on until a hand in which "
            "the pot is split and nobody falls.",
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


# ---------------------------------------------------------------- hands


def hand_rows(ids=None):
    """Hands as a list shows them, with `summary` (from the ruling) and the session; the hands of `ids` when
    given. Never the record or the ruling: the big JSON stays in the database."""
    qs = (
        Hand.objects.select_related("session")
        .defer("record", "ruling", "session__house_rules", "session__notes")
        .annotate(summary=KT("ruling__summary"))
    )
    return qs if ids is None else qs.filter(pk__in=ids)


def hand_list(
    *,
    family=None,
    session=None,
    player=None,
    status=None,
    violations=None,
    game=None,
    since=None,
    until=None,
    disputed=None,
    include_deleted=False,
):
    """Hands, newest first, with `summary` (from the ruling) and the session selected.

    Filters: family (or its id) or session, player (sat at the table), status, violations (True: only hands with
    violations; False: only clean hands), game, since/until (dates or datetimes of the session),
    disputed (an open dispute), include_deleted.
    """
    qs = hand_rows()
    if session is not None:
        qs = qs.filter(session=session)
    if family is not None:
        # Both: the hand's own column, and the session's, which lets the database walk the family's sessions
        # newest first off their index (a page of a long history costs what the first page does).
        qs = qs.filter(family=family, session__family=family)
    qs = qs.filter(session__deleted_at__isnull=True)
    if not include_deleted:
        qs = qs.filter(deleted_at__isnull=True)
    if player is not None:
        qs = qs.filter(Exists(Seat.objects.filter(session=OuterRef("session"), player=player)))
    if status:
        qs = qs.filter(status=status)
    if violations is True:
        qs = qs.filter(violation_count__gt=0)
    elif violations is False:
        qs = qs.filter(violation_count=0)
    if game:
        qs = qs.filter(session__game=game)
    if since is not None:
        qs = qs.filter(session__started_at__gte=since)
    if until is not None:
        qs = qs.filter(session__started_at__lt=until)
    if disputed is not None:
        open_ = Exists(Dispute.objects.filter(hand=OuterRef("pk"), status=Dispute.Status.OPEN))
        qs = qs.filter(open_ if disputed else ~open_)
    return qs.order_by("-session__started_at", "-session_id", "-number")


def hand_for(family, pk) -> Hand:
    hand = Hand.objects.filter(session__family=family, pk=pk).select_related("session").first()
    if hand is None:
        raise Http404("No such hand in this family.")
    return hand


def hand_detail(hand) -> dict:
    """The hand page: seats, ledger rows with players, revisions, disputes, neighbours in the session."""
    session = hand.session
    seats = list(Seat.objects.filter(session=session).select_related("player").order_by("position"))
    ledger = list(LedgerEntry.objects.filter(hand=hand).select_related("player").order_by("id"))
    revisions = list(HandRevision.objects.filter(hand=hand).select_related("by").defer("record", "ruling"))
    disputes = list(
        Dispute.objects.filter(hand=hand)
        .select_related("opened_by", "resolved_by", "ruling_revision")
        .prefetch_related("messages__author")
    )
    around = Hand.objects.filter(session=session, deleted_at__isnull=True)
    prev_id = around.filter(number__lt=hand.number).order_by("-number").values_list("id", flat=True).first()
    next_id = around.filter(number__gt=hand.number).order_by("number").values_list("id", flat=True).first()
    net = (hand.ruling or {}).get("net") or [0] * len(seats)
    return {
        "hand": hand,
        "session": session,
        "seats": seats,
        "players": [s.player for s in seats],
        "net": [
            {"seat": s.position, "player": s.player, "net": net[i] if i < len(net) else 0} for i, s in enumerate(seats)
        ],
        "ledger": ledger,
        "violations": (hand.ruling or {}).get("violations") or [],
        "revisions": revisions,
        "disputes": disputes,
        "previous_id": prev_id,
        "next_id": next_id,
    }


def hand_revisions(hand):
    return HandRevision.objects.filter(hand=hand).select_related("by").order_by("number")


# ---------------------------------------------------------------- players and balances


def family_balances(family, *, since=None, until=None):
    """Every player's net over the family's history (or the sessions begun in a period): `net`, `hands`,
    `falls`, `sessions`, biggest winner first. Read from the seats' totals: one row a player a night."""
    qs = Seat.objects.filter(session__family=family, session__deleted_at__isnull=True, hands__gt=0)
    if since is not None:
        qs = qs.filter(session__started_at__gte=since)
    if until is not None:
        qs = qs.filter(session__started_at__lt=until)
    return (
        qs.values("player_id", "player__name")
        .annotate(net=Sum("net"), hands=Sum("hands"), falls=Sum("falls"), sessions=Count("session", distinct=True))
        .order_by("-net", "player__name")
    )


# A player's page lists his latest nights (a phone's screenful); his hands below go back to his first.
RECENT_NIGHTS = 12


def player_history(player, *, net) -> dict:
    """A player's latest nights and his hands, in a bounded number of rows however long his history:
    `recent`, his RECENT_NIGHTS latest nights newest first, each with what he won or paid and `balance`, his balance
    after it (`net` is his balance now, from the statistics: archive.stats.selectors.player_record); and
    `hands`, a queryset of his hands newest first, to page through with `narrow` to his nights
    (`with_player_net` adds what he won or paid to a page)."""
    his = Exists(Seat.objects.filter(session=OuterRef("pk"), player=player, hands__gt=0))
    latest = list(
        Session.objects.filter(his, family_id=player.family_id, deleted_at__isnull=True)
        .order_by("-started_at", "-id")
        .values_list("pk", flat=True)[:RECENT_NIGHTS]
    )
    per_night = {
        r["session_id"]: r
        for r in Seat.objects.filter(player=player, session_id__in=latest, hands__gt=0)
        .values("session_id")
        # after a merge one player may hold two seats of a night: added up
        .annotate(session__started_at=Max("session__started_at"), net=Sum("net"), hands=Max("hands"))
        .order_by()
    }
    recent = []
    for pk in latest:
        row = per_night[pk]
        row["balance"] = net
        net -= row["net"]
        recent.append(row)

    def narrow(hands, *, key, older, day_end, n):
        """His hands of the first n nights past the key (a key is (started_at, night, number)): a page of n
        hands lies in them. Named first, they spare the database joining and sorting every hand he ever
        played to keep thirty (45 ms at 50,000 hands)."""
        nights = Session.objects.filter(
            Exists(Seat.objects.filter(session=OuterRef("pk"), player=player)),
            Exists(Hand.objects.filter(session=OuterRef("pk"), deleted_at__isnull=True)),
            family_id=player.family_id,
            deleted_at__isnull=True,
        )
        if key is not None:
            nights = nights.filter(paging.up_to(("started_at", "id"), key[:2], older))
        elif day_end is not None:
            nights = nights.filter(started_at__lt=day_end)
        order = ("-started_at", "-id") if older else ("started_at", "id")
        picked = list(nights.order_by(*order).values_list("pk", "started_at")[:n])
        if not picked:
            return hands.none()
        # their starts too: the nights are then read off their index, not all of the family's hashed
        starts = [started for _, started in picked]
        return hands.filter(
            session_id__in=[pk for pk, _ in picked],
            session__started_at__gte=min(starts),
            session__started_at__lte=max(starts),
        )

    # the family's id is all the filters need (player.family would be a query for its row)
    return {
        "player": player,
        "recent": recent,
        "hands": hand_list(family=player.family_id, player=player),
        "narrow": narrow,
    }
