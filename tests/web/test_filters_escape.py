"""The cell filters build their HTML without format_html (archive/common/filters.py `_html`): what a family typed
is still written as text, never as markup, and a remembered sentence is still written in each family's money."""

from django.utils import translation
from django.utils.html import escape

from archive.common import money
from archive.common.filters import card, cards, net, status_badge, words

HOSTILE = '<script>alert("x")</script> & Co'


def test_the_referees_words_keep_a_hostile_name_as_text():
    said = words(f"{HOSTILE} pays 210 into the next pot, plays TH")
    assert "<script>" not in said
    assert escape(HOSTILE) in said
    assert "$2.10" in said
    assert '<span class="pc red" title="TH">10♥</span>' in said


def test_a_sentence_said_again_is_written_in_each_familys_money():
    sentence = "Uncle Joe pays 150 into the pot"
    assert "$1.50" in words(sentence)
    money.activate("czk")
    try:
        with translation.override("cs"):
            again = words(sentence)
    finally:
        money.deactivate()
    assert "$1.50" not in again
    assert "1,50\xa0Kč" in again


def test_money_cells_and_cards_are_the_same_markup_as_before():
    assert net(-150) == '<span class="money neg">−$1.50</span>'
    assert net(19) == '<span class="money pos">+19¢</span>'
    assert net(None) == '<span class="money zero">—</span>'
    assert card("AS") == '<span class="pc" title="AS">A♠</span>'
    assert card('"><b>') == '<span class="pc" title="&quot;&gt;&lt;b&gt;">&quot;&gt;&lt;b&gt;</span>'
    assert cards(["TD", None]) == (
        '<span class="cards"><span class="pc red" title="TD">10♦</span>'
        '<span class="pc unknown" title="not seen">?</span></span>'
    )


def test_a_status_badge_is_in_the_readers_language_and_escapes_an_unknown_status():
    assert status_badge("complete") == '<span class="badge badge-complete">complete</span>'
    with translation.override("cs"):
        czech = status_badge("void")
    assert czech.startswith('<span class="badge badge-void">') and "void</span>" not in czech
    assert status_badge("<i>") == '<span class="badge badge-&lt;i&gt;">&lt;i&gt;</span>'
