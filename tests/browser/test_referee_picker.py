"""The card picker asks the referee (POST /api/referee/legal/) and holds no rule of its own: a whole hand
logged card by card on a 390x844 phone, with an Ace cut; then its replay walked from the first step to the
ruling. In Debian's Chromium driven by Playwright; skipped when it is missing."""

import json

import pytest

import referee
from archive.common.filters import words_text
from tests.browser.support import BROWSER, shot
from tests.browser.test_edit_hand import login

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover
    expect = None

pytestmark = BROWSER


def record_now(page):
    return json.loads(page.input_value("#id_record"))


def fits_the_phone(page):
    return page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


@pytest.mark.django_db(transaction=True)
def test_a_hand_card_by_card_where_the_referee_moves_the_deal_and_names_each_trick(
    page, live_server, owner, family, session
):
    assert page.viewport_size == {"width": 390, "height": 844}
    login(page, live_server.url)
    page.goto(live_server.url + f"/families/{family.slug}/sessions/{session.pk}/log/")

    # Dad is to deal; the referee says Me, at his right, cuts. Me cuts the Ace of spades.
    cutter = page.locator('#cut-choices select[data-name="cutter"]')
    expect(cutter).to_have_value("3")
    page.locator('#step-cut button[data-card="AS"]').click()
    # The referee moves the deal to Uncle Joe, Dad's left, and asks him for his bottom card.
    expect(page.locator("#designated")).to_contain_text("Uncle Joe")
    expect(page.locator("#bottom-choices")).to_contain_text("Uncle Joe’s bottom card")
    page.locator('#bottom-choices button[data-card="other"]').click()
    expect(cutter).to_have_value("0")  # now Dad, at Joe's right, cuts
    page.locator('#step-cut button[data-card="other"]').click()
    expect(page.locator('#step-deal select[data-name="deal-seat"]')).to_have_value("1")
    assert referee.legal(record_now(page))["table"]["dealer"] == 1

    # Joe deals from his left: Mary, Me, Dad, Joe, the blind, and turns the King of hearts.
    for c in ["AC", "KC", "TH", "7D", "QS", "9C", "AD", "9S", "8H", "7S", "8C", "JD", "JS", "TS", "8S", "KH"]:
        page.locator(f'#picker button[data-card="{c}"]').click()
    page.locator('#step-wrap .seg[data-name="wrap"] button[data-value="false"]').click()
    for seat, choice in [(2, "in"), (3, "out"), (0, "in"), (1, "out")]:
        page.locator(f'#step-declare .seg[data-name="declare-{seat}"] button[data-value="{choice}"]').click()
    shot(page, "referee-01-declared", full=False)

    # Card by card: the cards offered first (marked) are the ones the referee allows, and only those.
    for card in ["AC", "8H", "AD", "TH", "KC", "9S"]:
        buttons = page.locator("#play-choices button.legal[data-play]")
        buttons.first.wait_for()
        offered = sorted(buttons.nth(i).get_attribute("data-play") for i in range(buttons.count()))
        legal = referee.legal(record_now(page))
        play = next(o for o in legal["options"] if o["action"] == "play")
        assert offered == sorted(play["cards"]), (card, offered, play)
        expect(page.locator("#play-choices")).to_contain_text(["Dad", "Uncle Joe", "Mary", "Me"][play["seat"]])
        page.locator(f'#play-choices button[data-play="{card}"]').click()
    expect(page.locator("#step-tricks")).to_contain_text("All three tricks are in.")
    # Each trick's winner is the referee's: Dad's 8 of hearts trumps the Ace of clubs; Mary's 10 of hearts
    # trumps Dad's Ace of diamonds; Mary's King of clubs beats the 9 of spades.
    won = referee.legal(record_now(page))["table"]["tricks"]
    assert [t["winner"] for t in won] == [0, 2, 2]
    done = page.locator("#step-tricks .trick-done")
    for i, name in enumerate(["Dad", "Mary", "Mary"]):
        expect(done.nth(i)).to_contain_text("→ " + name)
    assert fits_the_phone(page)
    shot(page, "referee-02-tricks")

    page.click("#save-hand")
    expect(page.locator("#ruling-summary")).to_be_visible()
    for name, net in [("Dad", "0¢"), ("Uncle Joe", "−6¢"), ("Mary", "+9¢"), ("Me", "−3¢")]:
        expect(page.locator(f'[data-net="{name}"]')).to_have_text(net)

    # The replay, every step from the first to the ruling: never a number that is not one.
    steps = list(referee.steps(record_now_from_hand(page)))
    page.locator('#replay [data-go="first"]').click()
    for i in range(len(steps)):
        text = page.locator("#replay").inner_text()
        assert "NaN" not in text and "undefined" not in text, (i, text)
        if i < len(steps) - 1:
            expect(page.locator("#replay-pos")).to_have_text(f"event {i + 1} of {len(steps) - 1}")
            # The referee's words, with cards and money as the tables show them ("KH" -> "K♥").
            expect(page.locator("#replay-text")).to_have_text(words_text(steps[i]["text"]))
            page.locator('#replay [data-go="next"]').click()
    ruling = steps[-1]["ruling"]
    expect(page.locator("#replay-pos")).to_contain_text("the ruling")
    expect(page.locator("#replay-text")).to_have_text(words_text(ruling["summary"]))
    expect(page.locator("#replay-meta")).to_contain_text("carried to the next hand")
    expect(page.locator('[data-seat-meta="Mary"]')).to_contain_text("+9¢")
    expect(page.locator('[data-seat-meta="Mary"]')).to_contain_text("2 tricks")
    assert fits_the_phone(page)
    shot(page, "referee-03-replay-ruling")


def record_now_from_hand(page):
    """The stored record, as the hand page prints it."""
    page.locator("details.panel summary", has_text="The record").click()
    return json.loads(page.locator("details.panel pre").first.inner_text())
