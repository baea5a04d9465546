"""The statistics jobs: after the save, incremental equals full, deletions and edits, time zones."""

from datetime import timedelta

import pytest

from archive.models import Hand, LedgerEntry
from archive.stats import services, summaries, tasks
from archive.stats.models import HandFact, SeatFact, StatsDay, StatsJob
from config.celery import app as celery_app
from tests.factories import generated_record

from .conftest import chicago
from .dump import dump
from .history import ledger_rows, play_session, store_hand, swik_ruled


def test_a_saved_hand_reaches_the_stats_only_after_commit(table, rng, django_capture_on_commit_callbacks):
    players = table["players"][:4]
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        session, (hand,) = play_session(
            table["family"], players=players, started_at=chicago(2024, 3, 1, 19), by=table["editor"], hands=1, rng=rng
        )
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
            play_session(
                family,
                players=rng.sample(players, rng.randint(3, 5)),
                started_at=at,
                by=table["editor"],
                hands=30,
                rng=rng,
            )
    incremental = dump(family)
    assert len(incremental["HandFact"]) == 120
    assert services.stats_recompute(family=family)["rederived"] == 0, "the jobs left nothing stale"
    assert dump(family) == incremental
    assert services.stats_recompute(family=family, rederive=True)["rederived"] == 120
    assert dump(family) == incremental, "every fact derived again from the records gives the same rows"
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
        session, hands = play_session(
            family, players=players, started_at=chicago(2024, 5, 3, 20), by=table["editor"], hands=12, rng=rng
        )
        other, _ = play_session(
            family, players=players, started_at=chicago(2024, 5, 10, 20), by=table["editor"], hands=5, rng=rng
        )
    # a hand deleted (soft), another re-ruled with new money, and a whole session moved to another day
    gone, changed = hands[3], hands[7]
    Hand.objects.filter(pk=gone.pk).update(deleted_at=chicago(2024, 5, 4, 9))
    record, ruling = _other_money(changed, players, rng, dealer=2)
    LedgerEntry.objects.filter(hand=changed).delete()
    Hand.objects.filter(pk=changed.pk).update(ruling=ruling, record=record, status=ruling["status"])
    LedgerEntry.objects.bulk_create(
        ledger_rows(changed, ruling, players=[p.pk for p in players], played_at=chicago(2024, 5, 3, 20))
    )
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
    session, (hand,) = play_session(
        family, players=players, started_at=chicago(2024, 3, 1, 23, 30), by=table["editor"], hands=1, rng=rng
    )
    LedgerEntry.objects.filter(hand=hand).update(played_at=chicago(2024, 3, 1, 23, 30))
    services.stats_update_for_hands(hand_ids=[hand.pk])
    assert set(StatsDay.objects.values_list("day", flat=True)) == {chicago(2024, 3, 1).date()}
    family.timezone = "Europe/Prague"
    family.save()
    services.stats_recompute(family=family)
    assert set(StatsDay.objects.values_list("day", flat=True)) == {chicago(2024, 3, 2).date()}


def test_missing_stays_missing(table, rng):
    """A hand that stopped before the tricks tells nobody's tricks or falls: None, not 0."""
    from archive.stats import selectors

    family, players = table["family"], table["players"][:3]
    session = play_session(
        family, players=players, started_at=chicago(2024, 4, 1, 19), by=table["editor"], hands=0, rng=rng
    )[0]
    while True:
        record, ruling = swik_ruled(rng, players=[p.name for p in players], mistakes=0, incomplete=1.0)
        if ruling["status"] == "incomplete" and not ruling["tricks"] and all(e["amount"] < 0 for e in ruling["ledger"]):
            break
    hand = store_hand(session, record, ruling, number=1, played_at=chicago(2024, 4, 1, 19), notify=False)
    services.stats_update_for_hands(hand_ids=[hand.pk])
    for row in StatsDay.objects.all():
        assert row.hands == 1 and row.tricks is None and row.best_take is None
        assert row.net < 0  # the antes were paid all the same
    rows = selectors.players(family=family)
    assert len(rows) == 3 and all(r["tricks"] is None and r["falls"] is None and r["fall_rate"] is None for r in rows)


def test_a_failing_job_retries_and_leaves_the_old_numbers(table, rng, django_capture_on_commit_callbacks, monkeypatch):
    family, players = table["family"], table["players"][:4]
    with django_capture_on_commit_callbacks(execute=True):
        play_session(family, players=players, started_at=chicago(2024, 7, 5, 19), by=table["editor"], hands=6, rng=rng)
    before = dump(family)
    calls = {"n": 0}
    real = summaries.rebuild_summaries

    def flaky(*args, **kw):
        calls["n"] += 1
        if calls["n"] == 1:
            raise RuntimeError("the database went away")
        return real(*args, **kw)

    monkeypatch.setattr(summaries, "rebuild_summaries", flaky)
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


def _other_money(hand, players, rng, dealer=1):
    """A record and ruling for the hand's place in the chain whose money differs from the hand's."""
    while True:
        record, ruling = swik_ruled(rng, players=[p.name for p in players], dealer=dealer, pot_in=hand.pot_in)
        if ruling["net"] != hand.ruling["net"]:
            return record, ruling


def _lose_an_edit(hand, family, players, rng):
    """Edit a hand the way hand_edit does (new record and ruling, one more revision, new ledger
    rows) but lose the statistics job that should follow."""
    record, ruling = _other_money(hand, players, rng)
    LedgerEntry.objects.filter(hand=hand).delete()
    Hand.objects.filter(pk=hand.pk).update(
        record=record, ruling=ruling, status=ruling["status"], revision=hand.revision + 1
    )
    LedgerEntry.objects.bulk_create(
        ledger_rows(hand, ruling, players=[p.pk for p in players], played_at=hand.session.started_at)
    )


def _nets(qs, field):
    out = {}
    for pid, amount in qs.values_list("player_id", field):
        out[pid] = out.get(pid, 0) + amount
    return out


def test_the_default_recompute_repairs_what_lost_jobs_left_behind(table, rng, django_capture_on_commit_callbacks):
    family, players = table["family"], table["players"]
    with django_capture_on_commit_callbacks(execute=True):
        session, hands = play_session(
            family, players=players[:4], started_at=chicago(2024, 9, 6, 19), by=table["editor"], hands=10, rng=rng
        )
        other, others = play_session(
            family, players=players[1:5], started_at=chicago(2024, 9, 13, 19), by=table["editor"], hands=6, rng=rng
        )
    # every kind of lost job: an edit, a delete, a whole session deleted, facts from before revisions
    _lose_an_edit(hands[2], family, players[:4], rng)
    Hand.objects.filter(pk=hands[5].pk).update(deleted_at=chicago(2024, 9, 7, 9), revision=hands[5].revision + 1)
    type(other).objects.filter(pk=other.pk).update(deleted_at=chicago(2024, 9, 14, 9))
    HandFact.objects.filter(hand=hands[7]).update(revision=0)
    SeatFact.objects.filter(hand=hands[7]).update(net=999_999)  # wrong numbers that only a re-derive fixes
    live = LedgerEntry.objects.filter(hand__deleted_at__isnull=True, session__deleted_at__isnull=True)
    assert _nets(StatsDay.objects.all(), "net") != _nets(live, "amount"), "the statistics are stale"

    result = services.stats_recompute(family=family)
    assert (result["rederived"], result["removed"]) == (2, 1 + len(others))  # hands 3 and 8; hand 6 and the session
    assert _nets(StatsDay.objects.all(), "net") == _nets(live, "amount")
    assert not SeatFact.objects.filter(hand__in=[hands[5]] + others).exists()
    assert HandFact.objects.get(hand=hands[2]).revision == hands[2].revision + 1
    repaired = dump(family)
    assert services.stats_recompute(family=family)["rederived"] == 0, "repaired once, trusted after"
    services.stats_recompute(family=family, rederive=True)
    assert dump(family) == repaired, "the default recompute equals deriving everything again"


def test_a_merge_with_its_job_lost_is_repaired(table, rng, django_capture_on_commit_callbacks):
    """The merged guest's hands count for the player he was merged into, even if the job was lost."""
    family, players = table["family"], table["players"]
    with django_capture_on_commit_callbacks(execute=True):
        play_session(
            family, players=players[:4], started_at=chicago(2024, 10, 4, 19), by=table["editor"], hands=6, rng=rng
        )
    keep, guest = players[4], players[3]
    LedgerEntry.objects.filter(player=guest).update(player=keep)
    type(guest).objects.filter(pk=guest.pk).update(merged_into=keep)
    assert StatsDay.objects.filter(player=guest).exists()
    services.stats_recompute(family=family)
    assert not StatsDay.objects.filter(player=guest).exists()
    assert StatsDay.objects.get(player=keep).hands == 6


def test_a_recompute_of_every_family_repairs_each(table, rng, django_capture_on_commit_callbacks):
    from archive.models import Family, Membership, Player

    other = Family.objects.create(name="Other", slug="other", timezone="Europe/Prague")
    Membership.objects.create(family=other, user=table["owner"], role="owner")
    them = [Player.objects.create(family=other, name=n) for n in ("Ann", "Bob", "Cid")]
    with django_capture_on_commit_callbacks(execute=True):
        _, ours = play_session(
            table["family"],
            players=table["players"][:3],
            started_at=chicago(2024, 11, 1, 19),
            by=table["editor"],
            hands=4,
            rng=rng,
        )
        _, theirs = play_session(
            other, players=them, started_at=chicago(2024, 11, 1, 19), by=table["owner"], hands=4, rng=rng
        )
    everything = dump()
    HandFact.objects.filter(hand__in=[ours[0], theirs[1]]).delete()
    tasks.recompute_stats.delay()  # the nightly run: no arguments, every family
    assert dump() == everything
    job = StatsJob.objects.get(family=None)
    assert (job.state, job.done) == ("done", 2)


def test_the_stats_recompute_command(table, rng, django_capture_on_commit_callbacks):
    from io import StringIO

    from django.core.management import CommandError, call_command

    family = table["family"]
    with django_capture_on_commit_callbacks(execute=True):
        _, hands = play_session(
            family,
            players=table["players"][:3],
            started_at=chicago(2024, 12, 6, 19),
            by=table["editor"],
            hands=5,
            rng=rng,
        )
    before = dump(family)
    HandFact.objects.filter(hand=hands[1]).update(revision=0)
    out = StringIO()
    call_command("stats_recompute", "--family", family.slug, stdout=out)
    assert "1 hand re-derived" in out.getvalue() and dump(family) == before
    out = StringIO()
    call_command("stats_recompute", "--family", family.slug, "--rederive", stdout=out)
    assert "5 hands re-derived" in out.getvalue() and dump(family) == before
    assert list(StatsJob.objects.filter(family=family).values_list("state", "done")) == [("done", 5), ("done", 1)]
    with pytest.raises(CommandError, match="no family"):
        call_command("stats_recompute", "--family", "nobody")


def test_hands_logged_at_the_end_of_the_night_extend_the_day_and_others_rebuild_it(
    table, rng, monkeypatch, django_capture_on_commit_callbacks
):
    """A job for hands logged at the end of their day adds them to the stored day's streak segment instead of
    reading the whole day (streaks._days_appended); a hand logged into an earlier night of the same day, a
    deletion and a restoring make the day again from all its hands. Every way gives what a recompute gives."""
    from archive.stats import streaks
    from archive.table import services as table_services

    appended = []
    real = streaks._days_appended
    monkeypatch.setattr(streaks, "_days_appended", lambda *a: appended.append(real(*a) is not None) or real(*a))
    family, players, editor = table["family"], table["players"][:4], table["editor"]
    nights = []
    for hour, count in ((14, 3), (20, 4)):
        with django_capture_on_commit_callbacks(execute=True):  # each hand's job as it is logged
            nights.append(play_session(family, players=players, started_at=chicago(2024, 7, 6, hour), by=editor,
                                       hands=count, rng=rng))  # fmt: skip
    (afternoon, _), (evening, hands) = nights
    assert appended and all(appended), "each hand logged at the end of the night extends the day"
    incremental = dump(family)
    services.stats_recompute(family=family)
    assert dump(family) == incremental
    appended.clear()
    with django_capture_on_commit_callbacks(execute=True):
        # the afternoon's fourth hand, logged after the evening's: it goes before them in the day
        table_services.hand_add(session=afternoon, record=generated_record(afternoon, seed=11), by=editor)
    with django_capture_on_commit_callbacks(execute=True):
        table_services.hand_delete(hand=hands[1], by=editor, why="twice")
    with django_capture_on_commit_callbacks(execute=True):
        table_services.hand_restore(hand=hands[1], by=editor, why="it was played")
    # the afternoon's hand is new but not last: its day is made again; the deletion and the restoring re-rule the
    # hands after it, known ones: their jobs make the day again without asking
    assert appended == [False], "the afternoon's hand, logged after the evening's, makes the day again"
    incremental = dump(family)
    services.stats_recompute(family=family)
    assert dump(family) == incremental
