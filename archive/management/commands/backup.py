"""manage.py backup FILE: the whole archive into one file (.json or .json.gz); see archive/history/backup.py."""

from django.core.management.base import BaseCommand

from archive.history import backup


class Command(BaseCommand):
    help = "Write the whole archive (everything people typed; not the statistics, rebuilt on restore) to FILE."

    def add_arguments(self, parser):
        parser.add_argument("file", help="where to write it: backup.json.gz (compressed) or backup.json")

    def handle(self, *args, file, **options):
        backup.backup(path=file)
        self.stdout.write(f"Backed up to {file}. Restore it into a new database with `manage.py restore {file}`.")
