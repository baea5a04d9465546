"""Families, their members and their players."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from archive.common import bounds, money
from archive.people import access, audit
from archive.people.models import Account, Family, Membership, Player

FAMILY_NAME_MAX = 120  # Family.name


@transaction.atomic
def family_create(*, name, owner, timezone="America/Chicago", currency=money.DEFAULT) -> Family:
    name = (name or "").strip()
    if not name:
        raise ValidationError({"name": _("A family needs a name, e.g. “The Novák family”.")})
    bounds.check_texts(name=(name, FAMILY_NAME_MAX))
    base = slugify(name)[:120] or "family"
    slug, n = base, 1
    while Family.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    if bounds.zone_error(timezone):
        raise ValidationError({"timezone": bounds.zone_error(timezone)})
    if currency not in money.UNITS:
        raise ValidationError({"currency": _currency_error(currency)})
    family = Family.objects.create(name=name, slug=slug, timezone=timezone, currency=currency)
    Membership.objects.create(family=family, user=owner, role=Membership.Role.OWNER)
    audit.record(
        family=family,
        by=owner,
        action="family.create",
        summary=f"{name} created",
        after={"name": name, "timezone": timezone, "currency": currency, "owner": owner.username},
    )
    return family


def _currency_error(currency) -> str:
    return _("“%(currency)s” is not a money the archive writes; choose one of %(units)s.") % {
        "currency": currency,
        "units": ", ".join(money.UNITS),
    }


@transaction.atomic
def family_currency_set(*, family, currency, by) -> Family:
    """The owner changes what the family plays for. Amounts are stored in hundredths whatever the unit, so
    nothing is converted: every page writes the same numbers in the new unit from the next read on."""
    access.require_owner_of(by, family)
    if currency not in money.UNITS:
        raise ValidationError({"currency": _currency_error(currency)})
    family = Family.objects.select_for_update().get(pk=family.pk)
    before = family.currency
    if before == currency:
        return family
    family.currency = currency
    family.save(update_fields=["currency"])
    audit.record(
        family=family,
        by=by,
        action="family.currency",
        summary=f"money written as {money.UNITS[currency][1]}",
        before={"currency": before},
        after={"currency": currency},
    )
    return family


def account_language_set(*, user, language) -> Account:
    """The language a person reads the site in, kept with their login ("" for the browser's own)."""
    codes = [code for code, _name in settings.LANGUAGES]
    if language and language not in codes:
        raise ValidationError(
            {
                "language": _("“%(language)s” is not a language of the site; choose one of %(codes)s.")
                % {"language": language, "codes": ", ".join(codes)}
            }
        )
    account, _created = Account.objects.update_or_create(user=user, defaults={"language": language or ""})
    return account


@transaction.atomic
def member_add(*, family, user, role, by) -> Membership:
    """Add a member or change a member's role. The pages and the API add people by invitation
    (archive.people.invitations), so that nobody is made a member without accepting; this adds directly."""
    access.require_role_of(by, family, access.OWNER_ROLES, doing="add members")
    if role not in Membership.Role.values:
        raise ValidationError({"role": role_error(role)})
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


def role_error(role) -> str:
    return _("Role is one of %(roles)s, not %(role)r.") % {"roles": ", ".join(Membership.Role.values), "role": role}


def _keep_an_owner(family, leaving):
    others = Membership.objects.filter(family=family, role=Membership.Role.OWNER).exclude(pk=leaving.pk)
    if not others.exists():
        raise ValidationError(
            _("%(user)s is the only owner of %(family)s: make someone else owner first.")
            % {"user": leaving.user, "family": family}
        )


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
    access.require_editor(by, family, "add players")
    name = (name or "").strip()
    if not name:
        raise ValidationError({"name": _("A player needs a name, as the table calls them (e.g. “Uncle Joe”).")})
    if bounds.name_error(name):
        raise ValidationError({"name": bounds.name_error(name)})
    if Player.objects.filter(family=family, name=name, merged_into__isnull=True).exists():
        raise ValidationError(
            {
                "name": _("%(family)s already has a player called %(name)s: pick another name.")
                % {"family": family, "name": name}
            }
        )
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
