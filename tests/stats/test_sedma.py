"""Sedma's statistics (archive/stats/games/sedma.py): points per deal, last-trick share, games won, crowns and
partner results, from deals logged through the services, checked against the referee's own rulings."""

import pytest
from django.urls import reverse

from archive.stats import selectors
from archive.stats.games.sedma import SedmaDay, SedmaSeatFact
from archive.table import services
from referee.games.sedma.generate import sedma_deal

from .conftest import chicago


def sedma_night(family, players, by, rng, *, variant, deals, day):
    session = services.session_create(
        family=family,
        game="sedma",
        variant=variant,
        started_at=chicago(2024, 3, day, 19),
        timezone=family.timezone,
        players=players,
        by=by,
    )
    names = [p.name for p in players]
    hands = []
    for _ in range(deals):
        d = services.session_next_hand_defaults(session=session)
        record = sedma_deal(rng, variant, names, d["dealer"], {}, mistakes=0.1)
        hands.append(services.hand_add(session=session, record=record, by=by))
    return session, hands


@pytest.fixture
def nights(table, rng, django_capture_on_commit_callbacks):
    fam, ps, by = table["family"], table["players"], table["editor"]
    with django_capture_on_commit_callbacks(execute=True):
        four = [sedma_night(fam, ps[:4], by, rng, variant="4p", deals=12, day=d) for d in (1, 8)]
        # and one deal on paper: only the points each side took
        paper = {"hands": [None] * 4, "stock": None, "action": "deal", "seat": 0}
        d = services.session_next_hand_defaults(session=four[0][0])
        paper["seat"] = d["dealer"]
        record = {"dealer": d["dealer"], "events": [paper, {"action": "points", "points": [70, 20]}]}
        four[0][1].append(services.hand_add(session=four[0][0], record=record, by=by))
        three = sedma_night(fam, ps[1:4], by, rng, variant="3p", deals=6, day=15)
    return {**table, "four": four, "three": three}


def finished(hands):
    return [h for h in hands if h.ruling["status"] == "complete"]


def test_points_per_deal_last_trick_share_and_deals_come_from_the_rulings(nights):
    ps = nights["players"]
    rows = {r["player_id"]: r for r in selectors.players(family=nights["family"], game="sedma")}
    for player in ps[:4]:
        pts, deals, last, card_deals = 0, 0, 0, 0
        for session, hands in nights["four"] + [nights["three"]]:
            seats = {s.player_id: s.position for s in session.seats.all()}
            if player.pk not in seats:
                continue
            for h in finished(hands):
                s = seats[player.pk]
                pts += h.ruling["score"]["players"][s]
                deals += 1
                if h.ruling["tricks"]:
                    card_deals += 1
                    last += h.ruling["tricks"][-1]["winner"] == s
        r = rows[player.pk]
        assert r["sedma_deals"] == deals and r["sedma_points"] == pts
        assert r["points_per_deal"] == round(pts / deals, 1)
        assert r["last_trick_share"] == round(last / card_deals, 4)
    assert nights["four"][0][1][-1].ruling["score"]["points"] == [70, 20]
    assert SedmaSeatFact.objects.filter(variant="4p").count() == 4 * sum(len(finished(h)) for _, h in nights["four"])
    assert SedmaDay.objects.exists()


def test_games_won_a_session_each_and_crowns(nights):
    rows = {r["player_id"]: r for r in selectors.players(family=nights["family"], game="sedma")}
    expected = {}
    for session, hands in nights["four"]:
        totals = {}
        for h in finished(hands):
            for seat in session.seats.all():
                totals[seat.player_id] = totals.get(seat.player_id, 0) + h.ruling["score"]["players"][seat.position]
        best = max(totals.values())
        for p, v in totals.items():
            expected[p] = expected.get(p, 0) + (v == best)
    session, hands = nights["three"]
    crowns = {}
    for h in finished(hands):
        for seat in session.seats.all():
            crowns[seat.player_id] = crowns.get(seat.player_id, 0) + h.ruling["score"]["crowns"][seat.position]
    best = max(crowns.values())
    for p, v in crowns.items():
        expected[p] = expected.get(p, 0) + (v == best)
        assert rows[p]["crowns"] == v
    for p, n in expected.items():
        assert rows[p]["sedma_games_won"] == n
    assert sum(crowns.values()) == 0


def test_partner_results_who_wins_most_with_whom(nights):
    ps = nights["players"]
    got = selectors.game_reads(family=nights["family"], game="sedma")["partners"]
    pairs = {}
    for session, hands in nights["four"]:
        seat = {s.position: s.player for s in session.seats.all()}
        for h in finished(hands):
            sc = h.ruling["score"]
            for side, pts in zip(sc["sides"], sc["points"]):
                a, b = sorted((seat[side[0]], seat[side[1]]), key=lambda p: p.pk)
                key = f"{a.name} & {b.name}"
                d = pairs.setdefault(key, [0, 0, 0])
                d[0] += 1
                d[1] += pts > 90 - pts
                d[2] += pts
    assert {r["pair"]: [r["deals"], r["won"]] for r in got} == {k: v[:2] for k, v in pairs.items()}
    rates = [r["rate"] for r in got]
    assert rates == sorted(rates, reverse=True)
    assert f"{ps[0].name} & {ps[2].name}" in pairs


def test_the_family_page_shows_sedma_columns_and_the_partners(client, nights):
    client.force_login(nights["viewer"])
    page = client.get(reverse("stats-family", args=[nights["family"].slug]), {"game": "sedma"})
    assert page.status_code == 200
    text = page.content.decode()
    assert "Points a deal" in text and "Sedma partners" in text and "chart-partners" in text
    swik = client.get(reverse("stats-family", args=[nights["family"].slug]), {"game": "swik"}).content.decode()
    assert "Sedma partners" not in swik
