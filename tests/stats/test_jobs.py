"""The statistics jobs: after the save, incremental equals full, deletions and edits, time zones."""
from datetime import timedelta

import pytest

from archive import tasks
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
