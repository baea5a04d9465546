"""A family logs Seka hands on a phone: the deal with the card picker, then the trade as the referee says it
goes (a blind bet, a call, the show), then the svara hand the chain carries, with a buy-in."""

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
def test_log_seka_hands_on_a_phone(page, live_server, owner, family):
    session = factories.make_session(
        family,
        owner,
        ("Masha", "Tolya", "Dasha"),
        game="seka",
        first_dealer=2,
        started_at=datetime(2024, 3, 1, 19, 0, tzinfo=CHICAGO),
    )
    url = live_server.url
    login(page, url)
    page.goto(url + f"/families/{family.slug}/sessions/{session.pk}/log/")
    expect(page.locator("h1")).to_have_text("Hand 1")

    # The deal from the dealer's left: Masha, Tolya, Dasha (who deals). Masha 20 in clubs, Tolya 20 in diamonds.
    tap_cards(page, ["KC", "QC", "7H"])
    tap_cards(page, ["AD", "9D", "6S"])
    tap_cards(page, ["QH", "JH", "8S"])
    expect(page.locator("#step-deal #picker")).to_have_count(0)  # the deal is complete: the grid leaves

    # The trade follows the referee: Masha's turn first; she bets 1 blind (a stake of 2).
    choices = page.locator("#trade-choices")
    expect(choices).to_contain_text("Masha’s turn")
    choices.locator('.seg[data-name="blind"] button[data-value="true"]').click()
    assert page.locator("#bet-amount").input_value() == "1"  # the least blind bet the referee names
    expect(choices).to_contain_text("at least 1 (blind: it counts double)")
    choices.locator('[data-act="raise"]').click()
    expect(choices).to_contain_text("Tolya’s turn")
    page.fill("#bet-amount", "3")
    choices.locator('[data-act="raise"]').click()
    expect(choices).to_contain_text("Dasha’s turn")
    expect(choices.locator('[data-act="call"]')).to_have_count(0)  # three are in: no call yet
    choices.locator('[data-act="fold"]').click()
    # Two are left: Masha may call (open: 3), and the referee says so.
    call = choices.locator('[data-act="call"]')
    expect(call).to_have_text("Call 3")
    call.click()
    page.locator('[data-options="0"] [data-act="show"]').click()
    page.locator('[data-options="1"] [data-act="show"]').click()
    expect(page.locator("#hand-over")).to_contain_text("Svara")
    shot(page, "seka-01-svara", full=False)
    page.click("#check-record")
    expect(page.locator("#check-result .summary-box")).to_contain_text("Masha and Tolya play a new hand")
    page.click("#save-hand")
    expect(page.locator("#ruling-summary")).to_contain_text("Svara at 20")

    # The session page shows the svara the chain carries; the next hand is it, with Dasha buying in.
    page.goto(url + f"/families/{family.slug}/sessions/{session.pk}/")
    expect(page.locator("#svara")).to_contain_text("Masha and Tolya play the next hand for the pot of 10¢")
    page.goto(url + f"/families/{family.slug}/sessions/{session.pk}/log/")
    expect(page.locator("#step-svara")).to_contain_text("Svara: Masha and Tolya play for the pot of 10¢")
    page.locator('#buy-ins [data-buyin="2"]').click()
    expect(page.locator('#buy-ins [data-buyin="2"]')).to_contain_text("✓ Dasha buys in (5¢)")
    # Masha deals now: Tolya, Dasha, Masha.
    tap_cards(page, ["AS", "AH", "6C"])
    tap_cards(page, ["TD", "JD", "9C"])
    tap_cards(page, ["8H", "7S", "KS"])
    choices = page.locator("#trade-choices")
    expect(choices).to_contain_text("Tolya’s turn")
    choices.locator('[data-act="raise"]').click()  # the least: 1
    choices.locator('[data-act="fold"]').click()  # Dasha
    choices.locator('[data-act="fold"]').click()  # Masha
    expect(page.locator("#hand-over")).to_contain_text("Tolya takes the pot of 16")
    shot(page, "seka-02-lone", full=False)
    page.click("#save-hand")
    for name, net in [("Tolya", "+15¢"), ("Dasha", "−5¢")]:
        expect(page.locator(f'[data-net="{name}"]')).to_have_text(net)


@pytest.mark.django_db(transaction=True)
def test_the_open_variant_exchanges_then_bets_and_its_hand_edits_in_the_picker(page, live_server, owner, family):
    session = factories.make_session(
        family,
        owner,
        ("Masha", "Tolya", "Dasha"),
        game="seka",
        variant="open",
        first_dealer=2,
        started_at=datetime(2024, 3, 2, 19, 0, tzinfo=CHICAGO),
    )
    url = live_server.url
    login(page, url)
    page.goto(url + f"/families/{family.slug}/sessions/{session.pk}/log/")
    tap_cards(page, ["KC", "QC", "7H"])  # Masha
    tap_cards(page, ["AD", "9H", "6S"])  # Tolya
    tap_cards(page, ["QH", "JH", "8H"])  # Dasha
    tap_cards(page, ["AC", "9D", "8S"])  # the middle, face up
    masha = page.locator('[data-options="0"]')
    expect(masha).to_contain_text("Masha’s turn")
    masha.locator('[data-give="7H"]').click()
    masha.locator('[data-take="AC"]').click()
    masha.locator("#exchange-btn").click()
    # Tolya passes: Dasha and Masha each have one more turn, then the betting from the dealer's left.
    page.locator('[data-options="1"] [data-act="pass"]').click()
    expect(page.locator('[data-options="2"]')).to_contain_text("Dasha’s turn")
    expect(page.locator('[data-options="0"]')).to_contain_text("may start the betting")  # the rest are passes
    page.locator('[data-options="2"] [data-act="pass"]').click()
    page.locator('[data-options="0"] [data-act="pass"]').click()
    page.locator('[data-options="0"] [data-act="raise"]').click()  # the least: 1
    page.locator('[data-options="1"] [data-act="fold"]').click()
    page.locator('[data-options="2"] [data-act="call"]').click()
    # Masha shows the hand she made by the exchange; the referee offers exactly that.
    expect(page.locator('[data-options="0"] [data-act="show"]')).to_contain_text("K♣ Q♣ A♣")
    page.locator('[data-options="0"] [data-act="show"]').click()
    page.locator('[data-options="2"] [data-act="show"]').click()
    expect(page.locator("#hand-over")).to_contain_text("Masha: 31 in clubs, takes the pot of 5¢")
    shot(page, "seka-03-open", full=False)
    page.click("#save-hand")
    expect(page.locator("#ruling-summary")).to_contain_text("31 in clubs")
    hand = session.hands.get()
    page.goto(url + f"/families/{family.slug}/hands/{hand.pk}/edit/")
    expect(page.locator("#trade-log li")).to_have_count(9)  # the picker shows the hand as it was logged
    expect(page.locator("#picker-fallback")).to_have_count(0)
