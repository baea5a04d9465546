"""Every game's card picker on a phone: each card reads on one line, whole, in its button. Found on the demo's
poker night: "10" above its suit and "Jok" above "er"."""

import pytest

from tests import factories
from tests.browser.support import BROWSER, login, picker_labels

pytestmark = BROWSER

TABLES = {
    "poker": ("Dima", "Olya", "Kostya"),
    "rummy": ("Olga", "Dima"),
    "seka": ("Masha", "Dima", "Olya"),
    "sedma": ("Jana", "Petr", "Eva", "Tomas"),
    "swik": factories.TABLE,
}


@pytest.mark.django_db(transaction=True)
def test_every_card_of_every_games_picker_reads_on_one_line_on_a_phone(page, live_server, owner, family):
    login(page, live_server.url)
    for game, names in TABLES.items():
        session = factories.make_session(family, owner, names, game=game, variant="4p" if game == "sedma" else "")
        page.goto(live_server.url + f"/families/{family.slug}/sessions/{session.pk}/log/")
        if game == "swik":
            page.locator('#step-cut button[data-card="other"]').click()  # the cut first; then the deal's picker
        page.wait_for_selector(".picker-grid button")
        labels = picker_labels(page)
        broken = [text for text, lines, fits in labels if lines != 1 or not fits]
        assert not broken, (game, broken)
        if game == "poker":
            assert len(labels) == 53 and "Joker" in [text for text, _, _ in labels]  # one pack and its jokers
