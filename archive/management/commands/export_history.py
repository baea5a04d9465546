"""manage.py export_history FAMILY_SLUG [FILE]: the family's whole live history as JSON Lines."""

from django.core.management.base import BaseCommand, CommandError

from archive.history.export import history_export
from archive.models import Family


class Command(BaseCommand):
    help = "Export a family's hand history as JSON Lines (to FILE, or standard output)."

    def add_arguments(self, parser):
        parser.add_argument("family", help="the family's slug")
        parser.add_argument("file", nargs="?", default="-", help="where to write (default: standard output)")

    def handle(self, *args, family, file, **opt):
        fam = Family.objects.filter(slug=family).first()
        if fam is None:
            raise CommandError(f"No family with the slug {family!r}.")
        n = 0
        out = self.stdout if file == "-" else open(file, "w", encoding="utf-8")
        try:
            for line in history_export(family=fam):
                if out is self.stdout:
                    out.write(line, ending="")
                else:
                    out.write(line)
                n += 1
        finally:
            if out is not self.stdout:
                out.close()
        if file != "-":
            self.stderr.write(f"{n} hands of {fam} written to {file}.")
