"""The tables' own guarantees: what the database refuses even if a service slipped."""

import pytest
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from archive.models import Hand, LedgerEntry, Membership, Player, Session
from tests import factories


def _hand(session, number, **kw):
    return Hand.objects.create(
        session=session,
        number=number,
        record={},
        ruling={},
        status="complete",
        dealer=0,
        actual_dealer=0,
        next_dealer=1,
        pot_in=0,
        pot_out=0,
        **kw,
    )


def test_two_live_hands_cannot_share_a_number_but_a_deleted_one_may(session):
    _hand(session, 1, deleted_at=timezone.now())
    _hand(session, 1)
    with pytest.raises(IntegrityError), transaction.atomic():
        _hand(session, 1)
    assert Hand.objects.filter(session=session, number=1).count() == 2


def test_a_live_player_name_is_unique_in_a_family_and_a_merged_one_frees_it(family, owner):
    joe = Player.objects.create(family=family, name="Joe")
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(family=family, name="Joe")
    keep = Player.objects.create(family=family, name="Uncle Joe")
    joe.merged_into = keep
    joe.save()
    assert Player.objects.create(family=family, name="Joe").pk != joe.pk


def test_one_membership_per_user_and_family(family, viewer):
    with pytest.raises(IntegrityError), transaction.atomic():
        Membership.objects.create(family=family, user=viewer, role="editor")
    assert Membership.objects.get(family=family, user=viewer).role == "viewer"


def test_session_keys_are_unique_within_a_family_only(family, owner, session):
    with pytest.raises(IntegrityError), transaction.atomic():
        Session.objects.create(family=family, key=session.key, started_at=session.started_at, timezone="UTC")
    other = factories.make_family(owner, name="Other family")
    assert Session.objects.create(family=other, key=session.key, started_at=session.started_at, timezone="UTC").pk


def test_session_create_gives_every_session_a_key_and_its_seats_in_order(session):
    assert session.key.startswith("2024-03-02") or session.key.startswith("2024-03-01")
    assert [s.player.name for s in session.seats.order_by("position")] == list(factories.TABLE)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the one key is PostgreSQL's (migration 0018)")
def test_a_ledger_row_names_its_hands_own_night_and_family(family, owner, session):
    """One foreign key checks a ledger row's hand, night and family together: a row naming another night
    than its hand's, or a hand that is not there, is refused when the transaction ends."""
    hand = factories.log_hands(session, owner, 1)[0]
    row = LedgerEntry.objects.filter(hand=hand).first()
    other = factories.make_session(family, owner)
    for change in ({"session_id": other.pk}, {"hand_id": hand.pk + 10_000}):
        with pytest.raises(IntegrityError), transaction.atomic():
            LedgerEntry.objects.filter(pk=row.pk).update(**change)
            with connection.cursor() as cur:
                cur.execute("SET CONSTRAINTS ALL IMMEDIATE")
    assert LedgerEntry.objects.get(pk=row.pk).session_id == session.pk
