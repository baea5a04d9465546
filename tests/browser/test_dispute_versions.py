"""A family settles a dispute on a phone (390 x 844): a version of a Swik hand and of a Sedma deal, each pasted
in the record box of the card picker's page opened from the dispute, compared side by side, settled; then the hand and the night show
the chosen version's money. Screenshots go to /tmp/tk-shots/versions-*.png."""

import json
from pathlib import Path

import pytest

from archive.common.filters import cents_text
from archive.models import Hand, Seat
from archive.table import services
from tests import factories
from tests.browser.support import BROWSER, login, shot

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover
    expect = None

pytestmark = BROWSER

SEDMA = Path(__file__).parent.parent / "data" / "sedma"
NO_OVERFLOW = "document.documentElement.scrollWidth <= window.innerWidth"


def _settle(page, number):
    page.locator(f"#settle-{number}").click()
    expect(page.locator(".badge-resolved").first).to_be_visible()


@pytest.mark.django_db(transaction=True)
def test_a_swik_version_through_the_picker_page_compared_and_settled(page, live_server, owner, family, hands, editor):
    d = services.dispute_open(hand=hands[0], title="That was a misdeal!", text="Joe had four cards", by=editor)
    login(page, live_server.url)
    page.goto(live_server.url + f"/families/{family.slug}/disputes/{d.pk}/")
    page.locator("#propose-with-picker").click()
    expect(page.locator("h1")).to_contain_text("Propose a version of hand 1")
    page.locator("#advanced summary").click()
    page.fill("#id_raw", json.dumps(factories.example_record("05-misdeal")))
    page.fill("#id_why", "Mary says Joe had four cards")
    page.locator("#save-edit").click()
    expect(page.locator("#compare")).to_contain_text("Version 2")
    # On a phone the differences come first, then the versions stacked one under the other.
    diff_box, first_col = page.locator("#differences").bounding_box(), page.locator("#version-1").bounding_box()
    second_col = page.locator("#version-2").bounding_box()
    assert diff_box["y"] < first_col["y"] < second_col["y"] and abs(first_col["x"] - second_col["x"]) < 2
    expect(page.locator("#version-2")).to_contain_text("swik.misdeal")
    expect(page.locator("#money-table")).to_contain_text("−18¢")  # Mary's fall as logged
    expect(page.locator("#version-2 li.first")).to_contain_text("▶")
    assert page.evaluate(NO_OVERFLOW)
    shot(page, "versions-01-swik-compared")
    _settle(page, 2)
    assert page.evaluate(NO_OVERFLOW)

    hand = Hand.objects.get(pk=hands[0].pk)
    assert [v["rule"] for v in hand.ruling["violations"]] == ["swik.misdeal"]
    page.goto(live_server.url + f"/families/{family.slug}/hands/{hand.pk}/")
    for seat, name in enumerate(hand.record["players"]):
        expect(page.locator(f'td[data-net="{name}"]')).to_have_text(cents_text(hand.ruling["net"][seat], signed=True))
    assert page.evaluate(NO_OVERFLOW)
    page.goto(live_server.url + f"/families/{family.slug}/sessions/{hand.session_id}/")
    for seat in Seat.objects.filter(session=hand.session).select_related("player"):
        expect(page.locator(f'[data-balance="{seat.player.name}"]').first).to_have_text(
            cents_text(seat.net, signed=True)
        )
    assert page.evaluate(NO_OVERFLOW)
    shot(page, "versions-02-swik-session")


@pytest.mark.django_db(transaction=True)
def test_a_sedma_deal_version_pasted_compared_and_settled(page, live_server, owner, family, editor):
    first = json.loads((SEDMA / "01-deal.json").read_text())
    other = json.loads((SEDMA / "02-deal.json").read_text())
    session = factories.make_session(family, owner, first["players"], game="sedma", variant="4p", key="sedma")
    hand = services.hand_add(session=session, record=first, by=owner)
    services.hand_add(session=session, record=json.loads((SEDMA / "01-deal.json").read_text()), by=owner)
    d = services.dispute_open(hand=hand, title="Those were not the cards", text="", by=editor)
    login(page, live_server.url)
    page.goto(live_server.url + f"/families/{family.slug}/disputes/{d.pk}/")
    page.locator("#propose-with-picker").click()
    page.locator("#advanced summary").click()
    page.fill("#id_raw", json.dumps(other))  # pasted: the record box is what is saved
    page.fill("#id_why", "Jana says the deal went otherwise")
    page.locator("#save-edit").click()
    expect(page.locator("#version-2")).to_contain_text("Jana says the deal went otherwise")
    expect(page.locator("#version-2 li.first")).to_contain_text("▶")
    assert page.evaluate(NO_OVERFLOW)
    shot(page, "versions-03-sedma-compared")
    _settle(page, 2)
    hand = Hand.objects.get(pk=hand.pk)
    assert hand.record["events"] == other["events"] and hand.revision == 2
    page.goto(live_server.url + f"/families/{family.slug}/hands/{hand.pk}/")
    expect(page.locator("body")).to_contain_text("Those were not the cards")
    # Sedma settles in points: the hand shows the chosen deal's (Děda and Petr 80)
    expect(page.locator("#points")).to_contain_text("80")
    assert hand.ruling["score"]["points"] == [10, 80]
    assert page.evaluate(NO_OVERFLOW)
    page.goto(live_server.url + f"/families/{family.slug}/sessions/{session.pk}/")
    expect(page.locator("#scores")).to_be_visible()
    assert page.evaluate(NO_OVERFLOW)
