"""Every write to the archive. Keyword-only, atomic, permission-checked.

One path for every hand: the table's form, the API and the demo all go through `HandChain`
(the JSON Lines import, archive.imports, writes the same rows in bulk), which fills a record from its session,
has the referee rule on it and writes the Hand, its HandRevision and its
LedgerEntry rows. In a session hand k's pot_in is hand k-1's pot_out (deleted
hands drop out of the chain), so changing hand k re-rules k+1, k+2, ... in the
same transaction.

A record the referee cannot rule on raises `referee.BadRecord` and saves
nothing. A user who may not make the change gets PermissionDenied.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from datetime import datetime

import orjson
from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.db.models import Count, Max, Q, Sum
from django.utils import timezone as dj_timezone
from django.utils.text import slugify

import referee

from . import access, audit, bounds, jobs, selectors
from .carry import apply_carry, carry_of, record_carry
from .models import (
    Dispute,
    DisputeMessage,
    Family,
    Hand,
    HandRevision,
    LedgerEntry,
    Membership,
    Player,
    Seat,
    Session,
)

Kind = HandRevision.Kind


# ---------------------------------------------------------------- helpers


def _bad(field: str, message: str, event=None):
    return referee.BadRecord([{"event": event, "field": field, "message": message}])


def _require_editor(by, family, doing="change this archive"):
    return access.require_role_of(by, family, access.EDIT_ROLES, doing=doing)


def _lock_session(session) -> Session:
    """Serialise every change of one session's hands: the chain must stay true under concurrent edits."""
    return Session.objects.select_for_update().get(pk=session.pk)


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
    the chain's pot_in (and what else the last hand carries, `carry`: see archive/carry.py; None leaves
    the record's own), and the next dealer unless the table named one."""
    if not isinstance(record, dict):
        raise _bad("*", 'A hand record is a JSON object: {"format": "handrec/1", "events": [...], ...}.')
    rec = {k: v for k, v in record.items() if k != "archive"}
    if rec.get("game") not in (None, session.game):
        raise _bad("game", f"This session plays {session.game}; the record is a {rec.get('game')!r} hand.")
    rec.setdefault("format", "handrec/1")
    rec["game"] = session.game
    rec["variant"] = rec.get("variant") or (session.variant or None)
    names = [s.player.name for s in seats]
    given = rec.get("players")
    if given is not None and (not isinstance(given, list) or len(given) != len(names)):
        raise _bad(
            "players",
            f"This session has {len(names)} seats ({', '.join(names)}); the record names "
            f"{len(given) if isinstance(given, list) else 'no list of'} players. Log the hand in a session "
            "with that table, or leave out `players`.",
        )
    rec["players"] = names  # the session's seats are who sat there
    if rec.get("house_rules") is None:
        rec["house_rules"] = dict(session.house_rules or {})
    rec["pot_in"] = pot_in  # always from the chain: hand k starts with hand k-1's pot
    if carry is not None:
        apply_carry(rec, session.game, carry)
    if rec.get("dealer") is None:
        rec["dealer"] = dealer
    rec.setdefault("events", [])
    return rec


def _hand_values(record: dict, ruling: dict) -> dict:
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


def _ledger_rows(hand, session, seats, ruling) -> list[tuple]:
    """The ruling's ledger as LedgerEntry rows (tuples in _LEDGER_COLUMNS order), one per movement."""
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


_LEDGER_COLUMNS = (
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


def _write_ledger(rows: list[tuple]):
    """Insert ledger rows with one executemany: the ORM's per-value preparation dominated bulk loads
    (ten rows a hand), and these rows are plain numbers and short strings."""
    if not rows:
        return
    table = connection.ops.quote_name(LedgerEntry._meta.db_table)
    cols = ", ".join(connection.ops.quote_name(c) for c in _LEDGER_COLUMNS)
    marks = ", ".join(["%s"] * len(_LEDGER_COLUMNS))
    with connection.cursor() as cursor:
        cursor.executemany(f"INSERT INTO {table} ({cols}) VALUES ({marks})", rows)


def refresh_seat_totals(session):
    """Re-add each seat's net, hands and falls over the session's live hands (one aggregate, one update)."""
    totals = {
        r["seat"]: r
        for r in LedgerEntry.objects.filter(session=session)
        .values("seat")
        .annotate(net=Sum("amount"), hands=Count("hand", distinct=True), falls=Count("id", filter=Q(kind="fall")))
        .order_by()
    }
    seats = list(Seat.objects.filter(session=session))
    for seat in seats:
        row = totals.get(seat.position, {})
        seat.net, seat.hands, seat.falls = row.get("net") or 0, row.get("hands") or 0, row.get("falls") or 0
    Seat.objects.bulk_update(seats, ["net", "hands", "falls"])


def _rewrite(hand, session, seats, record, ruling, *, kind, by, why):
    """Store a new ruling for an existing hand: fields, one more revision, fresh ledger rows."""
    for name, value in _hand_values(record, ruling).items():
        setattr(hand, name, value)
    hand.record, hand.ruling = record, ruling
    hand.revision += 1
    hand.save()
    HandRevision.objects.create(
        hand=hand, number=hand.revision, kind=kind, record=record, ruling=ruling, by=by, why=why
    )
    LedgerEntry.objects.filter(hand=hand).delete()
    if hand.deleted_at is None:
        _write_ledger(_ledger_rows(hand, session, seats, ruling))


class HandChain:
    """Appends hands to the end of a session, exactly as hand_add does, in bulk.

    `next_pot_in` and `next_dealer` are what the next record gets. `add()` rules a
    record at once (a bad one raises BadRecord) and queues it; `flush()` writes the
    queued hands, revisions and ledger rows with three bulk inserts. Hold the
    session lock (hand_add and the demo do) while using it; archive.imports writes in bulk itself.
    """

    def __init__(self, session, *, by, kind=Kind.CREATED, why=""):
        self.session, self.by, self.kind, self.why = session, by, kind, why
        self.seats = _seats(session)
        last = Hand.objects.filter(session=session, deleted_at__isnull=True).order_by("-number").first()
        top = Hand.objects.filter(session=session).aggregate(top=Max("number"))["top"]
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
            raise ValidationError(f"Hand {number} would go before hand {self.max_number}, already archived.")
        hand = Hand(
            session=self.session, number=number, record=rec, ruling=ruling, revision=1, **_hand_values(rec, ruling)
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
        _write_ledger([row for h in hands for row in _ledger_rows(h, self.session, self.seats, h.ruling)])
        refresh_seat_totals(self.session)
        self.pending = []
        if stats:
            jobs.stats_after_commit(h.id for h in hands)
        return hands


def _rerule_after(session, seats, number, pot, *, by, why, carry=None) -> list[int]:
    """Re-rule the live hands after `number` from pot `pot` (and `carry`, see archive/carry.py) on; returns the
    ids of those whose ruling changed.

    A hand's ruling depends only on its record, its pot_in and what else it carries, so the first hand whose
    pot_in and carry are already right ends the walk: everything after it is unchanged too. The
    changed hands are written with a handful of bulk statements, however many there are.
    """
    changed: list[Hand] = []
    game = session.game
    carry = carry or {}
    later = Hand.objects.filter(session=session, deleted_at__isnull=True, number__gt=number).order_by("number")
    for hand in later.iterator(chunk_size=8):  # the walk usually stops after a few hands: read as it goes
        if hand.pot_in == pot and record_carry(game, hand.record) == carry:
            break
        record = apply_carry(dict(hand.record, pot_in=pot), game, carry)
        ruling = bounds.replay(record)
        if ruling != hand.ruling:
            for name, value in _hand_values(record, ruling).items():
                setattr(hand, name, value)
            hand.record, hand.ruling = record, ruling
            hand.revision += 1
            changed.append(hand)
        pot = ruling["pot_out"]
        carry = carry_of(game, ruling)
    if not changed:
        return []
    _update_hands(changed)
    HandRevision.objects.bulk_create(
        HandRevision(hand=h, number=h.revision, kind=Kind.RERULED, record=h.record, ruling=h.ruling, by=by, why=why)
        for h in changed
    )
    LedgerEntry.objects.filter(hand__in=changed).delete()
    _write_ledger([row for h in changed for row in _ledger_rows(h, session, seats, h.ruling)])
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


# ---------------------------------------------------------------- families, members, players


@transaction.atomic
def family_create(*, name, owner, timezone="America/Chicago") -> Family:
    name = (name or "").strip()
    if not name:
        raise ValidationError({"name": "A family needs a name, e.g. “The Novák family”."})
    base = slugify(name)[:120] or "family"
    slug, n = base, 1
    while Family.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    if bounds.zone_error(timezone):
        raise ValidationError({"timezone": bounds.zone_error(timezone)})
    family = Family.objects.create(name=name, slug=slug, timezone=timezone)
    Membership.objects.create(family=family, user=owner, role=Membership.Role.OWNER)
    audit.record(
        family=family,
        by=owner,
        action="family.create",
        summary=f"{name} created",
        after={"name": name, "timezone": timezone, "owner": owner.username},
    )
    return family


@transaction.atomic
def member_add(*, family, user, role, by) -> Membership:
    """Add a member or change a member's role. The pages and the API add people by invitation
    (archive.invitations), so that nobody is made a member without accepting; this adds directly."""
    access.require_role_of(by, family, access.OWNER_ROLES, doing="add members")
    if role not in Membership.Role.values:
        raise ValidationError({"role": f"Role is one of {', '.join(Membership.Role.values)}, not {role!r}."})
    membership, created = Membership.objects.get_or_create(family=family, user=user, defaults={"role": role})
    if created:
        audit.record(
            family=family,
            by=by,
            action="member.add",
            summary=f"{user.username} added as {role}",
            after={"user": user.username, "role": role},
        )
    elif membership.role != role:
        if membership.role == Membership.Role.OWNER and role != Membership.Role.OWNER:
            _keep_an_owner(family, membership)
        before = membership.role
        membership.role = role
        membership.save(update_fields=["role"])
        audit.record(
            family=family,
            by=by,
            action="member.role",
            summary=f"{user.username}: {before} → {role}",
            before={"user": user.username, "role": before},
            after={"user": user.username, "role": role},
        )
    return membership


def _keep_an_owner(family, leaving):
    others = Membership.objects.filter(family=family, role=Membership.Role.OWNER).exclude(pk=leaving.pk)
    if not others.exists():
        raise ValidationError(f"{leaving.user} is the only owner of {family}: make someone else owner first.")


@transaction.atomic
def member_remove(*, membership, by):
    access.require_role_of(by, membership.family, access.OWNER_ROLES, doing="remove members")
    if membership.role == Membership.Role.OWNER:
        _keep_an_owner(membership.family, membership)
    audit.record(
        family=membership.family,
        by=by,
        action="member.remove",
        summary=f"{membership.user.username} ({membership.role}) removed",
        before={"user": membership.user.username, "role": membership.role},
    )
    membership.delete()


@transaction.atomic
def player_create(*, family, name, user=None, by) -> Player:
    _require_editor(by, family, "add players")
    name = (name or "").strip()
    if not name:
        raise ValidationError({"name": "A player needs a name, as the table calls them (e.g. “Uncle Joe”)."})
    if bounds.name_error(name):
        raise ValidationError({"name": bounds.name_error(name)})
    if Player.objects.filter(family=family, name=name, merged_into__isnull=True).exists():
        raise ValidationError({"name": f"{family} already has a player called {name}: pick another name."})
    player = Player.objects.create(family=family, name=name, user=user)
    audit.record(
        family=family,
        by=by,
        action="player.create",
        summary=f"player {name} added",
        after={"id": player.pk, "name": name},
    )
    return player


@transaction.atomic
def player_for_name(*, family, name, by) -> Player:
    """The player a table means by a name: the live player of that name; for a name merged away, the
    player it was merged into (so a later night does not bring the duplicate back); else a new guest."""
    name = (name or "").strip()
    live = Player.objects.filter(family=family, name=name, merged_into__isnull=True).first()
    if live is not None:
        return live
    old = Player.objects.filter(family=family, name=name, merged_into__isnull=False).order_by("-pk").first()
    seen = set()
    while old is not None and old.merged_into_id is not None and old.pk not in seen:
        seen.add(old.pk)
        old = old.merged_into
    if old is not None:
        return old
    return player_create(family=family, name=name, by=by)


@transaction.atomic
def players_merge(*, keep, merge, by) -> Player:
    """Two entries for one person: `merge` points at `keep` and hands over its seats and ledger rows.
    Both rows stay; the records keep the names the table typed."""
    _require_editor(by, keep.family, "merge players")
    keep = Player.objects.select_for_update().get(pk=keep.pk)
    merge = Player.objects.select_for_update().get(pk=merge.pk)
    if keep.pk == merge.pk:
        raise ValidationError("A player cannot be merged into himself.")
    if keep.family_id != merge.family_id:
        raise ValidationError("Only players of the same family can be merged.")
    if keep.merged_into_id or merge.merged_into_id:
        raise ValidationError("One of these players was already merged; merge into the player he was merged into.")
    before = {
        "merged": {"id": merge.pk, "name": merge.name, "user": merge.user_id},
        "keep": {"id": keep.pk, "name": keep.name, "user": keep.user_id},
        "seats": list(Seat.objects.filter(player=merge).values_list("pk", flat=True)),
        "merged_players": list(Player.objects.filter(merged_into=merge).values_list("pk", flat=True)),
    }
    Seat.objects.filter(player=merge).update(player=keep)
    moved = list(LedgerEntry.objects.filter(player=merge).values_list("hand_id", flat=True).distinct())
    LedgerEntry.objects.filter(player=merge).update(player=keep)
    Player.objects.filter(merged_into=merge).update(merged_into=keep)
    merge.merged_into = keep
    merge.save(update_fields=["merged_into"])
    user_moved = keep.user_id is None and merge.user_id is not None
    if user_moved:
        keep.user_id = merge.user_id
        keep.save(update_fields=["user"])
    audit.record(
        family=keep.family,
        by=by,
        action="player.merge",
        summary=f"{merge.name} merged into {keep.name}",
        before=before | {"user_moved": user_moved},
        after={"merged_into": keep.pk},
    )
    jobs.stats_after_commit(moved)
    return keep


@transaction.atomic
def players_unmerge(*, player, by) -> Player:
    """Undo the merge that folded `player` into another: its seats (and so its ledger rows), the entries
    merged into it and the login it handed over go back to it, and it is a live player again."""
    _require_editor(by, player.family, "undo merges")
    player = Player.objects.select_for_update().get(pk=player.pk)
    entry = audit.last_merge_of(player)
    if player.merged_into_id is None or entry is None:
        raise ValidationError(f"{player.name} is not merged into anyone; there is nothing to undo.")
    keep = Player.objects.select_for_update().get(pk=entry.before["keep"]["id"])
    if player.merged_into_id != keep.pk or keep.merged_into_id is not None:
        raise ValidationError(f"{keep.name} was merged into another player since; undo that merge first.")
    if Player.objects.filter(family=player.family, name=player.name, merged_into__isnull=True).exists():
        raise ValidationError(f"There is a player called {player.name} again; rename or merge that one first.")
    seats = list(Seat.objects.filter(pk__in=entry.before["seats"], player=keep))
    hand_ids = []
    for seat in seats:
        rows = LedgerEntry.objects.filter(session_id=seat.session_id, seat=seat.position, player=keep)
        hand_ids += rows.values_list("hand_id", flat=True).distinct()
        rows.update(player=player)
    Seat.objects.filter(pk__in=[s.pk for s in seats]).update(player=player)
    Player.objects.filter(pk__in=entry.before["merged_players"], merged_into=keep).update(merged_into=player)
    if entry.before.get("user_moved") and keep.user_id == player.user_id:
        keep.user_id = None
        keep.save(update_fields=["user"])
    player.merged_into = None
    player.save(update_fields=["merged_into"])
    entry.undone_at = dj_timezone.now()
    entry.save(update_fields=["undone_at"])
    audit.record(
        family=player.family,
        by=by,
        action="player.unmerge",
        summary=f"merge of {player.name} into {keep.name} undone",
        before={"merged_into": keep.pk},
        after={"seats": [s.pk for s in seats]},
    )
    jobs.stats_after_commit(hand_ids)
    return player


# ---------------------------------------------------------------- sessions and hands


def _new_session_key(started_at) -> str:
    return f"{started_at:%Y-%m-%d}-{uuid.uuid4().hex[:8]}"


@transaction.atomic
def session_create(
    *,
    family,
    game="swik",
    started_at,
    timezone,
    place="",
    players,
    house_rules=None,
    first_dealer=0,
    pot_in=0,
    by,
    variant="",
    notes="",
    key=None,
) -> Session:
    _require_editor(by, family, "start a session")
    players = list(players)
    errors = session_errors(
        family=family,
        game=game,
        started_at=started_at,
        timezone=timezone,
        players=players,
        house_rules=house_rules,
        first_dealer=first_dealer,
        pot_in=pot_in,
    )
    if errors:
        raise ValidationError(errors)
    key = key or _new_session_key(started_at)
    if Session.objects.filter(family=family, key=key).exists():
        raise ValidationError({"key": f"{family} already has a session {key}."})
    session = Session.objects.create(
        family=family,
        key=key,
        game=game,
        variant=variant or "",
        started_at=started_at,
        timezone=timezone,
        place=place or "",
        house_rules=house_rules or {},
        first_dealer=first_dealer,
        pot_in=pot_in,
        notes=notes or "",
        created_by=by,
    )
    Seat.objects.bulk_create(Seat(session=session, player=p, position=i) for i, p in enumerate(players))
    audit.record(
        family=family,
        by=by,
        action="session.create",
        summary=f"session {key} opened",
        after={"id": session.pk, "key": key, "house_rules": house_rules or {}, "pot_in": pot_in},
    )
    return session


def session_errors(*, family, game, started_at, timezone, players, house_rules, first_dealer, pot_in) -> dict:
    """What session_create refuses, by field (the import checks its sessions with it before writing them in bulk)."""
    errors = {}
    if not players:
        errors["players"] = "Name the players in the order turns pass (the player after seat 1 sits to his left)."
    elif any(p.family_id != family.id for p in players):
        errors["players"] = "Every player must belong to this family; add guests as players first."
    elif any(p.merged_into_id for p in players):
        errors["players"] = "A merged player cannot sit at a table; choose the player he was merged into."
    elif isinstance(first_dealer, int) and not 0 <= first_dealer < len(players):
        errors["first_dealer"] = f"The first dealer is a seat from 1 to {len(players)}."
    if isinstance(started_at, datetime) and dj_timezone.is_naive(started_at):
        errors["started_at"] = "Give the time with its zone (the table's local time)."
    errors.update(
        bounds.session_errors(
            game=game, timezone=timezone, house_rules=house_rules, pot_in=pot_in, first_dealer=first_dealer
        )
    )
    return errors


def session_next_hand_defaults(*, session) -> dict:
    """players, dealer, pot_in, house_rules, game (and variant, number) for the next record of the session."""
    return selectors.next_hand_defaults(session)


@transaction.atomic
def hand_add(*, session, record, by, why="") -> Hand:
    _require_editor(by, session.family, "log hands")
    session = _lock_session(session)
    if session.deleted_at:
        raise ValidationError("This session was deleted; restore it before logging hands.")
    chain = HandChain(session, by=by, kind=Kind.CREATED, why=why)
    chain.add(record)
    return chain.flush()[0]


def _after_change(session, seats, hand, pot, carry, *, by, why):
    """After hand `hand` changed (edited, deleted, restored; `why` says how): the later hands re-ruled from the
    pot and carry it leaves, the seats' totals, and the statistics of every hand that changed."""
    changed = [hand.id] + _rerule_after(
        session, seats, hand.number, pot, carry=carry, by=by, why=f"re-ruled after hand {hand.number} was {why}"
    )
    refresh_seat_totals(session)
    jobs.stats_after_commit(changed)


@transaction.atomic
def hand_edit(*, hand, record, by, why) -> Hand:
    """Replace a hand's record; re-rule it and every later live hand of the session (the pot carries)."""
    session = _lock_session(hand.session)
    _require_editor(by, session.family, "edit hands")
    hand = Hand.objects.get(pk=hand.pk)
    if hand.deleted_at:
        raise ValidationError(f"Hand {hand.number} was deleted; restore it before editing it.")
    seats = _seats(session)
    pot_in, carry = _chain_before(session, hand.number)
    rec = fill_record(session, seats, record, pot_in=pot_in, dealer=hand.dealer, carry=carry)
    ruling = bounds.replay(rec)
    _rewrite(hand, session, seats, rec, ruling, kind=Kind.EDITED, by=by, why=why)
    _after_change(session, seats, hand, hand.pot_out, carry_of(session.game, ruling), by=by, why=f"edited: {why}")
    return hand


@transaction.atomic
def hand_delete(*, hand, by, why) -> Hand:
    """Soft: the hand leaves the chain and the balances; its record and rulings stay in its revisions."""
    session = _lock_session(hand.session)
    _require_editor(by, session.family, "delete hands")
    hand = Hand.objects.get(pk=hand.pk)
    if hand.deleted_at:
        return hand
    hand.deleted_at = dj_timezone.now()
    hand.revision += 1
    hand.save()
    HandRevision.objects.create(
        hand=hand, number=hand.revision, kind=Kind.DELETED, record=hand.record, ruling=hand.ruling, by=by, why=why
    )
    LedgerEntry.objects.filter(hand=hand).delete()
    pot, carry = _chain_before(session, hand.number)
    _after_change(session, _seats(session), hand, pot, carry, by=by, why=f"deleted: {why}")
    return hand


@transaction.atomic
def hand_restore(*, hand, by, why) -> Hand:
    session = _lock_session(hand.session)
    _require_editor(by, session.family, "restore hands")
    hand = Hand.objects.get(pk=hand.pk)
    if not hand.deleted_at:
        return hand
    seats = _seats(session)
    pot, carry = _chain_before(session, hand.number)
    record = apply_carry(dict(hand.record, pot_in=pot), session.game, carry)
    ruling = bounds.replay(record)
    hand.deleted_at = None
    _rewrite(hand, session, seats, record, ruling, kind=Kind.RESTORED, by=by, why=why)
    _after_change(session, seats, hand, hand.pot_out, carry_of(session.game, ruling), by=by, why=f"restored: {why}")
    return hand


# ---------------------------------------------------------------- disputes


@transaction.atomic
def dispute_open(*, hand, title, text, by) -> Dispute:
    _require_editor(by, hand.session.family, "open disputes")
    title = (title or "").strip()
    if not title:
        raise ValidationError({"title": "Say in a few words what is disputed, e.g. “That was a misdeal!”."})
    dispute = Dispute.objects.create(hand=hand, title=title[:200], opened_by=by)
    if (text or "").strip():
        DisputeMessage.objects.create(dispute=dispute, author=by, text=text.strip())
    return dispute


@transaction.atomic
def dispute_reply(*, dispute, text, by) -> DisputeMessage:
    _require_editor(by, dispute.hand.session.family, "reply to disputes")
    if not (text or "").strip():
        raise ValidationError({"text": "A reply needs some words."})
    return DisputeMessage.objects.create(dispute=dispute, author=by, text=text.strip())


@transaction.atomic
def dispute_resolve(*, dispute, resolution, by, record=None) -> Dispute:
    """Settle a dispute. With a corrected record the hand is edited first (and the later hands re-ruled);
    the resolution points at the revision whose ruling settles it."""
    _require_editor(by, dispute.hand.session.family, "resolve disputes")
    if not (resolution or "").strip():
        raise ValidationError({"resolution": "Say how the table settled it."})
    hand = dispute.hand
    if record is not None:
        hand = hand_edit(hand=hand, record=record, by=by, why=f"dispute “{dispute.title}”: {resolution.strip()}")
    else:
        hand.refresh_from_db()
    dispute.ruling_revision = HandRevision.objects.get(hand=hand, number=hand.revision)
    dispute.status = Dispute.Status.RESOLVED
    dispute.resolution = resolution.strip()
    dispute.resolved_by = by
    dispute.resolved_at = dj_timezone.now()
    dispute.save()
    return dispute


# ---------------------------------------------------------------- import and export


def history_export(*, family):
    """The family's live history as JSON Lines: one handrec/1 a line, in play order, each with an
    "archive" key ({"session": {...}, "number": k}) that lets archive.imports rebuild the sessions."""
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
