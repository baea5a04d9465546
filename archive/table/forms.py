"""Forms of the table's pages: a night with its house rules, a hand's edit, a dispute. Validation of shapes
only; the rules are the referee's and the writes the services'."""

import datetime

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from archive.common import catalogue
from archive.common.catalogue import MONEY_MAX
from archive.people.forms import ZoneSelect, zone_choices


def rule_field_name(game, name):
    """The form field of a game's house rule (each game's rules have their own fields)."""
    return f"hr-{game}-{name}"


def _rule_field(rule):
    """The form field fitting a house rule's kind in the catalogue."""
    kind, common = rule["kind"], {"label": rule["label"], "help_text": rule["sentence"], "required": False}
    if kind == "money":
        return forms.IntegerField(min_value=0, max_value=MONEY_MAX, **common)
    if kind == "count":
        return forms.IntegerField(min_value=rule["min"], max_value=rule["max"], **common)
    if kind == "flag":
        return forms.BooleanField(**common)
    if kind == "choice":
        return forms.ChoiceField(choices=[(c["value"], c["sentence"]) for c in rule["choices"]], **common)
    if kind == "ranks":
        return forms.MultipleChoiceField(
            choices=[(r["value"], r["name"]) for r in rule["ranks"]], widget=forms.CheckboxSelectMultiple, **common
        )
    return forms.JSONField(**common)  # a kind this page does not know yet: typed as JSON, checked by the referee


class SessionForm(forms.Form):
    """A night's play. Seats come as a list of player ids or new guest names (field 'seat', repeated).

    The games, their variants and house rules are the referee's catalogue: each game's rules get their own
    fields (hr-<game>-<rule>); only the chosen game's are read. A flag or ranks field left out of the post
    is the book's value unless the form said it showed the game's rules (field 'rules_shown')."""

    game = forms.ChoiceField(choices=(), label=gettext_lazy("Game"))
    variant = forms.CharField(max_length=20, required=False, label=gettext_lazy("Variant"))
    date = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}), label=gettext_lazy("Date"))
    time = forms.TimeField(
        widget=forms.TimeInput(attrs={"type": "time"}), initial=datetime.time(19, 0), label=gettext_lazy("Time")
    )
    timezone = forms.ChoiceField(choices=zone_choices, label=gettext_lazy("Time zone"), widget=ZoneSelect)
    place = forms.CharField(
        max_length=120,
        required=False,
        label=gettext_lazy("Place"),
        widget=forms.TextInput(attrs={"placeholder": gettext_lazy("Grandma's kitchen")}),
    )
    first_dealer = forms.IntegerField(min_value=0, max_value=99, initial=0, label=gettext_lazy("First dealer (seat)"))
    pot_in = forms.IntegerField(
        min_value=0, max_value=MONEY_MAX, initial=0, label=gettext_lazy("Money already in the pot (cents)")
    )
    rules_shown = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, seats=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.seats = seats or []
        self.games = catalogue.catalogue()
        self.fields["game"].choices = [(g["name"], g["title"]) for g in self.games]
        if self.games:
            self.fields["game"].initial = self.games[0]["name"]
        for g in self.games:
            for rule in g["house_rules"]:
                field = _rule_field(rule)
                field.initial = rule["default"]
                self.fields[rule_field_name(g["name"], rule["name"])] = field

    def game_sections(self):
        """Per game: its entry and its rules' bound fields, for the template."""
        return [
            {
                "game": g,
                "variants": g["variant_words"],
                "seats": catalogue.table_size(g, self._shown_rules(g)),
                "rules": [{"rule": r, "field": self[rule_field_name(g["name"], r["name"])]} for r in g["house_rules"]],
            }
            for g in self.games
        ]

    def _shown_rules(self, entry):
        """The house rules the form shows for a game (typed, or the family's last session's), where a number."""
        out = {}
        for rule in entry["house_rules"]:
            if rule["kind"] != "count":
                continue
            value = self[rule_field_name(entry["name"], rule["name"])].value()
            try:
                out[rule["name"]] = int(value)
            except (TypeError, ValueError):
                continue
        return out

    def _house_rules(self, entry):
        game = entry["name"]
        shown = game in (self.data.get("rules_shown") or "").split(",")
        rules = {}
        for rule in entry["house_rules"]:
            key = rule_field_name(game, rule["name"])
            if key in self.errors:
                continue
            value = self.cleaned_data.get(key)
            posted = key in self.data
            if rule["kind"] in ("flag", "ranks") and not posted and not shown:
                continue  # not on the form that was posted: the book's value
            if rule["kind"] not in ("flag", "ranks") and (value is None or value == ""):
                continue
            rules[rule["name"]] = list(value) if rule["kind"] == "ranks" else value
        return catalogue.only_changes(entry, rules)

    def clean(self):
        data = super().clean()
        entry = catalogue.game_entry(data.get("game"))
        # Errors of the games not chosen do not count: their fields were not filled in for tonight.
        for key in list(self.errors):
            if key.startswith("hr-") and (entry is None or not key.startswith(f"hr-{entry['name']}-")):
                del self.errors[key]
        if entry is None:
            return data
        data["house_rules"] = self._house_rules(entry)
        if not data.get("variant"):
            data["variant"] = catalogue.default_variant(entry)
        lo, hi = catalogue.table_size(entry, data["house_rules"])
        if len(self.seats) < lo <= hi:  # (fewest above most: the referee's words below say so)
            self.add_error(
                None,
                _("%(game)s needs at least %(n)s players: pick or name one for each seat.")
                % {"game": entry["title"], "n": lo},
            )
            return data
        fd = data.get("first_dealer")
        if fd is not None and self.seats and fd >= len(self.seats):
            self.add_error("first_dealer", _("The first dealer must be one of the seats."))
        for problem in catalogue.header_problems(
            game=entry["name"],
            variant=data.get("variant") or None,
            house_rules=data["house_rules"],
            seats=len(self.seats),
        ):
            self.add_error(None, problem)
        return data


class WhyForm(forms.Form):
    why = forms.CharField(widget=forms.Textarea(attrs={"rows": 2}), label=gettext_lazy("Why"), max_length=2000)


class HandEditForm(forms.Form):
    """Editing a hand: the picker's record (hidden), the record box, which of the two is meant, and why.
    All optional here so that the page can name what is missing in its own words and keep what was typed."""

    record = forms.CharField(required=False, strip=False, widget=forms.HiddenInput)
    raw = forms.CharField(required=False, strip=False, label=gettext_lazy("Hand record (JSON)"))
    source = forms.ChoiceField(
        required=False,
        label=gettext_lazy("Source"),
        choices=[("picker", gettext_lazy("the card picker")), ("raw", gettext_lazy("the record box"))],
    )
    why = forms.CharField(required=False, max_length=2000, label=gettext_lazy("Why is it changed?"))


class DisputeForm(forms.Form):
    title = forms.CharField(
        max_length=200,
        label=gettext_lazy("Title"),
        widget=forms.TextInput(attrs={"placeholder": gettext_lazy("That was a misdeal!")}),
    )
    text = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), label=gettext_lazy("What happened"))


class ReplyForm(forms.Form):
    text = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), label=gettext_lazy("Reply"))


class ResolveForm(forms.Form):
    resolution = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), label=gettext_lazy("Resolution"))
    record = forms.CharField(
        required=False,
        label=gettext_lazy("Corrected record (optional: the hand is edited first)"),
        widget=forms.Textarea(attrs={"rows": 6, "class": "mono", "spellcheck": "false"}),
    )


class SettleForm(forms.Form):
    version = forms.IntegerField(min_value=1, max_value=32767, label=gettext_lazy("Version"))
    why = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 2}), label=gettext_lazy("Why this version")
    )
