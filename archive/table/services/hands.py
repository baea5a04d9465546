"""Sessions, and the hands logged, edited, deleted and restored in them (each change re-rules the later hands)."""

from __future__ import annotations

import uuid
from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone as dj_timezone
from django.utils.translation import gettext as _

import referee
from archive.common import bounds, catalogue
from archive.common.fragments import family_changed
from archive.people import audit
from archive.table import selectors
from archive.table.carry import apply_carry, carry_of
from archive.table.models import Hand, HandRevision, LedgerEntry, Seat, Session
from archive.table.services.chain import (
    HandChain,
    _chain_before,
    _rerule_after,
    _rewrite,
    _seats,
    fill_record,
    refresh_seat_totals,
)
from archive.table.services.common import Kind, _lock_session, _require_editor
from archive.table.signals import hands_changed

PLACE_MAX = 120  # Session.place
VARIANT_MAX = 20  # Session.variant


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
    errors.update(bounds.text_errors(place=(place or "", PLACE_MAX), notes=notes, variant=(variant or "", VARIANT_MAX)))
    if errors:
        raise ValidationError(errors)
    key = key or _new_session_key(started_at)
    if Session.objects.filter(family=family, key=key).exists():
        raise ValidationError({"key": _("%(family)s already has a session %(key)s.") % {"family": family, "key": key}})
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
    family_changed(family.pk, nights=[session.pk], statistics=True)  # the family and statistics pages list nights
    return session


def session_errors(*, family, game, started_at, timezone, players, house_rules, first_dealer, pot_in) -> dict:
    """What session_create refuses, by field (the import checks its sessions with it before writing them in bulk)."""
    errors = {}
    if not players:
        errors["players"] = _(
            "Name the players in the order turns pass (the player after seat 1 sits on seat 1's left)."
        )
    elif any(p.family_id != family.id for p in players):
        errors["players"] = _("Every player must belong to this family; add guests as players first.")
    elif any(p.merged_into_id for p in players):
        errors["players"] = _("A merged player cannot sit at a table; choose the player it was merged into.")
    elif isinstance(first_dealer, int) and not 0 <= first_dealer < len(players):
        errors["first_dealer"] = _("The first dealer is a seat from 1 to %(n)s.") % {"n": len(players)}
    if isinstance(started_at, datetime) and dj_timezone.is_naive(started_at):
        errors["started_at"] = _("Give the time with its zone (the table's local time).")
    else:
        problem = bounds.date_error(started_at, family.timezone)
        if problem:
            errors["started_at"] = problem
    errors.update(
        bounds.session_errors(
            game=game, timezone=timezone, house_rules=house_rules, pot_in=pot_in, first_dealer=first_dealer
        )
    )
    return errors


def session_next_hand_defaults(*, session) -> dict:
    """players, dealer, pot_in, house_rules, game (and variant, number) for the next record of the session."""
    return selectors.next_hand_defaults(session)


class NightMovedOn(ValidationError):
    """A hand logged with no network as hand N, sent when the night has moved past N (another phone logged
    hand N meanwhile). Never merged: `taken` is the hand that holds the number now (None if it was deleted)."""

    def __init__(self, message, *, number, taken):
        super().__init__(message)
        self.number = number
        self.taken = taken


def hand_add(*, session, record, by, why="", no_deal_ok=False, idempotency_key=None, as_number=None) -> Hand:
    """Log the session's next hand. A record with no deal is refused unless the table confirms it (no_deal_ok,
    the log page's tick box and the API's field of the same name). With an idempotency_key (the log form's
    hidden key, the API's Idempotency-Key header) a repeat of the entry returns the first hand, marked
    `replayed`, instead of a second hand (a double tap on a slow phone, a client's retry). With as_number
    (the number a phone with no network logged it as) it is refused with NightMovedOn unless it is still
    the night's next hand: its pot and dealer were worked out for that place in the night."""
    problem = bounds.idempotency_key_error(idempotency_key)
    if problem:
        raise ValidationError({"idempotency_key": problem})
    try:
        return _hand_add(
            session=session,
            record=record,
            by=by,
            why=why,
            no_deal_ok=no_deal_ok,
            idempotency_key=idempotency_key,
            as_number=as_number,
        )
    except IntegrityError:
        # The same key written at once by another request (the session lock orders one session's entries;
        # this is the race it cannot see, e.g. the key sent to two sessions): the first hand is the answer.
        first = _first_with_key(session, idempotency_key)
        if first is None:
            raise
        return first


def _first_with_key(session, key):
    if not key:
        return None
    hand = Hand.objects.filter(family_id=session.family_id, idempotency_key=key).select_related("session").first()
    if hand is not None:
        hand.replayed = True
    return hand


@transaction.atomic
def _hand_add(*, session, record, by, why, no_deal_ok, idempotency_key, as_number) -> Hand:
    session = _lock_session(session)
    _require_editor(by, session.family, "log hands")
    bounds.check_texts(why=why)
    first = _first_with_key(session, idempotency_key)
    if first is not None:
        return first
    if session.deleted_at:
        raise ValidationError(_("This session was deleted; restore it before logging hands."))
    if as_number is not None:
        refuse_moved_on(session=session, number=as_number)
    if not no_deal_ok:
        refuse_no_deal(session=session, record=record)
    chain = HandChain(session, by=by, kind=Kind.CREATED, why=why)
    hand = chain.add(record)
    hand.idempotency_key = idempotency_key or None
    hand = chain.flush()[0]
    family_changed(session.family_id, nights=[session.pk])
    hand.replayed = False
    return hand


def refuse_moved_on(*, session, number):
    """NightMovedOn unless hand `number` is still the session's next hand."""
    now = selectors.next_hand_defaults(session)["number"]
    if now == number:
        return
    taken = Hand.objects.filter(session=session, number=number, deleted_at__isnull=True).first()
    raise NightMovedOn(
        _(
            "Hand %(number)s was logged as the night's next hand on a phone with no network, but the night is at "
            "hand %(now)s now (someone logged or changed hands meanwhile). It was not added: compare the two "
            "versions and log it again if both were played."
        )
        % {"number": number, "now": now},
        number=number,
        taken=taken,
    )


def refuse_no_deal(*, session, record):
    """A hand with no deal in it (one tap on Save with the form empty, or `{}` sent to the API) is not saved
    unless the table says so: it would still charge the antes, carry the pot and move the deal on. A record
    the referee calls bad is refused in the referee's words first."""
    entry = catalogue.game_entry(session.game) or {}
    deals = any(e.get("action") == "deal" for e in entry.get("events", []))
    events = record.get("events") if isinstance(record.get("events"), list) else []
    if not deals or any(isinstance(e, dict) and e.get("action") == "deal" for e in events):
        return
    defaults = selectors.next_hand_defaults(session)
    header = ("format", "game", "variant", "players", "dealer", "pot_in", "house_rules")
    referee.replay({k: defaults[k] for k in header if k in defaults} | {"events": events})
    raise referee.BadRecord(
        [
            {
                "event": None,
                "field": "deal",
                "no_deal": True,
                "message": _(
                    "Nothing was saved: this hand has no deal yet. Enter the cut and the deal with the picker, or "
                    "tick “save it without a deal” (no_deal_ok) if the table really played no deal (the "
                    "antes are still paid, the pot carries and the deal moves on)."
                ),
            }
        ]
    )


def _after_change(session, seats, hand, pot, carry, *, by, why):
    """After hand `hand` changed (edited, deleted, restored; `why` says how): the later hands re-ruled from the
    pot and carry it leaves, the seats' totals, and the statistics of every hand that changed."""
    changed = [hand.id] + _rerule_after(
        session, seats, hand.number, pot, carry=carry, by=by, why=f"re-ruled after hand {hand.number} was {why}"
    )
    refresh_seat_totals(session)
    hands_changed.send(sender=__name__, hand_ids=changed, family_id=session.family_id)


@transaction.atomic
def hand_edit(*, hand, record, by, why) -> Hand:
    """Replace a hand's record; re-rule it and every later live hand of the session (the pot carries)."""
    session = _lock_session(hand.session)
    _require_editor(by, session.family, "edit hands")
    bounds.check_texts(why=why)
    hand = Hand.objects.get(pk=hand.pk)
    hand.session = session  # (the answer shows it: no second read)
    if hand.deleted_at:
        raise ValidationError(_("Hand %(number)s was deleted; restore it before editing it.") % {"number": hand.number})
    seats = _seats(session)
    pot_in, carry = _chain_before(session, hand.number)
    rec = fill_record(session, seats, record, pot_in=pot_in, dealer=hand.dealer, carry=carry)
    ruling = bounds.replay(rec)
    _rewrite(hand, session, seats, rec, ruling, kind=Kind.EDITED, by=by, why=why)
    _after_change(session, seats, hand, hand.pot_out, carry_of(session.game, ruling), by=by, why=f"edited: {why}")
    family_changed(session.family_id, nights=[session.pk])
    return hand


@transaction.atomic
def hand_delete(*, hand, by, why) -> Hand:
    """Soft: the hand leaves the chain and the balances; its record and rulings stay in its revisions."""
    session = _lock_session(hand.session)
    _require_editor(by, session.family, "delete hands")
    bounds.check_texts(why=why)
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
    family_changed(session.family_id, nights=[session.pk])
    return hand


@transaction.atomic
def hand_restore(*, hand, by, why) -> Hand:
    session = _lock_session(hand.session)
    _require_editor(by, session.family, "restore hands")
    bounds.check_texts(why=why)
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
    family_changed(session.family_id, nights=[session.pk])
    return hand
