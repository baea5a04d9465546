"""The reads: balances from the ledger agree with the rulings; who sees what; lists and filters."""

import datetime
from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest
from django.http import Http404
from django.utils import timezone

from archive.models import Hand, LedgerEntry
from archive.people import access
from archive.stats import selectors as stats_selectors
from archive.stats.services import stats_recompute
from archive.table import selectors, services
from tests import factories
from tests.factories import example_record


def test_running_balances_are_the_sums_of_the_rulings_nets(session, editor):
    factories.log_hands(session, editor, 14, seed=7)
    detail = selectors.session_detail(session)
    hands = list(Hand.objects.filter(session=session).order_by("number"))
    assert [h["number"] for h in detail["hands"]] == [h.number for h in hands]
    running = [0, 0, 0, 0]
    for row, hand in zip(detail["hands"], hands):
        running = [a + b for a, b in zip(running, hand.ruling["net"])]
        assert row["net"] == hand.ruling["net"]
        assert row["balances"] == running
        assert (row["pot_in"], row["pot_out"]) == (hand.ruling["pot_in"], hand.ruling["pot_out"])
        assert row["summary"] == hand.ruling["summary"]
    assert [b["balance"] for b in detail["balances"]] == running
    assert detail["pot"] == hands[-1].pot_out
    # money is conserved across the night: what the players lost is what is in the pot
    assert -sum(running) == detail["pot"] - session.pot_in


def test_the_table_may_stop_only_after_a_split_pot_with_no_fall(session, editor):
    services.hand_add(session=session, record=example_record("01-plain-hand"), by=editor)  # Mary fell
    detail = selectors.session_detail(session)
    assert detail["hands"][0]["table_may_stop"] is False
    assert detail["may_stop"]["table"] is False and "play on" in detail["may_stop"]["why"]
    services.hand_add(session=session, record=example_record("02-ace-cut"), by=editor)  # split, nobody fell
    detail = selectors.session_detail(session)
    assert [h["table_may_stop"] for h in detail["hands"]] == [False, True]
    assert detail["may_stop"]["table"] is True and detail["may_stop"]["players_may_leave"] is True


def test_session_detail_takes_the_same_few_queries_for_a_long_night(session, editor, django_assert_max_num_queries):
    factories.log_hands(session, editor, 3, seed=1)
    with django_assert_max_num_queries(6):
        selectors.session_detail(session)
    factories.log_hands(session, editor, 20, seed=2)
    with django_assert_max_num_queries(6):
        detail = selectors.session_detail(session)
    assert len(detail["hands"]) == 23


def test_strangers_get_404_and_members_see_their_role(family, owner, viewer, stranger):
    assert selectors.family_by_slug_for(owner, family.slug).role == "owner"
    assert selectors.family_by_slug_for(viewer, family.slug).role == "viewer"
    with pytest.raises(Http404):
        selectors.family_by_slug_for(stranger, family.slug)
    assert list(selectors.families_for(stranger)) == []
    assert access.role_of(stranger, family) is None


def test_families_for_counts_sessions_and_live_hands(family, owner, session, editor):
    hands = factories.log_hands(session, editor, 3, seed=3)
    services.hand_delete(hand=hands[1], by=editor, why="twice")
    fam = selectors.families_for(owner).get(pk=family.pk)
    assert (fam.session_count, fam.hand_count, fam.last_played) == (1, 2, session.started_at)


def test_hand_list_filters(family, owner, editor, session):
    for name in ("01-plain-hand", "05-misdeal", "02-ace-cut", "08-revoke"):
        services.hand_add(session=session, record=example_record(name), by=editor)
    other = factories.make_session(family, owner, names=("Katie", "Stan", "Helen"))
    factories.log_hands(other, editor, 2, seed=4)
    all_hands = selectors.hand_list(family=family)
    assert all_hands.count() == 6
    with_violations = list(selectors.hand_list(family=family, violations=True))
    assert {h.number for h in with_violations if h.session_id == session.id} == {2, 4}
    assert all(h.violation_count > 0 for h in with_violations)
    katie = family.players.get(name="Katie")
    assert {h.session_id for h in selectors.hand_list(family=family, player=katie)} == {other.id}
    assert [h.number for h in selectors.hand_list(session=session)] == [4, 3, 2, 1]  # newest first
    assert (
        selectors.hand_list(session=session)[0].summary == Hand.objects.get(session=session, number=4).ruling["summary"]
    )


def test_player_history_gives_nets_and_balance_over_time(family, owner, editor):
    first = factories.make_session(family, owner)
    second = factories.make_session(family, owner, started_at=first.started_at + timedelta(days=7))
    factories.log_hands(first, editor, 5, seed=11)
    factories.log_hands(second, editor, 4, seed=12)
    mary = family.players.get(name="Mary")
    by_session = [sum(h.ruling["net"][2] for h in Hand.objects.filter(session=s)) for s in (first, second)]
    history = selectors.player_history(mary, net=sum(by_session))
    oldest_first = history["recent"][::-1]
    assert [r["net"] for r in oldest_first] == by_session
    assert [r["balance"] for r in oldest_first] == [by_session[0], by_session[0] + by_session[1]]
    hands = selectors.with_player_net(list(history["hands"]), mary)  # a page's nets, in one query
    assert len(hands) == 9 and all(h.net == h.ruling["net"][2] for h in hands)

    stats_recompute(family=family)  # what the statistics job does after the hands are saved
    record = stats_selectors.player_record(family=family, player_id=mary.pk)
    assert (record["net"], record["hands"], record["days"]) == (sum(by_session), 9, 2)
    assert record["falls"] == LedgerEntry.objects.filter(player=mary, kind="fall").count()
    day = [timezone.localtime(s.started_at, ZoneInfo(family.timezone)).date() for s in (first, second)]
    assert record["balance"] == [(day[0], by_session[0]), (day[1], sum(by_session))]  # a point a day


def test_a_long_history_charts_a_point_a_month_then_a_year(family, owner, editor, monkeypatch):
    """A player's balance over time is read from the rollups at the level of the statistics chart: a point a
    day for a short history, a month up to ten years, a year beyond; rows that grow with his years only."""
    nights = [
        datetime.datetime(2023, 1, 6, 19, tzinfo=datetime.UTC),
        datetime.datetime(2023, 1, 20, 19, tzinfo=datetime.UTC),
        datetime.datetime(2023, 3, 3, 19, tzinfo=datetime.UTC),
        datetime.datetime(2024, 2, 2, 19, tzinfo=datetime.UTC),
    ]
    sessions = [factories.make_session(family, owner, started_at=at) for at in nights]
    for i, s in enumerate(sessions):
        factories.log_hands(s, editor, 2, seed=30 + i)
    stats_recompute(family=family)
    mary = family.players.get(name="Mary")
    net = [sum(h.ruling["net"][2] for h in Hand.objects.filter(session=s)) for s in sessions]
    record = stats_selectors.player_record(family=family, player_id=mary.pk)
    assert record["level"] == "m" and (record["net"], record["hands"], record["days"]) == (sum(net), 8, 4)
    assert record["balance"] == [
        (datetime.date(2023, 1, 1), net[0] + net[1]),
        (datetime.date(2023, 3, 1), net[0] + net[1] + net[2]),
        (datetime.date(2024, 2, 1), sum(net)),
    ]
    by_year = [(datetime.date(2023, 1, 1), sum(net[:3])), (datetime.date(2024, 1, 1), sum(net))]
    monkeypatch.setattr(stats_selectors, "CHART_MONTHS", 12)
    record = stats_selectors.player_record(family=family, player_id=mary.pk)
    assert record["level"] == "y" and record["balance"] == by_year
    # past ten years (here: past none) his chart is read straight off his year rows: the same points
    monkeypatch.setattr(stats_selectors, "CHART_MONTHS", 0)
    record = stats_selectors.player_record(family=family, player_id=mary.pk)
    assert record["level"] == "y" and record["balance"] == by_year
    history = selectors.player_history(mary, net=record["net"])
    assert [r["balance"] for r in history["recent"]] == [sum(net), sum(net[:3]), sum(net[:2]), net[0]]


def test_next_hand_defaults_carry_the_pot_and_the_dealer(session, editor):
    hand = services.hand_add(session=session, record=example_record("01-plain-hand"), by=editor)
    d = selectors.next_hand_defaults(session)
    # from an empty pot: the antes (15) are split in thirds; Mary's fall (15) carries
    assert hand.pot_out == 15
    assert (d["dealer"], d["pot_in"], d["number"], d["game"]) == (1, 15, 2, "swik")


def test_seat_totals_and_family_balances_follow_every_change(family, owner, editor, session):
    from django.db.models import Sum

    from archive.models import LedgerEntry, Seat

    other = factories.make_session(family, owner, names=("Joe", "Mary", "Katie"))
    hands = factories.log_hands(session, editor, 6, seed=21) + factories.log_hands(other, editor, 4, seed=22)
    services.hand_edit(hand=hands[1], record=example_record("08-revoke"), by=editor, why="wrong sheet")
    services.hand_delete(hand=hands[3], by=editor, why="twice")
    services.players_merge(keep=family.players.get(name="Uncle Joe"), merge=family.players.get(name="Joe"), by=editor)

    for seat in Seat.objects.filter(session__family=family):
        rows = LedgerEntry.objects.filter(session=seat.session, seat=seat.position)
        assert seat.net == (rows.aggregate(s=Sum("amount"))["s"] or 0)
        assert seat.falls == rows.filter(kind="fall").count()
        assert seat.hands == Hand.objects.filter(session=seat.session, deleted_at__isnull=True).count()
    expected = {
        r["player__name"]: r["s"]
        for r in LedgerEntry.objects.filter(family=family).values("player__name").annotate(s=Sum("amount"))
    }
    assert {r["player__name"]: r["net"] for r in selectors.family_balances(family)} == expected
    assert "Joe" not in expected and sum(expected.values()) == -(
        Hand.objects.get(session=session, number=6).pot_out + Hand.objects.get(session=other, number=4).pot_out
    )
