"""manage.py restore FILE: a backup into a new, empty database; the statistics rebuilt (archive/history/backup.py)."""

from django.core.management.base import BaseCommand, CommandError

from archive.history import backup


class Command(BaseCommand):
    help = "Load a backup written by `manage.py backup` into an empty database and rebuild the statistics."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the backup file (.json or .json.gz)")

    def handle(self, *args, file, **options):
        try:
            result = backup.restore(path=file)
        except backup.NotEmpty as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(
            f"Restored {result['users']} users and {result['families']} families from {file}; statistics rebuilt."
        )
