"""Invitations: an owner makes a link (or its code) and the person it is given to accepts it; nobody is
made a member, let alone an owner, without saying yes. Making one never tells whether a username exists."""

import hashlib
import secrets
from datetime import timedelta

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from archive.people import access, audit, services
from archive.people.models import Invitation, Membership

LIFETIME = timedelta(days=7)
_RANK = {Membership.Role.VIEWER: 0, Membership.Role.EDITOR: 1, Membership.Role.OWNER: 2}
NOT_VALID = gettext_lazy(
    "This invitation is not valid any more: it was used, revoked or has expired. Ask the family's owner for a new one."
)


def _hash(code: str) -> str:
    return hashlib.sha256(code.strip().encode()).hexdigest()


def _require_owner(by, family):
    access.require_role_of(by, family, access.OWNER_ROLES, doing="invite members")


@transaction.atomic
def invitation_create(*, family, role, by, for_username="") -> tuple[Invitation, str]:
    """A new invitation and its code (shown once: only its hash is kept)."""
    _require_owner(by, family)
    if role not in Membership.Role.values:
        raise ValidationError({"role": services.role_error(role)})
    code = secrets.token_urlsafe(24)
    invitation = Invitation.objects.create(
        family=family,
        role=role,
        code_hash=_hash(code),
        for_username=(for_username or "").strip()[:150],
        created_by=by,
        expires_at=timezone.now() + LIFETIME,
    )
    audit.record(
        family=family,
        by=by,
        action="member.invite",
        summary=f"invitation as {role} made",
        after={"invitation": invitation.pk, "role": role, "for": invitation.for_username},
    )
    return invitation, code


def invitation_for_code(code) -> Invitation:
    """The open invitation of a code, or ValidationError (one message for every kind of wrong code)."""
    invitation = Invitation.objects.filter(code_hash=_hash(str(code or ""))).select_related("family").first()
    if invitation is None or invitation.accepted_at or invitation.revoked_at or invitation.expires_at <= timezone.now():
        raise ValidationError(NOT_VALID)
    return invitation


@transaction.atomic
def invitation_accept(*, code, user) -> Membership:
    found = invitation_for_code(code)
    invitation = Invitation.objects.select_for_update().get(pk=found.pk)
    invitation_for_code(code)  # again, under the lock: a code works once
    if invitation.for_username and invitation.for_username != user.username:
        raise ValidationError(_("This invitation was made for another account; log in as that account to accept it."))
    family = invitation.family
    membership, created = Membership.objects.get_or_create(family=family, user=user, defaults={"role": invitation.role})
    before = None if created else membership.role
    if not created and _RANK[invitation.role] > _RANK[membership.role]:
        membership.role = invitation.role
        membership.save(update_fields=["role"])
    invitation.accepted_by, invitation.accepted_at = user, timezone.now()
    invitation.save(update_fields=["accepted_by", "accepted_at"])
    audit.record(
        family=family,
        by=user,
        action="member.join",
        summary=f"{user.username} accepted an invitation as {invitation.role}",
        before=None if before is None else {"user": user.username, "role": before},
        after={"user": user.username, "role": membership.role, "invitation": invitation.pk},
    )
    return membership


@transaction.atomic
def invitation_revoke(*, invitation, by) -> Invitation:
    _require_owner(by, invitation.family)
    if invitation.accepted_at is None and invitation.revoked_at is None:
        invitation.revoked_at = timezone.now()
        invitation.save(update_fields=["revoked_at"])
        audit.record(
            family=invitation.family,
            by=by,
            action="member.uninvite",
            summary=f"invitation as {invitation.role} revoked",
            before={"invitation": invitation.pk},
        )
    return invitation


def open_invitations(family):
    return Invitation.objects.filter(
        family=family, accepted_at__isnull=True, revoked_at__isnull=True, expires_at__gt=timezone.now()
    ).select_related("created_by")
