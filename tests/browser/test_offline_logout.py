"""Issue 35: a phone passed round the table. Logging out drops the night's pages the service worker kept, so
with no network the night no longer opens on that phone; the hands one person kept on it are shown and sent
only to them, never on a signed-out page nor to the next person who logs in there."""

import uuid

import pytest

from archive.models import Hand
from tests import factories
from tests.browser.support import BROWSER, controlled, evaluate_within, expect, login

pytestmark = [*BROWSER, pytest.mark.service_worker]

KEEP = """async ([js, hand]) => (await import(js)).keep(hand)"""
KEPT = """async (js) => (await import(js)).list()"""
QUEUE_JS = "JSON.parse(document.getElementById('log-config').textContent).queue.js"


def log_out(page):
    page.locator('button[title^="Log out"]').click()
    expect(page.locator("h1")).to_have_text("Log in")


def kept_hand(session, user):
    """A hand as the log page keeps it with no network (static/js/loghand.js), logged by `user`."""
    return {
        "key": uuid.uuid4().hex,
        "session": session.pk,
        "user": user.pk,
        "api": "/api/hands/",
        "hand_url_base": f"/families/{session.family.slug}/hands/",
        "night": str(session),
        "number": 1,
        "record": factories.example_record("01-plain-hand"),
        "offline": None,
    }


@pytest.mark.django_db(transaction=True)
def test_after_log_out_the_nights_page_no_longer_opens_on_the_phone(page, live_server, owner, family, session):
    url = live_server.url
    night = f"{url}/families/{family.slug}/sessions/{session.pk}/"
    login(page, url)
    assert controlled(page)
    page.goto(night)
    page.context.set_offline(True)
    page.goto(night)  # kept on the phone: it opens with no network
    expect(page.locator("h1")).to_contain_text("March 1, 2024")
    page.context.set_offline(False)
    page.goto(night)

    log_out(page)
    page.context.set_offline(True)
    page.goto(night)
    expect(page.locator("h1")).to_have_text("No network")
    expect(page.locator("body")).to_contain_text("was not opened online before, so it is not on this phone")
    expect(page.locator("body")).not_to_contain_text("March 1, 2024")
    page.js_errors.clear()  # that page's 503, and the network's absence, were the point


@pytest.mark.django_db(transaction=True)
def test_a_hand_kept_on_the_phone_is_shown_and_sent_only_to_the_one_who_kept_it(
    page, live_server, owner, editor, family, session
):
    url = live_server.url
    login(page, url)
    assert controlled(page)
    page.goto(f"{url}/families/{family.slug}/sessions/{session.pk}/log/")
    queue_js = page.evaluate(QUEUE_JS)
    log_out(page)
    # A hand the owner kept with no network, still not sent when they logged out: the signed-out page and the
    # next person on this phone see nothing of it, and it is not sent with their session.
    evaluate_within(page, KEEP, [queue_js, kept_hand(session, owner)], what="keeping a hand on the phone")
    page.reload()
    expect(page.locator("h1")).to_have_text("Log in")
    expect(page.locator("#outbox")).to_have_count(0)
    login(page, url, who="editor")
    page.goto(f"{url}/families/{family.slug}/sessions/{session.pk}/")
    expect(page.locator("#outbox")).to_have_count(0)
    assert Hand.objects.count() == 0
    assert [k["state"] for k in evaluate_within(page, KEPT, queue_js, what="reading the outbox")] == ["queued"]

    log_out(page)
    login(page, url)  # the owner again: their hand is shown, sent, once
    sent = page.locator('#outbox li[data-state="sent"]')
    expect(sent).to_contain_text("Sent: hand 1", timeout=30000)
    assert Hand.objects.filter(session=session).count() == 1
