"""Issue 34 items 3 and 4: what players read has no developer words and fits anyone. Every sentence the referee
gives for the public examples and the bad records (tests/data), as the site shows it (the summary, each
violation, each line of the ledger and of the replay through the `words` filter; each error through
error_words), and the main pages, are scanned for "event 3", "seat 0", card codes ("AS", "TD"), "the book's
game", variant codes ("4p") and, in the games other than Swik (whose rule book is written that way), "he",
"his" and "him"."""

import json
import re
from pathlib import Path

import pytest
from django.test import Client

import referee
from archive.common.filters import words_text
from archive.table import error_words, services
from tests import factories
from tests.examples import public_examples

DATA = Path(__file__).resolve().parent.parent / "data"

DEVELOPER = [
    ("an event number", re.compile(r"\bevents? \d+")),
    ("a seat number", re.compile(r"\bseats? \d+")),
    ("a card code", re.compile(r"(?<![\w-])(?:10|[AKQJT98765432])[SHDC](?![\w-])")),
    ("the book's game", re.compile(r"the book.s game", re.I)),
    ("a variant code", re.compile(r"(?<![\w-])[234]p(?![\w-])")),
]
HE = ("he, his or him", re.compile(r"\b(?:[Hh]e|[Hh]is|[Hh]im|[Hh]imself)\b"))


def problems(text, game=None):
    checks = DEVELOPER + ([HE] if game not in (None, "swik") else [])
    return [
        f"{what}: …{text[max(0, m.start() - 40) : m.end() + 40]}…" for what, rx in checks for m in rx.finditer(text)
    ]


def _sentences(name, text):
    """(sentence, game) for everything the site shows of this record's ruling, or its errors."""
    try:
        record = json.loads(text)
    except ValueError:
        return []  # (a record that is not JSON: the page says so in its own words)
    game = record.get("game") if isinstance(record, dict) else None
    try:
        ruling = referee.replay(record)
    except referee.BadRecord as exc:
        return [(e["message"], game) for e in error_words.say_all(exc.errors, record)]
    out = [(words_text(ruling["summary"]), game)]
    out += [(words_text(v["message"]), game) for v in ruling["violations"]]
    out += [(words_text(e.get("reason", "")), game) for e in ruling["ledger"]]
    try:
        out += [(words_text(s.get("text") or ""), game) for s in referee.steps(record)]
    except referee.BadRecord:
        pass
    return out


CASES = public_examples()


@pytest.mark.parametrize("name,text", CASES, ids=[c[0] for c in CASES])
def test_the_referees_sentences_are_players_words(name, text):
    found = []
    for sentence, game in _sentences(name, text):
        s = sentence if isinstance(sentence, str) else str(sentence)
        found += problems(s, game)
    assert not found, "\n".join(found)


def _visible(html):
    """The page's text as a person reads it: no scripts, no JSON boxes (the record's own codes), no tags."""
    html = re.sub(r"(?is)<(script|style|textarea|pre|code)\b.*?</\1>", " ", html)
    # (The rule book itself, on the rules pages, is the book's text, written with its seat numbers and codes.)
    html = re.sub(r"(?is)<article class=\"panel rulebook\">.*?</article>", " ", html)
    text = re.sub(r"(?s)<[^>]+>", " ", html)
    return re.sub(r"\s+", " ", text)


@pytest.mark.django_db
def test_the_main_pages_speak_players_words(family, owner, session):
    h1 = services.hand_add(session=session, record=factories.example_record("01-plain-hand"), by=owner)
    h2 = services.hand_add(session=session, record=factories.example_record("04-forgotten-cut"), by=owner)
    others = {}
    for game, names, variant in (
        ("sedma", ("Babička", "Děda", "Jana", "Petr"), "4p"),
        ("poker", ("Dima", "Olya", "Kostya"), ""),
        ("seka", ("Masha", "Tolya", "Dasha"), ""),
        ("rummy", ("Olga", "Dima"), ""),
    ):
        others[game] = factories.make_session(family, owner, names, game=game, variant=variant)
    client = Client()
    client.force_login(owner)
    f = f"/families/{family.slug}"
    urls = ["/", f + "/", f"{f}/sessions/{session.pk}/", f"{f}/sessions/{session.pk}/log/"]
    urls += [f"{f}/hands/{h1.pk}/", f"{f}/hands/{h2.pk}/", f"{f}/hands/{h2.pk}/history/", f"{f}/sessions/new/"]
    urls += ["/how-to/", f"{f}/stats/", f"{f}/stats/sessions/{session.pk}/", f"{f}/settle/", f"{f}/disputes/"]
    urls += [f"{f}/players/{session.seats.first().player_id}/", f"{f}/audit/", f"{f}/rules/swik/"]
    for game, s in others.items():
        urls += [f"{f}/sessions/{s.pk}/", f"{f}/sessions/{s.pk}/log/", f"{f}/rules/{game}/"]
    found = []
    for url in urls:
        resp = client.get(url)
        assert resp.status_code == 200, url
        game = next((g for g, s in others.items() if f"/sessions/{s.pk}/" in url), None)
        found += [f"{url}: {p}" for p in problems(_visible(resp.content.decode()), game)]
    assert not found, "\n".join(found)
