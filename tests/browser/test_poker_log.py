"""A family logs poker hands on a phone: the deal with the card picker, the draw, then the betting as the referee
says it goes (whose turn, what a call costs, the least raise), a raise, a call and the showdown; then a hand of
which the table wrote down only the showdown."""

from datetime import datetime

import pytest

from tests import factories
from tests.browser.support import BROWSER, login, shot, tap_cards
from tests.factories import CHICAGO

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover
    expect = None

pytestmark = BROWSER


@pytest.mark.django_db(transaction=True)
def test_log_a_poker_hand_with_a_raise_and_a_showdown_on_a_phone(page, live_server, owner, family):
    session = factories.make_session(
        family,
        owner,
        ("Dima", "Olya", "Kostya"),
        game="poker",
        first_dealer=2,
        started_at=datetime(2024, 3, 1, 19, 0, tzinfo=CHICAGO),
    )
    url = live_server.url
    login(page, url)
    page.goto(url + f"/families/{family.slug}/sessions/{session.pk}/log/")
    expect(page.locator("h1")).to_have_text("Hand 1")

    # The deal from the dealer's left: Dima, Olya, Kostya (who deals).
    tap_cards(page, ["KS", "KH", "KD", "KC", "2S"])
    tap_cards(page, ["QH", "JD", "TS", "9C", "3H"])
    tap_cards(page, ["3C", "5D", "7H", "9D", "JC"])
    expect(page.locator("#step-deal #picker")).to_have_count(0)  # the deal is complete: the grid leaves

    # The draw: Dima keeps his hand; Olya throws the Three of hearts for the Eight; Kostya throws two unseen.
    choices = page.locator("#play-choices")
    expect(choices).to_contain_text("Dima — the draw")
    choices.locator('[data-act="keep"]').click()
    expect(choices).to_contain_text("Olya — the draw")
    choices.locator('[data-discard="3H"]').click()
    tap_cards(page, ["8H"], picker="#draw-picker")
    choices.locator('[data-act="draw"]').click()
    expect(choices).to_contain_text("Kostya — the draw")
    choices.locator('[data-discard="3C"]').click()
    choices.locator('[data-discard="5D"]').click()
    choices.locator('[data-act="unseen"]').click()
    choices.locator('[data-act="unseen"]').click()
    choices.locator('[data-act="draw"]').click()

    # The betting follows the referee: Dima first; a call costs nothing, the least raise puts in 1.
    dima = page.locator('[data-options="0"]')
    expect(dima).to_contain_text("Dima’s turn")
    expect(dima.locator('[data-act="call"]')).to_have_text("Check")
    expect(dima.locator('[data-raise-hint="0"]')).to_contain_text("a call costs 0; a raise puts in at least 1")
    assert page.locator("#raise-amount").input_value() == "1"
    page.fill("#raise-amount", "3")
    dima.locator('[data-act="raise"]').click()
    # Olya: a call costs 3, a raise at least 4.
    olya = page.locator('[data-options="1"]')
    expect(olya).to_contain_text("Olya’s turn")
    expect(olya.locator('[data-act="call"]')).to_have_text("Call 3")
    expect(olya.locator('[data-raise-hint="1"]')).to_contain_text("a call costs 3; a raise puts in at least 4")
    olya.locator('[data-act="call"]').click()
    page.locator('[data-options="2"] [data-act="fold"]').click()
    # The showdown: each shows what the record gave him, as the referee offers it.
    expect(page.locator('[data-options="1"] [data-act="show"]')).to_contain_text("Q♥ J♦ 10♠ 9♣ 8♥")
    page.locator('[data-options="1"] [data-act="show"]').click()
    page.locator('[data-options="0"] [data-act="show"]').click()
    expect(page.locator("#hand-over")).to_contain_text("Dima: four Kings, takes the pot of 9")
    shot(page, "poker-01-showdown", full=False)
    page.click("#save-hand")
    expect(page.locator("#ruling-summary")).to_contain_text("Dima: four Kings")
    expect(page.locator('#showdown [data-hand="Olya"]')).to_have_text("straight, Queen down to Eight")
    for name, net in [("Dima", "+5¢"), ("Olya", "−4¢"), ("Kostya", "−1¢")]:
        expect(page.locator(f'[data-net="{name}"]')).to_have_text(net)

    # The next hand: the table wrote down only the showdown. Olya's four Aces and a joker beat Kostya's flush.
    page.goto(url + f"/families/{family.slug}/sessions/{session.pk}/log/")
    expect(page.locator("h1")).to_have_text("Hand 2")
    page.locator('.seg[data-name="mode"] button[data-value="showdown"]').click()
    page.locator('[data-options="1"] [data-act="pick-show"]').click()
    tap_cards(page, ["AS", "AH", "AD", "AC", "JK"], picker="#show-picker")
    page.locator('[data-options="2"] [data-act="pick-show"]').click()
    tap_cards(page, ["2D", "5D", "7D", "9D", "JD"], picker="#show-picker")
    expect(page.locator("#play-log li")).to_have_count(2)
    expect(page.locator("#showdown-so-far")).to_contain_text("Olya: five Aces")
    shot(page, "poker-02-showdown-only", full=False)
    page.click("#save-hand")
    expect(page.locator("#ruling-summary")).to_contain_text("Olya: five Aces, takes the pot of 3")
    for name, net in [("Dima", "−1¢"), ("Olya", "+2¢"), ("Kostya", "−1¢")]:
        expect(page.locator(f'[data-net="{name}"]')).to_have_text(net)

    # Both hands open in the picker to be edited, as they were logged.
    first, second = session.hands.order_by("number")
    page.goto(url + f"/families/{family.slug}/hands/{first.pk}/edit/")
    expect(page.locator("#play-log li")).to_have_count(8)
    expect(page.locator("#picker-fallback")).to_have_count(0)
    page.goto(url + f"/families/{family.slug}/hands/{second.pk}/edit/")
    expect(page.locator('.seg[data-name="mode"] button[data-value="showdown"]')).to_have_class("on")
    expect(page.locator("#play-log li")).to_have_count(2)
