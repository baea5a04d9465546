"""manage.py catalogues: compile the translations (the site's in locale/, the referee's in referee/locale/) so
that the pages and the referee speak Czech and Russian. `dev.py setup` runs it.

Django's compilemessages where GNU gettext's msgfmt is installed; on a machine with only Python, Babel's
compiler writes the same .mo files from the same .po files.

manage.py catalogues --update gathers the sentences marked since into the .po files first (makemessages for
the site's templates and Python, and for its scripts' djangojs; Babel's extractor for the referee, one catalogue for the core and one a game), keeping every
translation made; a new sentence comes in untranslated, and tests/i18n/test_catalogues.py fails until it is."""

import shutil
from collections import defaultdict
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand

import referee.language

IGNORED = [".venv", "static", "staticfiles", "node_modules", "bench", "tests", "referee"]
LANGUAGES = [code for code in referee.language.LANGUAGES if code != referee.language.DEFAULT]
KEYWORDS = {"_": None, "ngettext": (1, 2)}
REFEREE = Path(referee.__file__).parent


def catalogue_dirs():
    return [Path(p) for p in settings.LOCALE_PATHS] + [referee.language.LOCALE]


def referee_sentences() -> dict:
    """{domain: Catalog} of every sentence marked in the referee's source, by the catalogue it goes in."""
    found = defaultdict(Catalog)
    for path in sorted(REFEREE.rglob("*.py")):
        domain = referee.language.domain_of(path.relative_to(REFEREE.parent))
        for lineno, message, _comments, context in extract_from_file("python", path, keywords=KEYWORDS):
            found[domain].add(message, locations=[(str(path.relative_to(REFEREE.parent)), lineno)], context=context)
    return found


def update_referee():
    for domain, template in referee_sentences().items():
        for language in LANGUAGES:
            po = referee.language.LOCALE / language / "LC_MESSAGES" / f"{domain}.po"
            if po.exists():
                with open(po, "rb") as f:
                    catalogue = read_po(f, locale=language)
            else:
                po.parent.mkdir(parents=True, exist_ok=True)
                catalogue = Catalog(locale=language, project="Tablekeeper's referee", fuzzy=False)
            catalogue.update(template, no_fuzzy_matching=True)
            with open(po, "wb") as f:
                write_po(f, catalogue, width=120, omit_header=False, ignore_obsolete=True, include_lineno=False)


def compile_with_babel(root, verbosity, out):
    for po in sorted(Path(root).glob("*/LC_MESSAGES/*.po")):
        with open(po, "rb") as f:
            catalogue = read_po(f, locale=po.parent.parent.name)
        with open(po.with_suffix(".mo"), "wb") as f:
            write_mo(f, catalogue)
        if verbosity:
            out.write(f"compiled {po}")


class Command(BaseCommand):
    help = "Compile the Czech and Russian catalogues of the site and the referee (.po to .mo); --update first."

    def add_arguments(self, parser):
        parser.add_argument("--update", action="store_true", help="gather newly marked sentences into the .po files")

    def handle(self, *args, **options):
        verbosity = options["verbosity"]
        if options["update"]:
            call_command(
                "makemessages", locale=LANGUAGES, ignore_patterns=IGNORED, no_location=True, verbosity=verbosity
            )
            call_command(  # the scripts' words (static/js, static/archive), for the JavaScript catalogue
                "makemessages",
                domain="djangojs",
                locale=LANGUAGES,
                ignore_patterns=[p for p in IGNORED if p != "static"] + ["static/vendor/*", "*.min.js"],
                no_location=True,
                verbosity=verbosity,
            )
            update_referee()
        if shutil.which("msgfmt"):
            call_command("compilemessages", ignore_patterns=IGNORED[:-1], verbosity=verbosity)
            return
        for root in catalogue_dirs():
            compile_with_babel(root, verbosity, self.stdout)
