"""Pages of people rather than hands: the member's own account (API token), invitations, the family's
audit log, and undoing a merge. Thin, like archive.table.views.nights: writes go through the services."""

import zoneinfo
from datetime import UTC, datetime
from pathlib import Path

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone as dj_timezone
from django.utils import translation
from django.utils.formats import date_format
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import condition, require_POST
from django.views.i18n import JavaScriptCatalog
from rest_framework.authtoken.models import Token

from archive.common.api.auth import token_expires_at
from archive.common.filters import role_words
from archive.common.middleware import saved_language
from archive.people import audit, invitations, services
from archive.people.access import can_edit, family_for, require_owner
from archive.people.forms import CurrencyForm, InvitationCodeForm, LanguageForm, MemberAddForm, MemberRoleForm
from archive.people.models import Invitation, Membership


def _errors_of(exc):
    """Words of a Django ValidationError, for a message on the page."""
    return " ".join(exc.messages) if hasattr(exc, "messages") else str(exc)


def _base(request, family, role, **extra):
    ctx = {"family": family, "role": role, "can_edit": can_edit(role), "is_owner": role == Membership.Role.OWNER}
    ctx.update(extra)
    return ctx


@login_required
def account(request):
    """The member's own page: their API token (when it expires), revoked with one button."""
    token = Token.objects.filter(user=request.user).first()
    if request.method == "POST" and request.POST.get("revoke_token"):
        Token.objects.filter(user=request.user).delete()
        messages.success(request, _("Your API token is revoked; programs using it are refused from now on."))
        return redirect("account")
    return render(
        request,
        "archive/account.html",
        {
            "token": token,
            "expires_at": token_expires_at(token) if token else None,
            "saved_language": saved_language(request.user),
        },
    )


def _invitation_or_error(code):
    try:
        return invitations.invitation_for_code(code), None
    except ValidationError as exc:
        return None, " ".join(exc.messages)


@login_required
def invitation(request, code):
    """GET shows what accepting means; POST accepts (looking at the link is not accepting it)."""
    if request.method == "POST":
        try:
            membership = invitations.invitation_accept(code=code, user=request.user)
        except ValidationError as exc:
            return render(request, "archive/invitation.html", {"error": " ".join(exc.messages)}, status=400)
        messages.success(
            request,
            _("You are now %(role)s of %(family)s.")
            % {"role": role_words(membership.role), "family": membership.family.name},
        )
        return redirect("family", membership.family.slug)
    found, error = _invitation_or_error(code)
    return render(
        request,
        "archive/invitation.html",
        {"invitation": found, "error": error, "code": code},
        status=400 if error else 200,
    )


@login_required
def invitation_code(request):
    """Type (or paste) the code of an invitation."""
    form = InvitationCodeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        return redirect("invitation", form.cleaned_data["code"])
    return render(
        request, "archive/invitation_code.html", {"form": form}, status=400 if request.method == "POST" else 200
    )


@login_required
@require_POST
def invitation_revoke(request, slug, pk):
    family, role = family_for(request.user, slug)
    require_owner(role)
    invitations.invitation_revoke(invitation=get_object_or_404(Invitation, family=family, pk=pk), by=request.user)
    messages.success(request, _("The invitation is revoked; its link no longer works."))
    return redirect(reverse("family", args=[family.slug]) + "#members")


@login_required
def audit_page(request, slug):
    family, role = family_for(request.user, slug)
    require_owner(role)
    entries = list(audit.log_of(family)[:500])
    for entry in entries:
        entry.said = audit.said(entry)  # in the reader's language, made from the entry's data
    return render(request, "archive/audit.html", _base(request, family, role, entries=entries))


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
        words = {
            "role": role_words(invitation.role),
            "url": url,
            "until": date_format(dj_timezone.localtime(invitation.expires_at, zoneinfo.ZoneInfo(family.timezone))),
        }
        if invitation.for_username:
            sentence = _(
                "Invitation for %(name)s to join as %(role)s: send them %(url)s — it works once, until %(until)s. "
                "They become a member when they accept it."
            )
            words["name"] = invitation.for_username
        else:
            sentence = _(
                "Invitation for whoever has the link to join as %(role)s: send them %(url)s — it works once, until "
                "%(until)s. They become a member when they accept it."
            )
        messages.success(request, sentence % words)
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
            messages.success(
                request,
                _("%(name)s is no longer a member of %(family)s.") % {"name": m.user.username, "family": family.name},
            )
        else:
            form = MemberRoleForm(request.POST)
            if not form.is_valid():
                messages.error(request, _("Pick a role: owner, editor or viewer."))
            else:
                m = services.member_add(family=family, user=m.user, role=form.cleaned_data["role"], by=request.user)
                messages.success(
                    request, _("%(name)s is now %(role)s.") % {"name": m.user.username, "role": role_words(m.role)}
                )
    except ValidationError as exc:
        messages.error(request, _errors_of(exc))
    return redirect(reverse("family", args=[family.slug]) + "#members")


@require_POST
def language(request):
    """The language picker at the foot of every page: the choice kept in a cookie, and on the account of a
    signed-in person (so it follows them to another phone); back to the page it was made on."""
    form = LanguageForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose English, Čeština or Русский."))
        return redirect("home")
    code = form.cleaned_data["language"]
    back = form.cleaned_data["next"] or request.META.get("HTTP_REFERER") or reverse("home")
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        back = reverse("home")
    if request.user.is_authenticated:
        services.account_language_set(user=request.user, language=code)
    response = redirect(back)
    if code:
        translation.activate(code)
        response.set_cookie(
            settings.LANGUAGE_COOKIE_NAME,
            code,
            max_age=365 * 24 * 3600,
            samesite="Lax",
            secure=settings.SESSION_COOKIE_SECURE,
            httponly=True,
        )
    else:
        response.delete_cookie(settings.LANGUAGE_COOKIE_NAME)
    return response


@login_required
@require_POST
def family_currency(request, slug):
    """The owner changes what the family plays for (the family page's form)."""
    family, role = family_for(request.user, slug)
    require_owner(role)
    form = CurrencyForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose one of the listed kinds of money."))
        return redirect("family", family.slug)
    try:
        family = services.family_currency_set(family=family, currency=form.cleaned_data["currency"], by=request.user)
    except ValidationError as exc:
        messages.error(request, _errors_of(exc))
    else:
        messages.success(
            request, _("Amounts are written as %(money)s from now on.") % {"money": family.get_currency_display()}
        )
    return redirect("family", family.slug)


# The scripts' words in one language (gettext, ngettext, interpolate): the URL names the language. Each
# language's catalogue is made once for each compiled version of the catalogues and kept in the cache; the
# browser asks again at each page and is answered "not modified" until a deploy brings new words, which are
# then read at once (not a day later, as a cache with a fixed lifetime would).
_JAVASCRIPT_CATALOG = JavaScriptCatalog.as_view()


def _catalogues_compiled(request=None, language=None):
    """When the scripts' catalogues were last compiled (the newest djangojs .mo of the site)."""
    mos = [p for root in settings.LOCALE_PATHS for p in Path(root).glob("*/LC_MESSAGES/djangojs.mo")]
    return datetime.fromtimestamp(max((p.stat().st_mtime for p in mos), default=0), tz=UTC)


@condition(last_modified_func=_catalogues_compiled)
def javascript_catalog(request, language):
    if language not in dict(settings.LANGUAGES):
        raise Http404("No such language.")
    key = f"tk:jsi18n:{language}:{_catalogues_compiled().timestamp()}"
    body = cache.get(key)
    if body is None:
        with translation.override(language):
            body = _JAVASCRIPT_CATALOG(request).content
        cache.set(key, body, 7 * 24 * 3600)
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"  # asked again at each page: a 304 while the words are the same
    return response
