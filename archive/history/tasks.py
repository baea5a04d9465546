"""The Celery task of a background import: it only calls the service (archive.history.imports).

Kept apart from archive.stats.tasks, which the services reach through archive.stats.jobs: the import service
itself uses the services, so this module sits above them (archive.history.services queues it; the
worker loads it through the CELERY_IMPORTS setting).
"""

from celery import shared_task

from archive.history.imports import import_job_run


# Not retried on failure: the import is one transaction, so a failed job saved nothing and says why
# on the import page; acks_late hands a job whose worker died to another, which runs it whole again.
@shared_task(acks_late=True)
def run_import(job_id):
    return import_job_run(job_id=job_id)
