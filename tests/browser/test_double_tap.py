"""Issue 28: a double tap on Save on a slow phone logs one hand, in Debian's Chromium driven by Playwright.

The log form carries a key made when the page rendered; both taps send it, and the second gets the first
hand back. The taps here reach the server at once (two submits of the one form, as a phone that sent the
first and then the second before the answer came), then a real double click on Save."""

import json

import pytest
from django.db import connection

from archive.models import Hand
from tests import factories
from tests.browser.support import BROWSER, expect, login

pytestmark = BROWSER


@pytest.mark.django_db(transaction=True)
def test_a_double_tap_on_save_logs_one_hand(page, live_server, owner, family, session):
    login(page, live_server.url)
    page.goto(f"{live_server.url}/families/{family.slug}/sessions/{session.pk}/log/")
    page.locator("#advanced summary").click()
    page.fill("#id_raw", json.dumps(factories.example_record("01-plain-hand")))
    # The live server shares one connection between its threads on SQLite's in-memory test database, so there
    # the second tap goes when the first is answered (a phone that has not moved on yet); on PostgreSQL at once.
    statuses = page.evaluate(
        """async (atOnce) => {
            const form = document.getElementById("log-form");
            const send = () => fetch(location.href, {method: "POST", body: new FormData(form), redirect: "manual"})
                .then(a => a.type === "opaqueredirect" ? 302 : a.status);
            return atOnce ? Promise.all([send(), send()]) : [await send(), await send()];
        }""",
        connection.vendor == "postgresql",
    )
    assert statuses == [302, 302], statuses
    assert Hand.objects.filter(session=session).count() == 1
    page.locator("#save-hand").dblclick()  # and the same key a third and fourth time, by Save itself
    expect(page.locator("h1")).to_contain_text("Hand 1")
    assert Hand.objects.filter(session=session).count() == 1
