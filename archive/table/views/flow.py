"""The week-to-week flow of a family's table (issue 10): play again like last time, the game's rules with
the family's house rules. Thin views: reads from selectors, writes through services."""

import zoneinfo

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils import timezone as dj_timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from archive.common import catalogue
from archive.people.access import can_edit, family_for, require_edit
from archive.people.models import Membership
from archive.table import rulebook, services
from archive.table.selectors.families import last_session


def _labels(entry):
    """House rule name (and each choice's quoted value) -> words, for the rule book's text."""
    out = {}
    for rule in (entry or {}).get("house_rules", []):
        out[rule["name"]] = rule["label"]
        for c in rule.get("choices") or []:
            out[f'"{c["value"]}"'] = c["sentence"]
    return out


@login_required
def rules_page(request, slug, game):
    """The game's rule book, with the house rules this family played last (and the book's values)."""
    family, role = family_for(request.user, slug)
    entry = catalogue.game_entry(game)
    if entry is None or not rulebook.has_book(game):
        raise Http404(_("No rule book for this game."))
    last = last_session(family, game)
    played = (last.house_rules if last else {}) or {}
    rows = []
    for rule in entry["house_rules"]:
        value = played.get(rule["name"], rule["default"])
        rows.append({"rule": rule, "value": value, "book": rule["default"], "changed": rule["name"] in played})
    book = rulebook.render(game, _labels(entry))
    return render(
        request,
        "archive/rules.html",
        {
            "family": family,
            "role": role,
            "can_edit": can_edit(role),
            "is_owner": role == Membership.Role.OWNER,
            "game": entry,
            "book": book,
            "rows": rows,
            "last": last,
        },
    )


@login_required
@require_POST
def session_again(request, slug):
    """One tap: tonight's session like the family's last one (same game, seats in order, house rules, place)."""
    family, role = family_for(request.user, slug)
    require_edit(role)
    last = last_session(family)
    if last is None:
        messages.error(request, _("There is no earlier session to copy: start the first one with the form."))
        return redirect("session_new", family.slug)
    now = dj_timezone.now().astimezone(zoneinfo.ZoneInfo(family.timezone))
    try:
        session = services.session_create(
            family=family,
            game=last.game,
            variant=last.variant,
            started_at=now.replace(second=0, microsecond=0),
            timezone=family.timezone,
            place=last.place,
            players=last.seat_players,
            house_rules=last.house_rules,
            first_dealer=last.first_dealer,
            pot_in=0,
            by=request.user,
        )
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
        return redirect("session_new", family.slug)
    messages.success(request, _("The session is open, like last time. Log the first hand when it is dealt."))
    return redirect("hand_log", family.slug, session.pk)
