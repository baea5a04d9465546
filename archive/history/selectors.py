"""Reads of background imports (ImportJob) for the import page and the API."""

from archive.history.models import ImportJob


def recent_import_jobs(*, family, limit=5):
    """The family's latest background imports, newest first, without their stored errors."""
    return list(ImportJob.objects.filter(family=family).select_related("by").defer("errors", "bad_lines")[:limit])


def import_job_progress(job) -> dict:
    """What the page and the API show of a job: state, lines read of all, hands added and skipped,
    and when it is done the problems (the first ones in full, every bad line as ranges)."""
    total = job.lines or 0
    done = min(job.done or 0, total) if total else job.done or 0
    percent = 100 if job.state == ImportJob.State.DONE else (int(100 * done / total) if total else 0)
    data = {
        "id": job.pk,
        "state": job.state,
        "name": job.name,
        "lines": total,
        "done": done,
        "percent": percent,
        "added": job.added,
        "skipped": job.skipped,
        "error_count": job.error_count,
        "message": job.message,
        "created_at": job.created_at.isoformat() if job.created_at else None,
        "finished_at": job.finished_at.isoformat() if job.finished_at else None,
    }
    if job.state == ImportJob.State.DONE:
        data["errors"], data["bad_lines"] = job.errors, job.bad_lines
    return data


def bad_line_words(ranges) -> str:
    """[[3, 3], [7, 9]] -> '3, 7–9'."""
    return ", ".join(str(a) if a == b else f"{a}–{b}" for a, b in ranges or ())
