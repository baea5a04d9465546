"""The only code that enqueues the statistics' background jobs (Celery tasks in archive.stats.tasks), always
after commit. The table's services do not import it: they send archive.table.signals.hands_changed, which
`stats_after_commit` answers (connected when the app is ready, archive.apps). Below, the jobs' progress
and what is still owed, as the pages and the API show them. Imports run one way:
archive.stats.jobs -> archive.stats.tasks -> archive.stats.services.
"""

from django.db import transaction
from django.dispatch import receiver

from archive.people import access
from archive.stats import tasks
from archive.stats.models import StatsJob, StatsOutbox
from archive.stats.services import live_hands
from archive.table.models import Hand
from archive.table.signals import hands_changed

STATS_CHUNK = 2000  # hand ids per statistics task message


@receiver(hands_changed, dispatch_uid="archive.stats.jobs.stats_after_commit")
def stats_after_commit(hand_ids, family_id=None, **_signal):
    """Statistics follow every committed change of hands: what they owe goes in the outbox with the
    change itself (same transaction), and a job is sent after commit to pay it."""
    ids = sorted(set(hand_ids))
    if family_id is not None:  # the sender says whose they are: no lookup
        owed = [(hand_id, family_id) for hand_id in ids]
    else:
        owed = Hand.objects.filter(id__in=ids).order_by().values_list("id", "family_id")
    StatsOutbox.objects.bulk_create(StatsOutbox(family_id=family_id, hand_id=hand_id) for hand_id, family_id in owed)
    for i in range(0, len(ids), STATS_CHUNK):
        chunk = ids[i : i + STATS_CHUNK]
        # robust: the hand is saved whatever happens to its statistics job (Redis down, or in-process
        # Celery raising); the outbox keeps what is owed and the drain job pays it.
        transaction.on_commit(
            lambda chunk=chunk: tasks.update_stats_for_hands.delay(chunk, owed_only=True), robust=True
        )


def stats_after_import(family_id):
    """An import's hands get their statistics from one job after commit: the default recompute
    derives the facts the family's hands lack and rebuilds its summaries (one job, not one a hand)."""
    StatsOutbox.objects.create(family_id=family_id, hand_id=None)
    transaction.on_commit(lambda: tasks.recompute_stats.delay(family_id=family_id), robust=True)


@transaction.atomic
def stats_job_start(*, family, by, rederive=False) -> StatsJob:
    """Queue a recompute of the family's statistics; the page follows the job's progress (the
    hands re-derived: normally none, all of them with rederive=True)."""
    access.require_role_of(by, family, access.EDIT_ROLES, doing="recompute the statistics")
    total = live_hands(family.pk).count() if rederive else 0
    job = StatsJob.objects.create(family=family, by=by, total=total)
    transaction.on_commit(lambda: tasks.recompute_stats.delay(job_id=job.pk, rederive=rederive))
    return job


# --- their progress, as the pages and the API show it


def job_progress(job):
    pct = 100 if job.state == StatsJob.State.DONE else (int(100 * job.done / job.total) if job.total else 0)
    return {
        "id": job.pk,
        "state": job.state,
        "done": job.done,
        "total": job.total,
        "percent": pct,
        "error": job.error,
        "attempts": job.attempts,
    }


OWED_SHOWN = 1000  # past this the page says "more than 1,000": counting further costs a page its speed


def owed(*, family) -> dict | None:
    """The changes of hands the statistics do not count yet (the outbox): None when none are owed;
    else {"changes": n (at most OWED_SHOWN + 1), "whole": True if a whole rebuild is owed (an import)}."""
    rows = list(StatsOutbox.objects.filter(family=family).values_list("hand_id", flat=True)[: OWED_SHOWN + 1])
    if not rows:
        return None
    return {"changes": len(rows), "more": len(rows) > OWED_SHOWN, "whole": None in rows}


def latest_job(*, family):
    return StatsJob.objects.filter(family=family).first()
