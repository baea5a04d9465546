"""Issue 34: settle-up says why a player pays the pot, in a sentence, with a link to the hand whose pot stayed on
the table; every statistics column says what it counts in words a phone shows (not only a hover title), and
every chart has its line."""

import pytest

from archive.stats.services import stats_recompute
from archive.table import services
from tests import factories
from tests.browser.support import BROWSER, expect, login

pytestmark = BROWSER


@pytest.mark.django_db(transaction=True)
def test_settle_up_says_why_the_pot_is_paid_and_links_the_hand(page, live_server, owner, family, session):
    hand = services.hand_add(session=session, record=factories.example_record("01-plain-hand"), by=owner)
    assert hand.pot_out > 0  # nobody won it all: some stays on the table
    stats_recompute(family=family)
    login(page, live_server.url)
    for path in (f"/stats/sessions/{session.pk}/", "/settle/"):
        page.goto(live_server.url + f"/families/{family.slug}{path}")
        transfers = page.locator("#transfers")
        expect(transfers).not_to_contain_text("pays the pot")
        expect(transfers).to_contain_text("in the pot kept for the next hand")
        expect(transfers).to_contain_text("nobody had won when play stopped")
        link = transfers.locator("a.pot-hand")
        expect(link).to_have_text("hand 1 of Fri Mar 1, 2024")
    link.click()
    assert page.url.endswith(f"/hands/{hand.pk}/")


COLUMNS = """() => [...document.querySelectorAll('table.data:not(.h2h) thead th')].filter(th => th.cellIndex > 0)
  .map(th => [th.textContent.trim(), th.title])"""
CHARTS = """() => [...document.querySelectorAll('canvas')].map(c => {
  const p = c.closest('section').querySelector('p.muted, p.small'); return [c.id, p ? p.textContent.trim() : ''];
})"""


@pytest.mark.django_db(transaction=True)
def test_every_statistics_column_and_chart_says_what_it_counts(page, live_server, owner, family, session):
    services.hand_add(session=session, record=factories.example_record("01-plain-hand"), by=owner)
    stats_recompute(family=family)
    login(page, live_server.url)
    for path in ("/stats/", f"/stats/sessions/{session.pk}/"):
        page.goto(live_server.url + f"/families/{family.slug}{path}")
        columns = page.evaluate(COLUMNS)
        assert columns and all(title for _, title in columns), [c for c, t in columns if not t]
        helps = page.locator(".col-help")
        shown = " ".join(helps.all_inner_texts())  # the words are on the page, for a finger as for a mouse
        for name, title in columns:
            assert f"{name}: {title}" in shown, (path, name)
        charts = page.evaluate(CHARTS)
        assert all(line for _, line in charts), charts
