"""Reads of a player at the table: his nets, his nights and hands, the family's balances."""

from __future__ import annotations

from django.db.models import Count, Exists, Max, OuterRef, Sum

from archive.common import paging
from archive.table.models import Hand, LedgerEntry, Seat, Session
from archive.table.selectors.hands import hand_list


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
