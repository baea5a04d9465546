"""The site's pages. Thin: reads come from archive.table.selectors, writes go through archive.table.services,
rules are the referee's. Strangers get 404 (archive.people.access), viewers 403 on writes."""

import datetime
import json
import uuid
import zoneinfo

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.staticfiles import finders
from django.core.exceptions import ValidationError
from django.db import transaction
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils import timezone as dj_timezone
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

import referee
from archive.common import catalogue, paging
from archive.common.catalogue import MONEY_MAX
from archive.common.fragments import fragment, night_version
from archive.people import selectors as people_selectors
from archive.people import services as people_services
from archive.people.access import family_for, require_edit
from archive.people.views import _base, _errors_of
from archive.table import error_words, rulebook, selectors, services
from archive.table.carry import carried_keys
from archive.table.forms import SessionForm
from archive.table.selectors.families import last_session
from archive.table.selectors.sheet import score_sheet


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
            [{"event": None, "field": "*", "message": _("No hand was entered: pick the cards, or paste a record.")}]
        )
    record = referee.loads(text)
    if not isinstance(record, dict):
        raise referee.BadRecord([{"event": None, "field": "*", "message": _("A hand record is a JSON object {...}.")}])
    return record


# Newest first, by keyset (archive.common.paging): a family's sessions, and the hands a player sat at.
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
                errors.append(_("Seat %(n)s: pick a player.") % {"n": i + 1})
    return seats, errors


@login_required
def session_new(request, slug):
    family, role = family_for(request.user, slug)
    require_edit(role)
    players = list(people_selectors.players_of(family))
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
                                raise ValidationError(_("One of the seats is not a player of this family."))
                            seat_players.append(by_id[value])
                        else:
                            p = people_services.player_for_name(family=family, name=value, by=request.user)
                            if p.pk not in by_id:
                                players.append(p)
                            seat_players.append(p)
                    if len({p.pk for p in seat_players}) != len(seat_players):
                        raise ValidationError(_("Each player sits in one seat only."))
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
                messages.success(request, _("The session is open. Log the first hand when it is dealt."))
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
    entry = catalogue.game_entry(last.game)
    for rule in (entry or {}).get("house_rules", []):
        if rule["name"] in (last.house_rules or {}):
            initial[f"hr-{last.game}-{rule['name']}"] = last.house_rules[rule["name"]]
    return initial


@login_required
def session_page(request, slug, pk):
    family, role = family_for(request.user, slug)
    version = night_version(family.pk, pk)  # before the night's rows are read (archive/common/fragments.py)
    base = _base(request, family, role)

    def page():  # the night's facts, balances and hand table: read and rendered once a version of the night
        session = selectors.session_for(family, pk)  # another family's or unknown night: 404, nothing cached
        # How the game settles (the catalogue's word) chooses the sheet: a pot game's balances, or a score sheet.
        settles = catalogue.settles_of(session.game) or "pot"
        html = render_to_string(
            "archive/_session_body.html",
            base
            | {
                "session": session,
                "settles": settles,
                "has_book": rulebook.has_book(session.game),
                "d": selectors.session_detail(session),
                "sheet": score_sheet(session) if settles == "points" else None,
                "game_parts": _game_parts(session.game, "stop_rule"),
                "rules": catalogue.rules_changed(session.game, session.house_rules),
            },
        )
        return {"session": {"timezone": session.timezone, "started_at": session.started_at}, "body": html}

    cached = fragment(family.pk, "session", [pk, int(base["can_edit"])], page, version=version)
    body = mark_safe(cached["body"])  # noqa: S308 (rendered by the view above)
    return render(request, "archive/session.html", base | {"session": cached["session"], "body": body})


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
                messages.info(
                    request,
                    _("Hand %(number)s was logged already: the second Save added nothing.") % {"number": hand.number},
                )
            else:
                messages.success(request, _("Hand %(number)s is logged.") % {"number": hand.number})
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
        # The night's last hand: the picker starts its choices from it (fewer taps for the common case).
        "last_events": selectors.last_hand_events(session),
        # With no network the hand is kept in the browser and sent here later (static/js/offline/queue.js).
        "queue": {
            "session": session.pk,
            "user": request.user.pk,  # whose it is: only they see and send it (a phone passed round)
            "api": reverse("api-hand-list"),
            "hand_url_base": reverse("family", args=[family.slug]) + "hands/",
            "night": str(session),
            "js": static("js/offline/queue.js"),
        },
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
        "next_url": reverse("api-referee-next"),  # a kept hand's next set-up (referee/chain.py)
        "offline_referee_js": static("js/offline/referee.js"),  # the same referee in the browser, for no network
        "entry": catalogue.game_entry(game),
    }


def _game_js(game):
    """The game's own file of the hand-entry page (static/js/games/<game>.js), None when it has none yet."""
    path = f"js/games/{game}.js"
    return path if isinstance(game, str) and game.isidentifier() and finders.find(path) else None
