"""Writes of the statistics: the only code that fills the stats tables (called by archive.stats.tasks).

- stats_update_for_hands(hand_ids=...): after hands were saved, edited, deleted or restored;
  re-derives those hands' facts (stamped with the hand's revision and the family's time zone)
  and rebuilds the summaries by day of the (family, game, day, player) keys they touch, old and
  new, then the rollups by month of those months and by year of those years
  (summaries.rebuild_touched). Its cost depends on the hands, days, months and years touched, not
  on the size of the archive.
- stats_recompute(family=None, job=None, rederive=False): the nightly job and the Recompute
  button. By default it trusts the facts the jobs wrote and only repairs what a lost job left
  behind: one SQL query finds the live hands whose facts are missing or stale (revision or time
  zone differs, or they name a player since merged) and the facts of hands that are deleted or
  gone; those few are re-derived or removed; then every summary is rebuilt from the facts with
  set-based SQL (DELETE, then INSERT ... SELECT ... GROUP BY), and every rollup by month from
  the days and by year from the months. With rederive=True it throws all
  the facts away and derives them again from every ruling's facts (after a change of the
  referee or of a game's statistics module), with progress in the StatsJob row.

The rows themselves are made in archive.stats.derive (shared) and archive/stats/games/ (each
game's own). Both run in one transaction and first lock the families they touch (SELECT ... FOR UPDATE on
the Family rows), so two jobs never interleave their reads and writes of one family, and a
worker that dies mid-job leaves the old statistics as they were. Both are idempotent, and
both give the same numbers (the tests compare them row by row).
"""

from __future__ import annotations

import datetime
import os
import time
from collections import defaultdict

from django.core.exceptions import PermissionDenied
from django.db import connection, connections, transaction
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from archive.common import bounds
from archive.common.fragments import family_changed
from archive.people import access, audit
from archive.people.models import Family
from archive.stats import derive, summaries
from archive.stats.derive import dead_fact_hand_ids, live_hands, stale_hand_ids  # noqa: F401  (used by bench/stats.py)
from archive.stats.models import HandFact, SeatFact, SettlePayment, StatsJob, StatsOutbox
from archive.table.models import Hand


def _lock_families(family_ids):
    # Ordered, so two jobs locking several families cannot deadlock. FOR NO KEY UPDATE: it excludes another
    # job of the family, not the hands logged meanwhile (their inserts take KEY SHARE on the family row, which
    # FOR UPDATE would make wait for the job; the outbox has them paid by a job of their own).
    list(
        Family.objects.select_for_update(no_key=True).filter(pk__in=sorted(family_ids)).order_by("pk").values_list("pk")
    )


def _test_pause():
    """Test-only hook (TK_STATS_TEST_DELAY seconds): lets the worker tests kill a job mid-way,
    after it has written facts but before it commits. TK_STATS_TEST_SIGNAL names a file touched
    when the pause starts."""
    delay = float(os.environ.get("TK_STATS_TEST_DELAY") or 0)
    if delay > 0:
        signal = os.environ.get("TK_STATS_TEST_SIGNAL")
        if signal:
            with open(signal, "w") as f:
                f.write(str(os.getpid()))
        time.sleep(delay)


# ---------------------------------------------------------------------------------------------
# The jobs


COALESCED = 2000  # at most this many hands of a family's debt paid by one job


@transaction.atomic
def stats_update_for_hands(*, hand_ids, owed_only=False):
    """Bring the statistics up to date with the given hands (saved, edited, deleted or restored).

    owed_only (the job a change of hands sends): nothing to do when an earlier job already paid what these
    hands owed (the outbox has no row of theirs left); else the job pays every hand its families still owe
    with them, so a burst of hands logged at once is paid by one job and the later jobs find nothing owed."""
    hand_ids = sorted({int(h) for h in hand_ids})
    if not hand_ids:
        return {"hands": 0, "keys": 0}
    family_ids = set(Hand.objects.filter(id__in=hand_ids).order_by().values_list("family_id", flat=True))
    family_ids |= set(HandFact.objects.filter(hand_id__in=hand_ids).values_list("family_id", flat=True))
    if not family_ids:
        return {"hands": 0, "keys": 0}
    _lock_families(family_ids)
    if owed_only:
        debt = set(
            StatsOutbox.objects.filter(family_id__in=family_ids, hand_id__isnull=False)
            .order_by("id")
            .values_list("hand_id", flat=True)[:COALESCED]
        )
        if not debt & set(hand_ids) and len(debt) < COALESCED:
            return {"hands": 0, "keys": 0, "paid": "before"}
        hand_ids = sorted(debt | set(hand_ids))
    # What this job pays: the rows queued before it read the hands (a later change stays owed).
    owed = list(StatsOutbox.objects.filter(hand_id__in=hand_ids).values_list("id", flat=True))
    # What the job saw: the keys of the hands' old facts and of their new ones. Each summary and
    # rollup of those keys is rebuilt from the facts of its day (and each month from its days).
    keys = defaultdict(lambda: (set(), set(), set()))  # (family, game) -> (days, players, sessions)

    def seen():
        for family_id, game, day, session_id in HandFact.objects.filter(hand_id__in=hand_ids).values_list(
            "family_id", "game", "day", "session_id"
        ):
            keys[family_id, game][0].add(day)
            keys[family_id, game][2].add(session_id)
        for family_id, game, day, player_id in SeatFact.objects.filter(hand_id__in=hand_ids).values_list(
            "family_id", "game", "day", "player_id"
        ):
            keys[family_id, game][0].add(day)
            keys[family_id, game][1].add(player_id)

    seen()
    new_hands = None if keys else hand_ids  # none of them had facts: hands logged since the last job
    derive.delete_facts(hand_ids)
    written, _ = derive.rederive(hand_ids, derive.Context())
    seen()
    _test_pause()
    for (family_id, game), (days, players, sessions) in keys.items():
        summaries.rebuild_touched(
            family_id,
            game,
            days=days,
            players=players,
            sessions=sessions,
            new_hands=new_hands if len(keys) == 1 else None,  # (one game's hands: see streaks.rebuild_touched)
        )
    StatsOutbox.objects.filter(id__in=owed).delete()
    family_changed(*family_ids, nights=(), statistics=True)  # no night's page shows the statistics
    return {"hands": written, "keys": sum(len(d) * len(p) for d, p, _ in keys.values())}


def _progress(job, done, total):
    """Show a running job's progress at once, from outside the job's transaction (PostgreSQL: a
    second connection). SQLite runs jobs in-process and cannot write beside a writer: the page
    sees the job finish."""
    if job is None or connection.vendor != "postgresql":
        return
    side = connections.create_connection("default")
    try:
        with side.cursor() as cur:
            cur.execute(
                f"UPDATE {connection.ops.quote_name(StatsJob._meta.db_table)} SET done = %s, total = %s, state = %s WHERE id = %s",
                [done, total, StatsJob.State.RUNNING, job.pk],
            )
    finally:
        side.close()


def stats_recompute(*, family=None, job=None, rederive=False):
    """Rebuild the statistics of one family (or of every family).

    By default: repair the facts a lost job left missing or stale, then rebuild every summary
    from the facts (set-based SQL). rederive=True: derive every fact again from the rulings' facts
    first (the slow path, after a change of the referee or of a game's statistics module).
    With a StatsJob, records its state and progress; a failure marks it failed and re-raises
    (the task retries), leaving the old statistics untouched.
    """
    if job is not None:
        StatsJob.objects.filter(pk=job.pk).update(
            state=StatsJob.State.RUNNING, attempts=job.attempts + 1, started_at=timezone.now(), error=""
        )
        job.refresh_from_db()
        family = family or job.family
    try:
        result = _recompute(family, job, rederive)
    except Exception as exc:
        if job is not None:
            StatsJob.objects.filter(pk=job.pk).update(state=StatsJob.State.FAILED, error=str(exc)[:2000])
        raise
    return result


def stats_recompute_job(*, job_id=None, family_id=None, rederive=False):
    """What the recompute task runs: the job `job_id` (the page's button), one family, or every
    family (the nightly run, with no arguments: it gets a StatsJob row of its own)."""
    job = StatsJob.objects.filter(pk=job_id).first() if job_id else None
    if job_id and job is None:
        return {"rederived": 0}  # the job row is gone (its family was deleted): nothing to do
    if job is None and family_id is None:
        job = StatsJob.objects.create(family=None)
    family = Family.objects.filter(pk=family_id).first() if family_id else None
    return stats_recompute(family=family, job=job, rederive=rederive)


@transaction.atomic
def _recompute(family, job, rederive):
    family_id = family.pk if family is not None else None
    family_ids = [family_id] if family is not None else list(Family.objects.values_list("pk", flat=True))
    _lock_families(family_ids)
    if connection.vendor == "postgresql":
        # The GROUP BY of a big family hashes some 10^4 keys; within the default 4 MB PostgreSQL
        # sorts the half million fact rows instead, three times slower. For this transaction only.
        with connection.cursor() as cur:
            cur.execute("SET LOCAL work_mem = '64MB'")
    outbox = StatsOutbox.objects.all() if family_id is None else StatsOutbox.objects.filter(family_id=family_id)
    owed = list(outbox.values_list("id", flat=True))  # a full rebuild pays everything queued before it
    ctx, ticked = derive.Context(), [0.0]

    def tick(done, total):
        if time.monotonic() - ticked[0] > 0.5:
            _progress(job, done, total)
            ticked[0] = time.monotonic()

    removed = 0
    if rederive:
        derive.delete_all_facts(family_id)
        total = live_hands(family_id).count()
        done, last = 0, 0
        _progress(job, 0, total)
        while True:
            # Keyset pages by id: memory stays flat and no page is skipped or read twice.
            chunk = derive.read_hands(family_id=family_id, after=last)
            if not chunk:
                break
            derive.write_facts(chunk, ctx)
            last, done = chunk[-1][0], done + len(chunk)
            tick(done, total)
    else:
        stale = stale_hand_ids(family_id)
        total = len(stale)
        _progress(job, 0, total)
        derive.delete_facts(stale)
        derive.rederive(stale, ctx, tick=lambda n: tick(n, total))
        dead = dead_fact_hand_ids(family_id)
        derive.delete_facts(dead)
        done, removed = total, len(dead)
    _test_pause()
    summaries.rebuild_summaries(family_id)
    for i in range(0, len(owed), 10_000):
        StatsOutbox.objects.filter(id__in=owed[i : i + 10_000]).delete()
    if job is not None:
        StatsJob.objects.filter(pk=job.pk).update(
            state=StatsJob.State.DONE, done=done, total=total, finished_at=timezone.now()
        )
    family_changed(*family_ids, nights=(), statistics=True)  # no night's page shows the statistics
    return {"rederived": done, "removed": removed, "rederive": rederive}


def stats_drain_outbox(*, older_than=30, limit=20_000):
    """Pay the statistics still owed that no job paid within `older_than` seconds (a job message
    lost with Redis): the beat runs it every minute, so statistics catch up once Redis is back.
    A whole family's debt (an import) is a recompute; hands go in chunks, each its own transaction."""
    cutoff = timezone.now() - datetime.timedelta(seconds=older_than)
    rows = list(
        StatsOutbox.objects.filter(queued_at__lte=cutoff).order_by("id").values_list("family_id", "hand_id")[:limit]
    )
    families = sorted({family_id for family_id, hand_id in rows if hand_id is None})
    hand_ids = sorted({hand_id for family_id, hand_id in rows if hand_id is not None and family_id not in families})
    for family in Family.objects.filter(pk__in=families):
        stats_recompute(family=family)
    for i in range(0, len(hand_ids), 2000):
        stats_update_for_hands(hand_ids=hand_ids[i : i + 2000])
    return {"families": len(families), "hands": len(hand_ids)}


# ---------------------------------------------------------------------------------------------
# Starting a recompute and settling up (people's actions, checked like every other write)


@transaction.atomic
def settle_mark_paid(*, family, payer, payee, amount, by, session=None, date_from=None, date_to=None):
    """Record that a settle-up transfer was paid. payer/payee None is the pot."""
    access.require_role_of(by, family, access.EDIT_ROLES, doing="mark settle-up transfers paid")
    for p in (payer, payee):
        if p is not None and p.family_id != family.pk:
            raise PermissionDenied(_("That player is not at this family's table."))
    if session is not None and session.family_id != family.pk:
        raise PermissionDenied(_("That session is not this family's."))
    if not 0 < amount <= bounds.MONEY_MAX:
        raise ValueError(
            _("A transfer is a positive number of cents, at most %(most)s.")
            % {"most": number_format(bounds.MONEY_MAX, force_grouping=True)}
        )
    payment = SettlePayment.objects.create(
        family=family,
        session=session,
        date_from=date_from,
        date_to=date_to,
        payer=payer,
        payee=payee,
        amount=amount,
        by=by,
    )
    audit.record(
        family=family,
        by=by,
        action="settle.paid",
        summary=f"marked paid: {_payment_words(payment)}",
        after=_payment_doc(payment),
    )
    return payment


def _payment_doc(payment):
    return {
        "id": payment.pk,
        "amount": payment.amount,
        "payer": payment.payer.name if payment.payer else None,
        "payee": payment.payee.name if payment.payee else None,
        "session": payment.session_id,
        "date_from": str(payment.date_from) if payment.date_from else None,
        "date_to": str(payment.date_to) if payment.date_to else None,
        "by": payment.by.username if payment.by else None,
        "at": payment.at.isoformat(),
    }


def _payment_words(payment):
    payer = payment.payer.name if payment.payer else "the pot"
    payee = payment.payee.name if payment.payee else "the pot"
    return f"{payer} → {payee}, {payment.amount} cents"


@transaction.atomic
def settle_unmark_paid(*, payment, by):
    access.require_role_of(by, payment.family, access.EDIT_ROLES, doing="unmark settle-up transfers")
    audit.record(
        family=payment.family,
        by=by,
        action="settle.unpaid",
        summary=f"marked not paid: {_payment_words(payment)}",
        before=_payment_doc(payment),
    )
    payment.delete()
