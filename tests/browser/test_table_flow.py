"""Issue 10 at the table, on a 390x844 phone: the "not seen" box ticks, an empty Save asks first, a card that
breaks a rule can be entered after the referee's words (the ruling then shows the revoke, linked to the rule
book), and the week-to-week flow: log the next hand from the hand page, play again like last time."""

import json

import pytest

from archive.models import Hand, Session
from archive.table import services
from tests import factories
from tests.browser.support import BROWSER, shot
from tests.browser.test_edit_hand import login

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover
    expect = None

pytestmark = BROWSER


@pytest.mark.django_db(transaction=True)
def test_not_seen_ticks_and_an_empty_save_asks_first(page, live_server, owner, family, session):
    login(page, live_server.url)
    log = live_server.url + f"/families/{family.slug}/sessions/{session.pk}/log/"
    page.goto(log)
    # One tap on Save with nothing entered: nothing is saved, and the page says why.
    page.locator('#cut-choices select[data-name="cutter"]').wait_for()
    page.click("#save-hand")
    expect(page.locator("#record-errors")).to_contain_text("no deal")
    assert Hand.objects.filter(session=session).count() == 0

    page.locator('#step-cut button[data-card="other"]').click()
    # Tap the words "not seen" of the blind, then the box of Mary's hand: both tick, and stay ticked.
    page.locator('[data-not-seen="blind"]').click()
    expect(page.locator('input[data-known="blind"]')).to_be_checked()
    page.locator('input[data-known="seat-2"]').click()
    expect(page.locator('input[data-known="seat-2"]')).to_be_checked()
    expect(page.locator('.slot-group[data-group="seat-2"]')).to_contain_text("not seen")
    page.locator('#picker button[data-card="AH"]').click()  # the first open row: Uncle Joe's
    deal = next(e for e in json.loads(page.input_value("#id_record"))["events"] if e["action"] == "deal")
    assert deal["blind"] is None and deal["hands"][2] is None and deal["hands"][1] == ["AH"]
    shot(page, "flow-01-not-seen", full=False)


@pytest.mark.django_db(transaction=True)
def test_a_revoke_is_entered_as_it_happened_and_the_ruling_shows_it(page, live_server, owner, family, session):
    record = factories.example_record("08-revoke")
    record = dict(record, events=record["events"][:11])  # up to Dad's lead of the 8 of spades
    hand = services.hand_add(session=session, record=record, by=owner)
    login(page, live_server.url)
    page.goto(live_server.url + f"/families/{family.slug}/hands/{hand.pk}/edit/")
    # Uncle Joe must follow with his 7 of spades: it comes first, marked; his 10 of diamonds is offered too.
    expect(page.locator("#play-choices button.legal")).to_have_count(1)
    expect(page.locator('#play-choices button.legal[data-play="7S"]')).to_be_visible()
    page.locator('#play-choices button.illegal[data-play="TD"]').click()
    warning = page.locator("#play-warning")
    expect(warning).to_contain_text("Uncle Joe may not play 10♦ now")
    expect(warning).to_contain_text("Uncle Joe played 10♦")
    expect(warning).to_contain_text("while holding 7♠")  # the referee's words
    shot(page, "flow-02-revoke-warning", full=False)
    page.click("#play-anyway")
    events = json.loads(page.input_value("#id_record"))["events"]
    assert events[-1] == {"action": "play", "seat": 1, "card": "TD"}
    page.fill("#id_why", "Joe revoked; we log it as it happened")
    page.click("#save-edit")
    expect(page.locator("#violations")).to_contain_text("Uncle Joe played 10♦")
    expect(page.locator("#ruling-summary")).to_contain_text("Uncle Joe pays 15¢")  # money one way
    # The rule id links to its paragraph of the rule book.
    page.locator("#violations a.rule", has_text="swik.revoke").click()
    expect(page.locator("h1")).to_have_text("Swik: the rules")
    assert page.url.endswith("#swik.revoke")
    expect(page.locator("#house-rules")).to_contain_text("Dealer's ante")


@pytest.mark.django_db(transaction=True)
def test_the_weekly_flow_next_hand_and_play_again_like_last_time(page, live_server, owner, family):
    session = factories.make_session(family, owner, house_rules={"ante": 5, "dealer_ante": 10})
    hand = services.hand_add(session=session, record=factories.example_record("01-plain-hand"), by=owner)
    login(page, live_server.url)
    page.goto(live_server.url + f"/families/{family.slug}/hands/{hand.pk}/")
    page.click("#log-next-hand")
    expect(page.locator("h1")).to_have_text("Hand 2")
    page.goto(live_server.url + f"/families/{family.slug}/sessions/{session.pk}/")
    expect(page.locator("#hand-count")).to_have_text("1 hand")
    page.click("#settle-tonight")
    expect(page.locator("#settle")).to_be_visible()

    page.goto(live_server.url + f"/families/{family.slug}/sessions/new/")
    # The form starts from last week: the same players in the same seats and the family's 5/10.
    assert page.locator("#seat_player_1 option:checked").inner_text() == "Dad"
    assert page.input_value("#hr-swik-ante") == "5" and page.input_value("#hr-swik-dealer_ante") == "10"
    shot(page, "flow-03-new-session", full=False)
    page.click("#play-again button[type=submit]")
    expect(page.locator("h1")).to_have_text("Hand 1")
    new = Session.objects.filter(family=family).order_by("-id").first()
    assert new.pk != session.pk and new.house_rules == {"ante": 5, "dealer_ante": 10}
    assert [s.player.name for s in new.seats.order_by("position")] == ["Dad", "Uncle Joe", "Mary", "Me"]
