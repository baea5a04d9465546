"""A Seka svara is carried by the session's chain like Swik's pot: the next hand is the svara hand of the tied
players, and editing the first hand re-rules the second (with or without its svara)."""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse

from archive.models import Hand
from archive.table import services
from tests import factories

pytestmark = pytest.mark.django_db

NAMES = ["Masha", "Fedya", "Tolya"]
TIE = [["KC", "QC", "7H"], ["AD", "9D", "6S"], ["QH", "JH", "JS"]]  # 20, 20 and 20 in hearts
WIN = [["KC", "QC", "JC"], ["AD", "9D", "6S"], ["QH", "JH", "JS"]]  # Masha 30 beats Fedya's 20


def first_hand(hands):
    return {
        "dealer": 0,
        "events": [
            {"action": "deal", "seat": 0, "hands": hands},
            {"action": "raise", "seat": 1, "amount": 2},
            {"action": "fold", "seat": 2},
            {"action": "call", "seat": 0, "amount": 2},
            {"action": "show", "seat": 1, "cards": hands[1]},
            {"action": "show", "seat": 0, "cards": hands[0]},
        ],
    }


# The second hand as the table writes it after the svara: Tolya buys in, Masha, Fedya and Tolya play.
SECOND = {
    "dealer": 1,
    "events": [
        {"action": "buy_in", "seat": 2, "amount": 4},
        {"action": "deal", "seat": 1, "hands": [["AS", "AH", "6C"], ["7S", "8S", "9H"], ["TD", "JD", "6D"]]},
        {"action": "raise", "seat": 2, "amount": 3},
        {"action": "fold", "seat": 0},
        {"action": "fold", "seat": 1},
    ],
}


@pytest.fixture
def seka_session(family, owner):
    return services.session_create(
        family=family,
        game="seka",
        started_at=datetime(2024, 3, 1, 19, 0, tzinfo=ZoneInfo("America/Chicago")),
        timezone="America/Chicago",
        players=[factories.player(family, n, owner) for n in NAMES],
        by=owner,
    )


def test_a_svara_is_carried_to_the_next_hand_and_re_ruled_when_the_first_is_edited(seka_session, owner):
    h1 = services.hand_add(session=seka_session, record=first_hand(TIE), by=owner)
    assert h1.pot_out == 7 and h1.ruling["facts"]["carry"]["svara"] == [0, 1]
    defaults = services.session_next_hand_defaults(session=seka_session)
    assert defaults["svara"] == [0, 1] and defaults["pot_in"] == 7
    h2 = services.hand_add(session=seka_session, record=SECOND, by=owner)
    # The svara hand: pot 7 carried, no antes, Tolya buys in for half of it (4) and takes it all with his bet.
    assert h2.record["svara"] == [0, 1] and h2.pot_in == 7
    assert h2.ruling["violations"] == []
    assert h2.ruling["net"] == [0, 0, 7] and h2.pot_out == 0
    # Masha's hand was really K Q J of clubs: she wins the first hand, and the second is an ordinary hand again.
    services.hand_edit(hand=h1, record=first_hand(WIN), by=owner, why="Masha's third card was the Jack")
    h1.refresh_from_db()
    h2.refresh_from_db()
    assert h1.pot_out == 0 and h1.ruling["net"] == [4, -3, -1]
    assert "svara" not in h2.record and h2.pot_in == 0
    with pytest.raises(KeyError):
        h2.ruling["facts"]["carry"]["svara"]
    # ... with antes, in which Tolya's buy-in moves nothing (the referee says why), and Tolya takes the antes.
    assert [v["rule"] for v in h2.ruling["violations"]] == ["seka.buy-in-without-svara"]
    assert h2.ruling["net"] == [-1, -1, 2] and h2.revision == 2


def test_a_deleted_svara_hand_is_carried_again_on_restore(seka_session, owner):
    h1 = services.hand_add(session=seka_session, record=first_hand(TIE), by=owner)
    h2 = services.hand_add(session=seka_session, record=SECOND, by=owner)
    services.hand_delete(hand=h1, by=owner, why="not this night")
    h2.refresh_from_db()
    assert h2.pot_in == 0 and "svara" not in h2.record
    services.hand_restore(hand=Hand.objects.get(pk=h1.pk), by=owner, why="it was")
    h2.refresh_from_db()
    assert h2.record["svara"] == [0, 1] and h2.pot_in == 7 and h2.ruling["net"] == [0, 0, 7]


def test_the_session_page_shows_the_svara_the_chain_carries(seka_session, owner, client):
    url = reverse("session", args=[seka_session.family.slug, seka_session.pk])
    client.force_login(owner)
    h1 = services.hand_add(session=seka_session, record=first_hand(TIE), by=owner)
    page = client.get(url).content.decode()
    assert 'id="svara"' in page and "Masha and Fedya play the next hand for the pot of 7¢" in page
    assert "Svara at 20" in page  # the hand's own summary
    services.hand_add(session=seka_session, record=SECOND, by=owner)
    page = client.get(url).content.decode()
    assert 'id="svara"' not in page and "Tolya takes the pot of 14" in page
    services.hand_edit(hand=h1, record=first_hand(WIN), by=owner, why="the Jack")
    assert 'id="svara"' not in client.get(url).content.decode()
