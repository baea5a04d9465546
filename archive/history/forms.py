"""The import page's form: a JSON Lines history file."""

from django import forms
from django.utils.translation import gettext_lazy as _


class ImportForm(forms.Form):
    file = forms.FileField(label=_("History file (.jsonl)"))
