"""A Sedma session is a score sheet: partnerships for each block of four deals, each deal's points, running
totals, crowns in 3p, and who won a finished game; the demo's Sedma evenings in all three variants."""

from datetime import datetime

import pytest
from django.urls import reverse

from archive.demo.sedma import sedma_evenings
from archive.models import Session
from archive.table.selectors.sheet import score_sheet
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def evenings(family, owner):
    people = [factories.player(family, n, owner) for n in ("Babička", "Děda", "Jana", "Petr", "Teta")]
    start = datetime(2023, 1, 6, 19, tzinfo=factories.CHICAGO)
    count = sedma_evenings(family, people, owner, start=start, years=5 / 12)  # five evenings: 4p 4p 4p 2p 3p
    return {"family": family, "count": count, "sessions": list(Session.objects.filter(family=family, game="sedma"))}


def test_the_demo_has_sedma_evenings_in_every_variant(evenings):
    assert {s.variant for s in evenings["sessions"]} == {"4p", "2p", "3p"}
    assert evenings["count"] >= 3 * 12


def test_a_4p_game_shows_its_partnerships_block_by_block_and_who_won(evenings, client_as):
    session = next(s for s in evenings["sessions"] if s.variant == "4p")
    sheet = score_sheet(session)
    names = [p.name for p in sheet["players"]]
    rows = sheet["rows"]
    assert len(rows) >= 12
    blocks = [(k, r["block"]) for k, r in enumerate(rows) if r["block"]]
    live = [k for k, r in enumerate(rows) if r["status"] != "void"]
    assert [b for _, b in blocks] == [
        f"{names[0]} and {names[2]} against {names[1]} and {names[3]}",
        f"{names[0]} and {names[1]} against {names[2]} and {names[3]}",
        f"{names[0]} and {names[3]} against {names[1]} and {names[2]}",
    ]
    assert [k for k, _ in blocks] == [live[0], live[4], live[8]]
    for r in rows:
        if r["status"] == "complete":
            assert sorted(r["points"]) in ([a, a, 90 - a, 90 - a] for a in range(0, 100, 10))
    totals = rows[-1]["totals"]
    assert sheet["finished"] and [p.name for p in sheet["winners"]] == [
        names[s] for s in range(4) if totals[s] == max(totals)
    ]
    page = client_as("viewer").get(reverse("session", args=[evenings["family"].slug, session.pk])).content.decode()
    assert 'id="score-sheet"' in page and "against" in page and 'id="score-winner"' in page


def test_a_3p_evening_shows_the_crowns(evenings, client_as):
    session = next(s for s in evenings["sessions"] if s.variant == "3p")
    sheet = score_sheet(session)
    assert sheet["crowns"] is not None and sum(sheet["crowns"]) == 0
    assert sheet["crowns"] == [sum(r["crowns"][s] for r in sheet["rows"] if r["crowns"]) for s in range(3)]
    page = client_as("viewer").get(reverse("session", args=[evenings["family"].slug, session.pk])).content.decode()
    assert 'id="crown-totals"' in page


def test_every_sedma_hand_page_and_its_replay_render(evenings, client_as):
    c = client_as("viewer")
    for session in evenings["sessions"]:
        for hand in session.hands.all()[:3]:
            page = c.get(reverse("hand", args=[evenings["family"].slug, hand.pk]))
            assert page.status_code == 200
            assert hand.ruling["summary"].split(";")[0][:20] in page.content.decode()


def _sedma_post(players, **extra):
    return {
        "game": "sedma",
        "date": "2024-06-01",
        "time": "19:30",
        "timezone": "America/Chicago",
        "first_dealer": "0",
        "pot_in": "0",
        "seat_player": [str(p) for p in players],
        **extra,
    }


def test_a_sedma_session_from_the_form_with_its_variant_and_house_rules(client_as, family, session):
    players = list(session.seats.order_by("position").values_list("player_id", flat=True))
    c = client_as("editor")
    r = c.post(
        reverse("session_new", args=[family.slug]),
        _sedma_post(players[:3], variant="3p", **{"hr-sedma-removed": "8S 8C", "hr-sedma-hand_size": "4"}),
    )
    assert r.status_code == 302, r.content.decode()[:2000]
    made = Session.objects.filter(family=family, game="sedma").get()
    assert made.variant == "3p" and made.house_rules == {"removed": "8S 8C", "hand_size": 4}
    # A variant that does not fit the table is refused in words.
    r = c.post(reverse("session_new", args=[family.slug]), _sedma_post(players[:3], variant="4p"))
    assert r.status_code == 400 and "4p game is for 4 players" in r.content.decode()
