"""A 3-player Sedma deal on a phone: the page first asks who was dealt the soloist's card (the referee cannot rule a
deal without it), and the referee's refusals name their event once."""

import pytest

from tests import factories
from tests.browser.support import BROWSER, login

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover
    expect = None

pytestmark = BROWSER
NAMES = ["Babička", "Děda", "Jana"]


@pytest.mark.django_db(transaction=True)
def test_the_soloist_is_asked_for_before_the_referee(page, live_server, owner, family):
    session = factories.make_session(family, owner, NAMES, game="sedma", variant="3p")
    refused = []
    page.on("response", lambda r: r.status == 400 and "/api/referee/" in r.url and refused.append(r.url))
    login(page, live_server.url)
    page.goto(live_server.url + f"/families/{family.slug}/sessions/{session.pk}/log/")

    # A new deal: nobody has said where K♣ lay, so the page asks for it instead of showing a refusal.
    expect(page.locator("#soloist-first")).to_contain_text("First say who was dealt K♣")
    expect(page.locator(".referee-refuses")).to_have_count(0)
    assert not refused, refused

    # Děda was dealt it: the play begins.
    page.locator('.seg[data-name="soloist"] button[data-value="1"]').click()
    expect(page.locator("#whose-turn")).to_contain_text("Děda to play")
    expect(page.locator("#soloist-first")).to_have_count(0)

    # Děda's hand shown without K♣: the referee refuses, naming the event once.
    page.locator('button[data-show="1"]').click()
    for card in ["AS", "TS", "KS", "QS", "JS", "9S", "8S", "7S", "AH", "TH"]:
        page.locator(f'#picker button[data-card="{card}"]').click()
    box = page.locator(".referee-refuses")
    expect(box).to_contain_text("The deal: 'soloist' says K♣ was dealt to a hand that does not hold it")
    assert "event 0" not in box.inner_text()
