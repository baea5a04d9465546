"""Starting a background import: keep the upload, then queue its job after commit.

Like archive.stats.jobs for the other jobs, the only code that queues imports; it sits above the import
service and its task (archive.history.imports <- archive.history.tasks <- here), so nothing imports in a circle.
"""

from django.db import transaction
from django.utils import translation

from archive.history import imports, tasks
from archive.history.models import ImportJob


@transaction.atomic
def import_start(*, family, by, upload, name="") -> ImportJob:
    """Keep the upload (a file object giving bytes) and queue its import; the page follows the job. Its
    problems are said in the language of the person who started it (the one active now)."""
    job = imports.import_job_create(family=family, by=by, upload=upload, name=name)
    language = translation.get_language()
    transaction.on_commit(lambda: tasks.run_import.delay(job.pk, language))
    return job
