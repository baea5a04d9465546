"""manage.py export_history FAMILY_SLUG [FILE]: the family's whole live history as JSON Lines."""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from archive.history.export import history_export
from archive.management.language import SpokenCommand
from archive.models import Family


class Command(SpokenCommand):
    help = "Export a family's hand history as JSON Lines (to FILE, or standard output)."

    def add_arguments(self, parser):
        parser.add_argument("family", help="the family's slug")
        parser.add_argument("file", nargs="?", default="-", help="where to write (default: standard output)")

    def handle(self, *args, family, file, **opt):
        fam = Family.objects.filter(slug=family).first()
        if fam is None:
            raise CommandError(_("No family with the slug %(slug)r.") % {"slug": family})
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
            self.stderr.write(
                ngettext(
                    "%(n)s hand of %(family)s written to %(file)s.", "%(n)s hands of %(family)s written to %(file)s.", n
                )
                % {"n": n, "family": fam, "file": file}
            )
