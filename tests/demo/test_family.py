"""The demo's bulk path stores exactly what hand_add would."""

from django.core.management import call_command
from django.db.models import Count

from archive.models import Dispute, Family, Hand, HandRevision, LedgerEntry, Session
from archive.table import services
from tests import factories


def _ledger(hand):
    return list(
        LedgerEntry.objects.filter(hand=hand)
        .order_by("id")
        .values_list("seat", "player__name", "amount", "kind", "reason", "event")
    )


def test_demo_equals_hand_add_and_has_mistakes_edits_and_disputes(db, capsys):
    call_command("demo", hands=150, hands_per_night=30, seed=4, family="The Demo family")
    out = capsys.readouterr().out
    family = Family.objects.get(name="The Demo family")
    assert "150 hands" in out
    demo_hands = Hand.objects.filter(session__family=family, deleted_at__isnull=True)
    assert demo_hands.count() == 150
    assert demo_hands.filter(violation_count__gt=0).exists()  # the generator's mistakes are in
    assert HandRevision.objects.filter(hand__session__family=family).exclude(kind="created").exists()
    assert Dispute.objects.filter(hand__session__family=family).exists()
    demo = family.memberships.get(role="owner").user
    assert demo.username == "demo" and demo.check_password("demo")

    # Replay every night through hand_add in a twin family: every stored figure must agree.
    def totals(session):
        return list(session.seats.order_by("position").values_list("player__name", "net", "hands", "falls"))

    twin = factories.make_family(demo, name="Twin")
    for session in Session.objects.filter(family=family).order_by("started_at"):
        names = [s.player.name for s in session.seats.order_by("position")]
        copy = factories.make_session(
            twin,
            demo,
            names=names,
            started_at=session.started_at,
            house_rules=session.house_rules,
            first_dealer=session.first_dealer,
        )
        for hand in Hand.objects.filter(session=session, deleted_at__isnull=True).order_by("number"):
            again = services.hand_add(session=copy, record=hand.record, by=demo)
            for field in (
                "record",
                "ruling",
                "status",
                "dealer",
                "actual_dealer",
                "pot_in",
                "pot_out",
                "violation_count",
            ):
                assert getattr(again, field) == getattr(hand, field), (field, session.key, hand.number)
            assert _ledger(again) == _ledger(hand)
            if hand.revision == 1:
                first = HandRevision.objects.get(hand=hand)
                assert (first.kind, first.record, first.ruling) == ("created", again.record, again.ruling)
        assert totals(copy) == totals(session)


def test_demo_if_empty_does_nothing_the_second_time(db, capsys):
    call_command("demo", hands=12, hands_per_night=6, seed=1, no_edits=True)
    counts = Hand.objects.count(), Session.objects.count()
    call_command("demo", "--if-empty", hands=12, hands_per_night=6, seed=1)
    assert "nothing to do" in capsys.readouterr().out
    assert (Hand.objects.count(), Session.objects.count()) == counts
    # one family, nights of at least three players, weekly, in Chicago
    nights = Session.objects.annotate(n=Count("seats")).order_by("started_at")
    assert all(3 <= s.n <= 7 and s.timezone == "America/Chicago" for s in nights)
