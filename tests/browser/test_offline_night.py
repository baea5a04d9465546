"""Issue 35: a night logged with no network. Online, the family opens its nights (the service worker keeps the
pages and the referee's files); offline, a Swik hand and a Sedma deal are logged through the picker (the referee
in the phone answering), kept on the phone as "not yet sent", still there after a reload with no network; back
online, both reach the archive once, ruled by the server as the phone ruled them; a second send adds nothing."""

import json
import random
from datetime import datetime

import pytest
from django.core.cache import cache

from archive.models import Hand
from archive.people import services as people_services
from archive.table import selectors, services
from referee.generate import swik_hand
from tests import factories
from tests.browser.support import BROWSER, controlled, evaluate_within, expect, login, tap_cards

# These tests need the site's service worker, blocked in every other browser test (tests/browser/conftest.py).
pytestmark = [*BROWSER, pytest.mark.service_worker]

KEPT = """async (js) => (await import(js)).list()"""
RESEND = """async (js) => {
  const q = await import(js);
  const items = await q.list();
  const db = await new Promise((ok, no) => {
    const o = indexedDB.open("tablekeeper", 1);
    o.onsuccess = () => ok(o.result);
    o.onerror = () => no(o.error);
    o.onblocked = () => no(new Error("opening the phone's outbox was blocked by another connection"));
  });
  await new Promise((ok, no) => {
    const tx = db.transaction("outbox", "readwrite");
    for (const i of items) tx.objectStore("outbox").put({ ...i, state: "queued" });
    tx.oncomplete = ok;
    tx.onerror = () => no(tx.error);
    tx.onabort = () => no(tx.error || new Error("putting the hands back in the outbox was aborted"));
  });
  db.close();
  await q.sendAll();
  return (await q.list()).map(i => [i.state, i.server.replayed]);
}"""


def open_offline(page, live_server, family, session):
    """Sign in, open the night's hand entry online (the service worker keeps it), then go offline and open it
    again: the page a phone with no network shows. Answers the page's address."""
    log = f"{live_server.url}/families/{family.slug}/sessions/{session.pk}/log/"
    login(page, live_server.url)
    assert controlled(page)
    page.goto(log)
    page.context.set_offline(True)
    page.goto(log)
    return log


def log_swik_hand(page):
    """The worked hand of tests/browser/test_log_hand.py, through the picker."""
    page.locator('#cut-choices select[data-name="cutter"]').wait_for(timeout=60000)  # the first answer loads Python
    page.locator('#step-cut button[data-card="other"]').click()
    for cards in (["KH", "AS", "7C"], ["QH", "9S", "JD"], ["8D", "TS", "KD"], ["AH", "8S", "TD"], ["7H", "9H", "QS"]):
        tap_cards(page, cards)
    tap_cards(page, ["9C"])
    page.locator('#step-wrap .seg[data-name="wrap"] button[data-value="false"]').click()
    for seat, choice in [(1, "in"), (2, "in"), (3, "out"), (0, "in")]:
        page.locator(f'#step-declare .seg[data-name="declare-{seat}"] button[data-value="{choice}"]').click()
    for card in ["AH", "KH", "QH", "8S", "AS", "9S", "7C", "JD", "TD"]:
        page.locator(f'#play-choices button[data-play="{card}"]').click()
    expect(page.locator("#step-tricks")).to_contain_text("All three tricks are in.")


@pytest.mark.django_db(transaction=True)
def test_a_night_logged_offline_reaches_the_archive_once_ruled_as_the_phone_ruled(page, live_server, owner, family):
    swik = factories.make_session(family, owner)
    sedma = services.session_create(
        family=family,
        game="sedma",
        variant="4p",
        started_at=datetime(2024, 3, 2, 19, tzinfo=factories.CHICAGO),
        timezone="America/Chicago",
        players=[factories.player(family, n, owner) for n in ["Babička", "Děda", "Jana", "Petr"]],
        first_dealer=3,
        by=owner,
    )
    url = live_server.url
    logs = [f"{url}/families/{family.slug}/sessions/{s.pk}/log/" for s in (swik, sedma)]
    login(page, url)
    assert controlled(page)  # installed: the shell, Pyodide and the referee are cached
    for log in logs:  # the family opens its nights at home
        page.goto(log)
    queue_js = page.evaluate("JSON.parse(document.getElementById('log-config').textContent).queue.js")

    page.context.set_offline(True)
    page.goto(logs[0])
    log_swik_hand(page)
    expect(page.locator("#offline-referee")).to_contain_text("the referee in this phone is answering")
    page.click("#save-hand")
    expect(page.locator("#kept-here")).to_contain_text("Not yet sent: hand 1 is kept on this phone")

    page.goto(logs[1])
    page.locator('.seg[data-name="sedma-mode"] button[data-value="paper"]').click(timeout=60000)
    page.locator('.seg[data-name="paper-0"] button[data-value="60"]').click()
    expect(page.locator("#paper-rest")).to_have_text("30")
    page.click("#save-hand")
    expect(page.locator("#kept-here")).to_contain_text("Not yet sent", timeout=60000)

    page.reload()  # still offline: the page and the kept hands are there
    expect(page.locator('#outbox li[data-state="queued"]')).to_have_count(2)
    assert Hand.objects.count() == 0
    kept = evaluate_within(page, KEPT, queue_js, what="reading the hands kept on the phone")
    shown = {k["session"]: k["offline"] for k in kept}

    page.context.set_offline(False)  # the network is back: both go, in order, each once
    expect(page.locator('#outbox li[data-state="sent"]')).to_have_count(2, timeout=30000)
    expect(page.locator("#outbox .same-ruling")).to_have_count(2)
    for s in (swik, sedma):
        hands = list(Hand.objects.filter(session=s))
        assert len(hands) == 1
        assert hands[0].ruling == shown[s.pk]  # the server's ruling is the one the phone showed

    resent = evaluate_within(page, RESEND, queue_js, what="sending the kept hands a second time")
    assert resent == [["sent", True], ["sent", True]]  # a double send: the first hand
    assert Hand.objects.count() == 2


@pytest.mark.django_db(transaction=True)
def test_a_hand_whose_number_was_taken_meanwhile_is_shown_as_a_dispute_never_merged(page, live_server, owner, family):
    session = factories.make_session(family, owner)
    log = f"{live_server.url}/families/{family.slug}/sessions/{session.pk}/log/"
    login(page, live_server.url)
    assert controlled(page)
    night = f"{live_server.url}/families/{family.slug}/sessions/{session.pk}/"
    page.goto(night)
    page.goto(log)

    page.context.set_offline(True)
    page.goto(night)  # the night's page (its money) opens with no network, as it was last seen
    expect(page.locator("h1")).to_contain_text("March 1, 2024")
    page.goto(log)
    page.locator("#advanced summary").click()
    page.fill("#id_raw", json.dumps(factories.example_record("04-forgotten-cut")))
    page.click("#save-hand")
    expect(page.locator("#kept-here")).to_contain_text("Not yet sent: hand 1", timeout=60000)
    # Meanwhile another phone, online, logs hand 1 of the same night.
    other = services.hand_add(session=session, record=factories.example_record("01-plain-hand"), by=owner)

    page.context.set_offline(False)
    conflict = page.locator('#outbox li[data-state="refused"] .conflict')
    expect(conflict).to_contain_text("Not taken: hand 1", timeout=30000)
    expect(conflict).to_contain_text("nothing was merged")
    expect(conflict).to_contain_text("the night is at hand 2 now")
    assert list(Hand.objects.filter(session=session)) == [other]
    dispute = other.disputes.get()
    assert conflict.locator("a.dispute-link").get_attribute("href") == (
        f"/families/{family.slug}/disputes/{dispute.pk}/"
    )


@pytest.mark.django_db(transaction=True)
def test_where_python_cannot_run_the_page_says_so_and_keeps_the_hand_in_paper_mode(page, live_server, owner, family):
    session = factories.make_session(family, owner)
    log = f"{live_server.url}/families/{family.slug}/sessions/{session.pk}/log/"
    page.add_init_script("delete window.WebAssembly")  # an old phone
    login(page, live_server.url)
    assert controlled(page)
    page.goto(log)

    page.context.set_offline(True)
    page.goto(log)
    expect(page.locator("#paper-mode")).to_contain_text("Paper mode: The referee cannot run in this browser")
    expect(page.locator("#advanced")).to_have_attribute("open", "")
    page.fill("#id_raw", json.dumps(factories.example_record("01-plain-hand")))
    page.click("#save-hand")
    expect(page.locator("#kept-here")).to_contain_text("paper mode: the server rules it when sent")
    # The same page again (from the phone's cache): the next hand needs the server's ruling of this one.
    page.goto(log)
    page.fill("#id_raw", json.dumps(factories.example_record("04-forgotten-cut")))
    page.click("#save-hand")
    expect(page.locator("#check-result")).to_contain_text("hand 1 of this night is already kept on this phone")
    expect(page.locator("#check-result")).to_contain_text("keep this one on paper")

    page.context.set_offline(False)
    sent = page.locator('#outbox li[data-state="sent"]')
    expect(sent).to_contain_text("ruled by the server: it was logged in paper mode", timeout=30000)
    hand = Hand.objects.get(session=session)
    expect(sent).to_contain_text(page.evaluate("(s) => TablekeeperWords.text(s)", hand.ruling["summary"]))


SET_UP = "() => document.getElementById('id_record').value"
FACTS = "() => [...document.querySelectorAll('ul.facts > li > b')].map(b => b.textContent)"


def second_swik_hand(dealer, pot_in):
    """A realistic Swik hand at the place the first left (the record box: no dealer, no pot: the chain's)."""
    record = swik_hand(random.Random(3), players=list(factories.TABLE), dealer=dealer, pot_in=pot_in, mistakes=0)
    for k in ("dealer", "pot_in", "players", "house_rules"):
        record.pop(k, None)
    return record


@pytest.mark.django_db(transaction=True)
def test_two_swik_hands_in_a_row_offline_the_second_set_up_from_the_first(page, live_server, owner, family):
    session = factories.make_session(family, owner)
    log = f"{live_server.url}/families/{family.slug}/sessions/{session.pk}/log/"
    login(page, live_server.url)
    assert controlled(page)
    page.goto(log)  # the family opens its night at home
    queue_js = page.evaluate("JSON.parse(document.getElementById('log-config').textContent).queue.js")

    page.context.set_offline(True)
    page.goto(log)
    log_swik_hand(page)
    page.click("#save-hand")
    expect(page.locator("#kept-here")).to_contain_text("Not yet sent: hand 1 is kept on this phone")
    first = evaluate_within(page, KEPT, queue_js, what="reading the first kept hand")[0]["offline"]
    assert first["pot_out"] == 15 and first["facts"]["next_dealer"] == 1  # (Mary fell: the pot carries)

    # The page is set up for hand 2 from the referee's ruling of hand 1, with no network.
    expect(page.locator(".head-row h1")).to_have_text("Hand 2")
    expect(page.locator("#chain-set-up")).to_contain_text("hand 2 follows hand 1, kept here: Uncle Joe deals")
    assert page.evaluate(FACTS)[:2] == ["Uncle Joe", "15¢"]
    page.locator('#cut-choices select[data-name="cutter"]').wait_for()
    built = json.loads(page.evaluate(SET_UP))
    assert (built["dealer"], built["pot_in"]) == (1, 15)  # the picker builds hand 2 where hand 1 left

    page.locator("#advanced summary").click()
    page.fill("#id_raw", json.dumps(second_swik_hand(1, 15)))
    page.click("#save-hand")
    expect(page.locator("#kept-here")).to_contain_text("Not yet sent: hand 2 is kept on this phone", timeout=30000)
    expect(page.locator(".head-row h1")).to_have_text("Hand 3")

    page.goto(log)  # the page from the phone's cache, still offline: set up from the last hand kept
    expect(page.locator('#outbox li[data-state="queued"]')).to_have_count(2)
    expect(page.locator(".head-row h1")).to_have_text("Hand 3")
    kept = evaluate_within(page, KEPT, queue_js, what="reading the hands kept on the phone")
    assert [k["number"] for k in kept] == [1, 2] and kept[1]["after"] == kept[0]["key"]
    assert Hand.objects.count() == 0

    page.context.set_offline(False)  # back online: both go, in order, each once, ruled as the phone ruled them
    expect(page.locator('#outbox li[data-state="sent"]')).to_have_count(2, timeout=30000)
    expect(page.locator("#outbox .same-ruling")).to_have_count(2)
    hands = list(Hand.objects.filter(session=session).order_by("number"))
    assert [h.number for h in hands] == [1, 2]
    assert [h.ruling for h in hands] == [k["offline"] for k in kept]
    assert hands[1].pot_in == hands[0].pot_out == 15 and hands[1].dealer == 1  # the pot carried right
    after = selectors.next_hand_defaults(session)
    assert (after["number"], after["dealer"], after["pot_in"]) == (3, kept[1]["next"]["dealer"], hands[1].pot_out)
    assert after == kept[1]["next"]  # the server sets up hand 3 as the phone did


@pytest.mark.django_db(transaction=True)
def test_a_hand_set_up_from_one_the_server_refused_is_held_back_not_sent(page, live_server, owner, family):
    session = factories.make_session(family, owner)
    open_offline(page, live_server, family, session)
    page.locator("#advanced summary").click()
    page.fill("#id_raw", json.dumps(factories.example_record("01-plain-hand")))
    page.click("#save-hand")
    expect(page.locator("#kept-here")).to_contain_text("Not yet sent: hand 1", timeout=60000)
    expect(page.locator(".head-row h1")).to_have_text("Hand 2")
    page.fill("#id_raw", json.dumps(second_swik_hand(1, 15)))
    page.click("#save-hand")
    expect(page.locator("#kept-here")).to_contain_text("Not yet sent: hand 2", timeout=30000)
    # Meanwhile another phone, online, logs hand 1 of the same night.
    other = services.hand_add(session=session, record=factories.example_record("04-forgotten-cut"), by=owner)

    page.context.set_offline(False)
    expect(page.locator('#outbox li[data-state="refused"] .conflict')).to_contain_text(
        "Not taken: hand 1", timeout=30000
    )
    held = page.locator('#outbox li[data-state="held"] .held')
    expect(held).to_contain_text("Held back: hand 2")
    expect(held).to_contain_text("set up on this phone from hand 1, which the server did not take")
    expect(page.locator("#outbox .held-count")).to_contain_text("1 hand held back, not sent")
    assert list(Hand.objects.filter(session=session)) == [other]  # nothing sent out of order, nothing merged


def trade_to_a_svara(page):
    """Seka's first hand of tests/browser/test_seka_log.py: Masha and Tolya tie at 20, a svara."""
    page.locator('#step-deal #picker button[data-card="KC"]').wait_for(timeout=60000)  # Python loads first
    tap_cards(page, ["KC", "QC", "7H"])
    tap_cards(page, ["AD", "9D", "6S"])
    tap_cards(page, ["QH", "JH", "8S"])
    choices = page.locator("#trade-choices")
    expect(choices).to_contain_text("Masha’s turn", timeout=30000)
    choices.locator('.seg[data-name="blind"] button[data-value="true"]').click()
    choices.locator('[data-act="raise"]').click()
    expect(choices).to_contain_text("Tolya’s turn")
    page.fill("#bet-amount", "3")
    choices.locator('[data-act="raise"]').click()
    expect(choices).to_contain_text("Dasha’s turn")
    choices.locator('[data-act="fold"]').click()
    choices.locator('[data-act="call"]').click()
    page.locator('[data-options="0"] [data-act="show"]').click()
    page.locator('[data-options="1"] [data-act="show"]').click()
    expect(page.locator("#hand-over")).to_contain_text("Svara")


@pytest.mark.django_db(transaction=True)
def test_a_seka_svara_is_carried_to_the_next_hand_on_the_phone_offline(page, live_server, owner, family):
    session = factories.make_session(family, owner, ("Masha", "Tolya", "Dasha"), game="seka", first_dealer=2)
    open_offline(page, live_server, family, session)
    trade_to_a_svara(page)
    page.click("#save-hand")
    expect(page.locator("#kept-here")).to_contain_text("Not yet sent: hand 1 is kept on this phone")
    # Hand 2 is the svara, set up on the phone: Masha and Tolya play for the pot, Dasha may buy in.
    expect(page.locator("#step-svara")).to_contain_text("Svara: Masha and Tolya play for the pot of 10¢")
    expect(page.locator("#chain-set-up")).to_contain_text("hand 2 follows hand 1, kept here: Masha deals")
    page.locator('#buy-ins [data-buyin="2"]').click()
    expect(page.locator('#buy-ins [data-buyin="2"]')).to_contain_text("✓ Dasha buys in (5¢)")
    tap_cards(page, ["AS", "AH", "6C"])
    tap_cards(page, ["TD", "JD", "9C"])
    tap_cards(page, ["8H", "7S", "KS"])
    choices = page.locator("#trade-choices")
    expect(choices).to_contain_text("Tolya’s turn")
    choices.locator('[data-act="raise"]').click()
    choices.locator('[data-act="fold"]').click()
    choices.locator('[data-act="fold"]').click()
    expect(page.locator("#hand-over")).to_contain_text("Tolya takes the pot of 16")
    page.click("#save-hand")
    expect(page.locator("#kept-here")).to_contain_text("Not yet sent: hand 2 is kept on this phone")

    page.context.set_offline(False)
    expect(page.locator('#outbox li[data-state="sent"]')).to_have_count(2, timeout=30000)
    expect(page.locator("#outbox .same-ruling")).to_have_count(2)
    first, second = Hand.objects.filter(session=session).order_by("number")
    assert second.record["svara"] == [0, 1] and second.pot_in == first.pot_out
    assert second.ruling["net"][1:] == [15, -5]  # Tolya +15¢, Dasha −5¢: as the same night logged online


@pytest.mark.django_db(transaction=True)
def test_two_sedma_deals_offline_the_second_is_deal_two_of_the_game(page, live_server, owner, family):
    sedma = factories.make_session(
        family, owner, ("Babička", "Děda", "Jana", "Petr"), game="sedma", variant="4p", first_dealer=3
    )
    open_offline(page, live_server, family, sedma)
    for number, points in ((1, "60"), (2, "30")):
        page.locator('.seg[data-name="sedma-mode"] button[data-value="paper"]').click(timeout=60000)
        page.locator(f'.seg[data-name="paper-0"] button[data-value="{points}"]').click()
        page.click("#save-hand")
        expect(page.locator("#kept-here")).to_contain_text(f"Not yet sent: hand {number} is kept", timeout=60000)
    expect(page.locator(".head-row h1")).to_have_text("Hand 3")
    built = json.loads(page.evaluate(SET_UP))
    assert (built["dealer"], built["deal"]) == (1, 3)  # the deal moves on; the third deal of the game

    page.context.set_offline(False)
    expect(page.locator('#outbox li[data-state="sent"]')).to_have_count(2, timeout=30000)
    expect(page.locator("#outbox .same-ruling")).to_have_count(2)
    hands = list(Hand.objects.filter(session=sedma).order_by("number"))
    assert [(h.dealer, h.record.get("deal")) for h in hands] == [(3, 1), (0, 2)]


@pytest.mark.django_db(transaction=True)
def test_in_czech_the_phone_rules_as_the_server_and_says_the_next_hand_in_czech(page, live_server, owner, family):
    session = factories.make_session(family, owner)
    log = f"{live_server.url}/families/{family.slug}/sessions/{session.pk}/log/"
    login(page, live_server.url)
    people_services.account_language_set(user=owner, language="cs")
    cache.clear()
    assert controlled(page)
    page.goto(log)  # opened at home, in Czech: the page and its scripts' words are kept
    assert page.evaluate("document.documentElement.lang") == "cs"

    page.context.set_offline(True)
    page.goto(log)
    page.locator("#advanced summary").click()
    page.fill("#id_raw", json.dumps(factories.example_record("04-forgotten-cut")))  # a violation, in words
    page.click("#save-hand")
    expect(page.locator("#kept-here")).to_be_visible(timeout=60000)
    expect(page.locator("#chain-set-up")).to_contain_text("rozdání 2 navazuje na rozdání 1, uložené zde")
    phone = evaluate_within(page, KEPT, "/static/js/offline/queue.js", what="reading the kept hand")[0]["offline"]

    page.context.set_offline(False)
    expect(page.locator('#outbox li[data-state="sent"]')).to_have_count(1, timeout=30000)
    expect(page.locator("#outbox .same-ruling")).to_have_count(1)  # the words differ, the ruling does not
    hand = Hand.objects.get(session=session)
    assert hand.ruling["summary"] != phone["summary"] and hand.ruling["violations"]
    assert (hand.ruling["pot_out"], hand.ruling["net"]) == (phone["pot_out"], phone["net"])
