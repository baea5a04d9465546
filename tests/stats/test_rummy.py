"""The rummy's statistics (archive/stats/games/rummy.py): hands, average score, going-out rate and games won (a
session is a game to its target), from hands logged through the services, checked against the referee's rulings."""

import pytest
from django.urls import reverse

from archive.stats import selectors
from archive.stats.games.rummy import RummyDay, RummySeatFact
from archive.table import services
from referee.games.rummy.generate import rummy_hand

from .conftest import chicago


def rummy_night(family, players, by, rng, *, day, hands=None, rules=None, paper_at=None):
    """A rummy evening: hands until a total reaches the target (or `hands` hands)."""
    rules = rules or {}
    session = services.session_create(
        family=family,
        game="rummy",
        variant=None,
        started_at=chicago(2024, 5, day, 19),
        timezone=family.timezone,
        players=players,
        house_rules=rules,
        by=by,
    )
    names = [p.name for p in players]
    target = rules.get("target", 500)
    out, totals = [], [0] * len(players)
    for k in range(hands or 60):
        d = services.session_next_hand_defaults(session=session)
        record = rummy_hand(rng, names, d["dealer"], rules, mistakes=0.1)
        record.pop("_expect", None)
        if k == paper_at:
            record["events"] = [
                {"action": "deal", "seat": d["dealer"], "hands": [None] * len(players), "stock": None},
                {"action": "points", "points": [30] + [-5] * (len(players) - 1), "out": 0},
            ]
        hand = services.hand_add(session=session, record=record, by=by)
        out.append(hand)
        if hand.ruling["status"] == "complete":
            totals = [a + b for a, b in zip(totals, hand.ruling["score"]["players"])]
        if hands is None and max(totals) >= target:
            break
    return session, out, totals


@pytest.fixture
def nights(table, rng, django_capture_on_commit_callbacks):
    fam, ps, by = table["family"], table["players"], table["editor"]
    with django_capture_on_commit_callbacks(execute=True):
        won = rummy_night(fam, ps[:3], by, rng, day=1, rules={"target": 200}, paper_at=1)
        won2 = rummy_night(fam, ps[1:4], by, rng, day=8, rules={"target": 150})
        short = rummy_night(fam, ps[:2], by, rng, day=15, hands=3)  # stops short of 500: no winner
    return {**table, "nights": [won, won2, short]}


def finished(hands):
    return [h for h in hands if h.ruling["status"] == "complete"]


def test_hands_average_score_and_going_out_come_from_the_rulings(nights):
    rows = {r["player_id"]: r for r in selectors.players(family=nights["family"], game="rummy")}
    for player in nights["players"][:4]:
        pts, hands, outs = 0, 0, 0
        for session, night, _ in nights["nights"]:
            seats = {s.player_id: s.position for s in session.seats.all()}
            if player.pk not in seats:
                continue
            for h in finished(night):
                s = seats[player.pk]
                pts += h.ruling["score"]["players"][s]
                outs += h.ruling["score"]["out"] == s
                hands += 1
        r = rows[player.pk]
        assert r["rummy_hands"] == hands and r["rummy_points"] == pts
        assert r["rummy_average"] == round(pts / hands, 1)
        assert r["rummy_out_rate"] == round(outs / hands, 4)
    paper = nights["nights"][0][1][1]
    assert paper.ruling["score"]["melded"] is None
    assert RummySeatFact.objects.filter(hand_id=paper.pk, melded__isnull=True).count() == 3
    assert RummySeatFact.objects.filter(hand_id=paper.pk, seat=0).get().went_out == 1
    assert RummyDay.objects.exists()
    assert nights["players"][4].pk not in rows  # Grandma never played rummy


def test_games_won_only_where_the_target_was_reached(nights):
    rows = {r["player_id"]: r for r in selectors.players(family=nights["family"], game="rummy")}
    expected = {}
    targets = [200, 150, 500]
    for (session, _night, totals), target in zip(nights["nights"], targets):
        seats = {s.position: s.player_id for s in session.seats.all()}
        if max(totals) >= target:
            for s, t in enumerate(totals):
                if t == max(totals):
                    expected[seats[s]] = expected.get(seats[s], 0) + 1
    assert max(nights["nights"][2][2]) < 500  # the short evening has no winner
    assert sum(expected.values()) >= 2
    for p in nights["players"][:4]:
        assert rows[p.pk]["rummy_games_won"] == expected.get(p.pk, 0)


def test_the_family_page_shows_the_rummy_columns_and_who_goes_out(client, nights):
    client.force_login(nights["viewer"])
    url = reverse("stats-family", args=[nights["family"].slug])
    text = client.get(url, {"game": "rummy"}).content.decode()
    assert "Average score" in text and "Going out" in text and "Rummy: who goes out" in text
    dad = {r["player_id"]: r for r in selectors.players(family=nights["family"], game="rummy")}[nights["players"][0].pk]
    assert f"Dad: out in {round(dad['rummy_out_rate'] * 100)}% of {dad['rummy_hands']} hands" in text
    swik = client.get(url, {"game": "swik"}).content.decode()
    assert "Rummy: who goes out" not in swik


def unknown_points_hand(dealer):
    """A hand Olga (seat 0) ends by going out; the other hand was never written down, nor the stock, nor that
    player's draws: what he still holds is unknown, so are his points (issue 29)."""
    from tests.referee.rummy_records import used

    record = used()
    record["events"][0].update(stock=None, seat=dealer)
    record["dealer"] = dealer
    record["events"][0]["hands"][1] = None
    for e in record["events"]:
        if e["action"] == "draw" and e["seat"] == 1:
            e["card"] = None
    record.pop("players")
    return record


def test_a_hand_with_unknown_points_goes_through_the_pages_the_stats_settle_up_and_export(
    table, client, django_capture_on_commit_callbacks
):
    fam, ps, by = table["family"], table["players"], table["editor"]
    with django_capture_on_commit_callbacks(execute=True):
        session = services.session_create(
            family=fam,
            game="rummy",
            variant=None,
            started_at=chicago(2024, 6, 1, 19),
            timezone=fam.timezone,
            players=ps[:2],
            house_rules={"target": 100},
            first_dealer=1,  # (the record's first turn is Dad's, seat 0)
            by=by,
        )
        d = services.session_next_hand_defaults(session=session)
        hand = services.hand_add(session=session, record=unknown_points_hand(d["dealer"]), by=by)
    assert hand.ruling["status"] == "complete" and hand.ruling["score"]["players"] == [102, None]
    # The statistics: Dad's hand counts; Uncle Joe's points are unknown, so his hand is not averaged in.
    rows = {r["player_id"]: r for r in selectors.players(family=fam, game="rummy")}
    assert rows[ps[0].pk]["rummy_hands"] == 1 and rows[ps[0].pk]["rummy_points"] == 102
    assert ps[1].pk not in rows or not rows[ps[1].pk]["rummy_hands"]
    assert RummySeatFact.objects.filter(hand_id=hand.pk).count() == 1
    client.force_login(table["viewer"])
    page = client.get(reverse("session", args=[fam.slug, session.pk]))
    assert page.status_code == 200
    text = page.content.decode()
    assert 'id="score-unknown">Uncle Joe<' in text and "no winner can be named" in text  # Dad reached 100
    text = client.get(reverse("hand", args=[fam.slug, hand.pk])).content.decode()
    assert ">unknown</td>" in text and "Uncle Joe unknown" in text
    for name in ("stats-session",):
        assert client.get(reverse(name, args=[fam.slug, session.pk])).status_code == 200
    assert client.get(reverse("stats-settle", args=[fam.slug])).status_code == 200
    assert client.get(reverse("stats-family", args=[fam.slug]), {"game": "rummy"}).status_code == 200
    client.force_login(table["owner"])
    export = client.get(reverse("history_export", args=[fam.slug]))
    assert export.status_code == 200
    body = b"".join(export.streaming_content) if export.streaming else export.content
    assert b"null" in body and b"rummy" in body
