"""The demo's poker nights: poker sessions whose unwon pots the chain carries, as hand_add would carry them."""

from django.core.management import call_command

from archive.models import Family, Hand, Session
from archive.table import services
from tests import factories


def test_demo_poker_nights_carry_their_pots(db, capsys):
    call_command("demo", hands=12, hands_per_night=30, poker_nights=3, seed=5, family="The poker family", no_edits=True)
    assert "3 poker nights" in capsys.readouterr().out
    family = Family.objects.get(name="The poker family")
    sessions = list(Session.objects.filter(family=family, game="poker").order_by("started_at"))
    assert len(sessions) == 3
    shown = 0
    for session in sessions:
        hands = list(Hand.objects.filter(session=session).order_by("number"))
        assert len(hands) >= 11
        pot = 0
        for hand in hands:
            assert hand.pot_in == pot  # the chain: each hand starts with the last one's pot
            pot = hand.pot_out
            shown += bool(hand.ruling["facts"]["game"]["hands"])
        assert sum(sum(h.ruling["net"]) for h in hands) == -hands[-1].pot_out  # money conserved over the night
    assert shown  # the nights had showdowns
    # The same records through hand_add in a twin session rule the same.
    demo = family.memberships.get(role="owner").user
    twin = factories.make_family(demo, name="Twin")
    session = sessions[0]
    copy = services.session_create(
        family=twin,
        game="poker",
        started_at=session.started_at,
        timezone=session.timezone,
        players=[factories.player(twin, s.player.name, demo) for s in session.seats.order_by("position")],
        house_rules=session.house_rules,
        first_dealer=session.first_dealer,
        by=demo,
    )
    for hand in Hand.objects.filter(session=session).order_by("number"):
        again = services.hand_add(session=copy, record=hand.record, by=demo, no_deal_ok=True)  # archived: confirmed
        assert again.ruling == hand.ruling
