"""Issue 34, fewer taps: a Swik hand in which nobody showed a hand takes one tap for all the hands and the blind
("Nobody showed their cards") instead of a "not seen" tick for each (five at a table of four)."""

import json

import pytest

from tests.browser.support import BROWSER, expect, login

pytestmark = BROWSER


@pytest.mark.django_db(transaction=True)
def test_nobody_showed_their_cards_in_one_tap(page, live_server, owner, family, session):
    login(page, live_server.url)
    page.goto(live_server.url + f"/families/{family.slug}/sessions/{session.pk}/log/")
    page.locator('#step-cut button[data-card="other"]').click()
    page.locator("#nobody-showed").click()  # one tap for four hands and the blind
    for key in ("seat-0", "seat-1", "seat-2", "seat-3", "blind"):
        expect(page.locator(f'input[data-known="{key}"]')).to_be_checked()
    expect(page.locator("#nobody-showed")).to_have_count(0)
    page.locator('#picker button[data-card="9C"]').click()  # the next tap is the turned card
    deal = next(e for e in json.loads(page.input_value("#id_record"))["events"] if e["action"] == "deal")
    assert deal["hands"] == [None, None, None, None] and deal["blind"] is None and deal["turned"] == "9C"
