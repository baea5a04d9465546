"""Issue 32 on a phone: each game's rule book read in Czech (and in Russian where its book is written) on a
390 px screen: the page speaks the language, its table of contents leads to its sections, and nothing is
wider than the screen (long Czech words and the record's JSON wrap as the English do)."""

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache

from archive.demo.czech import NAME, czech_family
from archive.people import services as people_services
from archive.people.models import Family
from tests.browser.support import BROWSER, shot
from tests.browser.test_pages_speak import WIDER, sign_in
from tests.i18n.test_rule_books import TRANSLATED

pytestmark = BROWSER


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", sorted({language for _, language in TRANSLATED}))
def test_every_rule_book_fits_a_phone_in_the_reader_language(page, live_server, language):
    demo = get_user_model().objects.create_user("demo", password="demo")
    czech_family(demo=demo, nights=1, hands_per_night=2, seed=32)
    family = Family.objects.get(name=NAME)
    jana = get_user_model().objects.get(username="jana")
    people_services.account_language_set(user=jana, language=language)
    cache.clear()
    page.set_viewport_size({"width": 390, "height": 844})
    sign_in(page, live_server.url, "jana", "demo")
    problems = []
    for game in sorted(g for g, lang in TRANSLATED if lang == language):
        page.goto(f"{live_server.url}/families/{family.slug}/rules/{game}/")
        assert page.evaluate("document.documentElement.lang") == language
        shot(page, f"rules-{language}-{game}")
        links = page.locator("nav[aria-label] a[href^='#']")
        assert links.count() > 3, f"{game} in {language}: no table of contents"
        for i in range(links.count()):
            target = links.nth(i).get_attribute("href")[1:]
            if not page.evaluate("id => !!document.getElementById(id)", target):
                problems.append(f"{game} in {language}: the contents lead nowhere: #{target}")
        # the house rules that are on or off say so in the reader's words, not "yes"/"no"
        for said in page.locator("li[data-rule] b, li[data-rule]").all_inner_texts():
            value = said.split("\n")[0].split(" (")[0].rsplit(":", 1)[-1].strip()
            if value in ("yes", "no"):
                problems.append(f"{game} in {language}: a house rule reads {value!r}")
        wide = page.evaluate("document.documentElement.scrollWidth")
        if wide > 390:
            problems.append(f"{game} in {language}: {wide} px wide: {page.evaluate(WIDER)}")
    assert not problems, "\n".join(problems)
