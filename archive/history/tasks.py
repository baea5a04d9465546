"""The Celery task of a background import: it only calls the service (archive.history.imports).
archive.history.services queues it after commit; the worker loads it through the CELERY_IMPORTS setting."""

from celery import shared_task

from archive.history.imports import import_job_run


# Not retried on failure: the import is one transaction, so a failed job saved nothing and says why
# on the import page; acks_late hands a job whose worker died to another, which runs it whole again.
@shared_task(name="archive.import_tasks.run_import", acks_late=True)  # the old layout's name: queued jobs still run
def run_import(job_id, language=None):
    return import_job_run(job_id=job_id, language=language)
