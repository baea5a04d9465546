"""Statistics pages: thin views over archive.stats.selectors (reads) and services (writes).

Same rules as the rest of the site (archive.people.access): strangers get 404, viewers read,
owners and editors start a recompute or mark a transfer paid.
"""

from __future__ import annotations

from datetime import date

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponseBadRequest, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from archive.common import bounds, catalogue
from archive.common.fragments import fragment, statistics_version
from archive.people.access import can_edit, family_for, require_edit
from archive.people.models import Player
from archive.stats import games as stats_games
from archive.stats import jobs, selectors, services
from archive.stats.models import SettlePayment, StatsJob
from archive.stats.rollups import one_read
from archive.table.models import Game, Session
from archive.table.selectors.families import games_of


def not_a_date(name, raw):
    """A period's day the filter cannot read, in the reader's words (`name` is the query's: 'from', 'to')."""
    return _("%(name)s must be a date like 2024-03-01, not %(raw)s.") % {"name": repr(name), "raw": repr(raw)}


def parse_filters(params):
    """game, date_from, date_to from a query string; bad dates are dropped, with a message."""
    out, errors = {"game": None, "date_from": None, "date_to": None}, []
    game = params.get("game") or None
    if game and game in Game.values:
        out["game"] = game
    elif game:
        errors.append(_("There is no game called %(game)s; showing every game.") % {"game": repr(game)})
    for key, name in (("date_from", "from"), ("date_to", "to")):
        raw = params.get(name) or params.get(key)
        if raw:
            try:
                out[key] = date.fromisoformat(raw)
            except ValueError:
                errors.append(not_a_date(name, raw))
    return out, errors


def _games(family):
    """The filter's games: those the family has played or can play (the referee's catalogue), not every
    name the archive knows."""
    names = {g["name"]: g["title"] for g in catalogue.catalogue()}
    # Only a game the referee no longer knows needs the family's sessions asked (a query over all of them).
    played = games_of(family) if any(v not in names for v, _label in Game.choices) else ()
    return [(v, names.get(v, label)) for v, label in Game.choices if v in names or v in played]


def _h2h_rows(h2h):
    """The head-to-head matrix as table rows, each cell shaded by its share of the largest."""
    top = max((c for row in h2h["matrix"] for c in row), default=0) or 1
    return [
        {
            "name": p["name"],
            "cells": [{"cents": c, "heat": round(c / top, 3), "self": i == j} for j, c in enumerate(row)],
        }
        for i, (p, row) in enumerate(zip(h2h["players"], h2h["matrix"]))
    ]


def _chart_data(family, flt):
    return {
        "net": selectors.net_over_time(family=family, **flt),
        "h2h": selectors.head_to_head(family=family, **flt),
        **selectors.game_reads(family=family, **flt),
    }


def _game_parts(game):
    """Each game's own part of the statistics page (its columns, totals and sections): the templates in
    templates/games/<game>/, for the games the filter covers that have statistics of their own."""
    return [
        {part: f"games/{module.GAME}/_stats_{part}.html" for part in ("totals", "head", "cells", "sections")}
        for module in stats_games.matching(game)
    ]


@login_required
@require_GET
def family_stats(request, slug):
    family, role = family_for(request.user, slug)
    version = statistics_version(family.pk)  # before the statistics are read (archive/common/fragments.py)
    flt, errors = parse_filters(request.GET)
    for e in errors:
        messages.warning(request, e)
    ctx = {"family": family, "role": role, "can_edit": can_edit(role), "filters": flt}

    def panels():  # the totals, tables and charts: read and rendered once a statistics version and filter
        # (stripped: the page is the same bytes as when it was one template)
        return render_to_string("stats/_family_panels.html", ctx | _panels(family, flt)).lstrip()

    parts = [flt["game"] or "", flt["date_from"] or "", flt["date_to"] or ""]
    html = fragment(family.pk, "stats", parts, panels, version=version)
    job = jobs.latest_job(family=family)
    return render(
        request,
        "stats/family.html",
        ctx
        | {
            "games": _games(family),
            "panels": mark_safe(html),  # noqa: S308 (rendered by the view above)
            "job": jobs.job_progress(job) if job else None,
            "owed": jobs.owed(family=family),
        },
    )


def _panels(family, flt) -> dict:
    """The statistics panels' context, read as one (a statement two panels share runs once)."""
    with one_read():
        return _panel_reads(family, flt)


def _panel_reads(family, flt) -> dict:
    players = selectors.players(family=family, **flt)
    charts = _chart_data(family, flt)
    return {
        "totals": selectors.totals(family=family, players=players, **flt),
        "players": players,
        "misdealers": sorted((p for p in players if p["misdeals"]), key=lambda p: (-p["misdeals"], p["name"])),
        "streaks": selectors.streaks(family=family, **flt),
        "game_parts": _game_parts(flt["game"]),
        "h2h": dict(charts["h2h"], rows=_h2h_rows(charts["h2h"])),
        "largest": selectors.largest_pots(family=family, **flt),
        "charts": charts,
        "sessions": list(Session.objects.filter(family=family, deleted_at__isnull=True)[:12]),
    }


@login_required
@require_GET
def session_stats(request, slug, pk):
    family, role = family_for(request.user, slug)
    session = get_object_or_404(Session, pk=pk, family=family, deleted_at__isnull=True)
    pots = selectors.session_pots(session=session)
    return render(
        request,
        "stats/session.html",
        {
            "family": family,
            "role": role,
            "can_edit": can_edit(role),
            "session": session,
            "pots": pots,
            "settle": selectors.settle_up(family=family, session=session),
        },
    )


@login_required
@require_GET
def settle_page(request, slug):
    family, role = family_for(request.user, slug)
    flt, errors = parse_filters(request.GET)
    for e in errors:
        messages.warning(request, e)
    return render(
        request,
        "stats/settle.html",
        {
            "family": family,
            "role": role,
            "can_edit": can_edit(role),
            "filters": flt,
            "games": _games(family),
            "settle": selectors.settle_up(family=family, **flt),
        },
    )


def _party(family, raw):
    """A transfer's side from a form: a player id, or '' for the pot."""
    if raw in (None, "", "pot"):
        return None
    try:
        return Player.objects.get(pk=int(raw), family=family)
    except (ValueError, Player.DoesNotExist):
        raise Http404(_("No such player at this table."))


@login_required
@require_POST
def settle_paid(request, slug):
    family, role = family_for(request.user, slug)
    require_edit(role)
    session = None
    try:
        session_id = bounds.int_or_none(request.POST.get("session"))
    except ValueError:
        return HttpResponseBadRequest(_("session is a session's id (a number)."))
    if session_id is not None:
        session = get_object_or_404(Session, pk=session_id, family=family)
    flt, _errors = parse_filters(request.POST)
    back = request.POST.get("next") or ""
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        back = reverse("stats-settle", args=[family.slug])
    if request.POST.get("undo"):
        try:
            payment_id = bounds.int_or_none(request.POST["undo"])
        except ValueError:
            return HttpResponseBadRequest(_("undo is a payment's id (a number)."))
        payment = get_object_or_404(SettlePayment, pk=payment_id, family=family)
        services.settle_unmark_paid(payment=payment, by=request.user)
        messages.success(request, _("Marked as not paid."))
        return redirect(back)
    try:
        amount = int(request.POST.get("amount", ""))
        services.settle_mark_paid(
            family=family,
            payer=_party(family, request.POST.get("payer")),
            payee=_party(family, request.POST.get("payee")),
            amount=amount,
            by=request.user,
            session=session,
            date_from=None if session else flt["date_from"],
            date_to=None if session else flt["date_to"],
        )
        messages.success(request, _("Marked as paid."))
    except ValueError:
        messages.error(
            request,
            _("The amount must be a positive whole number of cents, at most %(most)s.")
            % {"most": number_format(bounds.MONEY_MAX, force_grouping=True)},
        )
    return redirect(back)


@login_required
@require_POST
def recompute(request, slug):
    family, role = family_for(request.user, slug)
    require_edit(role)
    job = jobs.stats_job_start(family=family, by=request.user)
    job.refresh_from_db()
    if request.headers.get("Accept", "").startswith("application/json"):
        return JsonResponse(jobs.job_progress(job), status=202)
    messages.success(request, _("Recomputing the statistics from every hand."))
    return redirect(reverse("stats-family", args=[family.slug]) + f"?job={job.pk}")


@login_required
@require_GET
def job_status(request, slug, pk):
    family, _role = family_for(request.user, slug)
    job = get_object_or_404(StatsJob, pk=pk, family=family)
    return JsonResponse(jobs.job_progress(job))
