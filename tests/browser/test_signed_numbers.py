"""Issue 34: every signed number is written one way, with the true minus "−" that money uses: a rummy hand's
points (the referee's summary, the hand, the score sheet, the player's page, the statistics) and Sedma's crowns."""

import random
import re
from datetime import datetime

import pytest

from archive.stats.services import stats_recompute
from archive.table import services
from referee.games.sedma.generate import sedma_deal
from tests import factories
from tests.browser.support import BROWSER, login

pytestmark = BROWSER

HYPHEN_NUMBER = re.compile(r"(?:^|[\s(:>])-\d")  # "-14" with a hyphen; dates and ranges ("2024-06-01") aside


def _paper(points, out, dealer=1):
    return {
        "format": "handrec/1",
        "game": "rummy",
        "players": ["Olga", "Dima"],
        "dealer": 1,
        "pot_in": 0,
        "events": [
            {"action": "deal", "seat": 1, "hands": [None, None], "stock": None},
            {"action": "points", "points": points, "out": out},
        ],
    }


@pytest.mark.django_db(transaction=True)
def test_negative_points_and_crowns_are_written_with_the_minus_sign(page, live_server, owner, family):
    names = ("Olga", "Dima", "Sveta")
    rummy = factories.make_session(family, owner, names[:2], game="rummy", first_dealer=1)
    hand = services.hand_add(session=rummy, record=_paper([-14, 48], 1), by=owner)
    services.hand_add(session=rummy, record=_paper([-125, 30], 1, dealer=0), by=owner)
    sedma = factories.make_session(
        family, owner, names, game="sedma", variant="3p", started_at=datetime(2024, 2, 9, 19, tzinfo=factories.CHICAGO)
    )
    people = [factories.player(family, n, owner) for n in names]
    rng = random.Random(4)
    for number in range(1, 4):
        dealer = services.HandChain(sedma, by=owner).next_dealer
        record = sedma_deal(rng, "3p", [p.name for p in people], dealer, {}, number=number)
        services.hand_add(session=sedma, record=record, by=owner)
    stats_recompute(family=family)
    login(page, live_server.url)
    pages = [
        f"/families/{family.slug}/hands/{hand.pk}/",
        f"/families/{family.slug}/sessions/{rummy.pk}/",
        f"/families/{family.slug}/sessions/{sedma.pk}/",
        f"/families/{family.slug}/players/{people[0].pk}/",
        f"/families/{family.slug}/stats/",
        f"/families/{family.slug}/stats/?game=rummy",
        f"/families/{family.slug}/stats/?game=sedma",
        f"/families/{family.slug}/stats/sessions/{rummy.pk}/",
        f"/families/{family.slug}/stats/sessions/{sedma.pk}/",
    ]
    seen = []
    for path in pages:
        page.goto(live_server.url + path)
        text = page.inner_text("body")
        seen.append("−" in text)
        assert not HYPHEN_NUMBER.findall(text), (
            path,
            [text[max(0, m.start() - 40) : m.end() + 10] for m in HYPHEN_NUMBER.finditer(text)],
        )
    assert seen[0] and seen[1]  # the minus is there, where Olga lost points
    page.goto(live_server.url + f"/families/{family.slug}/hands/{hand.pk}/")
    assert "Olga −14, Dima 48" in page.inner_text("body")
