"""Issue 34 item 2: "Dealt without a cut" leads on to what the rule book says happens next. The uncut deal is
void and the dealer pays the penalty; the cards are collected, cut and dealt again, and the hand goes on. The
picker asks for the new cut and deal (not the wrap), and the saved hand says what happened, with no "event 0"
and no "void — dealt again" badge on a hand that counted."""

import json

import pytest

from tests.browser.support import BROWSER, expect, login, tap_cards

pytestmark = BROWSER


def _open(page, live_server, family, session):
    login(page, live_server.url)
    page.goto(live_server.url + f"/families/{family.slug}/sessions/{session.pk}/log/")
    page.locator("#no-cut").click()


@pytest.mark.django_db(transaction=True)
def test_a_deal_without_a_cut_is_cut_and_dealt_again(page, live_server, owner, family, session):
    _open(page, live_server, family, session)
    # The uncut deal's hands start as not seen: its turned card is the one tap it needs.
    for key in ("seat-0", "seat-1", "seat-2", "seat-3", "blind"):
        expect(page.locator(f'input[data-known="{key}"]')).to_be_checked()
    tap_cards(page, ["8H"])
    # Then the rule book's next step: the cards are cut and dealt again; no wrap yet.
    expect(page.locator("#step-wrap")).to_have_count(0)
    expect(page.locator(".preview")).to_contain_text("dealt without a cut")
    expect(page.locator(".preview")).to_contain_text("cut and dealt again")
    page.locator('#step-cut button[data-card="other"]').click()
    page.locator("#nobody-showed").click()
    tap_cards(page, ["9C"])
    page.locator('#step-wrap .seg[data-name="wrap"] button[data-value="false"]').click()
    for seat, choice in [(1, "in"), (2, "in"), (3, "out"), (0, "in")]:
        page.locator(f'#step-declare .seg[data-name="declare-{seat}"] button[data-value="{choice}"]').click()
    page.locator('#step-tricks .seg[data-name="mode"] button[data-value="winners"]').click()
    for t, seat in enumerate([1, 2, 0]):
        page.locator(f'#step-tricks .seg[data-name="winner-{t}"] button[data-value="{seat}"]').click()
    events = json.loads(page.input_value("#id_record"))["events"]
    assert [e["action"] for e in events[:3]] == ["deal", "cut", "deal"]
    assert events[0]["turned"] == "8H" and events[2]["turned"] == "9C"
    page.click("#save-hand")

    summary = page.locator("#ruling-summary")
    expect(summary).to_contain_text("Dad dealt without a cut; the cards were cut and dealt again.")
    expect(summary).not_to_contain_text("event")
    expect(summary).not_to_contain_text("played on")
    badges = page.locator("h1 .badge")
    expect(badges.first).to_have_text("complete")
    expect(page.locator("h1")).to_contain_text("dealt without a cut — cut and dealt again")
    expect(page.locator("h1")).not_to_contain_text("void")
    # The penalty stands: Dad paid it, said where it happened in words; the page still fits the phone.
    expect(page.locator("#violations")).to_contain_text("at the deal")
    expect(page.locator("#violations")).not_to_contain_text("event")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.django_db(transaction=True)
def test_the_uncut_deal_can_be_taken_back(page, live_server, owner, family, session):
    _open(page, live_server, family, session)
    tap_cards(page, ["8H"])
    page.locator("#undo-redeal").click()
    # Back on the uncut deal, its turned card open again: no new round yet.
    expect(page.locator(".preview")).to_have_count(0)
    expect(page.locator('#picker button[data-card="8H"]')).to_be_visible()


@pytest.mark.django_db(transaction=True)
def test_a_deal_by_the_wrong_seat_is_a_misdeal_cut_and_dealt_again(page, live_server, owner, family, session):
    login(page, live_server.url)
    page.goto(live_server.url + f"/families/{family.slug}/sessions/{session.pk}/log/")
    page.locator('#step-cut button[data-card="other"]').click()
    page.locator('select[data-name="deal-seat"]').select_option("1")  # Uncle Joe dealt, but it was Dad's deal
    page.locator("#nobody-showed").click()
    tap_cards(page, ["8H"])
    # The rule book: a misdeal; the cards are cut and dealt again (no wrap on the void deal).
    expect(page.locator("#step-wrap")).to_have_count(0)
    expect(page.locator(".preview")).to_contain_text("it was Dad’s deal (a misdeal")
    page.locator('#step-cut button[data-card="other"]').click()
    page.locator("#nobody-showed").click()
    tap_cards(page, ["9C"])
    expect(page.locator("#step-wrap")).to_be_visible()
    events = json.loads(page.input_value("#id_record"))["events"]
    assert [(e["action"], e.get("seat")) for e in events] == [("cut", 3), ("deal", 1), ("cut", 3), ("deal", 0)]
