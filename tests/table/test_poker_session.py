"""A poker night in the archive: each player's balance across the night, a pot carried by the session's chain
when every shown hand is foul (and re-ruled when that hand is edited), and the hand page's showdown, each shown
hand ranked in words."""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse

from archive.table import services
from tests import factories

pytestmark = pytest.mark.django_db

NAMES = ["Dima", "Olya", "Kostya"]
KINGS = ["KS", "KH", "KD", "KC", "2S"]  # four Kings
STRAIGHT = ["QH", "JD", "TS", "9C", "8H"]  # straight, Queen down to Eight
JUNK = ["3C", "5D", "7H", "9D", "JC"]  # high card, Jack


def hand(dealer, hands, events):
    return {"dealer": dealer, "events": [{"action": "deal", "seat": dealer, "hands": hands}, *events]}


def show(s, cards):
    return {"action": "show", "seat": s, "cards": cards}


def first(shown_by_olya):
    # Dealer Dima: Olya raises 2, Kostya folds, Dima calls; both show. Pot: antes 3 + 2 + 2 = 7.
    return hand(
        0,
        [KINGS, STRAIGHT, JUNK],
        [
            {"action": "raise", "seat": 1, "amount": 2},
            {"action": "fold", "seat": 2},
            {"action": "call", "seat": 0, "amount": 2},
            show(1, shown_by_olya),
            show(0, ["KS", "KH", "KD", "KC", "3S"]),  # Dima shows a Three he never had: foul
        ],
    )


SECOND = hand(
    1,
    [JUNK, KINGS, STRAIGHT],
    [{"action": "call", "seat": 2, "amount": 0}, {"action": "call", "seat": 0, "amount": 0}, show(1, KINGS)],
)


@pytest.fixture
def poker_session(family, owner):
    return services.session_create(
        family=family,
        game="poker",
        started_at=datetime(2024, 3, 1, 19, 0, tzinfo=ZoneInfo("America/Chicago")),
        timezone="America/Chicago",
        players=[factories.player(family, n, owner) for n in NAMES],
        by=owner,
    )


def test_a_foul_pot_is_carried_by_the_chain_and_re_ruled_on_edit(poker_session, owner):
    # Olya shows a card she never had too: every shown hand is foul, the pot of 7 stays.
    h1 = services.hand_add(session=poker_session, record=first(["QH", "JD", "TS", "9C", "AH"]), by=owner)
    assert [v["rule"] for v in h1.ruling["violations"]] == ["poker.foul-hand", "poker.foul-hand"]
    assert h1.pot_out == 7 and h1.ruling["net"] == [-3, -3, -1]
    assert services.session_next_hand_defaults(session=poker_session)["pot_in"] == 7
    h2 = services.hand_add(session=poker_session, record=SECOND, by=owner)
    # Antes 3 on the carried 7: Olya's four Kings take 10 (Dima and Kostya checked and did not show).
    assert h2.pot_in == 7 and h2.ruling["net"] == [-1, 9, -1] and h2.pot_out == 0
    # Olya's straight was shown right after all: she wins the first hand, and the second has no pot to carry.
    services.hand_edit(hand=h1, record=first(STRAIGHT), by=owner, why="Olya's Eight was the Eight")
    h1.refresh_from_db()
    h2.refresh_from_db()
    assert h1.pot_out == 0 and h1.ruling["net"] == [-3, 4, -1]
    assert h2.pot_in == 0 and h2.ruling["net"] == [-1, 2, -1]


def test_the_session_shows_each_players_balance_and_the_hand_page_ranks_the_shown_hands(
    poker_session, owner, viewer, client, family
):
    client.force_login(viewer)
    h1 = services.hand_add(session=poker_session, record=first(STRAIGHT), by=owner)
    services.hand_add(session=poker_session, record=SECOND, by=owner)
    page = client.get(reverse("session", args=[family.slug, poker_session.pk])).content.decode()
    # Hand 1: Dima -3, Olya +4, Kostya -1; hand 2: Dima -1, Olya +2, Kostya -1.
    for name, balance in [("Dima", "−4¢"), ("Olya", "+6¢"), ("Kostya", "−2¢")]:
        cell = page.split(f'data-balance="{name}">', 1)[1].split("</td>", 1)[0]
        assert balance in cell, (name, cell)
    page = client.get(reverse("hand", args=[family.slug, h1.pk])).content.decode()
    assert 'id="showdown"' in page
    showdown = page.split('id="showdown"', 1)[1].split("</section>", 1)[0]
    # Olya's straight first (place 1), then Dima's foul four Kings with no place.
    assert showdown.index('data-hand="Olya">straight, Queen down to Eight') < showdown.index(
        'data-hand="Dima">four Kings <span class="badge">foul</span>'
    )
    assert "Olya: straight, Queen down to Eight, takes the pot of 7" in page
