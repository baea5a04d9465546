"""Issue 34: a refused record is explained in a player's words, in the picker's check and on the page after a
save: "The deal: A♥ is dealt to both Dad and Uncle Joe", never "event 1 (deal): AH … (seat 0)"."""

import json

import pytest

from archive.models import Hand
from tests import factories
from tests.browser.support import BROWSER, expect, login

pytestmark = BROWSER

DEVELOPER = ("event 1", "(seat 0)", "(seat 1)", " AH ", "(deal)")


def _dealt_twice():
    record = factories.example_record("01-plain-hand")
    deal = next(e for e in record["events"] if e["action"] == "deal")
    deal["hands"][1][0] = deal["hands"][0][0]  # Dad's A♥ dealt to Uncle Joe as well
    return record


@pytest.mark.django_db(transaction=True)
def test_a_refused_record_is_explained_in_a_players_words(page, live_server, owner, family, session):
    login(page, live_server.url)
    page.goto(live_server.url + f"/families/{family.slug}/sessions/{session.pk}/log/")
    page.locator("#advanced summary").click()
    page.fill("#id_raw", json.dumps(_dealt_twice()))
    page.click("#check-record")
    check = page.locator("#check-result")
    expect(check).to_contain_text("The deal: A♥ is dealt to both Dad and Uncle Joe")
    said = check.inner_text()
    assert not [w for w in DEVELOPER if w in said], said
    page.click("#save-hand")
    errors = page.locator("#record-errors")
    expect(errors).to_contain_text("The deal: A♥ is dealt to both Dad and Uncle Joe")
    said = errors.inner_text()
    assert not [w for w in DEVELOPER if w in said], said
    assert not Hand.objects.filter(session=session).exists()
