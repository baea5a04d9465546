"""Families, their members and their players."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone as dj_timezone
from django.utils.text import slugify

from .. import access, audit, bounds, jobs
from ..models import Family, LedgerEntry, Membership, Player, Seat
from .common import _require_editor

FAMILY_NAME_MAX = 120  # Family.name


@transaction.atomic
def family_create(*, name, owner, timezone="America/Chicago") -> Family:
    name = (name or "").strip()
    if not name:
        raise ValidationError({"name": "A family needs a name, e.g. “The Novák family”."})
    bounds.check_texts(name=(name, FAMILY_NAME_MAX))
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
        raise ValidationError("A player cannot be merged into the same player.")
    if keep.family_id != merge.family_id:
        raise ValidationError("Only players of the same family can be merged.")
    if keep.merged_into_id or merge.merged_into_id:
        raise ValidationError("One of these players was already merged; merge into the player it was merged into.")
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
