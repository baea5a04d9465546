"""Merging two entries of one person, and undoing it: the seats and ledger rows are the table's, so it is here."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone as dj_timezone
from django.utils.translation import gettext as _

from archive.common.fragments import family_changed
from archive.people import audit
from archive.people.models import Player
from archive.table.models import LedgerEntry, Seat
from archive.table.signals import hands_changed

from .common import _require_editor


@transaction.atomic
def players_merge(*, keep, merge, by) -> Player:
    """Two entries for one person: `merge` points at `keep` and hands over its seats and ledger rows.
    Both rows stay; the records keep the names the table typed."""
    _require_editor(by, keep.family, "merge players")
    keep = Player.objects.select_for_update().get(pk=keep.pk)
    merge = Player.objects.select_for_update().get(pk=merge.pk)
    if keep.pk == merge.pk:
        raise ValidationError(_("A player cannot be merged into the same player."))
    if keep.family_id != merge.family_id:
        raise ValidationError(_("Only players of the same family can be merged."))
    if keep.merged_into_id or merge.merged_into_id:
        raise ValidationError(_("One of these players was already merged; merge into the player it was merged into."))
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
    hands_changed.send(sender=__name__, hand_ids=moved)
    family_changed(keep.family_id)
    return keep


@transaction.atomic
def players_unmerge(*, player, by) -> Player:
    """Undo the merge that folded `player` into another: its seats (and so its ledger rows), the entries
    merged into it and the login it handed over go back to it, and it is a live player again."""
    _require_editor(by, player.family, "undo merges")
    player = Player.objects.select_for_update().get(pk=player.pk)
    entry = audit.last_merge_of(player)
    if player.merged_into_id is None or entry is None:
        raise ValidationError(
            _("%(name)s is not merged into anyone; there is nothing to undo.") % {"name": player.name}
        )
    keep = Player.objects.select_for_update().get(pk=entry.before["keep"]["id"])
    if player.merged_into_id != keep.pk or keep.merged_into_id is not None:
        raise ValidationError(
            _("%(name)s was merged into another player since; undo that merge first.") % {"name": keep.name}
        )
    if Player.objects.filter(family=player.family, name=player.name, merged_into__isnull=True).exists():
        raise ValidationError(
            _("There is a player called %(name)s again; rename or merge that one first.") % {"name": player.name}
        )
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
    hands_changed.send(sender=__name__, hand_ids=hand_ids)
    family_changed(player.family_id)
    return player
