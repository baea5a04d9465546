"""Starting a background import: keep the upload, then queue its job after commit.

Like archive.stats.jobs for the other jobs, the only code that queues imports; it sits above the import
service and its task (archive.history.imports <- archive.history.tasks <- here), so nothing imports in a circle.
"""

from django.db import transaction

from archive.history import imports, tasks
from archive.history.models import ImportJob


@transaction.atomic
def import_start(*, family, by, upload, name="") -> ImportJob:
    """Keep the upload (a file object giving bytes) and queue its import; the page follows the job."""
    job = imports.import_job_create(family=family, by=by, upload=upload, name=name)
    transaction.on_commit(lambda: tasks.run_import.delay(job.pk))
    return job
