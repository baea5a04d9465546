"""Reads of hands: a page of them, one hand with its ruling in words, its revisions."""

from __future__ import annotations

from django.db.models import Exists, OuterRef, Subquery
from django.db.models.fields.json import KT
from django.http import Http404
from django.utils import translation
from django.utils.translation import gettext as _

import referee
from archive.table import reason_words
from archive.table.models import Dispute, Hand, HandRevision, LedgerEntry, Seat


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
        raise Http404(_("No such hand in this family."))
    return hand


def hand_page_row(family, pk) -> Hand:
    """The hand page's own read, in one query: the hand and its session, and `previous_id` and `next_id`, the
    live hands on either side in the night (the page caches what it renders of them: archive/common/fragments.py)."""
    around = Hand.objects.filter(session_id=OuterRef("session_id"), deleted_at__isnull=True)
    hand = (
        Hand.objects.filter(session__family=family, pk=pk)
        .select_related("session")
        .defer("session__notes")
        .annotate(
            previous_id=Subquery(around.filter(number__lt=OuterRef("number")).order_by("-number").values("id")[:1]),
            next_id=Subquery(around.filter(number__gt=OuterRef("number")).order_by("number").values("id")[:1]),
        )
        .first()
    )
    if hand is None:
        raise Http404(_("No such hand in this family."))
    return hand


def hand_disputes(hand):
    """The hand's disputes as its page lists them: title and state."""
    return list(Dispute.objects.filter(hand=hand).only("id", "title", "status").order_by("id"))


def hand_panel(hand) -> dict:
    """What the hand's ruling panel shows beyond the hand: its seats with their players, and its ledger rows."""
    seats = list(Seat.objects.filter(session_id=hand.session_id).select_related("player").order_by("position"))
    ledger = list(LedgerEntry.objects.filter(hand=hand).select_related("player").order_by("id"))
    net = (hand.ruling or {}).get("net") or [0] * len(seats)
    return {
        "players": [s.player for s in seats],
        "net": [
            {"seat": s.position, "player": s.player, "net": net[i] if i < len(net) else 0} for i, s in enumerate(seats)
        ],
        "ledger": ledger,
        "violations": (hand.ruling or {}).get("violations") or [],
    }


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


def ruling_for_reader(hand, language: str | None = None) -> dict:
    """The hand's ruling with its words (summary, violations, errors) in the reader's language: made again by
    the referee from the stored record, since the stored ruling's words are English. The money and the facts
    are the stored ruling's; if the referee's answer today differed in them, the stored ruling is shown."""
    stored = hand.ruling or {}
    language = language or translation.get_language() or "en"
    if language.split("-")[0] == "en" or not hand.record:
        return stored
    try:
        said = referee.replay(hand.record, language=language)
    except referee.BadRecord:
        return stored
    if any(said.get(k) != stored.get(k) for k in ("net", "pot_out", "status", "facts")):
        return stored
    return said


def summaries_for_reader(ids, language: str | None = None) -> dict:
    """{hand id: its ruling's summary in the reader's language} for the hands of `ids`; {} for an English reader,
    who reads the stored words. Each hand is ruled again (ruling_for_reader): a few milliseconds a hand, paid
    once a family version by the cached pages that show them."""
    language = language or translation.get_language() or "en"
    if language.split("-")[0] == "en" or not ids:
        return {}
    hands = Hand.objects.filter(pk__in=list(ids)).only("id", "record", "ruling")
    return {h.pk: ruling_for_reader(h, language).get("summary", "") for h in hands}


def with_reader_summaries(hands):
    """Sets `summary` on a page of hands (rows of hand_rows) in the reader's language."""
    said = summaries_for_reader([h.pk for h in hands])
    for h in hands:
        if h.pk in said:
            h.summary = said[h.pk]
    return hands


def ledger_for_reader(ledger) -> list:
    """The hand's ledger rows with each reason in the reader's language (the stored reason is the referee's
    English, which sorts the entries: archive/table/reason_words.py)."""
    for e in ledger:
        e.reason = reason_words.said(e.reason)
    return ledger
