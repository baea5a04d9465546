"""Issue 32: every form a person fills in has its labels, help texts and choices in Czech and Russian.

Each form class of the site is made once in English and once in each other language; a label, a help text
or a choice's label that reads the same in both is one nobody translated (a label left out is Django's
English field name, so it counts too)."""

import inspect

import pytest
from django import forms
from django.forms.utils import pretty_name
from django.utils import translation

from archive.history import forms as history_forms
from archive.people import forms as people_forms
from archive.table import forms as table_forms

# Words that read the same in the other language: the languages' own names (the picker says each in itself).
SAME = {"cs": {"JSON", "English", "Čeština", "Русский", "Role"}, "ru": {"JSON", "English", "Čeština", "Русский"}}


def form_classes():
    for module in (people_forms, table_forms, history_forms):
        for _name, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, forms.BaseForm) and cls.__module__ == module.__name__:
                yield cls


def words_of(cls):
    """{(field, what): text} a person reads on the form."""
    words = {}
    for name, field in cls.base_fields.items():
        if isinstance(field.widget, forms.HiddenInput):
            continue
        words[(name, "label")] = str(field.label if field.label is not None else pretty_name(name))
        if field.help_text:
            words[(name, "help")] = str(field.help_text)
        for value, label in getattr(field, "choices", None) or ():
            if isinstance(label, str | type(translation.gettext_lazy(""))) and str(label) != str(value):
                words[(name, f"choice {value}")] = str(label)
    return words


@pytest.mark.parametrize("cls", list(form_classes()), ids=lambda c: f"{c.__module__.split('.')[1]}.{c.__name__}")
@pytest.mark.parametrize("language", ["cs", "ru"])
def test_every_label_of_the_form_is_translated(cls, language):
    with translation.override("en"):
        english = words_of(cls)
    with translation.override(language):
        theirs = words_of(cls)
    same = [f"{field} {what}: {text!r}" for (field, what), text in english.items() if theirs[(field, what)] == text]
    same = [s for s in same if s.split(": ", 1)[1].strip("'") not in SAME[language]]
    assert not same, f"{cls.__name__} in {language} still reads in English:\n" + "\n".join(same)
