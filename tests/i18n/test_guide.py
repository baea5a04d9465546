"""Issue 32: the "How to" page (the user's guide) reads in the reader's language: its Czech and Russian
translations (docs/guide.cs.md, docs/guide.ru.md) with every step's heading, the anchors the pages link to
the same in every language, the same pictures; English unchanged."""

import re

import pytest
from django.urls import reverse

from archive.guide import DOCS

pytestmark = pytest.mark.django_db


ANCHORS = (
    "start-a-family",
    "invite-members",
    "start-a-night",
    "log-a-hand",
    "fix-a-hand",
    "open-and-settle-a-dispute",
    "read-the-statistics",
    "settle-up",
    "export",
)
PICTURES = re.compile(r"\.\./static/guide/[\w-]+\.png")


def _page(client, language):
    answer = client.get(reverse("guide"), HTTP_ACCEPT_LANGUAGE=language)
    assert answer.status_code == 200
    return answer.content.decode()


@pytest.mark.parametrize(
    "language, name, title, headings, words",
    [
        (
            "cs",
            "Jak na to",
            "Jak vést záznamy rodinných karetních večerů",
            ["Založte rodinu", "Zapište rozdání", "Otevřete a rozhodněte spor", "Vyrovnejte se"],
            ["rozdávající", "štych", "ťukněte na <b>Nový večer</b>"],
        ),
        (
            "ru",
            "Как пользоваться",
            "Как вести записи семейных карточных вечеров",
            ["Создайте семью", "Запишите раздачу", "Откройте и разрешите спор", "Рассчитайтесь"],
            ["сдающий", "взятк", "нажмите <b>Новый вечер</b>"],
        ),
    ],
)
def test_the_how_to_page_reads_in_the_readers_language(client, language, name, title, headings, words):
    page = _page(client, language)
    assert f'<html lang="{language}"' in page and f"<title>{name} · Tablekeeper</title>" in page
    assert f"<h1>{title}</h1>" in page
    for heading in headings:
        assert re.search(rf"<h2 id=\"[a-z-]+\">{heading}</h2>", page), heading
    for word in words:
        assert word in page
    for anchor in ANCHORS:  # the family page's "How to" links land on the same step in every language
        assert f'id="{anchor}"' in page
    assert "{#" not in page  # the anchor marks are read, not shown
    for english in ("Start a family", "Log a hand", "the dealer", "Tap "):
        assert english not in page


def test_the_english_guide_is_unchanged_and_a_language_without_a_translation_reads_it(client):
    for language in ("en", "de"):
        page = _page(client, language)
        assert "<h1>How to keep your family&#x27;s card nights</h1>" in page
        assert '<h2 id="start-a-night">Start a night</h2>' in page
        assert "<title>How to" in page


def test_the_translations_show_the_same_pictures_as_the_english():
    english = PICTURES.findall((DOCS / "guide.md").read_text(encoding="utf-8"))
    assert len(english) == 6
    for language in ("cs", "ru"):
        assert PICTURES.findall((DOCS / f"guide.{language}.md").read_text(encoding="utf-8")) == english
