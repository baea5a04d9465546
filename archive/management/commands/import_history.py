"""manage.py import_history FAMILY_SLUG FILE: add a JSON Lines history (as export_history writes it).

The whole file is one transaction: any bad line and nothing is saved; every bad line is
listed with its number and the referee's words. Importing the same file twice adds nothing.
"""
import sys

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from archive import services
from archive.models import Family, Membership


class Command(BaseCommand):
    help = "Import a family's hand history from a JSON Lines file ('-' reads standard input)."

    def add_arguments(self, parser):
        parser.add_argument("family", help="the family's slug, e.g. the-novak-family")
        parser.add_argument("file", help="a .jsonl file, or - for standard input")
        parser.add_argument("--user", help="import as this user (default: the family's first owner)")

    def handle(self, *args, family, file, user=None, **opt):
        fam = Family.objects.filter(slug=family).first()
        if fam is None:
            raise CommandError(f"No family with the slug {family!r}.")
        if user:
            by = get_user_model().objects.filter(username=user).first()
            if by is None:
                raise CommandError(f"No user {user!r}.")
        else:
            owner = Membership.objects.filter(family=fam, role=Membership.Role.OWNER).select_related("user").first()
            if owner is None:
                raise CommandError(f"{fam} has no owner to import as; give --user.")
            by = owner.user
        try:
            stream = sys.stdin if file == "-" else open(file, encoding="utf-8")
        except OSError as e:
            raise CommandError(f"Cannot read {file}: {e.strerror}.") from None
        try:
            with stream:
                result = services.history_import(family=fam, lines=stream, by=by)
        except UnicodeDecodeError as e:
            raise CommandError(f"{file} is not UTF-8 text (byte {e.start} cannot be read): export the history "
                               "again as JSON Lines; nothing was imported.") from None
        for err in result["errors"]:
            where = f"line {err['line']}" + (f", event {err['event']}" if err.get("event") is not None else "")
            self.stderr.write(f"{where}, {err['field']}: {err['message']}")
        if result["errors"]:
            raise CommandError(f"{len(result['errors'])} problem(s); nothing was imported.")
        self.stdout.write(self.style.SUCCESS(
            f"{fam}: {result['added']} hands added, {result['skipped']} already there."
        ))
