"""Disputes: opened on a hand, answered, settled; the family's list of them."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db.models import Count
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy
from django.views.decorators.http import require_POST

import referee
from archive.people.access import family_for, require_edit
from archive.table import error_words, services
from archive.table.forms import DisputeForm, ReplyForm, ResolveForm, SettleForm
from archive.table.models import Dispute
from archive.table.selectors.disputes import dispute_comparison, version_name
from archive.table.selectors.hands import ruling_for_reader
from archive.table.views.hands import _hand_of
from archive.table.views.nights import (
    DISPUTE_KEYS,
    DISPUTED_HAND_BULK,
    _base,
    _errors_of,
    _keyset_args,
    _parse_record,
)

# The list's filter, as the reader says it (the values stay the model's).
STATUSES = [
    (Dispute.Status.OPEN, pgettext_lazy("disputes", "Open")),
    (Dispute.Status.RESOLVED, pgettext_lazy("disputes", "Resolved")),
]


@login_required
@require_POST
def dispute_new(request, slug, pk):
    family, role, hand = _hand_of(request.user, slug, pk)
    require_edit(role)
    form = DisputeForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("A dispute needs a title and a few words of what happened."))
        return redirect("hand", family.slug, hand.pk)
    try:
        d = services.dispute_open(
            hand=hand, title=form.cleaned_data["title"], text=form.cleaned_data["text"], by=request.user
        )
    except ValidationError as exc:
        messages.error(request, _errors_of(exc))
        return redirect("hand", family.slug, hand.pk)
    return redirect("dispute", family.slug, d.pk)


def _dispute_of(user, slug, pk):
    family, role = family_for(user, slug)
    d = (
        Dispute.objects.filter(family=family, pk=pk)
        .select_related("hand", "hand__session", "opened_by", "resolved_by", "ruling_revision")
        .first()
    )
    if d is None:
        raise Http404(_("No such dispute in this family."))
    return family, role, d


@login_required
def dispute_page(request, slug, pk):
    family, role, d = _dispute_of(request.user, slug, pk)
    reply_form, resolve_form, status = ReplyForm(), ResolveForm(), 200
    errors, record = [], None
    if request.method == "POST":
        require_edit(role)
        try:
            if "settle" in request.POST:
                form = SettleForm(request.POST)
                version = d.versions.filter(number=form.cleaned_data["version"]).first() if form.is_valid() else None
                if version is None:
                    raise ValidationError({"version": _("Choose one of this dispute's versions.")})
                services.dispute_settle(dispute=d, version=version, by=request.user, why=form.cleaned_data["why"])
                messages.success(
                    request,
                    _("The dispute is settled: %(version)s is the hand now; the night is re-ruled.")
                    % {"version": version_name(version)},
                )
                return redirect("dispute", family.slug, d.pk)
            elif "resolve" in request.POST:
                resolve_form = ResolveForm(request.POST)
                if resolve_form.is_valid():
                    text = resolve_form.cleaned_data["record"].strip()
                    record = _parse_record(text) if text else None
                    services.dispute_resolve(
                        dispute=d, resolution=resolve_form.cleaned_data["resolution"], by=request.user, record=record
                    )
                    messages.success(request, _("The dispute is resolved."))
                    return redirect("dispute", family.slug, d.pk)
                status = 400
            else:
                reply_form = ReplyForm(request.POST)
                if reply_form.is_valid():
                    services.dispute_reply(dispute=d, text=reply_form.cleaned_data["text"], by=request.user)
                    return redirect(reverse("dispute", args=[family.slug, d.pk]) + "#end")
                status = 400
        except referee.BadRecord as exc:
            errors, status = error_words.say_all(exc.errors, record), 400
        except ValidationError as exc:
            errors, status = [{"event": None, "field": "*", "message": _errors_of(exc)}], 400
    msgs = d.messages.select_related("author").order_by("at", "id")
    return render(
        request,
        "archive/dispute.html",
        _base(
            request,
            family,
            role,
            dispute=d,
            hand=d.hand,
            ruling_now=ruling_for_reader(d.hand),  # its words in the reader's language
            session=d.hand.session,
            thread=msgs,
            reply_form=reply_form,
            resolve_form=resolve_form,
            compare=_in_words(dispute_comparison(d), d.hand.record),
            errors=errors,
        ),
        status=status,
    )


@login_required
def disputes_page(request, slug):
    family, role = family_for(request.user, slug)
    status = request.GET.get("status")
    status = status if status in Dispute.Status.values else ""
    qs = (
        Dispute.objects.filter(family=family)
        .select_related("hand", "hand__session", "opened_by")
        .defer(*DISPUTED_HAND_BULK)
        .annotate(replies=Count("messages"))
    )
    if status:
        qs = qs.filter(status=status)
    disputes = DISPUTE_KEYS.page(qs, size=30, **_keyset_args(request, family))
    return render(
        request,
        "archive/disputes.html",
        _base(request, family, role, disputes=disputes, status=status, statuses=STATUSES),
    )


def _in_words(compare, hand_record):
    """A refused version's errors in a player's words ("the deal", names, cards), its record naming the places."""
    for c in compare.get("versions") or ():
        if c.get("errors"):
            record = getattr(c.get("version"), "record", None)
            record = record if isinstance(record, dict) else {}
            record = {"players": (hand_record or {}).get("players")} | record
            c["errors"] = error_words.say_all(c["errors"], record)
    return compare
