"""The statistics jobs: after the save, incremental equals full, deletions and edits, time zones."""
from datetime import timedelta

import pytest

from archive import tasks
from config.celery import app as celery_app
from archive.models import Hand, LedgerEntry
from archive.models.stats import HandFact, SeatFact, StatsDay, StatsJob
from archive.stats import services

from .conftest import chicago
from .dump import dump
from .history import mini_swik, play_session, store_hand


def test_a_saved_hand_reaches_the_stats_only_after_commit(table, rng, django_capture_on_commit_callbacks):
    players = table["players"][:4]
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        session, (hand,) = play_session(table["family"], players=players, started_at=chicago(2024, 3, 1, 19),
                                        by=table["editor"], hands=1, rng=rng)
    assert callbacks, "the hand save queues the stats job on commit"
    assert not StatsDay.objects.exists(), "no statistics before the save has committed"
    for cb in callbacks:
        cb()
    nets = {p.pk: 0 for p in players}
    for player_id, amount in LedgerEntry.objects.filter(hand=hand).values_list("player_id", "amount"):
        nets[player_id] += amount
    got = dict(StatsDay.objects.values_list("player_id", "net"))
    assert got == nets
    assert set(StatsDay.objects.values_list("hands", flat=True)) == {1}


def test_full_recompute_equals_incremental_on_a_generated_history(table, rng, django_capture_on_commit_callbacks):
    family, players = table["family"], table["players"]
    with django_capture_on_commit_callbacks(execute=True):
        for night in range(4):
            at = chicago(2024, 1, 5, 21, 30) + timedelta(days=7 * night)  # late: hands run past midnight
            play_session(family, players=rng.sample(players, rng.randint(3, 5)), started_at=at,
                         by=table["editor"], hands=30, rng=rng)
    incremental = dump(family)
    assert len(incremental["HandFact"]) == 120
    services.stats_recompute(family=family)
    assert dump(family) == incremental
    # and the money is the ledger's, player by player
    ledger = {}
    for pid, amount in LedgerEntry.objects.values_list("player_id", "amount"):
        ledger[pid] = ledger.get(pid, 0) + amount
    stats = {}
    for pid, net in StatsDay.objects.values_list("player_id", "net"):
        stats[pid] = stats.get(pid, 0) + net
    assert stats == ledger


def test_edits_deletions_and_moved_days_leave_no_stale_numbers(table, rng, django_capture_on_commit_callbacks):
    family, players = table["family"], table["players"][:4]
    with django_capture_on_commit_callbacks(execute=True):
        session, hands = play_session(family, players=players, started_at=chicago(2024, 5, 3, 20), by=table["editor"],
                                      hands=12, rng=rng)
        other, _ = play_session(family, players=players, started_at=chicago(2024, 5, 10, 20), by=table["editor"],
                                hands=5, rng=rng)
    # a hand deleted (soft), another re-ruled with new money, and a whole session moved to another day
    gone, changed = hands[3], hands[7]
    Hand.objects.filter(pk=gone.pk).update(deleted_at=chicago(2024, 5, 4, 9))
    record, ruling = mini_swik(rng, players=[p.name for p in players], dealer=2, pot_in=changed.pot_in)
    LedgerEntry.objects.filter(hand=changed).delete()
    Hand.objects.filter(pk=changed.pk).update(ruling=ruling, record=record, status=ruling["status"])
    LedgerEntry.objects.bulk_create([
        LedgerEntry(hand=changed, session=session, family=family, player=players[e["seat"]],
                    played_at=chicago(2024, 5, 3, 20), seat=e["seat"], amount=e["amount"] + 1000, kind=e["kind"],
                    reason=e["reason"], event=e["event"]) for e in ruling["ledger"]
    ])
    moved = list(other.hands.values_list("pk", flat=True))
    LedgerEntry.objects.filter(hand_id__in=moved).update(played_at=chicago(2024, 6, 1, 21))
    tasks.update_stats_for_hands.delay([gone.pk, changed.pk] + moved)

    incremental = dump(family)
    assert not SeatFact.objects.filter(hand=gone).exists()
    assert not StatsDay.objects.filter(day="2024-05-10").exists(), "the moved session's old day is emptied"
    assert StatsDay.objects.filter(day="2024-06-01").count() == 4
    services.stats_recompute(family=family)
    assert dump(family) == incremental
    live = LedgerEntry.objects.filter(hand__deleted_at__isnull=True)
    assert sum(StatsDay.objects.values_list("net", flat=True)) == sum(live.values_list("amount", flat=True))


def test_days_are_the_familys_days(table, rng):
    """A hand at 11:30 pm in Chicago is 5:30 am the next day in UTC; it counts on the Chicago day."""
    family, players = table["family"], table["players"][:3]
    session, (hand,) = play_session(family, players=players, started_at=chicago(2024, 3, 1, 23, 30),
                                    by=table["editor"], hands=1, rng=rng, notify=False)
    LedgerEntry.objects.filter(hand=hand).update(played_at=chicago(2024, 3, 1, 23, 30))
    services.stats_update_for_hands(hand_ids=[hand.pk])
    assert set(StatsDay.objects.values_list("day", flat=True)) == {chicago(2024, 3, 1).date()}
    family.timezone = "Europe/Prague"
    family.save()
    services.stats_recompute(family=family)
    assert set(StatsDay.objects.values_list("day", flat=True)) == {chicago(2024, 3, 2).date()}


def test_missing_stays_missing(table, rng):
    """A hand that stopped before the tricks tells nobody's tricks or falls: None, not 0."""
    family, players = table["family"], table["players"][:3]
    session = play_session(family, players=players, started_at=chicago(2024, 4, 1, 19), by=table["editor"],
                           hands=0, rng=rng)[0]
    while True:
        record, ruling = mini_swik(rng, players=[p.name for p in players])
        if ruling["status"] == "incomplete":
            break
    hand = store_hand(session, record, ruling, number=1, played_at=chicago(2024, 4, 1, 19), notify=False)
    services.stats_update_for_hands(hand_ids=[hand.pk])
    for row in StatsDay.objects.all():
        assert row.hands == 1 and row.tricks is None and row.falls is None and row.best_take is None
        assert row.net < 0  # the antes were paid all the same


def test_a_failing_job_retries_and_leaves_the_old_numbers(table, rng, django_capture_on_commit_callbacks,
                                                         monkeypatch):
    family, players = table["family"], table["players"][:4]
    with django_capture_on_commit_callbacks(execute=True):
        play_session(family, players=players, started_at=chicago(2024, 7, 5, 19), by=table["editor"], hands=6,
                     rng=rng)
    before = dump(family)
    calls = {"n": 0}
    real = services._rebuild_summaries

    def flaky(*args, **kw):
        calls["n"] += 1
        if calls["n"] == 1:
            raise RuntimeError("the database went away")
        return real(*args, **kw)

    monkeypatch.setattr(services, "_rebuild_summaries", flaky)
    # eager and not propagating, Celery runs the retry at once, as a worker would after the backoff
    job = StatsJob.objects.create(family=family)
    old, celery_app.conf.task_eager_propagates = celery_app.conf.task_eager_propagates, False
    try:
        tasks.recompute_stats.delay(job_id=job.pk)
    finally:
        celery_app.conf.task_eager_propagates = old
    job.refresh_from_db()
    assert calls["n"] == 2 and job.state == "done" and job.attempts == 2
    assert dump(family) == before
