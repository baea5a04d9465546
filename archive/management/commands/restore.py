"""manage.py restore FILE: a backup into a new, empty database; the statistics rebuilt (archive/history/backup.py)."""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from archive.history import backup
from archive.management.language import SpokenCommand


class Command(SpokenCommand):
    help = "Load a backup written by `manage.py backup` into an empty database and rebuild the statistics."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the backup file (.json or .json.gz)")

    def handle(self, *args, file, **options):
        try:
            result = backup.restore(path=file)
        except backup.NotEmpty as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(
            _("Restored %(users)s users and %(families)s families from %(file)s; statistics rebuilt.")
            % {"users": result["users"], "families": result["families"], "file": file}
        )
