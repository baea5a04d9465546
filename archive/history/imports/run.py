"""The import itself: the lines fed a chunk at a time in one transaction, and its progress and result."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable

from django.db import transaction

from archive.common.fragments import family_changed
from archive.history.imports.chunks import _Import
from archive.people import access
from archive.people.models import Family
from archive.stats import jobs

CHUNK_LINES = 1000  # lines ruled and written at a time: memory is about 12 KB a line of the chunk


def history_import(
    *, family, lines: Iterable, by, why="imported", progress: Callable[[dict], None] | None = None
) -> dict:
    """Add a JSON Lines history (str or bytes lines, as history_export writes them) to a family.

    Sessions are matched by key and hands by number and record key: a hand already archived is
    skipped, so importing the same file twice adds nothing. The whole file is one transaction: if any
    line is bad, nothing is saved and every bad line is reported with its number and the referee's
    words. progress(result so far) is called after each chunk.
    Answers {"added", "skipped", "errors": [first problems], "error_count", "bad_lines": [[first, last]],
    "lines"}.
    """
    access.require_role_of(by, family, access.EDIT_ROLES, doing="import history")
    # An import makes millions of short-lived objects (records, rulings); each full pass of the cyclic
    # collector would walk every object of the process (Django's too): those are set aside meanwhile
    # (a tenth to a third of a re-import's CPU, measured at 50,000 and 10,000 hands).
    gc.freeze()
    try:
        return _history_import(family=family, lines=lines, by=by, why=why, progress=progress)
    finally:
        gc.unfreeze()


def _history_import(*, family, lines, by, why, progress):
    with transaction.atomic():
        # One import of a family at a time (and no statistics job of it meanwhile).
        Family.objects.select_for_update().filter(pk=family.pk).first()
        run = _Import(family, by, why)
        try:
            chunk = []
            for item in enumerate(lines, 1):
                chunk.append(item)
                if len(chunk) >= CHUNK_LINES:
                    run.feed(chunk)
                    chunk = []
                    if progress is not None:
                        progress(_result(run))
            if chunk:
                run.feed(chunk)
            run.finish()
        finally:
            run.close()
        if run.errors:
            transaction.set_rollback(True)  # whole file or nothing
        elif run.added:
            jobs.stats_after_import(family.pk)
            family_changed(family.pk)
        result = _result(run)
    if progress is not None:
        progress(result)
    return result


def _result(run) -> dict:
    return {
        "added": 0 if run.errors else run.added,
        "skipped": run.skipped,
        "errors": run.errors.kept,
        "error_count": run.errors.count,
        "bad_lines": run.errors.ranges,
        "lines": run.lines,
    }
