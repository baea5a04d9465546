"""The site's pages. Thin: reads come from archive.table.selectors, writes go through archive.table.services,
rules are the referee's. Strangers get 404 (archive.people.access), viewers 403 on writes."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from archive.people.access import family_for, require_edit
from archive.people.models import Player
from archive.people.views import _errors_of
from archive.table import services


@login_required
@require_POST
def player_merge(request, slug, pk):
    family, role = family_for(request.user, slug)
    keep = get_object_or_404(Player, family=family, pk=pk)
    require_edit(role)
    try:
        merge = get_object_or_404(Player, family=family, pk=int(request.POST.get("merge") or 0))
        services.players_merge(keep=keep, merge=merge, by=request.user)
        messages.success(
            request,
            _("%(merged)s is now counted as %(keep)s; every hand of both is kept.")
            % {"merged": merge.name, "keep": keep.name},
        )
    except (ValueError, ValidationError) as exc:
        messages.error(request, _errors_of(exc) if isinstance(exc, ValidationError) else _("Pick a player to merge."))
    return redirect("player", family.slug, keep.pk)


@login_required
@require_POST
def player_unmerge(request, slug, pk):
    family, role = family_for(request.user, slug)
    player = get_object_or_404(Player, family=family, pk=pk)
    require_edit(role)
    try:
        services.players_unmerge(player=player, by=request.user)
        messages.success(
            request, _("%(name)s is a player apart again, with %(name)s's own seats and hands.") % {"name": player.name}
        )
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    return redirect("player", family.slug, player.pk)
