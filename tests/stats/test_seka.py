"""Seka's own statistics: svaras tied, played and won, blind bets and their net, per player, on the family page
and in the players' rows; net per player as every game has it."""

import pytest
from django.urls import reverse

from archive.stats import selectors, tasks
from archive.stats.games.seka import SekaDay, SekaSeatFact
from archive.table import services

from .conftest import chicago

TIE = [["KC", "QC", "7H"], ["AD", "9D", "6S"], ["QH", "JH", "JS"]]  # Dad 20 and Joe 20: a svara


@pytest.fixture
def night(table, django_capture_on_commit_callbacks):
    f, (dad, joe, mary) = table["family"], table["players"][:3]
    session = services.session_create(
        family=f,
        game="seka",
        started_at=chicago(2024, 3, 1, 19),
        timezone="America/Chicago",
        players=[dad, joe, mary],
        by=table["editor"],
    )
    hands = [
        {  # Joe bets blind twice, Mary folds, Dad calls: a svara of Dad and Joe for 3 + 1 + 2 = 6
            "dealer": 0,
            "events": [
                {"action": "deal", "seat": 0, "hands": TIE},
                {"action": "raise", "seat": 1, "amount": 1, "blind": True},
                {"action": "fold", "seat": 2},
                {"action": "call", "seat": 0, "amount": 2},
                {"action": "show", "seat": 1, "cards": TIE[1]},
                {"action": "show", "seat": 0, "cards": TIE[0]},
            ],
        },
        {  # the svara hand: Mary buys in (half of 6) and wins it with two Aces
            "dealer": 1,
            "events": [
                {"action": "buy_in", "seat": 2, "amount": 3},
                {"action": "deal", "seat": 1, "hands": [["6H", "7H", "8S"], ["9S", "TD", "JC"], ["AS", "AH", "6C"]]},
                {"action": "raise", "seat": 2, "amount": 2},
                {"action": "fold", "seat": 0},
                {"action": "raise", "seat": 1, "amount": 3},
                {"action": "call", "seat": 2, "amount": 3},
                {"action": "show", "seat": 2, "cards": ["AS", "AH", "6C"]},
            ],
        },
    ]
    with django_capture_on_commit_callbacks(execute=True):
        logged = [services.hand_add(session=session, record=h, by=table["editor"]) for h in hands]
    tasks.recompute_stats(family_id=f.id)
    return {**table, "session": session, "hands": logged}


def test_svaras_and_blind_bets_per_player(night):
    h1, h2 = night["hands"]
    assert (
        h1.ruling["facts"]["carry"]["svara"] == [0, 1]
        and h2.ruling["net"] == [0, -3, 9]
        and h2.ruling["violations"] == []
    )
    dad, joe, mary = night["players"][:3]
    day = {r.player_id: r for r in SekaDay.objects.filter(family=night["family"])}
    assert (day[dad.id].svaras_tied, day[dad.id].svaras_played, day[dad.id].svaras_won) == (1, 1, 0)
    assert (day[joe.id].svaras_tied, day[joe.id].svaras_played, day[joe.id].svaras_won) == (1, 1, 0)
    assert (day[mary.id].svaras_tied, day[mary.id].svaras_played, day[mary.id].svaras_won) == (0, 1, 1)
    # Joe's blind bet: one hand, one blind bet, and that hand cost him his ante and his 1.
    assert (day[joe.id].blind_hands, day[joe.id].blind_bets, day[joe.id].blind_net) == (1, 1, -2)
    assert day[dad.id].blind_hands == 0 and day[dad.id].blind_net is None
    assert SekaSeatFact.objects.filter(hand_id=h2.id).count() == 3  # everyone played the svara hand
    rows = {r["player_id"]: r for r in selectors.players(family=night["family"], game="seka")}
    assert rows[mary.id]["seka_svaras_won"] == 1 and rows[joe.id]["seka_blind_net"] == -2
    # Net per player over the night: the shared statistics.
    assert (rows[dad.id]["net"], rows[joe.id]["net"], rows[mary.id]["net"]) == (-3, -5, 8)
    assert sum(r["net"] for r in rows.values()) == 0


def test_the_statistics_page_shows_the_seka_columns(night, client):
    client.force_login(night["viewer"])
    page = client.get(reverse("stats-family", args=[night["family"].slug]) + "?game=seka").content.decode()
    assert "Svaras won" in page and "Blind net" in page
    assert '<td class="num" data-seka="svaras">1 of 1</td>' in page
    assert "<b>1</b> svara played out" in page  # one svara: the singular (issue 32's plurals, English too)
