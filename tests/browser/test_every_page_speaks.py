"""Issue 32 on a phone: the pages around the games — the list of one's families, a family, its import and audit,
one's account, the how-to, an invitation, the login and a page not found — read in Czech and in Russian on a
390 px screen hold no English and nothing wider than the screen (English left found as tests/browser/support.py
says: each page is read in English first)."""

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.urls import reverse

from archive.demo.czech import NAME, czech_family
from archive.people import invitations
from archive.people import services as people_services
from archive.people.models import Family
from archive.table.models import Session
from tests.browser.support import BROWSER, READ_TEXT, SHARED, WIDER, english_left, latin_words, names_of, shot, sign_in

pytestmark = BROWSER

# Words these pages show that are names in every language: a format (JSON Lines), the API's paths
# (/api/token/), the guide's example player (Mary).
OWN_NAMES = {"jsonl", "lines", "token", "mary"}
# Czech words spelt as English ones: "vaše role", "Program ho získá", "Export", "test", "koruny a haléře".
CZECH_TOO = {"role", "program", "export", "test", "koruny"}


def read(page, url, language, what, problems):
    """The page's words and its width, noting a page wider than the phone."""
    response = page.goto(url)
    assert response is not None
    assert page.evaluate("document.documentElement.lang") == language, f"{what} is not in {language}"
    shot(page, f"every-page-{language}-{what}")
    wide = page.evaluate("document.documentElement.scrollWidth")
    if wide > 390:
        problems.append(f"{what} in {language}: {wide} px wide: {page.evaluate(WIDER)}")
    return page.evaluate(READ_TEXT)


@pytest.mark.django_db(transaction=True)
def test_the_pages_around_the_games_speak_czech_and_russian_on_a_phone(page, live_server):
    demo = get_user_model().objects.create_user("demo", password="demo")
    czech_family(demo=demo, nights=1, hands_per_night=4, seed=32)
    family = Family.objects.get(name=NAME)
    jana = get_user_model().objects.get(username="jana")
    _invitation, code = invitations.invitation_create(family=family, role="viewer", by=jana)
    signed_out = {"login": reverse("login"), "not-found-signed-out": "/no-such-page/"}
    signed_in = {
        "home": reverse("home"),
        "family": reverse("family", args=[family.slug]),
        "import": reverse("history_import", args=[family.slug]),
        "audit": reverse("audit", args=[family.slug]),
        "account": reverse("account"),
        "how-to": reverse("guide"),
        "invitation-code": reverse("invitation_code"),
        "invitation": reverse("invitation", args=[code]),
        "not-found": "/families/no-such-family/",
    }
    # (the nights' keys are identifiers the audit log names, "2026-12-06-aafdd3c1": a key whose hex part begins with
    # letters reads as a word)
    keys = set().union(*(latin_words(k) for k in Session.objects.filter(family=family).values_list("key", flat=True)))
    allowed = SHARED | OWN_NAMES | names_of(family) | latin_words(code) | keys
    english, problems = {}, []
    for language in ("en", "cs", "ru"):
        people_services.account_language_set(user=jana, language=language)
        cache.clear()
        page.context.clear_cookies()
        page.context.set_extra_http_headers({"Accept-Language": language})
        words = {}
        for what, path in signed_out.items():
            words[what] = read(page, live_server.url + path, language, what, problems)
        sign_in(page, live_server.url, "jana", "demo")
        for what, path in signed_in.items():
            words[what] = read(page, live_server.url + path, language, what, problems)
        if language == "en":
            english = {what: latin_words(text) - allowed for what, text in words.items()}
            assert all(english.values()), f"a page shows no English words in English: {english}"
            continue
        for what, text in words.items():
            left = english_left(text, english[what], allowed | (CZECH_TOO if language == "cs" else set()), language)
            if left:
                problems.append(f"{what} in {language}: English left: {', '.join(left)}")
    # The pages not found were meant (their 404 is logged by the browser): any other error still fails the test.
    for _ in range(3 * 2):
        page.js_errors.remove(next(e for e in page.js_errors if "status of 404" in e))
    assert not problems, "\n".join(problems)
