"""Issue 32: the statistics, the settle-up and a dispute read in Czech and Russian, plurals right in each language
(English too: "1 session", "2 hands"), and the same money in every language."""

import pytest
from django.urls import reverse
from django.utils import translation

from archive.people import services as people_services
from archive.stats.games.poker import CATEGORY_WORDS
from archive.stats.services import stats_recompute
from archive.table import services


@pytest.fixture
def night(family, owner, hands):
    stats_recompute(family=family)
    return family


def page(client, user, language, url):
    people_services.account_language_set(user=user, language=language)
    return client.get(url).content.decode()


WORDS = {
    "en": ["<b>2</b> hands", "<b>1</b> session", "Who takes money from whom", "Longest winning run"],
    "cs": ["<b>2</b> rozdání", "<b>1</b> večer", "Kdo komu bere peníze", "Nejdelší série výher", "Bilance"],
    "ru": ["<b>2</b> раздачи", "<b>1</b> вечер", "Кто у кого берёт деньги", "Самая длинная серия выигрышей", "Итог"],
}


@pytest.mark.parametrize("language", ["en", "cs", "ru"])
def test_the_statistics_page_speaks_the_reader_language(client, owner, night, language):
    client.force_login(owner)
    stats = page(client, owner, language, reverse("stats-family", args=[night.slug]))
    for words in WORDS[language]:
        assert words in stats, words
    if language != "en":
        assert "Who takes money" not in stats and "Streaks" not in stats and "every game" not in stats


SETTLE = {  # the same transfer, the same money, each language's sentence
    "en": ("Who owes whom", "<b>Dad</b> pays <b>Uncle Joe</b> 10¢"),
    "cs": ("Kdo komu dluží", "<b>Dad</b> platí 0,10\xa0US$ hráči <b>Uncle Joe</b>"),
    "ru": ("Кто кому должен", "<b>Dad</b> платит 0,10\xa0$ игроку <b>Uncle Joe</b>"),
}


@pytest.mark.parametrize("language", ["en", "cs", "ru"])
def test_settle_up_says_who_pays_whom_in_the_reader_language(client, owner, night, language):
    client.force_login(owner)
    settle = page(client, owner, language, reverse("stats-settle", args=[night.slug]))
    heading, pays = SETTLE[language]
    assert heading in settle
    transfers = settle.split('id="transfers"', 1)[1].split("</ul>", 1)[0]
    assert pays in transfers.replace("&nbsp;", "\xa0")


@pytest.mark.parametrize(
    "language, logged, status",
    [("en", "As logged", "open"), ("cs", "Jak bylo zapsáno", "otevřený"), ("ru", "Как записано", "открыт")],
)
def test_a_dispute_names_its_versions_and_its_status_in_the_reader_language(
    client, owner, hands, language, logged, status
):
    dispute = services.dispute_open(hand=hands[0], title="Mary says she won", text="She did not.", by=owner)
    client.force_login(owner)
    text = page(client, owner, language, reverse("dispute", args=[dispute.family.slug, dispute.pk]))
    assert logged in text and f">{status}</span>" in text
    listed = page(client, owner, language, reverse("disputes", args=[dispute.family.slug]))
    assert f">{status}</span>" in listed


def test_poker_categories_are_named_as_the_book_names_them():
    with translation.override("cs"):
        assert str(CATEGORY_WORDS["four of a kind"]) == "čtveřice"
    with translation.override("ru"):
        assert str(CATEGORY_WORDS["four of a kind"]) == "каре"
    with translation.override("en"):
        assert str(CATEGORY_WORDS["four of a kind"]) == "four of a kind"
