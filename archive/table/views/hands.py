"""A hand's pages: the hand with its replay and ruling, its history of revisions, its edit, delete and restore."""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

import referee
from archive.common import catalogue
from archive.common.fragments import fragment, night_version
from archive.people.access import family_for, require_edit
from archive.table import error_words, reason_words, rulebook, selectors, services
from archive.table.carry import record_carry
from archive.table.forms import DisputeForm, HandEditForm, WhyForm
from archive.table.models import Dispute, HandRevision
from archive.table.views.nights import _base, _errors_of, _game_js, _game_parts, _parse_record, _picker_urls


def _hand_of(user, slug, pk):
    family, role = family_for(user, slug)
    return family, role, selectors.hand_for(family, pk)


def _steps(record):
    """The replay of a hand for the page: the referee's state after each event, as plain JSON, in the reader's
    language."""
    try:
        return [dict(state) for state in referee.steps(record, language=translation.get_language())]
    except referee.BadRecord:
        return []


@login_required
def hand_page(request, slug, pk):
    family, role = family_for(request.user, slug)
    # The version of the hand's night, read before the hand's rows (archive/common/fragments.py); a hand never
    # moves to another night, so which night it is may be read first (and is cached).
    night_id = selectors.hand_night_id(pk)
    if night_id is None:
        raise Http404("No such hand.")
    version = night_version(family.pk, night_id)
    base = _base(request, family, role)

    def page():  # the hand, its ruling panel, its record and its disputes: read and rendered once a night's version
        hand = selectors.hand_page_row(family, pk)  # a stranger's or unknown hand: 404, nothing cached
        session = hand.session
        settles = catalogue.settles_of(session.game) or "pot"
        ctx = base | {"hand": hand, "session": session, "settles": settles}
        steps = _steps(hand.record)
        panel = ctx | _ruling_panel(hand, settles) | {"steps": steps, "has_book": rulebook.has_book(session.game)}
        return {
            "hand": {
                "pk": hand.pk,
                "number": hand.number,
                "status": hand.status,
                "ruling": {k: (hand.ruling or {}).get(k) for k in ("game", "violations")},  # for its badge
                "deleted_at": hand.deleted_at,
                "revision": hand.revision,
                "session_id": hand.session_id,
                "previous_id": hand.previous_id,
                "next_id": hand.next_id,
            },
            "session": {"pk": session.pk, "timezone": session.timezone, "started_at": session.started_at},
            "disputes": [{"pk": d.pk, "title": d.title, "status": d.status} for d in selectors.hand_disputes(hand)],
            "ruling": render_to_string("archive/_hand_ruling.html", panel),
            "record": render_to_string("archive/_hand_record.html", panel),
            "replay": bool(steps),
        }

    cached = fragment(family.pk, "hand", [pk], page, version=version)
    return render(
        request,
        "archive/hand.html",
        base
        | {
            "hand": cached["hand"],
            "session": cached["session"],
            "disputes": cached["disputes"],
            "ruling_panel": mark_safe(cached["ruling"]),  # noqa: S308 (rendered by the view above)
            "record_panel": mark_safe(cached["record"]),  # noqa: S308
            "replay": cached["replay"],
            "why_form": WhyForm(),
            "dispute_form": DisputeForm(),
        },
    )


def _ruling_panel(hand, settles) -> dict:
    """The ruling panel's context: the seats' names, the money per seat, the points, the tricks, the trump."""
    detail = selectors.hand_panel(hand)
    ruling = selectors.ruling_for_reader(hand)  # the words in the reader's language, the money as stored
    # Where each violation happened, as a player names it ("the deal", "the third card played"), not "event 0".
    detail["violations"] = [
        dict(v, where=error_words.event_words(hand.record, v.get("event")) if v.get("event") is not None else None)
        for v in ruling.get("violations") or []
        if isinstance(v, dict)
    ]
    players = [p.name for p in detail["players"]]
    names = (hand.record or {}).get("players") or players
    by_seat = {}
    for e in selectors.ledger_for_reader(detail["ledger"]):  # each reason in the reader's language
        by_seat.setdefault(e.seat, []).append(e)
    money = [
        {"seat": row["seat"], "player": row["player"], "net": row["net"], "entries": by_seat.get(row["seat"], [])}
        for row in detail["net"]
    ]
    # A game scored in points moves no money: its deal says each player's points instead.
    scored = ((ruling.get("score") or {}).get("players") or []) if settles == "points" else []
    points = [
        {"seat": row["seat"], "player": row["player"], "points": scored[row["seat"]]}
        for row in detail["net"]
        if row["seat"] < len(scored)
    ]
    if points and not any(m["net"] or m["entries"] for m in money):
        money = []
    return {
        "d": detail,
        "ruling": ruling,
        "money": money,
        "points": points,
        "names": names,
        "tricks": ruling.get("tricks") or [],
        "showdown": selectors.showdown_for_reader(hand),  # poker's shown hands, named in the reader's language
        "trump": _trump_of(hand.ruling),
        "game_parts": _game_parts(hand.session.game, "hand"),
    }


def _trump_of(ruling):
    """The turned card of the deal that counted (None for a void hand, or a game that turns none)."""
    return (((ruling or {}).get("facts") or {}).get("game") or {}).get("turned")


def _money_diff(before, after, names):
    """Per seat: what a revision changed in the money (net), and the pot that carries."""
    if not before:
        return []
    rows = []
    bn, an = before.get("net") or [], after.get("net") or []
    for i, name in enumerate(names):
        b = bn[i] if i < len(bn) else 0
        a = an[i] if i < len(an) else 0
        if a != b:
            rows.append({"who": name, "before": b, "after": a, "delta": a - b})
    if before.get("pot_out") != after.get("pot_out"):
        rows.append(
            {
                "who": _("pot carried"),
                "before": before.get("pot_out"),
                "after": after.get("pot_out"),
                "delta": (after.get("pot_out") or 0) - (before.get("pot_out") or 0),
            }
        )
    return rows


@login_required
def hand_history(request, slug, pk):
    family, role, hand = _hand_of(request.user, slug, pk)
    revisions = list(HandRevision.objects.filter(hand=hand).select_related("by").order_by("number"))
    names = (hand.record or {}).get("players") or []
    previous = prev_record = None
    rows = []
    for rev in revisions:
        ruling = rev.ruling or {}
        rows.append(
            {
                "rev": rev,
                "summary": selectors.ruling_for_reader(rev).get("summary", ""),  # in the reader's language
                "why": reason_words.why_said(rev.why),  # the archive's own words in the reader's language
                "status": ruling.get("status"),
                "diff": _money_diff(previous, ruling, names),
                "record_changed": previous is not None and rev.record != prev_record,
            }
        )
        previous, prev_record = ruling, rev.record
    rows.reverse()
    return render(
        request,
        "archive/hand_history.html",
        _base(request, family, role, hand=hand, session=hand.session, rows=rows, names=names),
    )


def _open_dispute_of(hand, pk):
    """The open dispute `pk` of this hand, or None (no number, another hand's, or already resolved)."""
    if not (isinstance(pk, str) and pk.isdigit() and len(pk) < 19):
        return None
    return Dispute.objects.filter(hand=hand, pk=int(pk), status=Dispute.Status.OPEN).first()


def _record_or_none(text):
    """The record a form posted, when it reads as one; else None (the page keeps the text as typed)."""
    try:
        record = referee.loads(text) if text else None
    except referee.BadRecord:
        return None
    return record if isinstance(record, dict) and isinstance(record.get("events"), list) else None


@login_required
def hand_edit(request, slug, pk):
    """Correct a logged hand: the card picker, filled from the stored record, or the record box ("advanced").

    The hidden field `source` says which of the two is saved ("picker" or "raw"); without it (no JavaScript)
    the record box is. A bad record or a missing why re-shows both as typed, with the referee's words."""
    family, role, hand = _hand_of(request.user, slug, pk)
    require_edit(role)
    # ?dispute=N: the correction settles that open dispute of this hand; "why" is then its resolution.
    # ?dispute=N&propose=1: the record is put forward as a version of the dispute instead (the hand untouched).
    dispute = _open_dispute_of(hand, request.GET.get("dispute") or request.POST.get("dispute"))
    propose = dispute is not None and (request.GET.get("propose") or request.POST.get("propose")) == "1"
    stored = hand.record or {}
    errors, status, why = [], 200, ""
    raw, picked, source = json.dumps(stored, indent=1, ensure_ascii=False), stored, "picker"
    if request.method == "POST":
        form = HandEditForm(request.POST)
        if not form.is_valid():
            errors += [{"event": None, "field": f, "message": m} for f, ms in form.errors.items() for m in ms]
        data = {k: (form.cleaned_data.get(k) or request.POST.get(k) or "") for k in ("record", "raw", "source", "why")}
        picker_text, raw, why = data["record"].strip(), data["raw"], data["why"].strip()
        source = data["source"] if data["source"] in ("picker", "raw") else ""
        text = picker_text if source == "picker" else raw.strip() if source == "raw" else (raw.strip() or picker_text)
        picked = _record_or_none(picker_text) or stored  # the picker comes back as it was left
        source = source or "raw"
        if not why:
            errors.append(
                {
                    "event": None,
                    "field": "why",
                    "message": _("Say why the hand is changed (it is kept in the hand's history, with your name)."),
                }
            )
        try:
            record = _parse_record(text)
            if not errors and propose:
                version = services.version_propose(dispute=dispute, record=record, by=request.user, why=why)
            elif not errors and dispute is not None:
                services.dispute_resolve(dispute=dispute, resolution=why, by=request.user, record=record)
            elif not errors:
                services.hand_edit(hand=hand, record=record, by=request.user, why=why)
        except referee.BadRecord as exc:
            errors = error_words.say_all(exc.errors, _record_or_none(text)) + errors
        except ValidationError as exc:
            errors.append({"event": None, "field": "*", "message": _errors_of(exc)})
        if not errors and propose:
            messages.success(
                request,
                _("Version %(n)s is put forward; the hand is unchanged until the dispute is settled.")
                % {"n": version.number},
            )
            return redirect(reverse("dispute", args=[family.slug, dispute.pk]) + "#compare")
        if not errors and dispute is not None:
            messages.success(
                request,
                _(
                    "The dispute is resolved: hand %(number)s is corrected and re-ruled, with every later hand of "
                    "the night."
                )
                % {"number": hand.number},
            )
            return redirect("dispute", family.slug, dispute.pk)
        if not errors:
            messages.success(
                request,
                _("Hand %(number)s is changed and re-ruled, with every later hand of the night.")
                % {"number": hand.number},
            )
            return redirect("hand", family.slug, hand.pk)
        status = 400
    game = stored.get("game") or hand.session.game
    config = {
        "players": stored.get("players") or [p.name for p in selectors.hand_detail(hand)["players"]],
        "dealer": stored.get("dealer", hand.dealer),
        "pot_in": stored.get("pot_in", hand.pot_in),
        "house_rules": stored.get("house_rules") or {},
        "game": game,
        "variant": stored.get("variant"),
        "number": hand.number,
        "counted": selectors.counted_before(hand.session, hand.number),  # a game's deals before it (no misdeals)
        "record": picked,
        "source": source,
        "carry": record_carry(game, stored),  # what the hand was played under (a svara), as the chain set it
    } | _picker_urls(game)
    return render(
        request,
        "archive/hand_edit.html",
        _base(
            request,
            family,
            role,
            hand=hand,
            session=hand.session,
            errors=errors,
            raw=raw,
            why=why,
            config=config,
            dispute=dispute,
            propose=propose,
            game_js=_game_js(game),
            ruling=selectors.ruling_for_reader(hand),  # "ruled now" in the reader's language, the money as stored
        ),
        status=status,
    )


@login_required
@require_POST
def hand_delete(request, slug, pk):
    family, role, hand = _hand_of(request.user, slug, pk)
    require_edit(role)
    form = WhyForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Say why the hand is deleted; it is kept in the hand's history."))
        return redirect("hand", family.slug, hand.pk)
    try:
        services.hand_delete(hand=hand, by=request.user, why=form.cleaned_data["why"])
        messages.success(
            request,
            _("Hand %(number)s is deleted (it can be restored); later hands are re-ruled.") % {"number": hand.number},
        )
    except (ValidationError, referee.BadRecord) as exc:
        messages.error(
            request,
            _errors_of(exc) if isinstance(exc, ValidationError) else _("The later hands could not be re-ruled."),
        )
    return redirect("hand", family.slug, hand.pk)


@login_required
@require_POST
def hand_restore(request, slug, pk):
    family, role, hand = _hand_of(request.user, slug, pk)
    require_edit(role)
    form = WhyForm(request.POST)
    why = form.cleaned_data["why"] if form.is_valid() else "restored"
    try:
        services.hand_restore(hand=hand, by=request.user, why=why)
        messages.success(request, _("Hand %(number)s is back; later hands are re-ruled.") % {"number": hand.number})
    except (ValidationError, referee.BadRecord) as exc:
        messages.error(
            request, _errors_of(exc) if isinstance(exc, ValidationError) else _("The hand could not be re-ruled.")
        )
    return redirect("hand", family.slug, hand.pk)
