"""Issue 34, what a new family hit on a 390x844 phone: every game's session form saves with what it starts on,
its variants named in words, and Swik's table size read from the house rules the form shows."""

import pytest

import referee
from archive.models import Session
from tests import factories
from tests.browser.support import BROWSER, expect, login

pytestmark = BROWSER

NAMES = ("Ann", "Bob", "Cid", "Dee")  # four fit the default table of every game


def _new_session(page, url, family, game):
    page.goto(url + f"/families/{family.slug}/sessions/new/")
    page.select_option("#id_game", game)
    for i, name in enumerate(NAMES, start=1):
        page.fill(f"#seat_guest_{i}", name)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("game", [g["name"] for g in referee.games()])
def test_every_games_session_form_saves_with_its_defaults(page, live_server, owner, family, game):
    login(page, live_server.url)
    _new_session(page, live_server.url, family, game)
    page.click("#session-form button[type=submit]")
    page.wait_for_url("**/log/")
    session = Session.objects.get(family=family)
    assert session.game == game


@pytest.mark.django_db(transaction=True)
def test_variants_are_named_in_words_and_the_code_stays_in_the_value(page, live_server, owner, family):
    login(page, live_server.url)
    _new_session(page, live_server.url, family, "sedma")
    options = page.locator("#variant-sedma option")
    texts = options.all_inner_texts()
    assert "four players, two against two" in texts
    assert not {"4p", "2p", "3p", "the book's game"} & set(texts)
    assert page.locator("#variant-sedma").input_value() == "4p"  # the first is the catalogue's default
    page.select_option("#variant-sedma", label="two players")
    for i in (3, 4):
        page.fill(f"#seat_guest_{i}", "")
    page.click("#session-form button[type=submit]")
    page.wait_for_url("**/log/")
    session = Session.objects.get(family=family)
    assert session.variant == "2p"
    page.goto(live_server.url + f"/families/{family.slug}/sessions/{session.pk}/")
    expect(page.locator("h1")).to_contain_text("Sedma (two players)")
    page.goto(live_server.url + f"/families/{family.slug}/sessions/new/")
    page.select_option("#id_game", "seka")
    assert "the book's game" not in page.locator("#variant-seka").inner_text()


@pytest.mark.django_db(transaction=True)
def test_swik_table_size_follows_the_house_rules(page, live_server, owner, family):
    login(page, live_server.url)
    _new_session(page, live_server.url, family, "swik")
    rules = page.locator('fieldset.game-rules[data-game="swik"]')
    expect(rules).to_contain_text("played by 3 to 7 players")  # the book's house rule, not the deck's 2 to 9
    page.fill("#hr-swik-min_players", "4")
    expect(rules).to_contain_text("played by 4 to 7 players")
    for i in (3, 4):
        page.fill(f"#seat_guest_{i}", "")
    page.click("#session-form button[type=submit]")
    expect(page.locator(".errors-box")).to_contain_text("Swik needs at least 4 players")
    assert not Session.objects.filter(family=family).exists()


@pytest.mark.django_db(transaction=True)
def test_swik_table_size_starts_from_the_familys_last_session(page, live_server, owner, family):
    factories.make_session(family, owner, house_rules={"min_players": 2, "max_players": 5})
    login(page, live_server.url)
    page.goto(live_server.url + f"/families/{family.slug}/sessions/new/")
    expect(page.locator('fieldset.game-rules[data-game="swik"]')).to_contain_text("played by 2 to 5 players")
