"""Issue 32 at the table: the card pickers speak the reader's language. A Swik hand (the revoke of the rule book's
example, entered as it happened) and a Sedma deal are logged in Czech and in Russian on a phone: the steps, the
picker's buttons, its prompts and the referee's refusals come from the JavaScript catalogue (/jsi18n/<lang>/),
with no English left in them.

"English left" is read as in test_pages_speak.py: the same picker is drawn in English first, and a word of three
letters or more it showed must not show again in Czech (names excepted); in Russian no Latin word may show but
the players' names."""

import json
import re
from datetime import datetime

import pytest

from archive.table import services
from tests import factories
from tests.browser.support import BROWSER, controlled, expect, login, shot

pytestmark = BROWSER

WORD = re.compile(r"[^\W\d_]{3,}")
LATIN = re.compile(r"[A-Za-z]+")
SWIK_NAMES = {"dad", "uncle", "joe", "mary"}
SEDMA = ["Babička", "Děda", "Jana", "Petr"]

# What a player reads, in each language: the words the test looks for (the catalogue's, as a player says them).
SAY = {
    "cs": {
        "edit": "Úprava rozdání 1",
        "cut": "Sejmutí",
        "wrap": "Klepnutí",
        "in": "Hraje",
        "out": "Pas",
        "blind": "Slepá ruka",
        "by card": "Karta po kartě",
        "next": "Na tahu:",
        "breaks": "porušuje pravidlo",
        "may not": "Uncle Joe teď nesmí zahrát 10♦.",
        "referee says": "Rozhodčí říká:",
        "yes": "Ano, Uncle Joe zahrál 10♦",
        "no": "Ne, vybrat jinou kartu",
        "check": "Ověřit u rozhodčího",
        "partners": "Rozdání 1: Babička a Jana proti Děda a Petr.",
        "paper": "Jen body (papír)",
        "to play": "je na tahu.",
        "played by": "Kartu hraje",
        "undo": "Vrátit",
        "refused": "Rozhodčí o tomto záznamu nemůže rozhodnout:",
        "log": "Rozdání 1",
        "save": "Uložit rozdání",
        "pays": "platí 0,15\xa0US$",
    },
    "ru": {
        "edit": "Правка раздачи 1",
        "cut": "Съём колоды",
        "wrap": "Стук",
        "in": "Играю",
        "out": "Пас",
        "blind": "Прикуп",
        "by card": "Карта за картой",
        "next": "Ходит:",
        "breaks": "нарушает правило",
        "may not": "Uncle Joe сейчас не может ходить 10♦.",
        "referee says": "Судья говорит:",
        "yes": "Да, Uncle Joe сыграл 10♦",
        "no": "Нет, выбрать другую карту",
        "check": "Проверить у судьи",
        "partners": "Сдача 1: Babička и Jana против Děda и Petr.",
        "paper": "Только очки (бумага)",
        "to play": "ходит.",
        "played by": "Карту играет",
        "undo": "Отменить",
        "refused": "Судья не может вынести решение по этой записи:",
        "log": "Раздача 1",
        "save": "Сохранить раздачу",
        "pays": "платит 0,15\xa0$",
    },
}


def speak(page, language):
    """The language picker at the foot of the page, as a player taps it (kept on the account)."""
    page.locator(f'.language-picker button[value="{language}"]').click()
    expect(page.locator("html")).to_have_attribute("lang", language)


def latin_words(text):
    return {w.lower() for w in WORD.findall(text) if LATIN.fullmatch(w)}


def english_left(text, english, names, language):
    seen = latin_words(text) - names
    return sorted(seen if language == "ru" else seen & english)


def swik_picker(page):
    """The Swik picker of a hand stopped at a revoke: every step drawn, Uncle Joe to play."""
    expect(page.locator("#play-choices button.illegal")).to_have_count(1)
    return page.locator("#logger").inner_text()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["cs", "ru"])
def test_a_swik_revoke_is_entered_in_the_reader_language(page, live_server, owner, family, session, language):
    say = SAY[language]
    record = factories.example_record("08-revoke")
    hand = services.hand_add(session=session, record=dict(record, events=record["events"][:11]), by=owner)
    edit = live_server.url + f"/families/{family.slug}/hands/{hand.pk}/edit/"
    login(page, live_server.url)
    page.goto(edit)
    english = latin_words(swik_picker(page))
    assert {"next", "play", "breaks", "rule", "tricks"} <= english  # the English it is read against

    speak(page, language)
    expect(page.locator("h1")).to_have_text(say["edit"])
    text = swik_picker(page)
    expect(page.locator("#step-cut h3")).to_contain_text(say["cut"])
    expect(page.locator("#step-wrap h3")).to_contain_text(say["wrap"])
    # The declarations' buttons, the way the tricks are written, whose turn it is and the cards that break a rule.
    declare = page.locator('#step-declare .seg[data-name="declare-1"]')
    for choice in ("in", "out", "blind"):
        expect(declare.locator(f'button[data-value="{choice}"]')).to_have_text(say[choice])
    expect(page.locator('#step-tricks .seg[data-name="mode"] button[data-value="cards"]')).to_have_text(say["by card"])
    expect(page.locator("#play-choices")).to_contain_text(say["next"])
    expect(page.locator("#play-choices")).to_contain_text(say["breaks"])
    expect(page.locator("#check-record")).to_have_text(say["check"])
    assert not english_left(text, english, SWIK_NAMES, language), english_left(text, english, SWIK_NAMES, language)

    # The revoke as it happened: the picker says he may not, the referee says why, in the reader's language.
    page.locator('#play-choices button.illegal[data-play="TD"]').click()
    warning = page.locator("#play-warning")
    expect(warning).to_contain_text(say["may not"])
    expect(warning).to_contain_text(say["referee says"])
    expect(warning).to_contain_text("7♠")  # the referee's own words name the card he held
    expect(warning).to_contain_text(say["pays"])  # and what it costs, in the family's money
    expect(page.locator("#play-anyway")).to_have_text(say["yes"])
    expect(page.locator("#play-cancel")).to_have_text(say["no"])
    said = warning.inner_text()
    assert "while holding" not in said and "may not" not in said
    assert not english_left(said, english | {"while", "holding", "says", "referee"}, SWIK_NAMES, language)
    shot(page, f"pickers-speak-swik-{language}", full=False)
    page.click("#play-anyway")
    assert json.loads(page.input_value("#id_record"))["events"][-1] == {"action": "play", "seat": 1, "card": "TD"}
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["cs", "ru"])
def test_a_sedma_deal_is_logged_in_the_reader_language(page, live_server, owner, family, language):
    say = SAY[language]
    people = [factories.player(family, n, owner) for n in SEDMA]
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
    log = live_server.url + f"/families/{family.slug}/sessions/{session.pk}/log/"
    login(page, live_server.url)
    page.goto(log)
    expect(page.locator("#whose-turn")).to_contain_text("to play")
    english = latin_words(page.locator("#logger").inner_text())
    names = latin_words(" ".join(SEDMA))

    speak(page, language)
    expect(page.locator("h1")).to_have_text(say["log"])
    expect(page.locator("#save-hand")).to_have_text(say["save"])
    expect(page.locator("#partners")).to_have_text(say["partners"])
    expect(page.locator('.seg[data-name="sedma-mode"] button[data-value="paper"]')).to_have_text(say["paper"])
    # Whose turn it is and whose card the grid takes: the referee's answer, in the reader's words.
    expect(page.locator("#whose-turn")).to_have_text("Babička " + say["to play"])
    expect(page.locator(".picker-target")).to_contain_text(say["played by"])
    page.locator('#picker button[data-card="AS"]').click()
    expect(page.locator("#whose-turn")).to_contain_text("Děda")
    expect(page.locator("#undo-btn")).to_have_text(say["undo"])
    text = page.locator("#logger").inner_text()
    left = english_left(text, english, names, language)
    assert not left, left

    # A record the referee refuses: the page says so in the reader's language, the referee's reasons too.
    page.locator("#advanced summary").click()
    page.fill(
        "#id_raw",
        json.dumps({"format": "handrec/1", "game": "sedma", "players": SEDMA, "events": []}, ensure_ascii=False),
    )
    page.click("#check-record")
    refused = page.locator("#check-result .errors-box")
    expect(refused).to_contain_text(say["refused"])
    assert "The referee" not in refused.inner_text()
    shot(page, f"pickers-speak-sedma-{language}", full=False)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.service_worker  # the site's service worker, blocked in the other browser tests
@pytest.mark.django_db(transaction=True)
def test_with_no_network_the_night_still_speaks_the_reader_language(page, live_server, owner, family, session):
    url = live_server.url
    log = url + f"/families/{family.slug}/sessions/{session.pk}/log/"
    login(page, url)
    speak(page, "cs")
    assert controlled(page)  # installed: the shell and each language's catalogue cached
    for code in ("en", "cs", "ru"):
        assert page.evaluate(f"caches.match('/jsi18n/{code}/').then(r => !!r)"), code
    page.goto(log)  # the night opened at home, in Czech
    expect(page.locator("#step-cut h3")).to_contain_text("Sejmutí")
    page.context.set_offline(True)
    # At the table with no network: the picker's words come from the catalogue the worker kept.
    page.goto(log)
    expect(page.locator("#step-cut h3")).to_contain_text("Sejmutí")
    expect(page.locator("#save-hand")).to_have_text("Uložit rozdání")
    # A night's page never opened online: the worker's own page says so, in the reader's language.
    page.goto(url + f"/families/{family.slug}/sessions/{session.pk + 1000}/log/")
    expect(page.locator("h1")).to_have_text("Žádná síť")
    expect(page.locator("html")).to_have_attribute("lang", "cs")
    expect(page.locator("p")).to_contain_text("nebyla dříve otevřena online")
    page.context.set_offline(False)
    page.js_errors.clear()  # that page's 503, and the network's absence, were the point
