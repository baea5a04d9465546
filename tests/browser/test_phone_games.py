"""Every page of every game on a 390x844 phone, over the demo's evenings of each game: the session page
(a pot game's balances or a points game's score sheet), the hand-entry page, the session's statistics,
the hand page with its replay, its history and edit pages, the game's rules and the statistics filtered
to the game. Nothing wider than the screen, no table cut by its box, no NaN or undefined, and every
replay step of one hand a game draws, the last one the ruling."""

import random
import re
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from archive.common import catalogue
from archive.demo import poker as demo_poker
from archive.demo import seka as demo_seka
from archive.demo.rummy import rummy_evenings
from archive.demo.sedma import sedma_evenings
from archive.models import Family, Hand, Player, Session
from tests.browser.support import BROWSER, shot

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover
    expect = None
from tests.browser.test_phone_pages import TOO_WIDE, login

pytestmark = BROWSER
ZONE = "America/Chicago"
GAMES = ("sedma", "seka", "poker", "rummy")


def evenings():
    """The small demo's Swik nights, then a few evenings of each other game (as the full demo has)."""
    call_command("demo", hands=30, hands_per_night=30, seed=5, stdout=open("/dev/null", "w"))
    family = Family.objects.get(name="The Novák family")
    demo = get_user_model().objects.get(username="demo")
    people = list(Player.objects.filter(family=family).order_by("pk"))
    start = datetime(2025, 1, 3, 19, tzinfo=ZoneInfo(ZONE))
    rng = random.Random(5)
    sedma_evenings(family, people, demo, start=start, years=5 / 12, zone=ZONE)  # 4p, 4p, 4p, 2p, 3p
    rummy_evenings(family, people, demo, start=start + timedelta(days=2), years=3 / 12, zone=ZONE)
    demo_seka.seka_nights(rng, family, demo, people, nights=2, hands_per_night=6, zone=ZONE)
    demo_poker.poker_nights(rng, family, demo, people, nights=1, hands_per_night=6, zone=ZONE)
    return family


def pages_of(family, game):
    f = f"/families/{family.slug}/"
    sessions = Session.objects.filter(family=family, game=game, hands__isnull=False).distinct().order_by("-started_at")
    assert sessions.exists(), f"the demo has no {game} evening"
    urls = [f + f"rules/{game}/", f + f"stats/?game={game}"]
    for session in sessions[:3]:  # Sedma: the 3p, 2p and a 4p evening
        hand = Hand.objects.filter(session=session, deleted_at__isnull=True).order_by("number").last()
        urls += [
            f + f"sessions/{session.pk}/",
            f + f"sessions/{session.pk}/log/",
            f + f"stats/sessions/{session.pk}/",
            f + f"hands/{hand.pk}/",
            f + f"hands/{hand.pk}/history/",
            f + f"hands/{hand.pk}/edit/",
        ]
    return urls


@pytest.mark.django_db(transaction=True)
def test_every_page_of_every_game_fits_a_phone_and_its_replay_draws(page, live_server):
    family = evenings()
    login(page, live_server.url)
    wide, broken = [], []
    for game in GAMES:
        for i, u in enumerate(pages_of(family, game)):
            resp = page.goto(live_server.url + u)
            assert resp.status == 200, u
            page.wait_for_load_state("networkidle")
            got = page.evaluate(TOO_WIDE)
            if got["w"] > 390 or got["cut"]:
                wide.append((u, got))
            shot(page, f"phone-{game}-{i:02d}-" + re.sub(r"\W+", "-", u).strip("-"))
            text = page.inner_text("main")
            if "NaN" in text or "undefined" in text:
                broken.append((u, text[:300]))
    assert not wide, wide
    assert not broken, broken
    assert not page.js_errors, page.js_errors

    # The family's list of sessions says which game each night was, and a points game has no pot there.
    zone = ZoneInfo(family.timezone)
    for game in GAMES:
        session = Session.objects.filter(family=family, game=game).order_by("-started_at").first()
        day = session.started_at.astimezone(zone).date().isoformat()
        page.goto(live_server.url + f"/families/{family.slug}/?date={day}")
        row = page.locator("tr", has=page.locator(f'a[href="/families/{family.slug}/sessions/{session.pk}/"]'))
        entry = catalogue.game_entry(game)
        words = {v["value"]: v["words"] for v in entry["variant_words"]}  # the variant in words, not its code
        title = entry["title"]
        expect(row.locator(".session-game")).to_have_text(
            f"{title} ({words[session.variant]})" if session.variant else title
        )
        if catalogue.settles_of(game) == "points":
            expect(row.locator("td").last).to_have_text("—")

    for game in GAMES:
        hand = (
            Hand.objects.filter(session__family=family, session__game=game, deleted_at__isnull=True)
            .exclude(record__events=[])
            .order_by("-pk")
            .first()
        )
        page.goto(live_server.url + f"/families/{family.slug}/hands/{hand.pk}/")
        page.wait_for_load_state("networkidle")
        total = len(hand.record.get("events") or []) + 1
        for k in range(total):
            body = page.inner_text("#replay")
            assert "NaN" not in body and "undefined" not in body, (game, hand.pk, k, body)
            if k < total - 1:
                page.locator('#replay [data-go="next"]').click()
        assert page.inner_text("#replay-pos").startswith("the ruling"), (game, hand.pk)
        assert page.inner_text("#replay-text") == page.inner_text("#ruling-summary"), (game, hand.pk)
        got = page.evaluate(TOO_WIDE)
        assert got["w"] <= 390 and not got["cut"], (game, hand.pk, got)
