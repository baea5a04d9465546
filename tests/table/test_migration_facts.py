"""Hands stored before rulings had facts get them once, from migration 0002 (the archive reads no events)."""

import importlib

from django.apps import apps

from archive.models import Hand
from archive.table import selectors, services
from tests import factories
from tests.factories import example_record

add_facts = importlib.import_module("archive.migrations.0002_hand_facts").add_facts


def _as_stored_before_facts(hand):
    ruling = {k: v for k, v in hand.ruling.items() if k != "facts"}
    Hand.objects.filter(pk=hand.pk).update(ruling=ruling, actual_dealer=0, next_dealer=0, may_stop=False)


def test_old_hands_get_the_facts_the_chain_and_the_session_page_read(session, editor, capsys):
    services.hand_add(session=session, record=example_record("01-plain-hand"), by=editor)  # Mary falls
    h2 = services.hand_add(session=session, record=example_record("02-ace-cut"), by=editor)  # split, nobody fell
    expected = {h.pk: (h.ruling["facts"], h.actual_dealer, h.next_dealer, h.may_stop) for h in Hand.objects.all()}
    for hand in Hand.objects.all():
        _as_stored_before_facts(hand)

    add_facts(apps, None)

    got = {h.pk: (h.ruling["facts"], h.actual_dealer, h.next_dealer, h.may_stop) for h in Hand.objects.all()}
    assert got == expected
    assert [h["table_may_stop"] for h in selectors.session_detail(session)["hands"]] == [False, True]
    assert selectors.next_hand_defaults(session)["dealer"] == expected[h2.pk][2]
    assert "other money" not in capsys.readouterr().out


def test_a_hand_todays_referee_rules_with_other_money_keeps_its_money_and_is_named(session, editor, capsys):
    hand = services.hand_add(session=session, record=example_record("01-plain-hand"), by=editor)
    before = hand.ruling["facts"]
    _as_stored_before_facts(hand)
    ruling = {k: v for k, v in hand.ruling.items() if k != "facts"}
    ruling["ledger"] = [dict(e, amount=e["amount"] * 2) for e in ruling["ledger"]]  # as an older rule book paid
    ruling["net"] = [n * 2 for n in ruling["net"]]
    Hand.objects.filter(pk=hand.pk).update(ruling=ruling)

    add_facts(apps, None)

    hand.refresh_from_db()
    facts = hand.ruling["facts"]
    assert facts["seats"]["net"] == ruling["net"], "the facts describe the money the family saw"
    assert facts["kinds"] == before["kinds"] and facts["may_stop"] is False  # Mary fell: play on
    assert f"ids [{hand.pk}]" in capsys.readouterr().out


def test_the_chain_goes_on_from_migrated_hands(session, editor):
    factories.log_hands(session, editor, 3, seed=7)
    for hand in Hand.objects.all():
        _as_stored_before_facts(hand)
    add_facts(apps, None)
    last = Hand.objects.order_by("-number").first()
    fourth = services.hand_add(session=session, record=factories.generated_record(session, seed=8), by=editor)
    assert fourth.dealer == last.next_dealer == last.ruling["facts"]["next_dealer"]
