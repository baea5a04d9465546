"""The demo's Seka nights: Seka sessions whose svaras the chain carries, as hand_add would carry them."""

from django.core.management import call_command

from archive.models import Family, Hand, Session
from archive.table import services
from tests import factories


def test_demo_seka_nights_carry_their_svaras(db, capsys):
    call_command("demo", hands=12, hands_per_night=24, seka_nights=3, seed=5, family="The Seka family", no_edits=True)
    assert "3 Seka nights" in capsys.readouterr().out
    family = Family.objects.get(name="The Seka family")
    sessions = list(Session.objects.filter(family=family, game="seka").order_by("started_at"))
    assert len(sessions) == 3
    svaras = 0
    for session in sessions:
        hands = list(Hand.objects.filter(session=session).order_by("number"))
        assert len(hands) >= 9
        pot = 0
        for prev, hand in zip([None, *hands], hands):
            assert hand.pot_in == pot  # the chain: each hand starts with the last one's pot
            carried = (prev.ruling["facts"]["carry"].get("svara") if prev else None) or None
            assert hand.record.get("svara") == carried
            svaras += carried is not None
            pot = hand.pot_out
        assert sum(sum(h.ruling["net"]) for h in hands) == -hands[-1].pot_out  # money conserved over the night
    assert svaras  # the nights had svaras, carried to their hands
    # The same records through hand_add in a twin session rule the same.
    demo = family.memberships.get(role="owner").user
    twin = factories.make_family(demo, name="Twin")
    session = sessions[0]
    copy = services.session_create(
        family=twin,
        game="seka",
        variant=session.variant,
        started_at=session.started_at,
        timezone=session.timezone,
        players=[factories.player(twin, s.player.name, demo) for s in session.seats.order_by("position")],
        house_rules=session.house_rules,
        first_dealer=session.first_dealer,
        by=demo,
    )
    for hand in Hand.objects.filter(session=session).order_by("number"):
        record = {k: v for k, v in hand.record.items() if k != "svara"}  # the chain sets it again
        again = services.hand_add(session=copy, record=record, by=demo)
        assert again.ruling == hand.ruling
