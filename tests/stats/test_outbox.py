"""Issue 17: no statistics job is ever lost. What a change of hands owes the statistics is written in
the outbox (PostgreSQL, the same transaction as the change), so when the job's message is lost with
Redis the hands are still saved, the statistics page says it is behind, and the drain job (beat,
every minute) catches up: the same figures as if nothing had failed."""

import pytest
from django.db import transaction
from django.urls import reverse
from kombu.exceptions import OperationalError as BrokerDown

from archive.models import LedgerEntry
from archive.stats import jobs, tasks
from archive.stats import services as stats_services
from archive.stats.models import StatsDay, StatsOutbox
from archive.table import services

from .conftest import chicago
from .dump import dump
from .history import play_session


def stats_nets():
    out = {}
    for pid, net in StatsDay.objects.values_list("player_id", "net"):
        out[pid] = out.get(pid, 0) + net
    return out


def ledger_nets():
    out = {}
    for pid, amount in LedgerEntry.objects.filter(hand__deleted_at__isnull=True).values_list("player_id", "amount"):
        out[pid] = out.get(pid, 0) + amount
    return out


@pytest.fixture
def redis_down(monkeypatch):
    def refuse(*args, **kwargs):
        raise BrokerDown("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(tasks.update_stats_for_hands, "delay", refuse)
    monkeypatch.setattr(tasks.recompute_stats, "delay", refuse)


def night(table, rng, day, hands=3):
    return play_session(
        table["family"],
        players=table["players"][:4],
        started_at=chicago(2024, 5, day, 19),
        by=table["editor"],
        hands=hands,
        rng=rng,
    )


@pytest.mark.django_db(transaction=True)
def test_a_job_that_ran_owes_nothing(table, rng):
    night(table, rng, 3)
    assert not StatsOutbox.objects.exists()
    assert stats_nets() == ledger_nets() != {}


@pytest.mark.django_db(transaction=True)
def test_hands_saved_while_redis_is_down_are_kept_and_the_statistics_catch_up(table, rng, client, redis_down):
    family = table["family"]
    session, hands = night(table, rng, 10)
    assert len(hands) == 3 and ledger_nets(), "the hands and their money are saved"
    assert sorted(StatsOutbox.objects.values_list("hand_id", flat=True)) == sorted(h.pk for h in hands)
    assert not StatsDay.objects.exists()

    client.force_login(table["viewer"])
    page = client.get(reverse("stats-family", args=[family.slug])).content.decode()
    assert "The statistics are behind." in page
    assert "3 changes of hands are not counted yet" in page

    # a minute later, Redis back: the beat's drain pays what is owed
    assert stats_services.stats_drain_outbox(older_than=60) == {"families": 0, "hands": 0}, "too young to drain"
    assert stats_services.stats_drain_outbox(older_than=0) == {"families": 0, "hands": 3}
    assert not StatsOutbox.objects.exists()
    assert stats_nets() == ledger_nets()
    incremental = dump(family)
    stats_services.stats_recompute(family=family)
    assert dump(family) == incremental
    assert "The statistics are behind." not in client.get(reverse("stats-family", args=[family.slug])).content.decode()


@pytest.mark.django_db(transaction=True)
def test_an_edit_and_a_delete_lost_with_redis_are_caught_up_too(table, rng, monkeypatch):
    session, hands = night(table, rng, 11)
    before = stats_nets()
    refuse = BrokerDown("Connection refused.")
    monkeypatch.setattr(tasks.update_stats_for_hands, "delay", lambda *a, **k: (_ for _ in ()).throw(refuse))
    services.hand_delete(hand=hands[0], by=table["editor"], why="dealt twice")
    assert StatsOutbox.objects.filter(hand_id=hands[0].pk).exists()
    assert stats_nets() == before != ledger_nets(), "the statistics still count the deleted hand"
    stats_services.stats_drain_outbox(older_than=0)
    assert stats_nets() == ledger_nets()
    assert not StatsOutbox.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_a_job_pays_only_what_it_saw(table, rng):
    session, hands = night(table, rng, 12, hands=2)
    late = StatsOutbox.objects.create(family=table["family"], hand_id=hands[1].pk)
    stale = StatsOutbox.objects.create(family=table["family"], hand_id=hands[0].pk)
    stats_services.stats_update_for_hands(hand_ids=[hands[0].pk])
    assert list(StatsOutbox.objects.values_list("pk", flat=True)) == [late.pk]
    assert stale.pk not in StatsOutbox.objects.values_list("pk", flat=True)


@pytest.mark.django_db(transaction=True)
def test_an_import_lost_with_redis_owes_one_rebuild_of_the_family(table, rng, client, redis_down):
    family = table["family"]
    session, hands = night(table, rng, 13, hands=2)
    with transaction.atomic():
        jobs.stats_after_import(family.pk)  # what an import queues when it commits
    owed = set(StatsOutbox.objects.values_list("hand_id", flat=True))
    assert owed == {None, hands[0].pk, hands[1].pk}, "the night's hands and the import's whole rebuild"
    client.force_login(table["viewer"])
    page = client.get(reverse("stats-family", args=[family.slug])).content.decode()
    assert "An imported history is still being counted" in page
    # the family's rebuild pays its hands' debts too
    assert stats_services.stats_drain_outbox(older_than=0) == {"families": 1, "hands": 0}
    assert not StatsOutbox.objects.exists()
    assert stats_nets() == ledger_nets()


@pytest.mark.django_db(transaction=True)
def test_a_burst_of_hands_is_paid_by_its_first_job_and_the_later_jobs_find_nothing_owed(table, rng, monkeypatch):
    """Hands logged faster than the worker pays them (several phones at once, the load bench): the first job
    pays every hand the family owes, the later jobs find their hands paid and do nothing, and the statistics
    are what a full recompute gives."""
    sent = []
    monkeypatch.setattr(tasks.update_stats_for_hands, "delay", lambda ids, **kw: sent.append((ids, kw)))
    session, hands = night(table, rng, 15, hands=3)
    assert [ids for ids, _ in sent] == [[h.pk] for h in hands]
    assert StatsOutbox.objects.count() == 3 and stats_nets() == {}
    first, *later = sent
    assert tasks.update_stats_for_hands(first[0], **first[1])["hands"] == 3, "the first job pays all three"
    assert not StatsOutbox.objects.exists()
    paid = dump(table["family"])
    assert stats_nets() == ledger_nets() != {}
    for ids, kw in later:
        assert tasks.update_stats_for_hands(ids, **kw) == {"hands": 0, "keys": 0, "paid": "before"}
    assert dump(table["family"]) == paid
    stats_services.stats_recompute(family=table["family"])
    assert dump(table["family"]) == paid


@pytest.mark.django_db(transaction=True)
def test_a_hand_changed_again_after_its_job_ran_is_still_paid(table, rng, monkeypatch):
    sent = []
    monkeypatch.setattr(tasks.update_stats_for_hands, "delay", lambda ids, **kw: sent.append((ids, kw)))
    session, (hand,) = night(table, rng, 16, hands=1)
    tasks.update_stats_for_hands(sent.pop()[0], owed_only=True)
    services.hand_delete(hand=hand, by=table["editor"], why="not played")
    assert StatsOutbox.objects.filter(hand_id=hand.pk).exists()
    ids, kw = sent.pop()
    assert tasks.update_stats_for_hands(ids, **kw)["hands"] == 0  # a deleted hand has no facts
    assert not StatsOutbox.objects.exists()
    assert stats_nets() == ledger_nets() == {}
