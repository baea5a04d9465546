"""Issue 32: a night's page, a hand's page and its history read in the reader's language: the table's own words
(headings, facts, the may-stop reason), the referee's (each hand's summary, ruled again from its record) and the
reasons of the money lines, which the stored ledger keeps in the referee's English; the referee's amounts in
the family's money in every language."""

import html
import re

import pytest
from django.urls import reverse
from django.utils import translation

from archive.common import money
from archive.common.filters import score, words_text
from archive.table import reason_words, services
from tests import factories
from tests.table.test_poker_session import STRAIGHT, first, poker_session  # noqa: F401  (a fixture)

pytestmark = pytest.mark.django_db


def read(client, url):
    return html.unescape(client.get(url).content.decode()).replace("\xa0", " ")


def in_language(client, user, language):
    client.force_login(user)
    client.post(reverse("language"), {"language": language})


def test_a_swik_night_and_its_hand_read_in_czech_and_in_english_as_before(client, owner, family, session):
    hand = services.hand_add(session=session, record=factories.generated_record(session, seed=5), by=owner)
    assert any(e["reason"] == "wins a trick" for e in hand.ruling["ledger"])  # stored in the referee's English

    in_language(client, owner, "cs")
    night = read(client, reverse("session", args=[family.slug, session.pk]))
    assert "Kdo teď může skončit" in night and "Bilance" in night and "rozdání" in night
    assert hand.ruling["summary"][:25] not in night  # the summary is said again in Czech
    page = read(client, reverse("hand", args=[family.slug, hand.pk]))
    money = page.split('id="money"', 1)[1].split("</section>", 1)[0]
    assert "bere štych" in money and "wins a trick" not in money
    assert "vklad" in money and "ante" not in re.sub(r"<[^>]+>", " ", money)
    history = read(client, reverse("hand_history", args=[family.slug, hand.pk]))
    assert f"Historie rozdání {hand.number}" in history and "První rozhodnutí o rozdání." in history

    in_language(client, owner, "en")
    page = read(client, reverse("hand", args=[family.slug, hand.pk]))
    assert "wins a trick" in page and "Paid and won" in page
    night = read(client, reverse("session", args=[family.slug, session.pk]))
    assert "Who may stop now" in night and hand.ruling["summary"][:25] in night


def test_a_poker_showdown_names_each_hand_in_russian(poker_session, owner, client, family):  # noqa: F811
    hand = services.hand_add(session=poker_session, record=first(STRAIGHT), by=owner)
    in_language(client, owner, "ru")
    page = read(client, reverse("hand", args=[family.slug, hand.pk]))
    showdown = page.split('id="showdown"', 1)[1].split("</section>", 1)[0]
    assert "Queen" not in showdown and "Вскрытие" in showdown
    assert 'data-hand="Olya">стрит' in showdown


def test_the_new_night_form_and_its_refusals_read_in_russian(client, owner, family):
    in_language(client, owner, "ru")
    page = read(client, reverse("session_new", args=[family.slug]))
    assert "Новый вечер" in page or "Начать вечер" in page
    assert "Места в порядке хода" in page and "Seats, in the order" not in page
    assert '<span class="unit">¢</span>' in page  # a dollar family's money fields count cents
    family.currency = "rub"
    family.save()
    page = read(client, reverse("session_new", args=[family.slug]))
    assert '<span class="unit">коп.</span>' in page


@pytest.mark.parametrize(
    ("language", "said", "shown"),
    [
        ("cs", "Pepa padá a platí 51 do dalšího banku", "Pepa padá a platí 0,51 Kč do dalšího banku"),
        ("cs", "Mary: bere bank 140 (Frank: dáma)", "Mary: bere bank 1,40 Kč (Frank: dáma)"),
        ("cs", "Jana: 3 štychy", "Jana: 3 štychy"),
        ("ru", "Лена падает и платит 30 в следующий банк.", "Лена падает и платит 0,30 CZK в следующий банк."),
        ("ru", "Мария и Катя платят по 72 в следующий банк.", "Мария и Катя платят по 0,72 CZK в следующий банк."),
    ],
)
def test_the_referees_czech_and_russian_amounts_are_written_in_the_familys_money(language, said, shown):
    money.activate("czk")
    try:
        with translation.override(language):
            assert words_text(said).replace("\xa0", " ") == shown
    finally:
        money.deactivate()


@pytest.mark.parametrize(
    ("why", "czech"),
    [
        ("re-ruled after hand 3 was deleted: logged twice", "znovu posouzeno po smazání rozdání 3: logged twice"),
        (
            "re-ruled after hand 2 was edited: dispute “Misdeal!”: version 2 chosen: Mary was right",
            "znovu posouzeno po úpravě rozdání 2: spor „Misdeal!“: vybrána verze 2: Mary was right",
        ),
        ("imported from night.jsonl", "importováno z night.jsonl"),
        ("a typo in the cut", "a typo in the cut"),
    ],
)
def test_a_revisions_why_in_the_archives_words_reads_in_czech_and_a_persons_words_as_typed(why, czech):
    with translation.override("cs"):
        assert reason_words.why_said(why) == czech
    with translation.override("en"):
        assert reason_words.why_said(why) == why


@pytest.mark.parametrize("language, yes, no", [("cs", "ano", "ne"), ("ru", "да", "нет"), ("en", "yes", "no")])
def test_the_house_rules_on_and_off_read_in_the_readers_language(client, owner, family, language, yes, no):
    in_language(client, owner, language)
    page = read(client, reverse("rules", args=[family.slug, "swik"]))
    items = re.findall(r'<li data-rule="[^"]+">(.*?)</li>', page, re.S)
    # each item: "label: value (book: value)" and, below it, what the rule does
    values = [
        re.sub(r"<[^>]+>", "", item).strip().split("\n")[0].split(" (")[0].rsplit(":", 1)[-1].strip() for item in items
    ]
    assert {yes, no} & set(values), values  # Swik has rules that are on or off (a double fall, a high wrap)
    assert not {"yes", "no"} - {yes, no} & set(values)


@pytest.mark.parametrize(
    "language, value, written",
    [
        ("en", -1250, "−1,250"),
        ("en", 53.3, "53.3"),
        ("cs", 53.3, "53,3"),
        ("ru", -1250, "−1\xa0250"),
        ("cs", None, "—"),
    ],
)
def test_a_score_is_written_the_readers_way(language, value, written):
    with translation.override(language):
        assert score(value) == written
