"""Issue 32: a Czech reader of a family playing for korunas reads every amount in korunas, the scripts' too
(words.js, from the page's <html lang data-money>), on a 390 px phone."""

import pytest

from archive.people import services as people_services
from archive.table import services
from tests import factories
from tests.browser.support import BROWSER

pytestmark = BROWSER


@pytest.mark.django_db(transaction=True)
def test_a_koruna_family_read_in_czech_shows_korunas_on_the_page_and_in_the_scripts(page, live_server, owner, family):
    people_services.family_currency_set(family=family, currency="czk", by=owner)
    session = factories.make_session(family, owner)
    hand = services.hand_add(session=session, record=factories.generated_record(session, seed=3), by=owner)
    page.goto(live_server.url + "/login/")
    page.fill("#id_username", "owner")
    page.fill("#id_password", "pw")
    page.click("button[type=submit]")
    page.click("footer button[value=cs]")  # the picker at the foot of the page
    page.wait_for_selector("html[lang=cs]")
    assert page.locator("h1").inner_text() == "Vaše rodiny"
    page.goto(f"{live_server.url}/families/{family.slug}/hands/{hand.pk}/")
    assert page.evaluate("document.documentElement.dataset.money") == "czk"
    assert page.evaluate("TablekeeperWords.money(-150, true)") == "\u22121,50\xa0Kč"
    assert page.evaluate("TablekeeperWords.money(19)") == "0,19\xa0Kč"
    body = page.locator("main").inner_text()
    assert "Kč" in body and "$" not in body and "¢" not in body
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # the scripts' own words come from Django's JavaScript catalogue in the reader's language
    assert page.evaluate("gettext('waiting for its turn')") == "čeká, až na něj přijde řada"
    # a refusal of the referee in Czech, in a player's words by the scripts too (static/js/words.js)
    said = page.evaluate(
        """TablekeeperWords.errorText("událost 1 (deal): 9S je rozdána dvakrát – Dad (místo 0) i Mary (místo 2)",
           {players: ["Dad", "Joe", "Mary"], events: [{action: "cut"}, {action: "deal"}]})"""
    )
    assert said == "Rozdání: 9S je rozdána dvakrát – Dad i Mary"
