"""Issue 32 on a phone: a Swik hand, a Sedma score sheet (its night's page) and the statistics page, read in
Czech and in Russian on a 390 px screen, hold no English and nothing wider than the screen.

"English left" is read off the pages themselves: the same page is opened in English first, and a word of three
letters or more that it shows must not be shown again in the other language, unless it is a name (the family's
players and places, the games' names) or a word the languages share. In Russian, any Latin word that is not a
name is English left."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.urls import reverse

from archive.demo.czech import NAME, czech_family
from archive.people import services as people_services
from archive.people.models import Family
from archive.table.models import Hand, Session
from tests.browser.support import BROWSER, shot

pytestmark = BROWSER

WORD = re.compile(r"[^\W\d_]{3,}")  # whole words, so "Čeština" is not read as "tina"
ENGLISH_LETTERS = re.compile(r"[A-Za-z]+")
# Words a Czech or Russian page may show as they are: the games' and the product's names, and words the
# languages share with English (a Czech "bank" is the pot; "ante" is the ante in all three).
SHARED = {
    "swik",
    "sedma",
    "seka",
    "poker",
    "skat",  # the rummy's name in the referee's Czech catalogue: "Skat (ruské žolíky)"
    "tablekeeper",
    "ante",
    "bank",
    "json",
    "csv",
    "english",
    "api",
    "czk",
}  # the koruna's sign in Russian (CLDR) is its code

VISIBLE_TEXT = "document.body.innerText"
WIDER = """[...document.querySelectorAll('body *')].filter(e => {
  const r = e.getBoundingClientRect(); return r.width > 0 && r.right > window.innerWidth + 0.5 &&
    !e.closest('.table-wrap');
}).map(e => e.tagName + (e.id ? '#' + e.id : '') + (e.className ? '.' + e.className : '')).slice(0, 8)"""


def sign_in(page, url, who, password):
    page.goto(url + "/login/")
    page.fill("#id_username", who)
    page.fill("#id_password", password)
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r".*/$"))


def latin_words(text):
    return {w.lower() for w in WORD.findall(text) if ENGLISH_LETTERS.fullmatch(w)}


def names_of(family):
    """Every Latin word of the family's own names: players, places, time zones, the family itself."""
    texts = [family.name, family.timezone, *family.players.values_list("name", flat=True)]
    for place, zone in Session.objects.filter(family=family).values_list("place", "timezone"):
        texts += [place, zone]
    texts += get_user_model().objects.values_list("username", flat=True)
    return set().union(*(latin_words(text) for text in texts))


def english_left(text, english_words, allowed, language):
    seen = latin_words(text) - allowed
    if language == "ru":
        return sorted(seen)
    return sorted(seen & english_words)


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
