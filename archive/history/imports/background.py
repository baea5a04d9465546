"""Background imports (ImportJob): an upload kept in pieces, then imported by the Celery task
(archive.history.tasks) with its progress written where the page sees it."""

from __future__ import annotations

import time
from collections.abc import Iterable

from django.db import connection, connections, transaction
from django.utils import timezone as dj_timezone
from django.utils import translation

from archive.history.imports.run import history_import
from archive.history.models import ImportChunk, ImportJob
from archive.people import access

UPLOAD_PIECE = 1 << 20  # bytes of an upload stored a row


@transaction.atomic
def import_job_create(*, family, by, upload, name="") -> ImportJob:
    """Keep an upload (a file object giving bytes) for a background import: stored in pieces of whole
    lines, its lines counted for the progress bar. archive.history.services queues the job after commit."""
    access.require_role_of(by, family, access.EDIT_ROLES, doing="import history")
    job = ImportJob.objects.create(family=family, by=by, name=(name or "")[:200])
    seq, size, lines, rest = 0, 0, 0, b""
    while True:
        block = upload.read(UPLOAD_PIECE)
        if not block:
            break
        size += len(block)
        data = rest + block
        cut = data.rfind(b"\n") + 1
        if cut == 0:
            rest = data
            continue
        piece, rest = data[:cut], data[cut:]
        lines += piece.count(b"\n")
        ImportChunk.objects.create(job=job, seq=seq, data=piece)
        seq += 1
    if rest:
        lines += 1
        ImportChunk.objects.create(job=job, seq=seq, data=rest)
    job.size, job.lines = size, lines
    job.save(update_fields=["size", "lines"])
    return job


def _job_lines(job) -> Iterable[bytes]:
    """The job's upload again, line by line, one stored piece in memory at a time."""
    pks = list(ImportChunk.objects.filter(job=job).order_by("seq").values_list("pk", flat=True))
    for pk in pks:
        data = bytes(ImportChunk.objects.filter(pk=pk).values_list("data", flat=True).get())
        yield from data.splitlines()


def _side_update(job_id, **fields):
    """Write a running job's progress from outside the import's transaction (PostgreSQL: a second
    connection), so the page sees it at once. SQLite cannot write beside a writer: the page sees the end."""
    if connection.vendor != "postgresql":
        return
    side = connections.create_connection("default")
    try:
        with side.cursor() as cur:
            sets = ", ".join(f"{connection.ops.quote_name(k)} = %s" for k in fields)
            cur.execute(
                f"UPDATE {connection.ops.quote_name(ImportJob._meta.db_table)} SET {sets} WHERE id = %s",
                [*fields.values(), job_id],
            )
    finally:
        side.close()


def import_job_run(*, job_id, language=None) -> dict:
    """Run a queued import (the Celery task's whole work); its result stays on the job for the page, its
    problems in `language` (the one of the person who started it; None: the site's default)."""
    with translation.override(language):
        return _import_job_run(job_id)


def _import_job_run(job_id) -> dict:
    job = ImportJob.objects.select_related("family", "by").filter(pk=job_id).first()
    if job is None or job.state == ImportJob.State.DONE:
        return {"job": job_id, "state": job.state if job else "gone"}
    ImportJob.objects.filter(pk=job.pk).update(state=ImportJob.State.RUNNING, started_at=dj_timezone.now(), done=0)
    ticked = [0.0]

    def progress(result):
        if time.monotonic() - ticked[0] > 0.5:
            _side_update(
                job.pk,
                done=result["lines"],
                added=result["added"],
                skipped=result["skipped"],
                error_count=result["error_count"],
            )
            ticked[0] = time.monotonic()

    try:
        result = history_import(
            family=job.family,
            lines=_job_lines(job),
            by=job.by,
            why=f"imported from {job.name}" if job.name else "imported",
            progress=progress,
        )
    except Exception as exc:
        ImportJob.objects.filter(pk=job.pk).update(
            state=ImportJob.State.FAILED, message=str(exc)[:2000], finished_at=dj_timezone.now()
        )
        raise
    with transaction.atomic():
        ImportJob.objects.filter(pk=job.pk).update(
            state=ImportJob.State.DONE,
            done=result["lines"],
            added=result["added"],
            skipped=result["skipped"],
            error_count=result["error_count"],
            errors=result["errors"],
            bad_lines=result["bad_lines"],
            finished_at=dj_timezone.now(),
        )
        ImportChunk.objects.filter(job=job).delete()  # the upload is no longer needed
    return {"job": job.pk, "added": result["added"], "skipped": result["skipped"], "error_count": result["error_count"]}
