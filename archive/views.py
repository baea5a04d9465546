"""The site's pages. Thin: reads come from archive.table.selectors, writes go through archive.table.services,
rules are the referee's. Strangers get 404 (archive.people.access), viewers 403 on writes."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from archive.common import money
from archive.common.fragments import family_versions, fragment
from archive.guide import guide_html
from archive.people import invitations
from archive.people import selectors as people_selectors
from archive.people import services as people_services
from archive.people.access import family_for
from archive.people.forms import FamilyForm, MemberAddForm
from archive.people.models import Membership, Player
from archive.people.views import _base, _errors_of
from archive.stats import jobs as stats_jobs
from archive.stats import selectors as stats_selectors
from archive.stats.rollups import DAY, MONTH, YEAR
from archive.table import selectors
from archive.table.models import Dispute
from archive.table.selectors.families import families_light
from archive.table.views.nights import DISPUTED_HAND_BULK, HAND_KEYS, SESSION_KEYS, _keyset_args

# --- home and families ---------------------------------------------------------------------------------


@login_required
def home(request):
    form = FamilyForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            family = people_services.family_create(
                name=form.cleaned_data["name"],
                owner=request.user,
                timezone=form.cleaned_data["timezone"],
                currency=form.cleaned_data["currency"],
            )
        except ValidationError as exc:
            form.add_error(None, _errors_of(exc))
        else:
            messages.success(
                request,
                _("%(family)s is ready. Add your players when you start the first session.") % {"family": family.name},
            )
            return redirect("family", family.slug)
    return render(request, "archive/home.html", {"families": families_light(request.user), "form": form})


def guide(request):
    """The "How to" page: the user's guide (docs/guide.md), for anyone, logged in or not."""
    title, body = guide_html()
    return render(request, "archive/guide.html", {"title": title, "body": body})


# The family page names its latest open disputes; the disputes page lists them all.
OPEN_DISPUTES_SHOWN = 5


@login_required
def family_page(request, slug):
    family, role = family_for(request.user, slug)
    # the family's version and the family-wide one, before the family's rows are read (archive/common/fragments.py)
    version, wide = family_versions(family.pk)
    ctx = _base(request, family, role)
    keyset = _keyset_args(request, family)

    def body():  # the facts, the open disputes, a page of sessions and the players: once a family version
        sessions = SESSION_KEYS.page(selectors.session_list(family), size=25, **keyset)
        selectors.with_session_counts(sessions["rows"])
        open_disputes = list(
            Dispute.objects.filter(family=family, status=Dispute.Status.OPEN)
            .select_related("hand", "hand__session", "opened_by")
            .defer(*DISPUTED_HAND_BULK)
            .order_by("-opened_at", "-id")[: OPEN_DISPUTES_SHOWN + 1]
        )
        return render_to_string(
            "archive/_family_body.html",
            ctx
            | {
                "sessions": sessions,
                "session_count": selectors.session_count(family),
                "players": people_selectors.players_of(family),
                "open_disputes": open_disputes[:OPEN_DISPUTES_SHOWN],
                "more_open_disputes": len(open_disputes) > OPEN_DISPUTES_SHOWN,
            },
            request=request,
        )

    page = [role, *(request.GET.get(k) or "" for k in ("older", "newer", "date"))]
    html = fragment(family.pk, "family", page, body, version=version)
    return render(
        request,
        "archive/family.html",
        ctx
        | {
            "body": mark_safe(html),  # noqa: S308 (rendered by the view above)
            "members_panel": _members_panel(request, family, role, ctx, version=wide),
        },
    )


# Where the cached members panel takes each request's own CSRF token and an owner's open invitations.
CSRF_SLOT = "tk-csrf-slot-3c9e1f"
INVITATIONS_SLOT = "<!--tk:invitations-->"


def _members_panel(request, family, role, ctx, *, version):
    """The family page's members panel: read and rendered once a family-wide version (members, roles, money),
    a role and a member ("you"), then served with this request's CSRF token (a token is the session's, never
    cached) and, for an owner, the open invitations read afresh (one expires without a change of the family)."""

    def panel():
        return render_to_string(
            "archive/_family_members.html",
            ctx
            | {
                "user": request.user,
                "members": people_selectors.members_of(family),
                "member_form": MemberAddForm(),
                "roles": Membership.Role.choices,
                "currency_choices": money.choices(),
                "csrf_token": CSRF_SLOT,
                "invitations_slot": mark_safe(INVITATIONS_SLOT),  # noqa: S308 (a constant)
            },
        )

    html = fragment(family.pk, "members", [role, request.user.pk], panel, version=version)
    open_ = invitations.open_invitations(family) if role == Membership.Role.OWNER else []
    said = (
        render_to_string("archive/_family_invitations.html", ctx | {"invitations": open_}, request=request)
        if open_
        else ""
    )
    html = html.replace(CSRF_SLOT, get_token(request)).replace(INVITATIONS_SLOT, said)
    return mark_safe(html)  # noqa: S308 (rendered above, the token and the invitations escaped by their templates)


# --- players ---------------------------------------------------------------------------------------------


def _chart(points, width=640, height=180, pad=28):
    """An inline SVG line of a balance over time: [(label, value)] -> dict for the template."""
    if len(points) < 2:
        return None
    values = [v for _, v in points]
    lo, hi = min(values + [0]), max(values + [0])
    span = (hi - lo) or 1
    step = (width - 2 * pad) / (len(points) - 1)

    def y(v):
        return round(height - pad - (v - lo) * (height - 2 * pad) / span, 1)

    coords = " ".join(f"{round(pad + i * step, 1)},{y(v)}" for i, v in enumerate(values))
    return {
        "width": width,
        "height": height,
        "coords": coords,
        "zero_y": y(0),
        "pad": pad,
        "first": points[0][0],
        "last": points[-1][0],
        "hi": hi,
        "lo": lo,
        "hi_y": y(hi),
        "lo_y": y(lo),
        "right": width - pad,
    }


@login_required
def player_page(request, slug, pk):
    family, role = family_for(request.user, slug)
    player = get_object_or_404(Player.objects.select_related("merged_into", "user"), family=family, pk=pk)
    record = stats_selectors.player_record(family=family, player_id=player.pk)
    everyone = list(
        people_selectors.players_of(family, include_merged=True)
    )  # the merge form's choices, and his aliases
    history = selectors.player_history(player, net=record["net"])
    chart = _chart(record["balance"])
    hands = HAND_KEYS.page(
        history["hands"],
        size=30,
        rows_of=selectors.hand_rows,
        narrow=history["narrow"],
        **_keyset_args(request, family),
    )
    selectors.with_player_net(hands["rows"], player)
    selectors.with_reader_summaries(hands["rows"])  # what happened, in the reader's language
    return render(
        request,
        "archive/player.html",
        _base(
            request,
            family,
            role,
            player=player,
            history=history,
            chart=chart,
            hands=hands,
            record=record,
            per={DAY: "day", MONTH: "month", YEAR: "year"}[record["level"]],
            owed=stats_jobs.owed(family=family),
            sessions_recent=history["recent"],
            recent_nights=selectors.RECENT_NIGHTS,
            merged=[p for p in everyone if p.merged_into_id == player.pk],
            others=[p for p in everyone if p.merged_into_id is None and p.pk != player.pk],
        ),
    )
