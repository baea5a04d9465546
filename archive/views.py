"""The site's pages. Thin: reads come from archive.selectors, writes go through archive.services,
rules are the referee's. Strangers get 404 (archive.access), viewers 403 on writes."""

import datetime
import json
import uuid
import zoneinfo

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.staticfiles import finders
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone as dj_timezone
from django.views.decorators.http import require_POST

import referee
from archive import error_words, invitations, paging, rulebook, selectors, selectors_games, services
from archive.access import can_edit, family_for, require_edit, require_owner
from archive.carry import carried_keys
from archive.forms import (
    FamilyForm,
    ImportForm,
    MemberAddForm,
    MemberRoleForm,
    SessionForm,
)
from archive.models import Dispute, Membership, Player
from archive.selectors_games import MONEY_MAX
from archive.selectors_web import families_light, last_session
from archive.stats import selectors as stats_selectors
from archive.stats.rollups import DAY, MONTH, YEAR


def _errors_of(exc):
    """Words of a Django ValidationError, for a message on the page."""
    return " ".join(exc.messages) if hasattr(exc, "messages") else str(exc)


def _record_text(request, *names):
    for name in names:
        text = (request.POST.get(name) or "").strip()
        if text:
            return text
    return ""


def _parse_record(text):
    """JSON text -> record dict, or referee.BadRecord naming what is wrong."""
    if not text:
        raise referee.BadRecord(
            [{"event": None, "field": "*", "message": "No hand was entered: pick the cards, or paste a record."}]
        )
    record = referee.loads(text)
    if not isinstance(record, dict):
        raise referee.BadRecord([{"event": None, "field": "*", "message": "A hand record is a JSON object {...}."}])
    return record


def _base(request, family, role, **extra):
    ctx = {"family": family, "role": role, "can_edit": can_edit(role), "is_owner": role == Membership.Role.OWNER}
    ctx.update(extra)
    return ctx


# --- home and families -----------------------------------------------------------------------------------


@login_required
def home(request):
    form = FamilyForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            family = services.family_create(
                name=form.cleaned_data["name"], owner=request.user, timezone=form.cleaned_data["timezone"]
            )
        except ValidationError as exc:
            form.add_error(None, _errors_of(exc))
        else:
            messages.success(request, f"{family.name} is ready. Add your players when you start the first session.")
            return redirect("family", family.slug)
    return render(request, "archive/home.html", {"families": families_light(request.user), "form": form})


# The family page names its latest open disputes; the disputes page lists them all.
OPEN_DISPUTES_SHOWN = 5


@login_required
def family_page(request, slug):
    family, role = family_for(request.user, slug)
    sessions = SESSION_KEYS.page(selectors.session_list(family), size=25, **_keyset_args(request, family))
    selectors.with_session_counts(sessions["rows"])
    open_disputes = list(
        Dispute.objects.filter(family=family, status=Dispute.Status.OPEN)
        .select_related("hand", "hand__session", "opened_by")
        .defer(*DISPUTED_HAND_BULK)
        .order_by("-opened_at", "-id")[: OPEN_DISPUTES_SHOWN + 1]
    )
    return render(
        request,
        "archive/family.html",
        _base(
            request,
            family,
            role,
            sessions=sessions,
            session_count=selectors.session_count(family),
            players=selectors.players_of(family),
            members=selectors.members_of(family),
            member_form=MemberAddForm(),
            roles=Membership.Role.choices,
            open_disputes=open_disputes[:OPEN_DISPUTES_SHOWN],
            more_open_disputes=len(open_disputes) > OPEN_DISPUTES_SHOWN,
            import_form=ImportForm(),
            invitations=invitations.open_invitations(family) if role == Membership.Role.OWNER else [],
        ),
    )


@login_required
@require_POST
def member_add(request, slug):
    """Invite someone: the answer is the same whether or not the username exists (issue 11)."""
    family, role = family_for(request.user, slug)
    require_owner(role)
    form = MemberAddForm(request.POST)
    if form.is_valid():
        invitation, code = invitations.invitation_create(
            family=family, role=form.cleaned_data["role"], by=request.user, for_username=form.cleaned_data["username"]
        )
        url = request.build_absolute_uri(reverse("invitation", args=[code]))
        whom = f"for {invitation.for_username}" if invitation.for_username else "for whoever has the link"
        messages.success(
            request,
            f"Invitation {whom} to join as {invitation.get_role_display().lower()}: send them "
            f"{url} — it works once, until {invitation.expires_at:%Y-%m-%d}. They become a member when "
            "they accept it.",
        )
    else:
        messages.error(request, " ".join(e for errs in form.errors.values() for e in errs))
    return redirect(reverse("family", args=[family.slug]) + "#members")


@login_required
@require_POST
def member_change(request, slug, pk):
    family, role = family_for(request.user, slug)
    m = get_object_or_404(Membership.objects.select_related("user"), family=family, pk=pk)
    require_owner(role)
    try:
        if request.POST.get("remove"):
            services.member_remove(membership=m, by=request.user)
            messages.success(request, f"{m.user.username} is no longer a member of {family.name}.")
        else:
            form = MemberRoleForm(request.POST)
            if not form.is_valid():
                messages.error(request, "Pick a role: owner, editor or viewer.")
            else:
                m = services.member_add(family=family, user=m.user, role=form.cleaned_data["role"], by=request.user)
                messages.success(request, f"{m.user.username} is now {m.get_role_display().lower()}.")
    except ValidationError as exc:
        messages.error(request, _errors_of(exc))
    return redirect(reverse("family", args=[family.slug]) + "#members")


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


# Newest first, by keyset (archive.paging): a family's sessions, and the hands a player sat at.
SESSION_KEYS = paging.Keyset(("started_at", "id"), (datetime.datetime, int))
DISPUTE_KEYS = paging.Keyset(("opened_at", "id"), (datetime.datetime, int))
# A list of disputes names each one's hand and night, never its record or ruling: the big JSON stays unread.
DISPUTED_HAND_BULK = ("hand__record", "hand__ruling", "hand__session__house_rules", "hand__session__notes")
HAND_KEYS = paging.Keyset(("session__started_at", "session_id", "number"), (datetime.datetime, int, int))


def _keyset_args(request, family):
    """The page asked for: `older`/`newer` cursors, or `date` (a day in the family's time zone) to jump to."""
    day_end = None
    try:
        day = datetime.date.fromisoformat(request.GET.get("date") or "")
    except ValueError:
        day = None
    if day is not None and day < datetime.date.max:
        tz = zoneinfo.ZoneInfo(family.timezone)
        day_end = datetime.datetime.combine(day + datetime.timedelta(days=1), datetime.time(), tzinfo=tz)
    return {"older": request.GET.get("older"), "newer": request.GET.get("newer"), "day_end": day_end}


@login_required
def player_page(request, slug, pk):
    family, role = family_for(request.user, slug)
    player = get_object_or_404(Player.objects.select_related("merged_into", "user"), family=family, pk=pk)
    record = stats_selectors.player_record(family=family, player_id=player.pk)
    everyone = list(selectors.players_of(family, include_merged=True))  # the merge form's choices, and his aliases
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
            owed=stats_selectors.owed(family=family),
            sessions_recent=history["recent"],
            recent_nights=selectors.RECENT_NIGHTS,
            merged=[p for p in everyone if p.merged_into_id == player.pk],
            others=[p for p in everyone if p.merged_into_id is None and p.pk != player.pk],
        ),
    )


@login_required
@require_POST
def player_merge(request, slug, pk):
    family, role = family_for(request.user, slug)
    keep = get_object_or_404(Player, family=family, pk=pk)
    require_edit(role)
    try:
        merge = get_object_or_404(Player, family=family, pk=int(request.POST.get("merge") or 0))
        services.players_merge(keep=keep, merge=merge, by=request.user)
        messages.success(request, f"{merge.name} is now counted as {keep.name}; every hand of both is kept.")
    except (ValueError, ValidationError) as exc:
        messages.error(request, _errors_of(exc) if isinstance(exc, ValidationError) else "Pick a player to merge.")
    return redirect("player", family.slug, keep.pk)


# --- sessions --------------------------------------------------------------------------------------------


def _seats_from_post(post, family):
    """The seat rows of the form: each a player id (select) or a new guest name (text)."""
    ids, names = post.getlist("seat_player"), post.getlist("seat_guest")
    seats, errors = [], []
    for i in range(max(len(ids), len(names))):
        name = (names[i] if i < len(names) else "").strip()
        pid = (ids[i] if i < len(ids) else "").strip()
        if name:
            seats.append(("name", name))
        elif pid:
            try:
                seats.append(("id", int(pid)))
            except ValueError:
                errors.append(f"Seat {i + 1}: pick a player.")
    return seats, errors


@login_required
def session_new(request, slug):
    family, role = family_for(request.user, slug)
    require_edit(role)
    players = list(selectors.players_of(family))
    seats, seat_errors = [], []
    if request.method == "POST":
        seats, seat_errors = _seats_from_post(request.POST, family)
        form = SessionForm(request.POST, seats=seats)
        if form.is_valid() and not seat_errors:
            d = form.cleaned_data
            tz = zoneinfo.ZoneInfo(d["timezone"])
            started = datetime.datetime.combine(d["date"], d["time"]).replace(tzinfo=tz)
            try:
                with transaction.atomic():  # a guest named in the seats goes with a refused session
                    seat_players = []
                    by_id = {p.pk: p for p in players}
                    for kind, value in seats:
                        if kind == "id":
                            if value not in by_id:
                                raise ValidationError("One of the seats is not a player of this family.")
                            seat_players.append(by_id[value])
                        else:
                            p = services.player_for_name(family=family, name=value, by=request.user)
                            if p.pk not in by_id:
                                players.append(p)
                            seat_players.append(p)
                    if len({p.pk for p in seat_players}) != len(seat_players):
                        raise ValidationError("Each player sits in one seat only.")
                    session = services.session_create(
                        family=family,
                        game=d["game"],
                        variant=d["variant"],
                        started_at=started,
                        timezone=d["timezone"],
                        place=d["place"],
                        players=seat_players,
                        house_rules=d["house_rules"] or None,
                        first_dealer=d["first_dealer"],
                        pot_in=d["pot_in"],
                        by=request.user,
                    )
            except ValidationError as exc:
                form.add_error(None, _errors_of(exc))
            else:
                messages.success(request, "The session is open. Log the first hand when it is dealt.")
                return redirect("hand_log", family.slug, session.pk)
    else:
        now = dj_timezone.now().astimezone(zoneinfo.ZoneInfo(family.timezone))
        initial = {"date": now.date(), "time": now.time().replace(second=0, microsecond=0), "timezone": family.timezone}
        last = last_session(family)
        if last is not None:  # this week's table is last week's: its players, seats and house rules
            initial |= _initial_like(last)
            seats = [("id", p.pk) for p in last.seat_players]
        form = SessionForm(initial=initial)
    for e in seat_errors:
        form.add_error(None, e)
    rows = []
    for i in range(max(7, len(seats))):
        kind, value = seats[i] if i < len(seats) else (None, None)
        rows.append({"n": i + 1, "player": value if kind == "id" else None, "guest": value if kind == "name" else ""})
    return render(
        request,
        "archive/session_new.html",
        _base(
            request,
            family,
            role,
            form=form,
            players=players,
            rows=rows,
            sections=form.game_sections(),
            shown=",".join(g["name"] for g in form.games),
            money_max=MONEY_MAX,
            status=400 if request.method == "POST" else 200,
            last=last_session(family) if request.method != "POST" else None,
        ),
        status=400 if request.method == "POST" else 200,
    )


def _initial_like(last):
    """The new-session form's values from the family's last session: game, place, first dealer, house rules."""
    initial = {"game": last.game, "variant": last.variant, "place": last.place, "first_dealer": last.first_dealer}
    entry = selectors_games.game_entry(last.game)
    for rule in (entry or {}).get("house_rules", []):
        if rule["name"] in (last.house_rules or {}):
            initial[f"hr-{last.game}-{rule['name']}"] = last.house_rules[rule["name"]]
    return initial


@login_required
def session_page(request, slug, pk):
    family, role = family_for(request.user, slug)
    session = selectors.session_for(family, pk)
    detail = selectors.session_detail(session)
    # How the game settles (the catalogue's word) chooses the sheet: a pot game's balances, or a score sheet.
    settles = selectors_games.settles_of(session.game) or "pot"
    sheet = selectors_games.score_sheet(session) if settles == "points" else None
    return render(
        request,
        "archive/session.html",
        _base(
            request,
            family,
            role,
            d=detail,
            session=session,
            settles=settles,
            sheet=sheet,
            game=selectors_games.game_entry(session.game),
            game_parts=_game_parts(session.game, "stop_rule"),
            rules=selectors_games.rules_changed(session.game, session.house_rules),
            has_book=rulebook.has_book(session.game),
        ),
    )


@login_required
def hand_log(request, slug, pk):
    """Log the session's next hand: the card picker builds the record; the server rules and saves it."""
    family, role = family_for(request.user, slug)
    session = selectors.session_for(family, pk)
    require_edit(role)
    defaults = services.session_next_hand_defaults(session=session)
    errors, raw, status, record = [], "", 200, None
    if request.method == "POST":
        raw = (request.POST.get("raw") or "").strip()
        text = raw or (request.POST.get("record") or "").strip()
        try:
            record = _parse_record(text)
            hand = services.hand_add(
                session=session,
                record=record,
                by=request.user,
                why=(request.POST.get("why") or "").strip(),
                no_deal_ok=bool(request.POST.get("no_deal_ok")),
                idempotency_key=(request.POST.get("idempotency_key") or "").strip() or None,
            )
        except referee.BadRecord as exc:
            errors, status = error_words.say_all(exc.errors, record), 400
            raw = raw or text  # keep what was typed: nothing a family typed is lost
        except ValidationError as exc:
            errors, status = [{"event": None, "field": "*", "message": _errors_of(exc)}], 400
            raw = raw or text
        else:
            if hand.replayed:
                messages.info(request, f"Hand {hand.number} was logged already: the second Save added nothing.")
            else:
                messages.success(request, f"Hand {hand.number} is logged.")
            return redirect("hand", family.slug, hand.pk)
    game = defaults.get("game") or session.game
    config = {
        "players": defaults["players"],
        "dealer": defaults["dealer"],
        "pot_in": defaults["pot_in"],
        "house_rules": defaults.get("house_rules") or {},
        "game": game,
        "variant": defaults.get("variant"),
        "number": defaults.get("number"),
        "counted": defaults.get("counted"),  # the live hands before it that were not misdeals
        "carry": {k: defaults[k] for k in carried_keys(game) if k in defaults},  # what the last hand carries
    } | _picker_urls(game)
    return render(
        request,
        "archive/hand_log.html",
        _base(
            request,
            family,
            role,
            session=session,
            defaults=defaults,
            config=config,
            errors=errors,
            raw=raw,
            # made when the page renders: a second tap of Save sends it again and gets the first hand back
            idempotency_key=uuid.uuid4().hex,
            no_deal=any(e.get("no_deal") for e in errors if isinstance(e, dict)),
            game_js=_game_js(game),
            example=json.dumps(
                {
                    k: defaults[k]
                    for k in ("format", "game", "players", "dealer", "pot_in", "house_rules", *carried_keys(game))
                    if k in defaults
                }
                | {"events": []},
                indent=1,
            ),
        ),
        status=status,
    )


def _game_parts(game, *names):
    """Template partials a game may have of its own (templates/games/<game>/_<name>.html), each with the shared
    one (templates/archive/_<name>.html) as the fallback: a new game adds files, not branches."""
    return {name: [f"games/{game}/_{name}.html", f"archive/_{name}.html"] for name in names}


def _picker_urls(game):
    """What the hand-entry page asks the referee with, and the game's catalogue entry (its words)."""
    return {
        "referee_url": reverse("api-referee"),
        "legal_url": reverse("api-referee-legal"),
        "entry": selectors_games.game_entry(game),
    }


def _game_js(game):
    """The game's own file of the hand-entry page (static/js/games/<game>.js), None when it has none yet."""
    path = f"js/games/{game}.js"
    return path if isinstance(game, str) and game.isidentifier() and finders.find(path) else None


# --- import and export -----------------------------------------------------------------------------------


@login_required
def history_export(request, slug):
    family, role = family_for(request.user, slug)
    response = StreamingHttpResponse(services.history_export(family=family), content_type="application/jsonl")
    stamp = dj_timezone.now().strftime("%Y-%m-%d")
    response["Content-Disposition"] = f'attachment; filename="{family.slug}-{stamp}.jsonl"'
    return response
