"""A deal of a game scored in points (Sedma, rummy), on a phone: its page says each player's points, not a table of
money in which everyone paid and won nothing."""

from datetime import datetime

import pytest

from archive.demo.rummy import rummy_evenings
from archive.demo.sedma import sedma_evenings
from archive.models import Hand
from tests import factories
from tests.browser.support import BROWSER, login

pytestmark = BROWSER


@pytest.mark.django_db(transaction=True)
def test_a_points_games_deal_shows_the_points_not_money(page, live_server, owner, family):
    people = [factories.player(family, n, owner) for n in ("Babička", "Děda", "Jana", "Petr", "Teta")]
    start = datetime(2023, 1, 6, 19, tzinfo=factories.CHICAGO)
    sedma_evenings(family, people, owner, start=start, years=1 / 12)
    rummy_evenings(family, people, owner, start=start, years=1 / 12)
    login(page, live_server.url)
    for game in ("sedma", "rummy"):
        hand = Hand.objects.filter(session__game=game, status="complete").order_by("pk").first()
        names = hand.record["players"]
        points = hand.ruling["score"]["players"]
        page.goto(live_server.url + f"/families/{family.slug}/hands/{hand.pk}/")
        assert page.locator("#money").count() == 0, game  # no money moved: no table of it
        rows = page.locator("#points tbody tr")
        assert rows.count() == len(names), game
        for seat, (name, got) in enumerate(zip(names, points, strict=True)):
            assert rows.nth(seat).inner_text().split()[-1] == str(got), (game, name)
            assert name in rows.nth(seat).inner_text()
