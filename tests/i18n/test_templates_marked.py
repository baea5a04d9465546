"""Issue 32: every sentence a template shows is marked for translation, so the catalogues (which
test_catalogues.py keeps complete) hold it in Czech and Russian.

The template's source is read as a translator's tool would: the marked parts ({% translate %}, {% blocktranslate
%}), Django's tags and variables, comments, scripts and styles are taken away, and what is left between the HTML
tags, or in an attribute a person reads (title, aria-label, placeholder, alt), must hold no English word.
"""

import html
import re
from pathlib import Path

import pytest

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"

# Words that are the same in every language: the product's and the games' names, formats.
SAME_IN_EVERY_LANGUAGE = {"Tablekeeper", "Swik", "JSON", "CSV", "ZIP", "Pyodide", "PostgreSQL", "SQLite", "API"}

COMMENT = re.compile(r"{#.*?#}|{%\s*comment\s*%}.*?{%\s*endcomment\s*%}", re.S)
BLOCK_TRANSLATED = re.compile(r"{%\s*blocktrans(?:late)?\b.*?{%\s*endblocktrans(?:late)?\s*%}", re.S)
TAG_OR_VARIABLE = re.compile(r"{%.*?%}|{{.*?}}", re.S)
SCRIPT_OR_STYLE = re.compile(r"<(script|style)\b[^>]*>.*?</\1>", re.S | re.I)
READ_ATTRIBUTE = re.compile(r"""\b(?:title|aria-label|placeholder|alt)\s*=\s*(?:"([^"]*)"|'([^']*)')""", re.I)
HTML_TAG = re.compile(r"<[^>]*>", re.S)
WORD = re.compile(r"[A-Za-z][a-z]+")


def shown_templates():
    return sorted(p for p in TEMPLATES.rglob("*.html"))


def unmarked(source: str) -> list[str]:
    """The pieces of English a page would show that no translation tag covers."""
    text = COMMENT.sub(" ", source)
    text = BLOCK_TRANSLATED.sub(" ", text)
    text = TAG_OR_VARIABLE.sub(" ", text)
    text = SCRIPT_OR_STYLE.sub(" ", text)
    pieces = [a or b for a, b in READ_ATTRIBUTE.findall(text)]
    pieces += HTML_TAG.split(text)
    found = []
    for piece in pieces:
        piece = " ".join(html.unescape(piece).split())
        words = [w for w in WORD.findall(piece) if w not in SAME_IN_EVERY_LANGUAGE]
        if words:
            found.append(piece)
    return found


def test_the_reader_finds_english_left_and_passes_marked_sentences():
    assert unmarked('<p title="open dispute">Balances {{ x }}</p>') == ["open dispute", "Balances"]
    marked = '<p title="{% translate "open dispute" %}">{% blocktranslate %}Balances {{ x }}{% endblocktranslate %}</p>'
    assert unmarked(marked) == []
    assert unmarked("<script>var x = 'Words';</script>{# Note #}<b>Swik</b> · 12") == []


@pytest.mark.parametrize("template", shown_templates(), ids=lambda p: str(p.relative_to(TEMPLATES)))
def test_every_sentence_of_the_template_is_marked_for_translation(template):
    left = unmarked(template.read_text(encoding="utf-8"))
    assert not left, f"{template.relative_to(TEMPLATES)} shows English no translation tag covers:\n" + "\n".join(
        f"  {piece!r}" for piece in left
    )
