"""manage.py catalogues: compile the translations (the site's in locale/, the referee's in referee/locale/) so
that the pages and the referee speak Czech and Russian. `dev.py setup` runs it.

Django's compilemessages where GNU gettext's msgfmt is installed; on a machine with only Python, Babel's
compiler writes the same .mo files from the same .po files."""

import shutil
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand

import referee.language

IGNORED = [".venv", "static", "staticfiles", "node_modules", "bench", "tests"]


def catalogue_dirs():
    return [Path(p) for p in settings.LOCALE_PATHS] + [referee.language.LOCALE]


class Command(BaseCommand):
    help = "Compile the Czech and Russian catalogues of the site and the referee (.po to .mo)."

    def handle(self, *args, **options):
        if shutil.which("msgfmt"):
            call_command("compilemessages", ignore_patterns=IGNORED, verbosity=options["verbosity"])
            return
        for root in catalogue_dirs():
            for po in sorted(root.glob("*/LC_MESSAGES/*.po")):
                with open(po, "rb") as f:
                    catalogue = read_po(f, locale=po.parent.parent.name)
                with open(po.with_suffix(".mo"), "wb") as f:
                    write_mo(f, catalogue)
                if options["verbosity"]:
                    self.stdout.write(f"compiled {po}")
