"""Issue 35: background sync on its own. A hand kept on the phone asks the browser for a sync
(reg.sync.register("tk-send-hands")); when the browser fires the service worker's `sync` event, the worker wakes
the open page, which sends the kept hands, in order, once. Here the event is fired through Chromium's DevTools
protocol (ServiceWorker.dispatchSyncEvent), as the browser fires it when the network is back: no reload, no
`online` event, only the sync. Fired twice, it sends nothing twice."""

import uuid

import pytest

from archive.models import Hand
from tests import factories
from tests.browser.support import BROWSER, controlled, evaluate_within, expect, login

pytestmark = [*BROWSER, pytest.mark.service_worker]

QUEUE_JS = "JSON.parse(document.getElementById('log-config').textContent).queue.js"
# A hand put in the phone's outbox as keep() does, but without keep()'s own request for a sync: the sync asked
# for is looked at on its own below, and this hand is sent only when the test fires the worker's event.
PUT = """async (hand) => {
  const db = await new Promise((ok, no) => {
    const o = indexedDB.open("tablekeeper", 1);
    o.onupgradeneeded = () => o.result.createObjectStore("outbox", { keyPath: "key" });
    o.onsuccess = () => ok(o.result);
    o.onerror = () => no(o.error);
    o.onblocked = () => no(new Error("opening the phone's outbox was blocked by another connection"));
  });
  await new Promise((ok, no) => {
    const tx = db.transaction("outbox", "readwrite");
    tx.objectStore("outbox").put({ ...hand, seq: Date.now() * 1000, state: "queued" });
    tx.oncomplete = ok;
    tx.onerror = () => no(tx.error);
    tx.onabort = () => no(tx.error || new Error("putting the hand in the outbox was aborted"));
  });
  db.close();
}"""
KEPT = """async (js) => (await import(js)).list()"""
ASKED = """async ([js, hand]) => {
  const q = await import(js);
  await q.keep(hand);
  const reg = await navigator.serviceWorker.ready;
  return reg.sync ? await reg.sync.getTags() : null;
}"""


def kept_hand(session, user, number=1, example="01-plain-hand"):
    return {
        "key": uuid.uuid4().hex,
        "session": session.pk,
        "user": user.pk,
        "api": "/api/hands/",
        "hand_url_base": f"/families/{session.family.slug}/hands/",
        "night": str(session),
        "number": number,
        "record": factories.example_record(example),
        "offline": None,
    }


def registration_id(cdp, page):
    """The worker's registration, as the DevTools protocol names it."""
    seen = {}
    cdp.on(
        "ServiceWorker.workerRegistrationUpdated", lambda e: seen.update({r["scopeURL"]: r for r in e["registrations"]})
    )
    cdp.send("ServiceWorker.enable")
    scope = page.url.split("/families/")[0] + "/"
    for _ in range(50):
        if scope in seen:
            return seen[scope]["registrationId"]
        page.wait_for_timeout(100)
    raise AssertionError(f"no service worker registration for {scope} in {sorted(seen)}")


@pytest.mark.django_db(transaction=True)
def test_the_workers_sync_event_sends_the_kept_hands_once(page, live_server, owner, family, session):
    url = live_server.url
    login(page, url)
    assert controlled(page)
    log = f"{url}/families/{family.slug}/sessions/{session.pk}/log/"
    page.goto(log)
    queue_js = page.evaluate(QUEUE_JS)
    evaluate_within(page, PUT, kept_hand(session, owner), what="putting a hand in the outbox")
    assert Hand.objects.count() == 0  # the page sends at load and when the network comes back, not now

    cdp = page.context.new_cdp_session(page)
    reg = registration_id(cdp, page)
    sync = {"origin": url, "registrationId": reg, "tag": "tk-send-hands", "lastChance": False}
    cdp.send("ServiceWorker.dispatchSyncEvent", sync)
    expect(page.locator('#outbox li[data-state="sent"]')).to_contain_text("Sent: hand 1", timeout=30000)
    assert Hand.objects.filter(session=session).count() == 1

    cdp.send("ServiceWorker.dispatchSyncEvent", sync)  # again: nothing is queued, nothing more is sent
    cdp.send("ServiceWorker.dispatchSyncEvent", {**sync, "lastChance": True})
    page.goto(log)
    expect(page.locator('#outbox li[data-state="sent"]')).to_have_count(1)
    kept = evaluate_within(page, KEPT, queue_js, what="reading the outbox")
    assert [(k["state"], k["server"]["replayed"]) for k in kept] == [("sent", False)]
    assert Hand.objects.filter(session=session).count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_hand_kept_with_no_network_asks_the_browser_for_a_background_sync(page, live_server, owner, family, session):
    url = live_server.url
    login(page, url)
    assert controlled(page)
    page.goto(f"{url}/families/{family.slug}/sessions/{session.pk}/log/")
    queue_js = page.evaluate(QUEUE_JS)
    page.context.set_offline(True)
    tags = evaluate_within(page, ASKED, [queue_js, kept_hand(session, owner)], what="keeping a hand")
    assert tags == ["tk-send-hands"]  # Chromium has background sync: the sync waits for the network
    page.context.set_offline(False)
    expect(page.locator('#outbox li[data-state="sent"]')).to_contain_text("Sent: hand 1", timeout=30000)
    assert Hand.objects.filter(session=session).count() == 1
