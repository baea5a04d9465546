"""Forms of the people's pages (a family, members, invitations) and the time zone field the table's forms share.
Validation of shapes only; the writes are the services'."""

import zoneinfo

from django import forms
from django.conf import settings
from django.forms.utils import flatatt
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _

from archive.common import money
from archive.people.models import Membership

ZONE_CHOICES = [(z, z) for z in sorted(zoneinfo.available_timezones()) if "/" in z and not z.startswith("Etc/")]
# The ~400 options escaped once: Django's Select renders a template per option (about 50 ms a page,
# most of the home page's time); only the chosen option differs from page to page.
_ZONE_OPTIONS = {z: f'<option value="{escape(z)}">{escape(z)}</option>' for z, _ in ZONE_CHOICES}


def zone_choices():
    """The zones, given to a field as a callable: a form copies its fields for each request, and a list of
    ~400 choices was copied twice over (field and widget) every time the home page drew its form."""
    return ZONE_CHOICES


class ZoneSelect(forms.Select):
    """The time zone list, written straight out: same HTML as forms.Select, no template per option."""

    def render(self, name, value, attrs=None, renderer=None):
        chosen = value if isinstance(value, str) else None
        options = "".join(
            f'<option value="{escape(z)}" selected>{escape(z)}</option>' if z == chosen else html
            for z, html in _ZONE_OPTIONS.items()
        )
        return mark_safe(
            f"<select{flatatt(self.build_attrs(self.attrs, {**(attrs or {}), 'name': name}))}>{options}</select>"
        )


class FamilyForm(forms.Form):
    name = forms.CharField(
        max_length=120,
        label=_("Family name"),
        widget=forms.TextInput(attrs={"placeholder": _("The Novák family")}),
    )
    timezone = forms.ChoiceField(
        choices=zone_choices, initial="America/Chicago", label=_("Time zone"), widget=ZoneSelect
    )
    currency = forms.ChoiceField(choices=money.choices, initial=money.DEFAULT, label=_("Playing for"))


class CurrencyForm(forms.Form):
    currency = forms.ChoiceField(choices=money.choices, label=_("Playing for"))


class LanguageForm(forms.Form):
    language = forms.ChoiceField(
        choices=[("", _("the browser's language")), *settings.LANGUAGES], required=False, label=_("Language")
    )
    next = forms.CharField(max_length=2000, required=False, widget=forms.HiddenInput)


class MemberAddForm(forms.Form):
    """An invitation (archive.people.invitations): the person becomes a member when they accept its link.
    The username, when given, only limits who may accept; whether it exists is never said."""

    username = forms.CharField(max_length=150, label=_("Username (optional)"), required=False)
    role = forms.ChoiceField(choices=Membership.Role.choices, initial=Membership.Role.VIEWER, label=_("Role"))


class InvitationCodeForm(forms.Form):
    code = forms.CharField(max_length=300, label=_("Invitation link or code"))

    def clean_code(self):
        # a pasted link works as well as the code: the code is its last part
        return self.cleaned_data["code"].strip().rstrip("/").rsplit("/", 1)[-1]


class MemberRoleForm(forms.Form):
    role = forms.ChoiceField(choices=Membership.Role.choices, label=_("Role"))
