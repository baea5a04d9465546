"""Pages chosen from the referee's catalogue, not from a game's name: the session page of a pot game and
of a points game (a fake catalogue entry, as no points game exists yet), the game's own script on the
hand-entry pages, and house rules in words."""

import copy

import pytest
from django.urls import reverse

import referee
from archive.common import catalogue
from archive.table.selectors.sheet import score_sheet
from archive.table.views import nights as views
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def swik_settles_in_points(monkeypatch):
    """The catalogue as if Swik were a points game."""
    games = copy.deepcopy(referee.games())
    for g in games:
        if g["name"] == "swik":
            g["settles"] = "points"
    monkeypatch.setattr(catalogue, "catalogue", lambda: games)


def test_a_pot_game_shows_balances_and_the_pot(client_as, family, session, hands):
    page = client_as("viewer").get(reverse("session", args=[family.slug, session.pk])).content.decode()
    assert 'id="balances"' in page and 'id="may-stop"' in page and "pot now" in page
    assert 'data-balance="Mary"' in page
    assert "the pot was split and nobody fell" in page  # Swik's own words, from templates/games/swik/
    assert 'id="score-sheet"' not in page


def test_a_points_game_shows_a_score_sheet_instead(client_as, family, session, hands, swik_settles_in_points):
    page = client_as("viewer").get(reverse("session", args=[family.slug, session.pk])).content.decode()
    assert 'id="score-sheet"' in page
    assert 'id="balances"' not in page and "pot now" not in page
    sheet = score_sheet(session)
    assert [p.name for p in sheet["players"]] == ["Dad", "Uncle Joe", "Mary", "Me"]
    assert len(sheet["rows"]) == 2
    # Hand 1 (the rule book's plain hand, from an empty pot): Dad −1, Joe +7, Mary −18, Me −3; totals run on.
    assert sheet["rows"][0]["points"] == hands[0].ruling["net"] == [-1, 7, -18, -3]
    assert sheet["totals"] == [a + b for a, b in zip(sheet["rows"][0]["points"], sheet["rows"][1]["points"])]
    for player, total in zip(sheet["players"], sheet["totals"]):
        written = f"−{-total}" if total < 0 else str(total)  # the true minus, as money has it
        assert f'data-total="{player.name}"><b>{written}</b>' in page
    assert "+7" in page and "−18" in page


def test_a_points_score_is_the_rulings_score_when_it_has_one(session, hands):
    h = hands[0]
    h.ruling = dict(h.ruling, score=[1, 2, 3, 4])
    h.save(update_fields=["ruling"])
    assert score_sheet(session)["rows"][0]["points"] == [1, 2, 3, 4]


def test_the_hand_entry_pages_load_the_games_own_script(client_as, family, session, hands):
    for url in [
        reverse("hand_log", args=[family.slug, session.pk]),
        reverse("hand_edit", args=[family.slug, hands[0].pk]),
    ]:
        page = client_as("editor").get(url).content.decode()
        assert page.index("js/games/swik.js") < page.index("js/loghand.js")
        assert '"legal_url": "/api/referee/legal/"' in page
    assert views._game_js("swik") == "js/games/swik.js"
    assert views._game_js("whist") is None and views._game_js("../swik") is None


def test_the_sessions_house_rules_are_said_in_words(client_as, family, owner):
    s = factories.make_session(family, owner, house_rules={"ante": 125, "double_fall": False, "high_wraps": ["Q", "A"]})
    page = client_as("viewer").get(reverse("session", args=[family.slug, s.pk])).content.decode()
    assert "<b>Ante</b> $1.25" in page
    assert "<b>Double fall</b> no" in page
    assert "<b>High wraps</b> Queen, Ace" in page
