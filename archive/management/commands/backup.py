"""manage.py backup FILE: the whole archive into one file (.json or .json.gz); see archive/history/backup.py."""

from django.utils.translation import gettext as _

from archive.history import backup
from archive.management.language import SpokenCommand


class Command(SpokenCommand):
    help = "Write the whole archive (everything people typed; not the statistics, rebuilt on restore) to FILE."

    def add_arguments(self, parser):
        parser.add_argument("file", help="where to write it: backup.json.gz (compressed) or backup.json")

    def handle(self, *args, file, **options):
        backup.backup(path=file)
        self.stdout.write(
            _("Backed up to %(file)s. Restore it into a new database with `manage.py restore %(file)s`.")
            % {"file": file}
        )
