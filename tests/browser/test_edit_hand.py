"""A family corrects a logged hand with the same card picker, in Debian's Chromium driven by Playwright.

Skipped when /usr/bin/chromium or Playwright is missing. Screenshots go to /tmp/tk-shots/edit-*.png.
"""

import json
import random

import pytest

from archive.models import Hand, HandRevision
from archive.table import services
from tests import factories
from tests.browser.support import BROWSER, login, shot

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover
    expect = None

pytestmark = BROWSER


def declare(page, seat, choice):
    page.locator(f'#step-declare .seg[data-name="declare-{seat}"] button[data-value="{choice}"]').click()


@pytest.mark.django_db(transaction=True)
def test_edit_a_hand_with_the_card_picker(page, live_server, owner, family, hands):
    h1, h2 = hands
    login(page, live_server.url)
    page.goto(live_server.url + f"/families/{family.slug}/hands/{h1.pk}/")
    page.locator("a.btn", has_text="Edit").first.click()
    expect(page.locator("h1")).to_have_text("Edit hand 1")

    # The picker shows the hand as it was logged: the deal, the wrap, the declarations, the tricks.
    expect(page.locator('.slot-group[data-group="seat-0"]')).to_contain_text("A♥")
    expect(page.locator('.slot-group[data-group="seat-0"]')).to_contain_text("10♦")
    expect(page.locator('.slot-group[data-group="blind"]')).to_contain_text("Q♠")
    expect(page.locator('.slot-group[data-group="turned"]')).to_contain_text("9♣")
    expect(page.locator('#step-wrap .seg[data-name="wrap"] button.on')).to_have_attribute("data-value", "false")
    expect(page.locator('#step-declare .seg[data-name="declare-3"] button.on')).to_have_attribute("data-value", "out")
    expect(page.locator("#step-tricks")).to_contain_text("All three tricks are in.")
    expect(page.locator("#step-tricks")).to_contain_text("→ Uncle Joe")
    assert page.input_value("#id_source") == "picker"
    assert json.loads(page.input_value("#id_record"))["events"] == h1.record["events"]  # nothing lost on the way in
    shot(page, "edit-01-prefilled")

    # Me was in after all: the cards are played again, four to a trick, Dad leading.
    declare(page, 3, "in")
    for card in [
        "AH",
        "KH",
        "QH",
        "8D",  # Dad's Ace of hearts wins
        "8S",
        "AS",
        "9S",
        "TS",  # Joe's Ace of spades
        "7C",
        "JD",
        "KD",
        "TD",
    ]:  # Joe leads the Seven of clubs, trump
        page.locator(f'#play-choices button[data-play="{card}"]').click()
    expect(page.locator("#step-tricks")).to_contain_text("All three tricks are in.")
    expect(page.locator("#step-tricks")).to_contain_text("→ Dad")
    page.fill("#id_why", "Me was in: she says she never folded")
    shot(page, "edit-02-changed")
    page.click("#check-record")
    expect(page.locator("#check-result .summary-box")).to_contain_text("Me")
    page.click("#save-edit")

    # Pot 0 + antes 15, each trick 5: Dad one, Joe two; Mary and Me were in with none: each falls 15.
    expect(page.locator("#ruling-summary")).to_contain_text("Me")
    for name, net in [("Dad", "−1¢"), ("Uncle Joe", "+7¢"), ("Mary", "−18¢"), ("Me", "−18¢")]:
        expect(page.locator(f'[data-net="{name}"]')).to_have_text(net)
    shot(page, "edit-03-hand")
    h2.refresh_from_db()
    assert h2.pot_in == 30  # both falls carry into hand 2, which was re-ruled

    page.goto(live_server.url + f"/families/{family.slug}/hands/{h1.pk}/history/")
    expect(page.locator("main")).to_contain_text("Me was in: she says she never folded")
    expect(page.locator("main")).to_contain_text("Revision 2 · Edited")
    expect(page.locator("main")).to_contain_text("Mary and Me fell")
    expect(page.locator("main")).to_contain_text("owner")
    shot(page, "edit-04-history")
    rev = HandRevision.objects.filter(hand=h1).order_by("-number").first()
    assert rev.number == 2 and [e["choice"] for e in rev.record["events"] if e["action"] == "declare"] == ["in"] * 4

    # Hand 2 has a note on its first event (the uncut deal): the picker shows it, and keeps it where it was.
    page.goto(live_server.url + f"/families/{family.slug}/hands/{h2.pk}/edit/")
    expect(page.locator('#step-note input[data-note="0"]')).to_have_value("Joe says he never cut")
    expect(page.locator("#logger")).to_contain_text(
        "Deal 1 by Dad: dealt without a cut (void, the penalty paid), so the cards were cut and dealt again."
    )
    expect(page.locator("#step-note")).to_contain_text("event 0 (Dad’s deal)")
    assert json.loads(page.input_value("#id_record"))["events"] == h2.record["events"]
    # The picker is drawn again when the referee's answers come; look once they are all in.
    expect(page.locator("#logger")).not_to_have_attribute("aria-busy", "true")
    page.locator("#step-note").scroll_into_view_if_needed()
    shot(page, "edit-07-notes", full=False)


@pytest.mark.django_db(transaction=True)
def test_a_hand_the_picker_cannot_show_goes_to_the_record_box(page, live_server, owner, family, session):
    # The first trick was noted by its winner only, the others card by card: the picker has one way per hand.
    record = factories.example_record("01-plain-hand")
    plays = [i for i, e in enumerate(record["events"]) if e["action"] == "play"]
    record["events"][plays[0] : plays[0] + 3] = [{"action": "trick", "winner": 0}]
    record["events"][1]["note"] = "Mary shuffled"
    hand = services.hand_add(session=session, record=record, by=owner)
    login(page, live_server.url)
    page.goto(live_server.url + f"/families/{family.slug}/hands/{hand.pk}/edit/")
    expect(page.locator("#picker-fallback")).to_contain_text("some tricks card by card and some by winner")
    expect(page.locator("#advanced")).to_have_attribute("open", "")
    assert page.input_value("#id_source") == "raw"
    assert json.loads(page.input_value("#id_raw")) == hand.record  # every event, the note too
    shot(page, "edit-05-fallback")


@pytest.mark.django_db(transaction=True)
def test_declarations_out_of_turn_are_shown_as_the_table_said_them(page, live_server, owner, family, session):
    # Me declared before Mary: the picker keeps the order told (the referee rules on it), nothing is reordered.
    record = factories.example_record("01-plain-hand")
    first = next(i for i, e in enumerate(record["events"]) if e["action"] == "declare")
    record["events"][first + 1], record["events"][first + 2] = record["events"][first + 2], record["events"][first + 1]
    hand = services.hand_add(session=session, record=record, by=owner)
    login(page, live_server.url)
    page.goto(live_server.url + f"/families/{family.slug}/hands/{hand.pk}/edit/")
    expect(page.locator("#step-tricks")).to_contain_text("All three tricks are in.")
    assert page.input_value("#id_source") == "picker"
    assert json.loads(page.input_value("#id_record"))["events"] == hand.record["events"]
    rows = page.locator("#step-declare .line-item[data-seat]")
    assert [rows.nth(i).get_attribute("data-seat") for i in range(rows.count())] == [
        str(e["seat"]) for e in hand.record["events"] if e["action"] == "declare"
    ]


@pytest.mark.django_db(transaction=True)
def test_a_bad_record_typed_in_the_box_is_shown_back_and_nothing_saved(page, live_server, owner, family, hands):
    h1 = hands[0]
    login(page, live_server.url)
    page.goto(live_server.url + f"/families/{family.slug}/hands/{h1.pk}/edit/")
    page.locator("#advanced summary").click()
    bad = '{"format": "handrec/1", "events": [{"action": "cut", "seat": 9, "card": null}]}'
    page.fill("#id_raw", bad)
    expect(page.locator("#source-note")).to_be_visible()  # the box, not the picker, will be saved
    page.fill("#id_why", "trying the box")
    page.click("#save-edit")
    expect(page.locator("#record-errors")).to_contain_text("nothing was saved")
    expect(page.locator("#record-errors")).to_contain_text(
        "The cut: it names player 10, but this table has only 4 players"
    )  # the event named
    assert page.input_value("#id_raw") == bad and page.input_value("#id_why") == "trying the box"
    expect(page.locator('.slot-group[data-group="seat-0"]')).to_contain_text("A♥")  # the picker is still there
    shot(page, "edit-06-errors")
    assert Hand.objects.get(pk=h1.pk).revision == 1

    # Back to the picker: the box follows it again, and the hand saves.
    page.click("#use-picker")
    assert json.loads(page.input_value("#id_raw"))["events"] == h1.record["events"]
    page.locator('#step-tricks .seg[data-name="mode"] button[data-value="winners"]').click()
    for t, seat in enumerate([0, 1, 2]):
        page.locator(f'#step-tricks .seg[data-name="winner-{t}"] button[data-value="{seat}"]').click()
    page.click("#save-edit")
    # Each in won a trick (5 each from 15): nobody falls.
    for name, net in [("Dad", "−1¢"), ("Uncle Joe", "+2¢"), ("Mary", "+2¢"), ("Me", "−3¢")]:
        expect(page.locator(f'[data-net="{name}"]')).to_have_text(net)


EXAMPLES = [
    "01-plain-hand",
    "02-ace-cut",
    "03-seven-cut-ace-bottom",
    "04-forgotten-cut",
    "05-misdeal",
    "06-high-wrap-double-fall",
    "07-trips",
    "08-revoke",
    "09-misdeal-played-on",
]


@pytest.mark.django_db(transaction=True)
def test_no_event_is_ever_dropped_on_the_way_into_the_editor(page, live_server, owner, family, session):
    """Every worked example and a batch of generated hands (with mistakes, tricks by winner): the picker
    gives back exactly the stored record, or it steps aside for the record box holding all of it."""
    hands = [services.hand_add(session=session, record=factories.example_record(n), by=owner) for n in EXAMPLES]
    rng = random.Random(8)
    for _ in range(16):
        rec = factories.generated_record(session, seed=rng.randrange(10**9), mistakes=0.3, summary_only=0.3)
        hands.append(services.hand_add(session=session, record=rec, by=owner))
    login(page, live_server.url)
    shown = 0
    for hand in hands:
        page.goto(live_server.url + f"/families/{family.slug}/hands/{hand.pk}/edit/")
        page.locator("#step-note, #picker-fallback").first.wait_for()
        if page.locator("#picker-fallback").count():
            assert page.input_value("#id_source") == "raw"
            assert json.loads(page.input_value("#id_raw")) == hand.record, hand.number
        else:
            shown += 1
            assert page.input_value("#id_source") == "picker"
            assert json.loads(page.input_value("#id_record")) == hand.record, hand.number
    assert shown >= len(EXAMPLES)  # the picker is the usual way, not the exception


@pytest.mark.django_db(transaction=True)
def test_a_dispute_is_resolved_with_the_card_picker_prefilled(page, live_server, owner, family, hands):
    h1, h2 = hands
    dispute = services.dispute_open(hand=h1, title="Me says she never folded", text="She was in!", by=owner)
    login(page, live_server.url)
    page.goto(live_server.url + f"/families/{family.slug}/disputes/{dispute.pk}/")
    expect(page.locator("textarea.mono")).to_have_count(0)  # no JSON box to type a record into
    page.click("#correct-with-picker")

    # The picker opens with the hand as it was logged.
    expect(page.locator("h1")).to_contain_text("correct hand 1")
    expect(page.locator('.slot-group[data-group="seat-0"]')).to_contain_text("A♥")
    expect(page.locator('#step-declare .seg[data-name="declare-3"] button.on')).to_have_attribute("data-value", "out")
    assert json.loads(page.input_value("#id_record"))["events"] == h1.record["events"]

    # The table agrees Me was in: the tricks are played again, four to a trick.
    declare(page, 3, "in")
    for card in ["AH", "KH", "QH", "8D", "8S", "AS", "9S", "TS", "7C", "JD", "KD", "TD"]:
        page.locator(f'#play-choices button[data-play="{card}"]').click()
    expect(page.locator("#step-tricks")).to_contain_text("All three tricks are in.")
    page.fill("#id_why", "Me was in: the table agrees she never folded")
    page.click("#save-edit")

    # Back on the dispute: resolved, pointing at the hand's new revision, whose ruling has Me falling.
    expect(page.locator(".badge")).to_have_text("resolved")
    expect(page.locator("main")).to_contain_text("Me was in: the table agrees she never folded")
    expect(page.locator("main")).to_contain_text("revision 2")
    dispute.refresh_from_db()
    assert dispute.status == "resolved" and dispute.ruling_revision.number == 2
    assert [e["choice"] for e in dispute.ruling_revision.record["events"] if e["action"] == "declare"] == ["in"] * 4
    h2.refresh_from_db()
    assert h2.pot_in == 30  # Mary's and Me's falls carry into hand 2, which was re-ruled
    shot(page, "edit-08-dispute-resolved")
