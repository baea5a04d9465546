"""Issue 34: words that fit anyone. The site's sentences, the catalogue's house rules and the pickers' help say
"Mary's turn", "the player on the dealer's right", never "his turn" or "the player to his right"."""

import re
from datetime import datetime

import pytest

import referee
from archive.table import services
from tests import factories
from tests.browser.support import BROWSER, login

pytestmark = BROWSER

HE = re.compile(r"\b(he|his|him|himself)\b", re.IGNORECASE)


def _sessions(family, owner):
    people = [factories.player(family, n, owner) for n in ("Ann", "Bob", "Cid", "Dee")]
    out = {}
    for g in referee.games():
        out[g["name"]] = services.session_create(
            family=family,
            game=g["name"],
            variant=g["variant_words"][0]["value"] if g["variant_words"] else "",
            started_at=datetime(2024, 3, 1, 19, tzinfo=factories.CHICAGO),
            timezone="America/Chicago",
            players=people,
            first_dealer=0,
            by=owner,
        )
    return people, out


@pytest.mark.django_db(transaction=True)
def test_no_page_or_picker_says_he_for_everyone(page, live_server, owner, family, session, hands):
    people, sessions = _sessions(family, owner)
    login(page, live_server.url)
    base = live_server.url + f"/families/{family.slug}"
    paths = [
        "/",
        "/sessions/new/",
        f"/sessions/{session.pk}/",
        f"/hands/{hands[0].pk}/",
        f"/players/{people[0].pk}/",
        "/stats/",
    ]
    paths += [f"/sessions/{s.pk}/log/" for s in sessions.values()]
    found = {}
    for path in paths:
        page.goto(base + path)
        page.wait_for_load_state("networkidle")
        text = page.inner_text("body")
        hits = [text[max(0, m.start() - 50) : m.end() + 30] for m in HE.finditer(text)]
        if hits:
            found[path] = hits
    assert not found, found


@pytest.mark.django_db(transaction=True)
def test_the_swik_picker_names_the_cutter_by_seat_not_his(page, live_server, owner, family, session):
    login(page, live_server.url)
    page.goto(live_server.url + f"/families/{family.slug}/sessions/{session.pk}/log/")
    page.locator('#cut-choices select[data-name="cutter"]').wait_for()
    assert "The player on the dealer\u2019s right cuts" in page.inner_text("body").replace("'", "\u2019")
