"""Celery tasks. Thin: each calls a service in archive.stats.services.

Every task is idempotent (it recomputes from the hands, whatever ran before), acknowledged
late (acks_late, settings) so a worker that dies mid-task hands it to another, and retried
with backoff on failure. The services write in one transaction: a dead worker leaves the
old statistics, never half of the new ones.
"""
from celery import shared_task

RETRY = dict(acks_late=True, autoretry_for=(Exception,), retry_backoff=2, retry_backoff_max=120,
             retry_jitter=True, max_retries=6)


@shared_task(**RETRY)
def update_stats_for_hands(hand_ids):
    """Update the statistics that the given hands touch. Called after commit by the hand services."""
    from archive.stats.services import stats_update_for_hands

    return stats_update_for_hands(hand_ids=hand_ids)


@shared_task(**RETRY)
def recompute_stats(job_id=None, family_id=None, rederive=False):
    """Rebuild statistics: one family, or all (the nightly run, with no arguments). By default the
    facts the jobs wrote are trusted and only the stale ones re-derived; rederive=True derives
    every fact again from the records and rulings."""
    from archive.models import Family, StatsJob
    from archive.stats.services import stats_recompute

    job = StatsJob.objects.filter(pk=job_id).first() if job_id else None
    if job_id and job is None:
        return {"rederived": 0}  # the job row is gone (its family was deleted): nothing to do
    if job is None and family_id is None:
        job = StatsJob.objects.create(family=None)
    family = Family.objects.filter(pk=family_id).first() if family_id else None
    return stats_recompute(family=family, job=job, rederive=rederive)
