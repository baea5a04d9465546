"""A dispute's versions of its hand: each side's record put forward, and the table's choice among them.

The stored hand is untouched until the dispute is settled; settling edits it through hand_edit (a new revision
naming the dispute, the chain re-ruled, the statistics job through hands_changed) and freezes the versions,
chosen or not, so the dispute keeps every side's story readable."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils import timezone as dj_timezone
from django.utils.translation import gettext as _

import referee
from archive.common import bounds
from archive.common.fragments import family_changed
from archive.people import audit
from archive.table.models import Dispute, DisputeVersion, Hand, HandRevision
from archive.table.services.chain import _chain_before, _seats, fill_record
from archive.table.services.common import _require_editor
from archive.table.services.hands import hand_edit


def _open_dispute(dispute, doing: str) -> Dispute:
    """The dispute, locked, if it may still change: not settled, and its hand not deleted."""
    dispute = Dispute.objects.select_for_update().select_related("hand", "hand__session").get(pk=dispute.pk)
    if dispute.status == Dispute.Status.RESOLVED:
        raise ValidationError(
            _(
                "This dispute was settled already (“%(resolution)s”), so you cannot %(doing)s. "
                "Open a new dispute on the hand to raise it again."
            )
            % {"resolution": dispute.resolution, "doing": doing}
        )
    if Hand.objects.filter(pk=dispute.hand_id, deleted_at__isnull=False).exists():
        raise ValidationError(
            _("Hand %(number)s was deleted, so you cannot %(doing)s; restore the hand first.")
            % {"number": dispute.hand.number, "doing": doing}
        )
    return dispute


def fill_version(hand, record) -> dict:
    """A version's record as the referee must see it, filled from the session exactly as the hand log fills a
    hand in this place of the chain (its pot_in and carry from the hand before, its dealer). BadRecord when the
    record cannot be filled (not an object, another game, another table)."""
    session = hand.session
    pot_in, carry = _chain_before(session, hand.number)
    return fill_record(session, _seats(session), record, pot_in=pot_in, dealer=hand.dealer, carry=carry)


@transaction.atomic
def version_propose(*, dispute, record, by, why) -> DisputeVersion:
    """Put forward a version of the disputed hand. The record is filled from the session as the hand log does;
    one the referee refuses is kept as proposed (the comparison shows its located error; it cannot be chosen).
    The first proposal also keeps the hand as logged as version 1."""
    _require_editor(by, dispute.family, "propose versions of a disputed hand")
    why = (why or "").strip()
    if not why:
        raise ValidationError({"why": _("Say whose story this is and what differs, e.g. “Dad says he cut an Ace”.")})
    bounds.check_texts(why=why)
    if not isinstance(record, dict):
        raise ValidationError(
            {"record": _('A version is a hand record, a JSON object: {"format": "handrec/1", "events": [...], ...}.')}
        )
    dispute = _open_dispute(dispute, _("propose a version"))
    hand = dispute.hand
    try:
        record = fill_version(hand, record)
    except referee.BadRecord:
        record = {k: v for k, v in record.items() if k != "archive"}  # kept as typed: the comparison says why
    top = dispute.versions.aggregate(top=Max("number"))["top"]
    if top is None:
        DisputeVersion.objects.create(
            dispute=dispute, number=1, as_logged=True, record=hand.record, why=DisputeVersion.AS_LOGGED_WHY
        )
        top = 1
    return DisputeVersion.objects.create(dispute=dispute, number=top + 1, record=record, proposed_by=by, why=why)


@transaction.atomic
def dispute_settle(*, dispute, version, by, why="") -> Dispute:
    """The table chooses `version`: the hand gets a new revision naming the dispute (the chain re-rules, the
    statistics job runs), the audit log records the choice, and every version stays readable on the dispute."""
    _require_editor(by, dispute.family, "settle disputes")
    bounds.check_texts(why=why)
    dispute = _open_dispute(dispute, _("settle it"))
    if version is None or version.dispute_id != dispute.pk:
        raise ValidationError({"version": _("Choose one of this dispute's versions.")})
    version = DisputeVersion.objects.get(pk=version.pk)
    hand = Hand.objects.get(pk=dispute.hand_id)
    record = hand.record if version.as_logged else version.record
    try:
        bounds.replay(fill_version(hand, record))
    except referee.BadRecord as exc:
        raise ValidationError(
            {
                "version": _("%(version)s is a record the referee refuses (%(why)s); it cannot be chosen.")
                % {
                    "version": _("As logged") if version.as_logged else _("Version %(n)s") % {"n": version.number},
                    "why": exc,
                }
            }
        ) from exc
    as_logged = dispute.versions.filter(as_logged=True).first()
    if as_logged is not None:  # frozen: the story as logged when the table chose
        as_logged.record = hand.record
        as_logged.save(update_fields=["record"])
    before = {"revision": hand.revision, "pot_out": hand.pot_out, "net": (hand.ruling or {}).get("net")}
    words = f"{version} chosen" + (f": {why.strip()}" if (why or "").strip() else "")
    hand = hand_edit(hand=hand, record=record, by=by, why=f"dispute “{dispute.title}”: {words}")
    dispute.ruling_revision = HandRevision.objects.get(hand=hand, number=hand.revision)
    dispute.chosen_version = version
    dispute.status = Dispute.Status.RESOLVED
    dispute.resolution = words[0].upper() + words[1:]
    dispute.resolved_by = by
    dispute.resolved_at = dj_timezone.now()
    dispute.save()
    audit.record(
        family=dispute.family,
        by=by,
        action="dispute.settle",
        summary=f"dispute “{dispute.title}” on hand {hand.number}: {words}",
        before=before,
        after={
            "version": version.number,
            "revision": hand.revision,
            "pot_out": hand.pot_out,
            "net": (hand.ruling or {}).get("net"),
        },
    )
    family_changed(dispute.family_id, nights=[hand.session_id])
    return dispute
