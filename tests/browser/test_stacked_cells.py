"""On a phone, tables stack (static/js/tables.js): each cell is its column's name, then what it holds. A cell that
holds several things (a player's antes, fees and winnings in a hand) reads as one run of text, not pieces spread
over the row with the separators stranded between them."""

import pytest

from archive.models import LedgerEntry
from tests import factories
from tests.browser.support import BROWSER, login

pytestmark = BROWSER

# For the cell of the seat that paid or won most often: each separator's distance from what it follows, where
# the two share a line.
GAPS = """(seat) => {
  const td = document.querySelector(`#money tr[data-seat="${seat}"] td:nth-child(2)`);
  const gaps = [], walk = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (!n.textContent.includes(';') || !n.previousSibling) continue;
    const r = document.createRange(); r.selectNodeContents(n);
    const sep = r.getClientRects()[0], before = n.previousSibling.getBoundingClientRect();
    if (sep && Math.abs(sep.top - before.top) < 4) gaps.push(Math.round(sep.left - before.right));
  }
  return gaps;
}"""


@pytest.mark.django_db(transaction=True)
def test_a_cell_of_several_entries_reads_as_one_run_on_a_phone(page, live_server, owner, family):
    session = factories.make_session(family, owner)
    hands = factories.log_hands(session, owner, 8, seed=4)
    busiest = max(
        ((h, s) for h in hands for s in range(4)),
        key=lambda hs: LedgerEntry.objects.filter(hand=hs[0], seat=hs[1]).count(),
    )
    hand, seat = busiest
    assert LedgerEntry.objects.filter(hand=hand, seat=seat).count() >= 3
    login(page, live_server.url)
    page.goto(live_server.url + f"/families/{family.slug}/hands/{hand.pk}/")
    gaps = page.evaluate(GAPS, seat)
    assert gaps and max(gaps) <= 2, gaps
