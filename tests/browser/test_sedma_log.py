"""A Sedma evening on a phone: a whole 4p deal logged card by card (the referee saying whose turn it is and which
cards may be played), one deal the paper way, and the score sheet."""

import random
from datetime import datetime

import pytest

import referee
from archive.table import services
from referee.games.sedma.generate import sedma_deal
from tests import factories
from tests.browser.support import BROWSER, login, shot

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover
    expect = None

pytestmark = BROWSER
NAMES = ["Babička", "Děda", "Jana", "Petr"]


@pytest.mark.django_db(transaction=True)
def test_log_a_4p_deal_card_by_card_and_one_on_paper(page, live_server, owner, family):
    people = [factories.player(family, n, owner) for n in NAMES]
    session = services.session_create(
        family=family,
        game="sedma",
        variant="4p",
        started_at=datetime(2024, 3, 1, 19, tzinfo=factories.CHICAGO),
        timezone="America/Chicago",
        players=people,
        first_dealer=3,
        by=owner,
    )
    url = live_server.url
    page.goto(url + "/login/")
    page.fill("#id_username", "owner")
    page.fill("#id_password", "pw")
    page.click("button[type=submit]")

    # A deal the table played (the generator's table, without mistakes): its cards, in the order played.
    record = sedma_deal(random.Random(5), "4p", NAMES, 3, {}, mistakes=0.0)
    plays = [e for e in record["events"] if e["action"] == "play"]
    assert len(plays) == 32
    log = url + f"/families/{family.slug}/sessions/{session.pk}/log/"
    page.goto(log)
    expect(page.locator("#partners")).to_contain_text("Babička and Jana against Děda and Petr")
    for ev in plays:
        expect(page.locator("#whose-turn")).to_contain_text(NAMES[ev["seat"]])
        page.locator(f'#picker button[data-card="{ev["card"]}"]').click()
    expect(page.locator("#deal-over")).to_contain_text("The deal is over")
    shot(page, "sedma-01-card-by-card", full=False)
    page.click("#save-hand")
    # What the referee itself makes of the same cards (the hands were not shown on the page).
    want = referee.replay(dict(record, events=[dict(record["events"][0], hands=[None] * 4)] + plays))["score"][
        "players"
    ]

    # The paper way: only the points each side took.
    page.goto(log)
    page.locator('.seg[data-name="sedma-mode"] button[data-value="paper"]').click()
    page.locator('.seg[data-name="paper-0"] button[data-value="60"]').click()
    expect(page.locator("#paper-rest")).to_have_text("30")
    page.click("#save-hand")

    # The score sheet: both deals, their points and the running totals.
    page.goto(url + f"/families/{family.slug}/sessions/{session.pk}/")
    expect(page.locator("#score-sheet")).to_contain_text("Babička and Jana against Děda and Petr")
    totals = [w + p for w, p in zip(want, [60, 30, 60, 30])]
    for name, total in zip(NAMES, totals):
        expect(page.locator(f'[data-total="{name}"]')).to_have_text(str(total))
    shot(page, "sedma-02-score-sheet")


def _paper_deal(session, points):
    dealer = services.session_next_hand_defaults(session=session)["dealer"]
    deal = {"action": "deal", "seat": dealer, "hands": [None] * 4, "stock": None}
    return {"events": [deal, {"action": "points", "points": points}]}


@pytest.mark.django_db(transaction=True)
def test_a_misdeal_is_not_one_of_the_twelve_on_the_phone(page, live_server, owner, family):
    """Three deals, then a misdeal (a hand of seven cards): the next deal is the game's fourth, still Babička and
    Jana against Děda and Petr, though it is the night's fifth hand (the partners change after four deals)."""
    session = factories.make_session(family, owner, NAMES, game="sedma", variant="4p", first_dealer=3)
    for k in range(3):
        services.hand_add(session=session, record=dict(_paper_deal(session, [60, 30]), deal=k + 1), by=owner)
    dealer = services.session_next_hand_defaults(session=session)["dealer"]
    seven = ["7S", "8S", "9S", "TS", "JS", "QS", "KS"]
    misdeal = {"events": [{"action": "deal", "seat": dealer, "hands": [seven, None, None, None], "stock": None}]}
    assert services.hand_add(session=session, record=misdeal, by=owner).status == "void"

    login(page, live_server.url)
    page.goto(live_server.url + f"/families/{family.slug}/sessions/{session.pk}/log/")
    expect(page.locator("h1")).to_have_text("Hand 5")
    expect(page.locator("#partners")).to_contain_text("Babička and Jana against Děda and Petr")
    page.locator('.seg[data-name="sedma-mode"] button[data-value="paper"]').click()
    page.locator('.seg[data-name="paper-0"] button[data-value="50"]').click()
    page.click("#save-hand")
    expect(page.locator("h1")).to_contain_text("Hand 5")

    fifth = session.hands.get(number=5)
    assert fifth.record["deal"] == 4
    assert fifth.ruling["score"]["sides"] == [[0, 2], [1, 3]]
    assert fifth.ruling["score"]["players"] == [50, 40, 50, 40]
    # Its edit page keeps it the fourth deal.
    page.goto(live_server.url + f"/families/{family.slug}/hands/{fifth.pk}/edit/")
    expect(page.locator("#partners")).to_contain_text("Babička and Jana against Děda and Petr")
