"""Two phones logging hands of one night at once: the session lock keeps the chain true (PostgreSQL)."""

import threading

import pytest
from django.db import connection, connections

from archive.models import Hand
from archive.table import services
from tests import factories
from tests.factories import example_record

pytestmark = pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL's row locks")


@pytest.mark.django_db(transaction=True)
def test_concurrent_adds_and_edits_keep_the_chain(family, owner, editor):
    session = factories.make_session(family, owner)
    first = services.hand_add(session=session, record=example_record("01-plain-hand"), by=editor)
    barrier = threading.Barrier(4)
    errors = []

    def work(fn):
        try:
            barrier.wait()
            fn()
        except Exception as e:  # reported below
            errors.append(e)
        finally:
            connections.close_all()

    jobs = [
        lambda: services.hand_add(session=session, record=example_record("05-misdeal"), by=editor),
        lambda: services.hand_add(session=session, record=example_record("02-ace-cut"), by=editor),
        lambda: services.hand_add(session=session, record=example_record("03-seven-cut-ace-bottom"), by=editor),
        lambda: services.hand_edit(hand=first, record=example_record("08-revoke"), by=editor, why="wrong"),
    ]
    threads = [threading.Thread(target=work, args=(job,)) for job in jobs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    hands = list(Hand.objects.filter(session=session).order_by("number"))
    assert [h.number for h in hands] == [1, 2, 3, 4]
    assert hands[0].pot_in == 0
    for prev, hand in zip(hands, hands[1:]):
        assert hand.pot_in == prev.pot_out == hand.ruling["pot_in"]
