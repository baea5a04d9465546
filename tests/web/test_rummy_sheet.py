"""A rummy session is a score sheet to the target: each hand's points, the running totals, who won once a total
reached the target (or who leads and the target while nobody has); the demo's rummy evenings; the paper way."""

from datetime import datetime

import pytest
from django.urls import reverse

from archive.demo.rummy import rummy_evenings
from archive.models import Session
from archive.table import services
from archive.table.selectors.sheet import score_sheet
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def evenings(family, owner):
    people = [factories.player(family, n, owner) for n in ("Olga", "Dima", "Sveta", "Kolya", "Babushka")]
    start = datetime(2023, 1, 6, 19, tzinfo=factories.CHICAGO)
    count = rummy_evenings(family, people, owner, start=start, years=0.5)  # three evenings
    return {
        "family": family,
        "people": people,
        "count": count,
        "sessions": list(Session.objects.filter(family=family, game="rummy")),
    }


def test_the_demo_has_rummy_evenings_each_a_game_to_its_target(evenings):
    assert len(evenings["sessions"]) == 3
    assert evenings["count"] == sum(s.hands.count() for s in evenings["sessions"])
    for session in evenings["sessions"]:
        sheet = score_sheet(session)
        target = (session.house_rules or {}).get("target", 500)
        assert sheet["target"] == target
        totals = [0] * len(sheet["players"])
        for r in sheet["rows"]:
            hand = session.hands.get(pk=r["id"])
            assert r["points"] == (hand.ruling["score"]["players"] if r["status"] == "complete" else [0] * len(totals))
            totals = [a + b for a, b in zip(totals, r["points"])]
            assert r["totals"] == totals
        assert sheet["finished"] == (max(totals) >= target)
        if sheet["finished"]:
            assert all(max(r["totals"]) < target for r in sheet["rows"][:-1])  # the game stopped when it was won
            assert [p.name for p in sheet["winners"]] == [
                p.name for p, t in zip(sheet["players"], totals) if t == max(totals)
            ]


def test_the_session_page_shows_the_winner_of_a_finished_game(evenings, client_as):
    session = next(s for s in evenings["sessions"] if score_sheet(s)["finished"])
    page = client_as("viewer").get(reverse("session", args=[evenings["family"].slug, session.pk])).content.decode()
    winners = score_sheet(session)["winners"]
    assert 'id="score-sheet"' in page and 'id="score-winner"' in page and winners[0].name in page
    assert 'id="score-target"' not in page


def test_a_game_logged_the_paper_way_leads_to_the_target(family, owner, client_as):
    people = [factories.player(family, n, owner) for n in ("Olga", "Dima")]
    session = services.session_create(
        family=family,
        game="rummy",
        started_at=datetime(2024, 2, 2, 19, tzinfo=factories.CHICAGO),
        timezone="America/Chicago",
        players=people,
        house_rules={"target": 100},
        by=owner,
    )
    for pts in ([45, -12], [30, 20]):
        d = services.session_next_hand_defaults(session=session)
        deal = {"action": "deal", "seat": d["dealer"], "hands": [None, None], "stock": None}
        services.hand_add(
            session=session, record={"events": [deal, {"action": "points", "points": pts, "out": 0}]}, by=owner
        )
    sheet = score_sheet(session)
    assert sheet["totals"] == [75, 8] and not sheet["finished"]
    page = client_as("viewer").get(reverse("session", args=[family.slug, session.pk])).content.decode()
    assert 'id="score-target">100<' in page and 'id="score-leader">Olga<' in page
    d = services.session_next_hand_defaults(session=session)
    deal = {"action": "deal", "seat": d["dealer"], "hands": [None, None], "stock": None}
    services.hand_add(
        session=session, record={"events": [deal, {"action": "points", "points": [25, 3], "out": 0}]}, by=owner
    )
    sheet = score_sheet(session)
    assert sheet["finished"] and [p.name for p in sheet["winners"]] == ["Olga"]


def test_the_rummy_rule_book_page_anchors_every_rule_a_ruling_names(client_as, family):
    page = client_as("viewer").get(f"/families/{family.slug}/rules/rummy/").content.decode()
    for rule_id in (
        "rummy.misdeal",
        "rummy.unused-take",
        "rummy.bad-meld",
        "rummy.no-draw",
        "rummy.second-draw",
        "rummy.second-discard",
        "rummy.no-discard",
        "rummy.out-of-turn",
    ):
        assert f'<a id="{rule_id}">' in page, rule_id
    assert "The Six follows the Ace" in page  # the house rule `wrap` by its label
