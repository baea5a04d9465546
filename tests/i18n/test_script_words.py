"""Issue 32: the scripts' words (the card pickers, the replay, the kept hands, the offline page) come from Django's
JavaScript catalogue, complete in Czech and Russian, and that catalogue is there with no network.

Every sentence a script says through gettext(), ngettext() or pgettext() is read from the scripts themselves, so
a sentence added to a script without `manage.py catalogues --update` (or without its translation) fails here."""

import gettext as python_gettext
import json
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from archive.people import views

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = [
    *sorted((ROOT / "static/js").rglob("*.js")),
    *sorted((ROOT / "static/archive").glob("*.js")),
    *sorted((ROOT / "templates/offline").glob("*.js")),
]
LITERAL = r'"((?:[^"\\]|\\.)*)"'
SAID = re.compile(r"\b(n?gettext|pgettext)\(\s*" + LITERAL + r"(?:\s*,\s*" + LITERAL + ")?")


def said_in(source):
    """(context, msgid) of every sentence the script says; JavaScript's string escapes read as JSON's."""
    found = []
    for kind, first, second in SAID.findall(source):
        first = json.loads(f'"{first}"')
        found.append((first, json.loads(f'"{second}"')) if kind == "pgettext" else (None, first))
    return found


def catalogue(language):
    return python_gettext.translation("djangojs", localedir=ROOT / "locale", languages=[language])


def test_the_reader_finds_the_sentences_of_a_script():
    source = 'gettext("Undo"); pgettext("a bet", "Blind"); ngettext("%(n)s card", "%(n)s cards", n); x("No")'
    assert said_in(source) == [(None, "Undo"), ("a bet", "Blind"), (None, "%(n)s card")]
    assert said_in('gettext("Declarations (from the dealer\\u2019s left)")') == [
        (None, "Declarations (from the dealer’s left)")
    ]


@pytest.mark.parametrize("language", ["cs", "ru"])
def test_every_sentence_a_script_says_is_in_the_javascript_catalogue(language):
    words = catalogue(language)
    missing, sentences = [], 0
    for script in SCRIPTS:
        for context, msgid in said_in(script.read_text(encoding="utf-8")):
            sentences += 1
            if (words.pgettext(context, msgid) if context else words.gettext(msgid)) == msgid:
                missing.append(f"{script.relative_to(ROOT)}: {msgid!r}")
    assert sentences > 300  # the pickers, the replay, the kept hands, the offline page
    assert not missing, "\n".join(missing)


@pytest.mark.django_db
def test_the_catalogue_of_each_language_is_made_once_and_speaks_it(monkeypatch):
    made = []
    catalogue_view = views._JAVASCRIPT_CATALOG
    monkeypatch.setattr(views, "_JAVASCRIPT_CATALOG", lambda request: made.append(1) or catalogue_view(request))
    cache.clear()
    client = Client()
    cs = client.get(reverse("javascript-catalog", args=["cs"]))
    assert cs.status_code == 200
    # the browser asks again at each page; the answer is "not modified" until the catalogues are compiled anew
    assert cs["Cache-Control"] == "no-cache"
    again = client.get(reverse("javascript-catalog", args=["cs"]), HTTP_IF_MODIFIED_SINCE=cs["Last-Modified"])
    assert again.status_code == 304
    assert client.get(reverse("javascript-catalog", args=["cs"])).content == cs.content
    assert made == [1]  # made once, then read from the cache
    text = cs.content.decode()
    assert "Karta po kart\\u011b" in text or "Karta po kartě" in text
    ru = client.get(reverse("javascript-catalog", args=["ru"])).content.decode()
    assert "\\u0421\\u0443\\u0434\\u044c\\u044f \\u0433\\u043e\\u0432\\u043e\\u0440\\u0438\\u0442" in ru or (
        "Судья говорит" in ru
    )
    assert client.get("/jsi18n/xx/").status_code == 404


def test_the_service_worker_keeps_every_catalogue_for_the_table_with_no_network():
    body = Client().get("/sw.js").content.decode()
    for code, _name in settings.LANGUAGES:
        assert f'"{code}": "{reverse("javascript-catalog", args=[code])}"' in body
    # cached at install, asked of the network first afterwards, and the offline page's own words said from them
    assert "cache.addAll(PRECACHE.concat(Object.values(CATALOGUES)))" in body
    assert "CATALOGUE.test(path)" in body and "networkFirst(request, SHELL_CACHE)" in body
    assert 'gettext("No network")' in body
    worker = Client().get("/offline/worker.js").content.decode()
    assert f'"cs": "{reverse("javascript-catalog", args=["cs"])}"' in worker
