"""A rummy hand logged card by card on a phone (390x844), in Debian's Chromium driven by Playwright: the deal, then
each draw, take from the row, meld and discard, the row shown as it grows and the referee saying what may be taken
and melded; then the score sheet. And a hand the paper way. Skipped when /usr/bin/chromium or Playwright is
missing. Screenshots go to /tmp/tk-shots/."""

import json
from datetime import datetime
from pathlib import Path

import pytest

from archive.table import services
from tests import factories
from tests.browser.support import BROWSER, login, shot

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover
    expect = None

pytestmark = BROWSER


def tap(page, selector):
    page.locator(selector).click()


@pytest.fixture
def rummy_session(family, owner):
    people = [factories.player(family, n, owner) for n in ("Olga", "Dima")]
    return services.session_create(
        family=family,
        game="rummy",
        started_at=datetime(2024, 2, 2, 19, tzinfo=factories.CHICAGO),
        timezone="America/Chicago",
        players=people,
        first_dealer=1,
        by=owner,
    )


@pytest.mark.django_db(transaction=True)
def test_a_rummy_hand_card_by_card_on_a_phone(page, live_server, family, rummy_session):
    url = live_server.url
    login(page, url)
    page.goto(url + f"/families/{family.slug}/sessions/{rummy_session.pk}/log/")
    expect(page.locator("h1")).to_have_text("Hand 1")

    # The deal, from the dealer's left: Olga, then Dima (the dealer).
    for c in ["QS", "TC", "AS", "8S", "9H", "KD", "JS", "KC", "8D", "AH"]:
        tap(page, f'#picker button[data-card="{c}"]')
    expect(page.locator("#rummy-turn")).to_have_text("Olga’s turn")
    shot(page, "rummy-01-dealt", full=False)

    # The stock was not recorded: each draw is tapped in the grid of the cards not seen yet.
    tap(page, '#picker button[data-card="TH"]')
    expect(page.locator("#picker")).to_have_count(0)
    tap(page, '#rummy-discard button[data-discard="8S"]')
    expect(page.locator("#rummy-row")).to_have_text("8♠")
    expect(page.locator("#rummy-turn")).to_have_text("Dima’s turn")
    tap(page, '#picker button[data-card="7D"]')
    tap(page, '#rummy-discard button[data-discard="AH"]')
    tap(page, '#picker button[data-card="JH"]')
    tap(page, '#rummy-meld button[data-meld-cards="9H TH JH"]')  # the referee offers the run it sees
    expect(page.locator("#rummy-melds")).to_contain_text("Olga")
    tap(page, '#rummy-discard button[data-discard="TC"]')
    tap(page, '#picker button[data-card="9D"]')
    tap(page, '#rummy-meld button[data-meld-cards="7D 8D 9D"]')
    tap(page, '#rummy-discard button[data-discard="JS"]')
    expect(page.locator("#rummy-row")).to_have_text("8♠A♥10♣J♠")

    # Olga draws the Ten of spades: of the row only the Jack of spades can be used at once, so only it is offered.
    tap(page, '#picker button[data-card="TS"]')
    expect(page.locator("#rummy-take button")).to_have_count(1)
    shot(page, "rummy-02-take", full=False)
    tap(page, '#rummy-take button[data-take="JS"]')
    expect(page.locator("#rummy-row")).to_have_text("8♠A♥10♣")
    expect(page.locator("#rummy-unused")).to_contain_text("must use it this turn")  # no discard until it is used
    tap(page, '#rummy-meld button[data-meld-cards="TS JS QS"]')
    tap(page, '#rummy-discard button[data-discard="AS"]')
    expect(page.locator("#rummy-over")).to_contain_text("Olga went out")
    expect(page.locator("#rummy-over")).to_contain_text("Olga 59, Dima 4")
    shot(page, "rummy-03-over", full=False)

    page.click("#save-hand")
    expect(page.locator("#ruling-summary")).to_contain_text("Olga went out")
    page.locator('#replay [data-go="next"]').click()
    expect(page.locator("#replay-text")).to_contain_text("Olga draws")
    shot(page, "rummy-04-hand")
    page.goto(url + f"/families/{family.slug}/sessions/{rummy_session.pk}/")
    expect(page.locator('[data-total="Olga"]')).to_have_text("59")
    expect(page.locator('[data-total="Dima"]')).to_have_text("4")
    expect(page.locator("#score-target")).to_have_text("500")
    shot(page, "rummy-05-sheet")


@pytest.mark.django_db(transaction=True)
def test_a_rummy_hand_on_paper(page, live_server, family, rummy_session):
    url = live_server.url
    login(page, url)
    page.goto(url + f"/families/{family.slug}/sessions/{rummy_session.pk}/log/")
    tap(page, '#step-mode .seg button[data-value="paper"]')
    page.fill('input[data-points="0"]', "-14")
    page.fill('input[data-points="1"]', "48")
    page.select_option('select[data-name="out"]', "1")
    page.click("#check-record")
    expect(page.locator("#check-result .summary-box")).to_contain_text("Dima went out (on paper): Olga −14, Dima 48.")
    page.click("#save-hand")
    page.goto(url + f"/families/{family.slug}/sessions/{rummy_session.pk}/")
    expect(page.locator('[data-total="Dima"]')).to_have_text("48")
    expect(page.locator("#score-leader")).to_have_text("Dima")


@pytest.mark.django_db(transaction=True)
def test_a_logged_rummy_hand_opens_in_the_picker_for_editing(page, live_server, family, owner):
    people = [factories.player(family, n, owner) for n in ("Olga", "Dima", "Sveta")]
    session = services.session_create(
        family=family,
        game="rummy",
        started_at=datetime(2024, 2, 9, 19, tzinfo=factories.CHICAGO),
        timezone="America/Chicago",
        players=people,
        first_dealer=1,
        by=owner,
    )
    data = Path(__file__).resolve().parent.parent / "data" / "rummy" / "04-out-of-turn.json"
    hand = services.hand_add(session=session, record=json.loads(data.read_text()), by=owner)
    url = live_server.url
    login(page, url)
    page.goto(url + f"/families/{family.slug}/hands/{hand.pk}/")
    page.locator("a.btn", has_text="Edit").first.click()
    expect(page.locator("h1")).to_have_text("Edit hand 1")
    expect(page.locator("#rummy-over")).to_contain_text("Sveta went out")
    expect(page.locator("#picker-fallback")).to_have_count(0)
    assert json.loads(page.input_value("#id_record"))["events"] == hand.record["events"]  # nothing lost on the way in
    tap(page, "#rummy-undo")  # Sveta's last discard taken back: the referee offers it again
    expect(page.locator("#rummy-turn")).to_have_text("Sveta’s turn")
    tap(page, '#rummy-discard button[data-discard="7D"]')
    expect(page.locator("#rummy-over")).to_contain_text("Olga 101, Dima 7, Sveta 62")
    assert json.loads(page.input_value("#id_record"))["events"] == hand.record["events"]
    shot(page, "rummy-06-edit", full=False)
