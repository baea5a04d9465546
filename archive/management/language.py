"""The language of a command's words: the terminal's, as gettext reads it (LANGUAGE, LC_ALL, LC_MESSAGES, LANG),
when the site speaks it; English otherwise. A person importing a history from a Czech terminal reads its
problems in Czech, as on the import page."""

import os

from django.conf import settings
from django.core.management.base import BaseCommand
from django.utils import translation

_ORDER = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def terminal_language(environ=None) -> str | None:
    """ "cs_CZ.UTF-8" -> "cs"; None for a language the site does not speak (C, POSIX, de_DE…) or none set."""
    environ = os.environ if environ is None else environ
    for name in _ORDER:
        value = environ.get(name)
        if value:
            code = value.split(":")[0].split(".")[0].split("@")[0].split("_")[0].lower()
            return code if code in dict(settings.LANGUAGES) else None
    return None


class SpokenCommand(BaseCommand):
    """A command whose output is said in the terminal's language (terminal_language)."""

    def execute(self, *args, **options):
        with translation.override(terminal_language()):
            return super().execute(*args, **options)
