"""The import page's form: a JSON Lines history file."""

from django import forms


class ImportForm(forms.Form):
    file = forms.FileField(label="History file (.jsonl)")
