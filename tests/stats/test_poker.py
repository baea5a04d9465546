"""Poker's own statistics: pots and showdowns won, foul hands and how often each category was shown, per player,
on the family page and in the players' rows; net per player and night and the biggest pots as every game has
them."""

import pytest
from django.urls import reverse

from archive.stats import selectors, tasks
from archive.stats.games.poker import PokerDay, PokerSeatFact
from archive.table import services

from .conftest import chicago

KINGS = ["KS", "KH", "KD", "KC", "2S"]  # four Kings
STRAIGHT = ["QH", "JD", "TS", "9C", "8H"]  # straight, Queen down to Eight
SAME = ["QC", "JH", "TD", "9H", "8S"]  # the same straight
PAIR = ["3C", "3D", "7H", "9D", "JC"]  # pair of Threes


def deal(dealer, hands):
    return {"action": "deal", "seat": dealer, "hands": hands}


def show(s, cards):
    return {"action": "show", "seat": s, "cards": cards}


def session_of(table, day):
    f, (dad, joe, mary) = table["family"], table["players"][:3]
    return services.session_create(
        family=f,
        game="poker",
        started_at=chicago(2024, 3, day, 19),
        timezone="America/Chicago",
        players=[dad, joe, mary],
        by=table["editor"],
    )


@pytest.fixture
def nights(table, django_capture_on_commit_callbacks):
    first, second = session_of(table, 1), session_of(table, 8)
    hands = [
        (  # Dad deals; Joe raises 5, Mary calls, Dad folds: Joe's four Kings beat Mary's straight. Pot 3 + 10.
            first,
            {
                "dealer": 0,
                "events": [
                    deal(0, [PAIR, KINGS, STRAIGHT]),
                    {"action": "raise", "seat": 1, "amount": 5},
                    {"action": "call", "seat": 2, "amount": 5},
                    {"action": "fold", "seat": 0},
                    show(2, STRAIGHT),
                    show(1, KINGS),
                ],
            },
        ),
        (  # Joe deals; everyone checks; Dad and Mary split 3 with the same straight (the odd unit to Mary).
            first,
            {
                "dealer": 1,
                "events": [deal(1, [SAME, PAIR, STRAIGHT]), show(2, STRAIGHT), show(0, SAME), show(1, PAIR)],
            },
        ),
        (  # A week later: Mary raises 2 and everyone folds: she takes 5 unseen.
            second,
            {
                "dealer": 0,
                "events": [
                    deal(0, [PAIR, KINGS, STRAIGHT]),
                    {"action": "fold", "seat": 1},
                    {"action": "raise", "seat": 2, "amount": 2},
                    {"action": "fold", "seat": 0},
                ],
            },
        ),
    ]
    with django_capture_on_commit_callbacks(execute=True):
        logged = [services.hand_add(session=s, record=h, by=table["editor"]) for s, h in hands]
    tasks.recompute_stats(family_id=table["family"].id)
    return {**table, "sessions": (first, second), "hands": logged}


def test_pots_showdowns_and_categories_per_player(nights):
    h1, h2, h3 = nights["hands"]
    assert h1.ruling["net"] == [-1, 7, -6] and h2.ruling["net"] == [0, -1, 1] and h3.ruling["net"] == [-1, -1, 2]
    dad, joe, mary = nights["players"][:3]
    day = {}
    for r in PokerDay.objects.filter(family=nights["family"]):
        day.setdefault(r.player_id, []).append(r)
    assert len(day[mary.id]) == 2  # two nights
    total = {
        p: {k: sum(getattr(r, k) for r in rows) for k in ("hands_won", "showdowns", "showdowns_won")}
        for p, rows in day.items()
    }
    assert total[dad.id] == {"hands_won": 1, "showdowns": 1, "showdowns_won": 1}
    assert total[joe.id] == {"hands_won": 1, "showdowns": 2, "showdowns_won": 1}
    assert total[mary.id] == {"hands_won": 2, "showdowns": 2, "showdowns_won": 1}
    assert PokerSeatFact.objects.filter(hand_id=h3.id, took=1).count() == 1
    shown = {c["name"]: c["count"] for c in selectors.game_reads(family=nights["family"])["poker_categories"]}
    assert shown == {
        "five of a kind": 0,
        "straight flush": 0,
        "four of a kind": 1,
        "flush": 0,
        "full house": 0,
        "straight": 3,
        "three of a kind": 0,
        "two pairs": 0,
        "pair": 1,
        "high card": 0,
    }
    rows = {r["player_id"]: r for r in selectors.players(family=nights["family"], game="poker")}
    assert rows[joe.id]["poker_showdowns_won"] == 1 and rows[mary.id]["poker_hands_won"] == 2
    # Net per player, over both nights and for each night (the shared statistics).
    assert (rows[dad.id]["net"], rows[joe.id]["net"], rows[mary.id]["net"]) == (-2, 5, -3)
    first, second = nights["sessions"]
    night = {r["name"]: r["net"] for r in selectors.settle_up(family=nights["family"], session=first)["nets"]}
    assert night == {"Dad": -1, "Uncle Joe": 6, "Mary": -5}
    night = {r["name"]: r["net"] for r in selectors.settle_up(family=nights["family"], session=second)["nets"]}
    assert night == {"Dad": -1, "Uncle Joe": -1, "Mary": 2}
    # The biggest pots, bets included: Joe's 13 first, then Mary's 5 unseen, then the 3 Dad and Mary split.
    pots = selectors.game_reads(family=nights["family"], game="poker")["poker_pots"]
    assert [(p["pot"], p["winners"]) for p in pots] == [(13, ["Uncle Joe"]), (5, ["Mary"]), (3, ["Dad", "Mary"])]


def test_the_statistics_page_shows_the_poker_columns_and_categories(nights, client):
    client.force_login(nights["viewer"])
    page = client.get(reverse("stats-family", args=[nights["family"].slug]) + "?game=poker").content.decode()
    assert "Showdowns won" in page and "Pots won" in page
    assert '<td class="num" data-poker="showdowns">1 of 2</td>' in page
    assert '<td class="num" data-category="straight">3</td>' in page
    assert "poker showdowns won" in page
    biggest = page.split('id="poker-pots"', 1)[1].split("</section>", 1)[0]
    assert biggest.index("13") < biggest.index("Dad and Mary")
