"""Celery tasks. Thin: each calls a service in archive.stats.services; archive.stats.jobs enqueues them.

Every task is idempotent (it recomputes from the hands, whatever ran before), acknowledged
late (acks_late, settings) so a worker that dies mid-task hands it to another, and retried
with backoff on failure. The services write in one transaction: a dead worker leaves the
old statistics, never half of the new ones.
"""

from celery import shared_task
from django.conf import settings

from archive.stats.services import stats_drain_outbox, stats_recompute_job, stats_update_for_hands

# The names are the old layout's (archive/tasks.py): messages already queued, and the beat, still find them.
RETRY = dict(
    acks_late=True, autoretry_for=(Exception,), retry_backoff=2, retry_backoff_max=120, retry_jitter=True, max_retries=6
)


@shared_task(name="archive.tasks.update_stats_for_hands", **RETRY)
def update_stats_for_hands(hand_ids, owed_only=False):
    """Update the statistics that the given hands touch. Enqueued after commit by the hand services, with
    owed_only (see the service: a job whose hands an earlier one paid has nothing to do)."""
    return stats_update_for_hands(hand_ids=hand_ids, owed_only=owed_only)


@shared_task(name="archive.tasks.recompute_stats", **RETRY)
def recompute_stats(job_id=None, family_id=None, rederive=False):
    """Rebuild statistics: one family, or all (the nightly run, with no arguments). By default the
    facts the jobs wrote are trusted and only the stale ones re-derived; rederive=True derives
    every fact again from the rulings' facts."""
    return stats_recompute_job(job_id=job_id, family_id=family_id, rederive=rederive)


@shared_task(name="archive.tasks.drain_stats_outbox", **RETRY)
def drain_stats_outbox(older_than=None):
    """Pay the statistics no job paid (a message lost with Redis). The beat runs it every minute."""
    return stats_drain_outbox(older_than=settings.STATS_OUTBOX_GRACE if older_than is None else older_than)
