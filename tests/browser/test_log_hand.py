"""A family logs a hand at the table with the card picker, in Debian's Chromium driven by Playwright.

Skipped when /usr/bin/chromium or Playwright is missing. Screenshots of the main pages go to /tmp/tk-shots/.
"""

import re

import pytest

from tests.browser.support import BROWSER, shot, tap_cards

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover
    expect = None

pytestmark = BROWSER


@pytest.mark.django_db(transaction=True)
def test_log_a_hand_with_the_card_picker(page, live_server, owner, family):
    url = live_server.url
    page.goto(url + "/login/")
    shot(page, "01-login")
    page.fill("#id_username", "owner")
    page.fill("#id_password", "pw")
    page.click("button[type=submit]")
    expect(page.locator("h1")).to_have_text("Your families")
    shot(page, "02-home")

    page.click(f"text={family.name}")
    page.click("text=New session")
    page.fill("#id_place", "Grandma's kitchen")
    for i, name in enumerate(["Dad", "Uncle Joe", "Mary", "Me"], 1):
        page.fill(f"#seat_guest_{i}", name)
    page.fill("#hr-swik-ante", "3")  # the book's value stays: only differences are stored
    shot(page, "03-new-session")
    page.click("text=Start the session")

    # The log page: Dad deals hand 1 with nothing in the pot.
    expect(page.locator("h1")).to_have_text("Hand 1")
    page.locator('#cut-choices select[data-name="cutter"]').wait_for()
    assert page.locator('#cut-choices select[data-name="cutter"]').input_value() == "3"  # Me, right of Dad
    page.locator('#step-cut button[data-card="other"]').click()

    # The deal, from the dealer's left: Joe, Mary, Me, Dad, then the blind and the turned card.
    tap_cards(page, ["KH", "AS", "7C"])
    tap_cards(page, ["QH", "9S", "JD"])
    tap_cards(page, ["8D", "TS", "KD"])
    tap_cards(page, ["AH", "8S", "TD"])
    tap_cards(page, ["7H", "9H", "QS"])
    shot(page, "04-log-deal", full=False)
    assert "used" in (page.locator('#picker button[data-card="AH"]').get_attribute("class") or "")
    tap_cards(page, ["9C"])
    # The deal is complete: the card grid leaves (issue 10), and the steps are numbered in order.
    expect(page.locator("#picker")).to_have_count(0)
    nums = page.locator("#logger .step > h3 > .num").all_inner_texts()
    assert nums == [str(i) for i in range(1, len(nums) + 1)], nums

    page.locator('#step-wrap .seg[data-name="wrap"] button[data-value="false"]').click()
    for seat, choice in [(1, "in"), (2, "in"), (3, "out"), (0, "in")]:
        page.locator(f'#step-declare .seg[data-name="declare-{seat}"] button[data-value="{choice}"]').click()

    # Card by card: the page knows whose turn it is and who won each trick.
    for card in ["AH", "KH", "QH", "8S", "AS", "9S", "7C", "JD", "TD"]:
        page.locator(f'#play-choices button[data-play="{card}"]').click()
    expect(page.locator("#step-tricks")).to_contain_text("All three tricks are in.")
    expect(page.locator("#step-tricks")).to_contain_text("→ Uncle Joe")
    shot(page, "05-log-tricks")

    page.click("#check-record")
    expect(page.locator("#check-result .summary-box")).to_contain_text("Mary")
    page.click("#save-hand")

    # The hand page: the ruling in words, and the money as a player checks it.
    # Pot 0 + antes 15: each trick 5; Dad wins one, Joe two, Mary none (falls: 15), Me is out.
    expect(page.locator("#ruling-summary")).to_contain_text("Mary")
    for name, net in [("Dad", "−1¢"), ("Uncle Joe", "+7¢"), ("Mary", "−18¢"), ("Me", "−3¢")]:
        expect(page.locator(f'[data-net="{name}"]')).to_have_text(net)
    page.locator('#replay [data-go="next"]').click()
    expect(page.locator("#replay-text")).to_contain_text("deals")
    for _ in range(8):
        page.locator('#replay [data-go="next"]').click()
    expect(page.locator("#replay-trick")).to_contain_text("Dad")
    shot(page, "06-hand")

    page.locator(".crumbs a").nth(2).click()  # breadcrumb: the session
    for name, balance in [("Dad", "−1¢"), ("Uncle Joe", "+7¢"), ("Mary", "−18¢"), ("Me", "−3¢")]:
        expect(page.locator(f'[data-balance="{name}"]')).to_have_text(balance)
    expect(page.locator("#may-stop")).to_contain_text("play on")  # Mary fell: the pot carries
    shot(page, "07-session")

    # A bad record pasted in the advanced box: the referee's words, nothing saved.
    page.click("#log-next")
    page.locator("#advanced summary").click()
    page.fill("#id_raw", '{"format": "handrec/1", "events": [{"action": "cut", "seat": 9, "card": null}]}')
    page.click("#save-hand")
    expect(page.locator("#record-errors")).to_contain_text("nothing was saved")
    expect(page.locator("#record-errors")).to_contain_text("The cut:")  # the event named, not "event 0"
    shot(page, "08-log-errors")

    page.goto(url + f"/families/{family.slug}/")
    shot(page, "09-family")
    page.goto(url + "/api/docs/")
    page.locator(".swagger-ui").wait_for()
    page.wait_for_timeout(500)
    shot(page, "10-api-docs", full=False)
    assert re.search(r"Tablekeeper API", page.content())
