"""Issue 32 on a phone: a Swik hand and its edit page, a Sedma score sheet (its night's page) and the statistics page, read in
Czech and in Russian on a 390 px screen, hold no English and nothing wider than the screen.

"English left" is read off the pages themselves, as tests/browser/support.py says: the same page in English
first, then the words it showed must not show again, unless they are names or shared."""

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.urls import reverse

from archive.demo.czech import NAME, czech_family
from archive.people import services as people_services
from archive.people.models import Family
from archive.table.models import Hand, Session
from tests.browser.support import (
    BROWSER,
    SHARED,
    VISIBLE_TEXT,
    WIDER,
    english_left,
    latin_words,
    names_of,
    shot,
    sign_in,
)

pytestmark = BROWSER


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["cs", "ru"])
def test_a_swik_hand_a_sedma_score_sheet_and_the_statistics_speak_the_reader_language(page, live_server, language):
    demo = get_user_model().objects.create_user("demo", password="demo")
    czech_family(demo=demo, nights=3, hands_per_night=6, seed=32)
    family = Family.objects.get(name=NAME)
    jana = get_user_model().objects.get(username="jana")
    swik_hand = Hand.objects.filter(session__family=family, session__game="swik", deleted_at=None).first()
    sedma_night = Session.objects.filter(family=family, game="sedma", deleted_at=None).first()
    assert swik_hand is not None and sedma_night is not None
    pages = {
        "swik-hand": reverse("hand", args=[family.slug, swik_hand.pk]),
        "sedma-score-sheet": reverse("session", args=[family.slug, sedma_night.pk]),
        "statistics": reverse("stats-family", args=[family.slug]),
        "swik-hand-edit": reverse("hand_edit", args=[family.slug, swik_hand.pk]),  # its "ruled now" too
    }
    allowed = SHARED | names_of(family)
    page.set_viewport_size({"width": 390, "height": 844})

    people_services.account_language_set(user=jana, language="en")
    cache.clear()
    sign_in(page, live_server.url, "jana", "demo")
    english = {}
    for what, path in pages.items():
        page.goto(live_server.url + path)
        english[what] = latin_words(page.evaluate(VISIBLE_TEXT)) - allowed
        assert english[what], f"the {what} page shows no words in English"

    people_services.account_language_set(user=jana, language=language)
    cache.clear()
    problems = []
    for what, path in pages.items():
        page.goto(live_server.url + path)
        assert page.evaluate("document.documentElement.lang") == language
        shot(page, f"speaks-{language}-{what}")
        left = english_left(page.evaluate(VISIBLE_TEXT), english[what], allowed, language)
        if left:
            problems.append(f"{what} in {language}: English left: {', '.join(left)}")
        wide = page.evaluate("document.documentElement.scrollWidth")
        if wide > 390:
            problems.append(f"{what} in {language}: {wide} px wide: {page.evaluate(WIDER)}")
    assert not problems, "\n".join(problems)
