"""Issue 32: each game's rule book reads in the reader's language (rules/<game>.<lang>.md) where it is written:
the same rule-id anchors (a violation links to its paragraph in every language), the same sections, the same
names and cards in code, and no English left in the prose; the English book as before."""

import html
import re
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

from archive.table import rulebook
from referee.games import MODULES

pytestmark = pytest.mark.django_db

BOOKS = Path(rulebook.__file__).resolve().parent / "rules"
TRANSLATED = sorted(
    (p.name.split(".")[0], p.name.split(".")[1]) for p in BOOKS.glob("*.*.md") if p.name.count(".") == 2
)
# words a Czech or Russian sentence never has: a run of them is English left untranslated
ENGLISH = set(
    "the and of is are with when which that each from for his this its it their who has have was were not "
    "every player players card cards trick tricks deal deals points dealer hand game wins round".split()
)


def article(client, user, family, game, language):
    client.force_login(user)
    client.post(reverse("language"), {"language": language})
    page = client.get(f"/families/{family.slug}/rules/{game}/").content.decode()
    return page.split('<article class="panel rulebook">', 1)[1].split("</article>", 1)[0]


def anchors(text):
    return sorted(re.findall(r'<a id="([^"]+)"></a>', text))


def headings(text):
    return re.findall(r"<h([2-4]) id=", text)


def prose(text):
    """The book's words without code, cards, house rules' labels or tags."""
    text = re.sub(r"(?s)<(code|pre)>.*?</\1>", " ", text)
    text = re.sub(r'(?s)<span class="(rule-name|card)[^"]*".*?</span>', " ", text)
    return html.unescape(re.sub(r"<[^>]+>", " ", text))


def codes(path):
    return re.findall(r"`([^`]+)`", re.sub(r" Seed: `[^`]*`\.", "", path.read_text(encoding="utf-8")))


def test_every_game_has_its_czech_book():
    assert {game for game, lang in TRANSLATED if lang == "cs"} == set(MODULES)


def test_a_language_without_its_book_reads_the_english_one():
    with translation.override("en"):
        english = rulebook.render("swik")
    with translation.override("de"):  # no German book: the English words (amounts in German's own format)
        other = rulebook.render("swik")
    assert other["sections"] == english["sections"] and "A pot game for 3 to 7 players" in other["html"]
    with translation.override("cs"):
        czech = rulebook.render("swik")
    assert czech["html"] != english["html"] and "Klepnutí" in [title for _, title in czech["sections"]]


@pytest.mark.parametrize(("game", "language"), TRANSLATED)
def test_the_translated_book_keeps_the_ids_names_cards_and_sections(game, language):
    english, translated = codes(BOOKS / f"{game}.md"), codes(BOOKS / f"{game}.{language}.md")
    named = re.compile(r"[a-z]+[._][a-z_.-]+")  # rule ids (swik.revoke) and house rules' names (dealer_ante)
    assert {c for c in translated if named.fullmatch(c)} == {c for c in english if named.fullmatch(c)}
    assert set(translated) <= set(english), f"code not in the English book: {set(translated) - set(english)}"

    def outline(name):
        lines = (BOOKS / name).read_text(encoding="utf-8").splitlines()
        return [len(line) - len(line.lstrip("#")) for line in lines if line.startswith("#")]

    assert outline(f"{game}.{language}.md") == outline(f"{game}.md")


@pytest.mark.parametrize(("game", "language"), TRANSLATED)
def test_the_rules_page_reads_in_the_language_with_the_same_anchors(client, owner, family, game, language):
    english = article(client, owner, family, game, "en")
    translated = article(client, owner, family, game, language)
    assert anchors(translated) == anchors(english)
    assert headings(translated) == headings(english)
    assert translated != english

    words = re.findall(r"[^\W\d_]+", prose(translated))
    run, longest = 0, 0
    for word in words:
        run = run + 1 if word.lower() in ENGLISH else 0
        longest = max(longest, run)
    left = [w for w in words if w.lower() in ENGLISH]
    assert longest < 3 and len(left) < 4, f"{game} ({language}) still in English: {left[:20]}"
    if language == "ru":
        latin = [w for w in words if re.fullmatch(r"[A-Za-z]+", w) and len(w) > 2]
        assert len(latin) < 10, f"{game} (ru): Latin words outside code: {latin[:20]}"


@pytest.mark.parametrize("game", sorted({game for game, _ in TRANSLATED}))
def test_the_english_book_is_as_before(client, owner, family, game):
    english = article(client, owner, family, game, "en")
    source = (BOOKS / f"{game}.md").read_text(encoding="utf-8")
    first = next(line.lstrip("#").strip() for line in source.splitlines() if line.startswith("## "))
    assert f'id="{re.sub(r"[^a-z0-9]+", "-", first.lower()).strip("-")}"' in english
    assert f">{html.escape(first, quote=False)}</h2>" in english
    assert "štych" not in english and "взятк" not in english
