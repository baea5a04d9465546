"""Issue 32: a refused record's errors in a player's words in the reader's language: the place named from the
record ("Rozdání", "Сдача"), seats by their players, cards as cards; the same on the pages and in the scripts."""

import json
from pathlib import Path

import pytest
from django.utils import translation

import referee
from archive.table import error_words

BAD = Path(__file__).resolve().parent.parent / "data" / "bad" / "01-duplicate-card.json"


@pytest.mark.parametrize(
    "language, words",
    [
        ("en", "The deal: 9♠ is dealt to both Dad and Mary"),
        ("cs", "Rozdání: 9♠ je rozdána dvakrát – Dad i Mary"),
        ("ru", "Сдача: 9♠ сдана дважды — Dad и Mary"),
    ],
)
def test_a_refusal_reads_in_the_reader_language_with_the_place_in_words(language, words):
    record = json.loads(BAD.read_text(encoding="utf-8"))
    with pytest.raises(referee.BadRecord) as refused:
        referee.replay(record, language=language)
    with translation.override(language):
        said = error_words.say_all(refused.value.errors, record)[0]["message"]
    assert said.startswith(words)
    assert "seat" not in said and "místo" not in said and "место" not in said and "9S" not in said


def test_the_third_card_played_and_a_line_of_an_import_in_czech():
    record = {"players": ["Dad", "Mary"], "events": [{"action": "play"}, {"action": "play"}, {"action": "play"}]}
    with translation.override("cs"):
        assert error_words.event_words(record, 2) == "3. zahraná karta"
        assert error_words.said({"line": 3, "message": "událost 9 (deal): x"}) == "řádek 3: Rozdání: x"
    with translation.override("en"):
        assert error_words.event_words(record, 2) == "the third card played"
