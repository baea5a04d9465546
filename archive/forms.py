"""Forms of the pages. Validation of shapes only; the rules are the referee's and the writes the services'."""
import datetime
import json
import zoneinfo

from django import forms
from django.contrib.auth import get_user_model

from archive.models import Game, Membership

ZONE_CHOICES = [(z, z) for z in sorted(zoneinfo.available_timezones()) if "/" in z and not z.startswith("Etc/")]

# The rule book's house rules of Swik with their defaults (swik.md); shown on the new-session form.
SWIK_HOUSE_RULES = [
    ("ante", 3, "every player but the dealer pays this into the pot each hand (cents)"),
    ("dealer_ante", 6, "the dealer pays this instead (cents)"),
    ("dealer_change_fee", 3, "paid by each player the deal moves to after an Ace or Seven cut"),
    ("no_cut_penalty", 3, "a dealer who deals without having the cards cut"),
    ("misdeal_penalty", 3, "each misdeal, paid by the seat that dealt"),
    ("high_wraps", ["K", "A"], "wrapping on these ranks needs more tricks"),
    ("high_wrap_tricks", 2, "tricks a dealer must win after wrapping on a high card"),
    ("double_fall", True, "a dealer who wrapped on a high card and won no trick pays twice the pot"),
    ("min_players", 3, "fewest players at the table"),
    ("max_players", 7, "most players at the table"),
    ("odd_cents", "carry", "the remainder of the pot split in three: 'carry' to the next pot, or 'dealer'"),
    ("lone_player", "takes_pot", "one player in: 'takes_pot', or 'plays_blind' against the blind hand"),
    ("revoke", "abandon", "a revoke: 'abandon' the hand (offender pays the pot), or 'fall' and play on"),
    ("trips_after_wrap", True, "a wrapped dealer's three of a kind counts in the hand after the wrap"),
]
SWIK_DEFAULTS = {k: v for k, v, _ in SWIK_HOUSE_RULES}


class FamilyForm(forms.Form):
    name = forms.CharField(max_length=120, label="Family name", widget=forms.TextInput(attrs={"placeholder": "The Novák family"}))
    timezone = forms.ChoiceField(choices=ZONE_CHOICES, initial="America/Chicago", label="Time zone")


class MemberAddForm(forms.Form):
    username = forms.CharField(max_length=150, label="Username")
    role = forms.ChoiceField(choices=Membership.Role.choices, initial=Membership.Role.VIEWER)

    def clean_username(self):
        name = self.cleaned_data["username"].strip()
        user = get_user_model().objects.filter(username=name).first()
        if user is None:
            raise forms.ValidationError(f"There is no user called “{name}”. They must have a login first.")
        return user


class MemberRoleForm(forms.Form):
    role = forms.ChoiceField(choices=Membership.Role.choices)


class SessionForm(forms.Form):
    """A night's play. Seats come as a list of player ids or new guest names (field 'seat', repeated)."""

    game = forms.ChoiceField(choices=[(Game.SWIK, "Swik")], initial=Game.SWIK)
    date = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))
    time = forms.TimeField(widget=forms.TimeInput(attrs={"type": "time"}), initial=datetime.time(19, 0))
    timezone = forms.ChoiceField(choices=ZONE_CHOICES, label="Time zone")
    place = forms.CharField(max_length=120, required=False, widget=forms.TextInput(attrs={"placeholder": "Grandma's kitchen"}))
    first_dealer = forms.IntegerField(min_value=0, initial=0, label="First dealer (seat)")
    pot_in = forms.IntegerField(min_value=0, initial=0, label="Money already in the pot (cents)")
    house_rules = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, seats=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.seats = seats or []

    def clean_house_rules(self):
        text = self.cleaned_data.get("house_rules") or ""
        if not text.strip():
            return {}
        try:
            rules = json.loads(text)
        except ValueError:
            raise forms.ValidationError("The house rules could not be read.")
        if not isinstance(rules, dict):
            raise forms.ValidationError("The house rules could not be read.")
        # Keep only what differs from the rule book (a record's house_rules holds only those).
        return {k: v for k, v in rules.items() if SWIK_DEFAULTS.get(k, object()) != v}

    def clean(self):
        data = super().clean()
        if len(self.seats) < 3:
            self.add_error(None, "Swik needs at least three players: pick or name one for each seat.")
        fd = data.get("first_dealer")
        if fd is not None and self.seats and fd >= len(self.seats):
            self.add_error("first_dealer", "The first dealer must be one of the seats.")
        return data


class WhyForm(forms.Form):
    why = forms.CharField(widget=forms.Textarea(attrs={"rows": 2}), label="Why", max_length=2000)


class HandEditForm(forms.Form):
    """Editing a hand: the picker's record (hidden), the record box, which of the two is meant, and why.
    All optional here so that the page can name what is missing in its own words and keep what was typed."""

    record = forms.CharField(required=False, strip=False, widget=forms.HiddenInput)
    raw = forms.CharField(required=False, strip=False, label="Hand record (JSON)")
    source = forms.ChoiceField(required=False, choices=[("picker", "the card picker"), ("raw", "the record box")])
    why = forms.CharField(required=False, max_length=2000, label="Why is it changed?")


class DisputeForm(forms.Form):
    title = forms.CharField(max_length=200, widget=forms.TextInput(attrs={"placeholder": "That was a misdeal!"}))
    text = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), label="What happened")


class ReplyForm(forms.Form):
    text = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), label="Reply")


class ResolveForm(forms.Form):
    resolution = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), label="Resolution")
    record = forms.CharField(required=False, label="Corrected record (optional: the hand is edited first)",
                             widget=forms.Textarea(attrs={"rows": 6, "class": "mono", "spellcheck": "false"}))


class ImportForm(forms.Form):
    file = forms.FileField(label="History file (.jsonl)")
