"""Disputes: opened on a hand, answered, and settled (with a corrected record, by an edit of the hand)."""

from __future__ import annotations

import json

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone as dj_timezone
from django.utils.translation import gettext as _

from archive.common import bounds
from archive.common.fragments import family_changed
from archive.table.models import Dispute, DisputeMessage, Hand, HandRevision
from archive.table.services.common import _require_editor
from archive.table.services.hands import hand_edit


@transaction.atomic
def dispute_open(*, hand, title, text, by) -> Dispute:
    _require_editor(by, hand.session.family, "open disputes")
    title = (title or "").strip()
    if not title:
        raise ValidationError({"title": _("Say in a few words what is disputed, e.g. “That was a misdeal!”.")})
    bounds.check_texts(title=(title, bounds.TITLE_MAX), text=text)
    if Hand.objects.filter(pk=hand.pk, deleted_at__isnull=False).exists():
        raise ValidationError(
            _("Hand %(number)s was deleted; restore it before opening a dispute on it.") % {"number": hand.number}
        )
    dispute = Dispute.objects.create(hand=hand, title=title, opened_by=by)
    if (text or "").strip():
        DisputeMessage.objects.create(dispute=dispute, author=by, text=text.strip())
    family_changed(hand.session.family_id, nights=[hand.session_id])  # the night's table marks the hand disputed
    return dispute


@transaction.atomic
def dispute_night_moved_on(*, conflict, record, by) -> Dispute:
    """A hand sent from a phone that was offline, refused because its number was taken meanwhile
    (services.hands.NightMovedOn): a dispute on the hand that holds the number, with the phone's version
    beside the archive's, so the family settles it; nothing is merged."""
    text = (
        f"{conflict.messages[0]}\n\nThe archive's hand {conflict.number}: {(conflict.taken.ruling or {}).get('summary', '')}"
        f"\n\nThe phone's version (its record):\n{json.dumps(record, ensure_ascii=False)}"
    )[: bounds.TEXT_MAX]
    return dispute_open(hand=conflict.taken, title=f"Hand {conflict.number} was logged twice", text=text, by=by)


@transaction.atomic
def dispute_reply(*, dispute, text, by) -> DisputeMessage:
    _require_editor(by, dispute.hand.session.family, "reply to disputes")
    if not (text or "").strip():
        raise ValidationError({"text": _("A reply needs some words.")})
    bounds.check_texts(text=text)
    return DisputeMessage.objects.create(dispute=dispute, author=by, text=text.strip())


@transaction.atomic
def dispute_resolve(*, dispute, resolution, by, record=None) -> Dispute:
    """Settle a dispute. With a corrected record the hand is edited first (and the later hands re-ruled);
    the resolution points at the revision whose ruling settles it."""
    _require_editor(by, dispute.hand.session.family, "resolve disputes")
    if not (resolution or "").strip():
        raise ValidationError({"resolution": _("Say how the table settled it.")})
    bounds.check_texts(resolution=resolution)
    # Locked: of two settlements at once, the second waits and finds the dispute settled (issue 28).
    dispute = Dispute.objects.select_for_update().get(pk=dispute.pk)
    if dispute.status == Dispute.Status.RESOLVED:
        raise ValidationError(
            _("This dispute was settled already: “%(resolution)s”. Open a new dispute on the hand to raise it again.")
            % {"resolution": dispute.resolution}
        )
    hand = dispute.hand
    if Hand.objects.filter(pk=hand.pk, deleted_at__isnull=False).exists():
        raise ValidationError(
            _("Hand %(number)s was deleted, so you cannot settle this dispute; restore the hand first.")
            % {"number": hand.number}
        )
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
    family_changed(hand.session.family_id, nights=[hand.session_id])
    return dispute
