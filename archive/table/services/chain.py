"""One path for every hand: a record filled from its session, ruled by the referee, and written as the Hand,
its HandRevision and its LedgerEntry rows; the chain of pots (and what else a hand carries) re-ruled after a
change. The JSON Lines import (archive.history.imports) writes the same rows in bulk with these helpers."""

from __future__ import annotations

import hashlib
import json

import orjson
from django.core.exceptions import ValidationError
from django.db import connection
from django.db.models import Max, Subquery
from django.utils import timezone as dj_timezone
from django.utils.translation import gettext as _

from archive.common import bounds
from archive.table.carry import apply_carry, carry_of, record_carry
from archive.table.models import Hand, HandRevision, LedgerEntry, Seat
from archive.table.services.common import Kind, _bad
from archive.table.signals import hands_changed
from referee.chain import fill, set_up


def record_hash(record: dict) -> str:
    """What identifies a hand's record in an import: everything but the chain-derived pot_in.
    Stored as Hand.record_key, so an import finds the hands it holds without reading records."""
    body = {k: v for k, v in record.items() if k not in ("pot_in", "archive")}
    try:
        text = orjson.dumps(body, option=orjson.OPT_SORT_KEYS)
    except TypeError:  # a number past 64 bits (refused later by the bounds): the slow encoder takes it
        text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    return hashlib.sha256(text).hexdigest()


def _seats(session) -> list[Seat]:
    return list(Seat.objects.filter(session=session).select_related("player").order_by("position"))


def fill_record(session, seats, record, *, pot_in: int, dealer: int, carry: dict | None = None) -> dict:
    """The record as the referee must see it: the session's game, seat names and house rules,
    the chain's pot_in (and what else the last hand carries, `carry`: see archive/table/carry.py; None leaves
    the record's own), and the next dealer unless the table named one."""
    if not isinstance(record, dict):
        raise _bad("*", _('A hand record is a JSON object: {"format": "handrec/1", "events": [...], ...}.'))
    rec = {k: v for k, v in record.items() if k != "archive"}
    if rec.get("game") not in (None, session.game):
        raise _bad(
            "game",
            _("This session plays %(game)s; the record is a %(other)s hand.")
            % {"game": session.game, "other": repr(rec.get("game"))},
        )
    names = [s.player.name for s in seats]
    given = rec.get("players")
    if given is not None and (not isinstance(given, list) or len(given) != len(names)):
        raise _bad(
            "players",
            (
                _(
                    "This session has %(n)s seats (%(names)s); the record names %(given)s players. Log the hand in "
                    "a session with that table, or leave out `players`."
                )
                if isinstance(given, list)
                else _(
                    "This session has %(n)s seats (%(names)s); the record names no list of players. Log the hand "
                    "in a session with that table, or leave out `players`."
                )
            )
            % {"n": len(names), "names": ", ".join(names), "given": len(given) if isinstance(given, list) else 0},
        )
    # The rest is the referee's rule of the chain (referee/chain.py), the one the phone with no network uses.
    before = set_up(
        session.game,
        names,
        variant=session.variant,
        house_rules=session.house_rules,
        dealer=dealer,
        pot_in=pot_in,
        carry=carry,
    )
    return fill(before, rec, carry=carry is not None)


def hand_values(record: dict, ruling: dict) -> dict:
    facts = ruling["facts"]
    return {
        "status": ruling["status"],
        "dealer": record["dealer"],
        "actual_dealer": facts["dealer"],
        "next_dealer": facts["next_dealer"],
        "may_stop": facts["may_stop"],
        "pot_in": ruling["pot_in"],
        "pot_out": ruling["pot_out"],
        "violation_count": len(ruling.get("violations") or ()),
        "record_key": record_hash(record),
    }


def ledger_rows(hand, session, seats, ruling) -> list[tuple]:
    """The ruling's ledger as LedgerEntry rows (tuples in LEDGER_COLUMNS order), one per movement."""
    played_at = _db_datetime(session.started_at)
    return [
        (
            hand.id,
            session.id,
            session.family_id,
            seats[e["seat"]].player_id,
            played_at,
            e["seat"],
            e["amount"],
            kind,
            str(e.get("reason", ""))[:200],
            e.get("event"),
        )
        for e, kind in zip(ruling["ledger"], ruling["facts"]["kinds"], strict=True)
    ]


LEDGER_COLUMNS = (
    "hand_id",
    "session_id",
    "family_id",
    "player_id",
    "played_at",
    "seat",
    "amount",
    "kind",
    "reason",
    "event",
)


def _db_datetime(value):
    return LedgerEntry._meta.get_field("played_at").get_db_prep_save(value, connection)


def write_ledger(rows: list[tuple]):
    """Insert ledger rows with one executemany: the ORM's per-value preparation dominated bulk loads
    (ten rows a hand), and these rows are plain numbers and short strings."""
    if not rows:
        return
    table = connection.ops.quote_name(LedgerEntry._meta.db_table)
    cols = ", ".join(connection.ops.quote_name(c) for c in LEDGER_COLUMNS)
    marks = ", ".join(["%s"] * len(LEDGER_COLUMNS))
    with connection.cursor() as cursor:
        cursor.executemany(f"INSERT INTO {table} ({cols}) VALUES ({marks})", rows)


def refresh_seat_totals(session):
    """Re-add each seat's net, hands and falls over the session's live hands: one UPDATE, each seat's totals
    summed by the database from its ledger rows (the ORM's aggregate and bulk update cost 4 ms a hand)."""
    seat, ledger = (connection.ops.quote_name(m._meta.db_table) for m in (Seat, LedgerEntry))
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {seat} SET (net, hands, falls) = ("
            "SELECT COALESCE(SUM(l.amount), 0), COUNT(DISTINCT l.hand_id), "
            "COALESCE(SUM(CASE WHEN l.kind = 'fall' THEN 1 ELSE 0 END), 0) "
            f"FROM {ledger} l WHERE l.session_id = {seat}.session_id AND l.seat = {seat}.position"
            ") WHERE session_id = %s",
            [session.pk],
        )


def _rewrite(hand, session, seats, record, ruling, *, kind, by, why):
    """Store a new ruling for an existing hand: fields, one more revision, fresh ledger rows."""
    for name, value in hand_values(record, ruling).items():
        setattr(hand, name, value)
    hand.record, hand.ruling = record, ruling
    hand.revision += 1
    hand.save()
    HandRevision.objects.create(
        hand=hand, number=hand.revision, kind=kind, record=record, ruling=ruling, by=by, why=why
    )
    LedgerEntry.objects.filter(hand=hand).delete()
    if hand.deleted_at is None:
        write_ledger(ledger_rows(hand, session, seats, ruling))


class HandChain:
    """Appends hands to the end of a session, exactly as hand_add does, in bulk.

    `next_pot_in` and `next_dealer` are what the next record gets. `add()` rules a
    record at once (a bad one raises BadRecord) and queues it; `flush()` writes the
    queued hands, revisions and ledger rows with three bulk inserts. Hold the
    session lock (hand_add and the demo do) while using it; archive.history.imports writes in bulk itself.
    """

    def __init__(self, session, *, by, kind=Kind.CREATED, why=""):
        self.session, self.by, self.kind, self.why = session, by, kind, why
        self.seats = _seats(session)
        # The last live hand, with the night's top number beside it (one query; its record is not needed).
        top_number = Hand.objects.filter(session_id=session.pk).order_by().values("session_id")
        top_number = top_number.annotate(top=Max("number")).values("top")
        last = (
            Hand.objects.filter(session=session, deleted_at__isnull=True)
            .order_by("-number")
            .only("pot_out", "next_dealer", "ruling")
            .annotate(top=Subquery(top_number))
            .first()
        )
        top = last.top if last else Hand.objects.filter(session=session).aggregate(top=Max("number"))["top"]
        # Numbers are never reused, so a deleted hand can always be restored in its place.
        self.max_number = top or 0
        self.next_pot_in = last.pot_out if last else session.pot_in
        self.next_dealer = last.next_dealer if last else session.first_dealer
        self.next_carry = carry_of(session.game, last.ruling) if last else {}
        self.pending: list[tuple[Hand, str]] = []

    def fill(self, record) -> dict:
        return fill_record(
            self.session, self.seats, record, pot_in=self.next_pot_in, dealer=self.next_dealer, carry=self.next_carry
        )

    def add(self, record, *, number=None, why=None) -> Hand:
        rec = self.fill(record)
        ruling = bounds.replay(rec)
        if number is None:
            number = self.max_number + 1
        elif number <= self.max_number:
            raise ValidationError(
                _("Hand %(number)s would go before hand %(top)s, already archived.")
                % {"number": number, "top": self.max_number}
            )
        hand = Hand(
            session=self.session,
            family_id=self.session.family_id,
            number=number,
            record=rec,
            ruling=ruling,
            revision=1,
            **hand_values(rec, ruling),
        )
        self.pending.append((hand, self.why if why is None else why))
        self.max_number = number
        self.next_pot_in = hand.pot_out
        self.next_dealer = hand.next_dealer
        self.next_carry = carry_of(self.session.game, ruling)
        return hand

    def skip(self, hand):
        """Move the chain past an already archived hand (import of a hand we hold)."""
        self.max_number = max(self.max_number, hand.number)
        self.next_pot_in = hand.pot_out
        self.next_dealer = hand.next_dealer
        self.next_carry = carry_of(self.session.game, hand.ruling)

    def flush(self, *, stats=True) -> list[Hand]:
        """Write the queued hands. stats=False leaves the statistics to the caller (the demo asks for
        one recompute at the end instead of one update a night)."""
        if not self.pending:
            return []
        hands = Hand.objects.bulk_create([h for h, _ in self.pending])
        HandRevision.objects.bulk_create(
            HandRevision(hand=h, number=1, kind=self.kind, record=h.record, ruling=h.ruling, by=self.by, why=why)
            for h, why in self.pending
        )
        write_ledger([row for h in hands for row in ledger_rows(h, self.session, self.seats, h.ruling)])
        refresh_seat_totals(self.session)
        self.pending = []
        if stats:
            hands_changed.send(sender=__name__, hand_ids=[h.id for h in hands], family_id=self.session.family_id)
        return hands


def tail_rulings(session, number, pot, carry=None):
    """Yield (hand, record, ruling) for the live hands after `number` re-ruled from pot `pot` (and `carry`, see
    archive/table/carry.py) on, saving nothing; a ruling may be unchanged.

    A hand's ruling depends only on its record, its pot_in and what else it carries, so the first hand whose
    pot_in and carry are already right ends the walk: everything after it is as stored. The walk re-rules
    (_rerule_after) and what a disputed hand's versions carry into the night (archive.table.selectors.disputes)
    both read it.
    """
    game = session.game
    carry = carry or {}
    live = Hand.objects.filter(session=session, deleted_at__isnull=True).order_by("number")
    while True:
        # The walk usually stops after a few hands: read eight at a time, by number (no server-side cursor,
        # which costs three round trips even when no hand follows).
        page = list(live.filter(number__gt=number)[:8])
        for hand in page:
            if hand.pot_in == pot and record_carry(game, hand.record) == carry:
                return
            record = apply_carry(dict(hand.record, pot_in=pot), game, carry)
            ruling = bounds.replay(record)
            yield hand, record, ruling
            pot = ruling["pot_out"]
            carry = carry_of(game, ruling)
            number = hand.number
        if len(page) < 8:
            return


def _rerule_after(session, seats, number, pot, *, by, why, carry=None) -> list[int]:
    """Re-rule the live hands after `number` from pot `pot` (and `carry`) on (see tail_rulings); returns the
    ids of those whose ruling changed. The changed hands are written with a handful of bulk statements,
    however many there are."""
    changed: list[Hand] = []
    for hand, record, ruling in tail_rulings(session, number, pot, carry):
        if ruling != hand.ruling:
            for name, value in hand_values(record, ruling).items():
                setattr(hand, name, value)
            hand.record, hand.ruling = record, ruling
            hand.revision += 1
            changed.append(hand)
    if not changed:
        return []
    _update_hands(changed)
    HandRevision.objects.bulk_create(
        HandRevision(hand=h, number=h.revision, kind=Kind.RERULED, record=h.record, ruling=h.ruling, by=by, why=why)
        for h in changed
    )
    LedgerEntry.objects.filter(hand__in=changed).delete()
    write_ledger([row for h in changed for row in ledger_rows(h, session, seats, h.ruling)])
    return [h.id for h in changed]


_UPDATED = ("record", "ruling", "revision", "updated_at", *Hand.RULED_FIELDS)


def _update_hands(hands):
    """Save re-ruled hands with one executemany of plain UPDATEs: bulk_update's CASE expressions over
    two JSON columns cost more than the referee's work."""
    now = dj_timezone.now()
    fields = [Hand._meta.get_field(name) for name in _UPDATED]
    rows = []
    for hand in hands:
        hand.updated_at = now
        rows.append([f.get_db_prep_save(getattr(hand, f.attname), connection) for f in fields] + [hand.pk])
    q = connection.ops.quote_name
    sets = ", ".join(f"{q(f.column)} = %s" for f in fields)
    with connection.cursor() as cursor:
        cursor.executemany(f"UPDATE {q(Hand._meta.db_table)} SET {sets} WHERE {q('id')} = %s", rows)


def _chain_before(session, number) -> tuple[int, dict]:
    """(pot, carry) the chain hands to hand `number`: the last live hand's before it, or the session's start."""
    prev = (
        Hand.objects.filter(session=session, deleted_at__isnull=True, number__lt=number)
        .order_by("-number")
        .values_list("pot_out", "ruling")
        .first()
    )
    if prev is None:
        return session.pot_in, {}
    return prev[0], carry_of(session.game, prev[1])
