"""Issue 32: the referee core's own words (referee/record.py, core.py, tricks.py, cards.py, catalogue.py) in Czech
and Russian. The core has no game of its own, so it is checked on the rule book's bad records and on bad records
made here by hand (not an object, a missing field, an unknown card, a card played twice, a play out of turn): each
is refused in the language asked at the same event and field as in English, and none of the core's English words
is left in what it says. Words a game puts into a core sentence (its deck, its own refusals) are the game's to
translate (tests/i18n/test_catalogues.py, TRANSLATED) and are set aside here.
"""

import copy
import json
import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import referee
from archive.management.commands.catalogues import referee_sentences
from referee.cards import CARDS, card_name, rank_name, rank_plural, suit_name
from referee.language import LOCALE, speaking

from .test_catalogues import TRANSLATED

BAD = Path(__file__).resolve().parent.parent / "data" / "bad"
LANGUAGES = ("cs", "ru")
PLACE = re.compile(r"\{([a-z_]*)\}")


@cache
def core_sentences():
    """The English of every sentence of the core's catalogue (the `referee` domain), plural forms included."""
    found = set()
    for message in referee_sentences()["referee"]:
        if message.id:
            found.update(message.id if isinstance(message.id, tuple) else (message.id,))
    return frozenset(found)


@cache
def _pattern(msgid):
    """A regular expression reading a sentence made from msgid with .format() (its placeholders as groups)."""
    text = msgid.replace("{{", "\0").replace("}}", "\1")
    out, at, names = [], 0, []
    for m in PLACE.finditer(text):
        out.append(re.escape(text[at : m.start()]))
        out.append(f"(?P=p_{m[1]})" if m[1] in names else f"(?P<p_{m[1]}>.*?)")
        names.append(m[1])
        at = m.end()
    out.append(re.escape(text[at:]))
    return re.compile("".join(out).replace("\0", r"\{").replace("\1", r"\}"), re.S)


@cache
def core_template(english):
    """The core's sentence an English message was made from, with what was put into it: (msgid, {name: value}),
    or None for a message the core did not make (a game's own sentence)."""
    best = None
    for msgid in core_sentences():
        m = _pattern(msgid).fullmatch(english)
        if m and (best is None or len(msgid) > len(best[0])):  # (the most specific sentence)
            best = (msgid, {k[2:]: v for k, v in m.groupdict().items()})
    return best


def _words(text):
    """The Latin words of 3 letters or more of a text, outside placeholders and quotes."""
    text = PLACE.sub(" ", re.sub(r"'[^']*'|\"[^\"]*\"|„[^“]*“|«[^»]*»|\{\{.*?\}\}", " ", text))
    return {w.lower() for w in re.findall(r"[A-Za-z]{3,}", text)}


@cache
def english_words():
    """Words only the core's English uses: every word of its sentences, less those its translations keep as they
    are (the record's field names, JSON's null, true and false, UTF-8)."""
    words, kept = set(), set()
    for msgid in core_sentences():
        words |= _words(msgid)
    for language in LANGUAGES:
        for message in read_po((LOCALE / language / "LC_MESSAGES" / "referee.po").open("rb")):
            for string in message.string if isinstance(message.string, tuple) else (message.string,):
                kept |= _words(string or "")
    return frozenset(words - kept)


def english_left(said, english):
    """The core's English words still in `said` (the translation of the English message `english`). What the core
    only passed on (names, card codes, a game's words for its deck) is taken out first; pieces the core itself
    makes and puts in (the lead, where a card is) must be translated like the rest."""
    found = core_template(english)
    assert found, f"not a sentence of the core: {english!r}"
    _msgid, values = found
    rest = said
    for value in sorted(values.values(), key=len, reverse=True):
        if value and core_template(value) is None and core_template(value.strip()) is None:
            rest = rest.replace(value, " ")
    return sorted(_words(rest) & english_words())


def refusals(record, language=None):
    with pytest.raises(referee.BadRecord) as said:
        referee.replay(record, language=language)
    return said.value.errors


def assert_refused_in_every_language(record):
    english = refusals(record)
    for language in LANGUAGES:
        said = refusals(record, language)
        assert [(e["event"], e["field"]) for e in said] == [(e["event"], e["field"]) for e in english]
        for e, en in zip(said, english, strict=True):
            assert e["message"] != en["message"], f"({language}) still refused in English: {en['message']!r}"
            left = english_left(e["message"], en["message"])
            assert not left, f"({language}) {e['message']!r} still has English: {left}"
    return english


# ---------------------------------------------------------------- the rule book's bad records


def test_the_rule_books_bad_records_are_refused_in_czech_and_russian():
    checked = 0
    for path in sorted(BAD.glob("*.json")):
        text = path.read_text(encoding="utf-8")
        status, english = referee.answer("replay", text)
        assert status == 400
        english = json.loads(english)["errors"]
        for language in LANGUAGES:
            status, said = referee.answer("replay", text, language=language)
            said = json.loads(said)["errors"]
            assert status == 400
            assert [(e["event"], e["field"]) for e in said] == [(e["event"], e["field"]) for e in english]
            for e, en in zip(said, english, strict=True):
                if core_template(en["message"]) is None:
                    # A game's own refusal (Swik's deal): its game's catalogue says it.
                    game = json.loads(text).get("game")
                    assert game not in TRANSLATED or e["message"] != en["message"], (path.name, language)
                    continue
                assert e["message"] != en["message"], f"{path.name} ({language}) still refused in English"
                left = english_left(e["message"], en["message"])
                assert not left, f"{path.name} ({language}): {e['message']!r} still has English: {left}"
                checked += 1
    assert checked >= 2 * 5  # the card not in the deck, the seat, the action, the JSON, the card never given


def test_malformed_json_says_what_is_wrong_and_where_in_the_language_asked():
    status, text = referee.answer("replay", '{"format": "handrec/1",\n "game": }', language="cs")
    assert status == 400
    assert (
        json.loads(text)["errors"][0]["message"] == "záznam není platný JSON: čeká se hodnota na řádku 2, ve sloupci 10"
    )
    status, text = referee.answer("replay", b"\xff", language="ru")
    assert json.loads(text)["errors"][0]["message"] == "файл — не текст в UTF-8 (неверный начальный байт в байте 0)"


# ---------------------------------------------------------------- bad records made by hand


def swik(events=(), **fields):
    """A Swik hand dealt and declared (Dad deals; Dad, Uncle Joe and Mary play; Me is out), with `events` after."""
    record = copy.deepcopy(json.loads((BAD / "06-card-never-held.json").read_text(encoding="utf-8")))
    record["events"] = record["events"][:7] + list(events)
    record.update(fields)
    return record


def play(seat, card):
    return {"action": "play", "seat": seat, "card": card}


def test_a_record_that_is_not_an_object_is_refused_in_czech_and_russian():
    english = assert_refused_in_every_language([1, 2, 3])
    assert english == [
        {
            "event": None,
            "field": "*",
            "message": ("a hand record is a JSON object with format, game, players and events, not a list of 3"),
        }
    ]
    assert refusals([1, 2, 3], "cs")[0]["message"].endswith("ne seznam o 3 položkách")
    assert refusals([1, 2, 3], "ru")[0]["message"].endswith("а не список из 3 элементов")
    status, text = referee.answer("replay", "[1, 2, 3]", language="ru")
    assert status == 400 and "Запись раздачи должна быть объектом JSON {...}." in text
    # an event that is not an object
    assert assert_refused_in_every_language(swik([5]))[0]["event"] == 7


@pytest.mark.parametrize(
    "record",
    [
        pytest.param({k: v for k, v in swik().items() if k != "dealer"}, id="no dealer"),
        pytest.param({k: v for k, v in swik().items() if k != "events"}, id="no events"),
        pytest.param({k: v for k, v in swik().items() if k != "game"}, id="no game"),
        pytest.param(swik(players=[]), id="no players"),
        pytest.param(swik(dealer=[1, 2, 3]), id="a list for the dealer"),
        pytest.param(swik(format="handrec/2"), id="another format"),
        pytest.param(swik(variant="4p"), id="a variant Swik lacks"),
        pytest.param(swik(house_rules={"nope": 1}), id="a house rule Swik lacks"),
        pytest.param(swik(house_rules={"ante": -5}), id="a house rule out of range"),
        pytest.param(swik(claimed={"net": [1]}), id="a claim for too few seats"),
        pytest.param(swik([{"action": "play", "seat": 0}]), id="a play without its card"),
        pytest.param(swik([{"action": "play", "card": "AH"}]), id="a play without its seat"),
        pytest.param(swik([{"seat": 0, "card": "AH"}]), id="an event without its action"),
        pytest.param(swik([{"action": "bid", "seat": 0}]), id="an action Swik lacks"),
    ],
)
def test_a_missing_or_wrong_field_is_refused_in_czech_and_russian(record):
    assert_refused_in_every_language(record)


@pytest.mark.parametrize("card", ["ZZ", "ah", "10X", 7, ["AH"]])
def test_an_unknown_card_is_refused_in_czech_and_russian(card):
    (error,) = assert_refused_in_every_language(swik([play(0, card)]))
    assert (error["event"], error["field"]) == (7, "card")


def test_a_card_of_another_deck_is_refused_in_czech_and_russian_the_decks_words_are_swiks():
    record = swik([play(0, "6H")])
    (cs,) = refusals(record, "cs")
    assert cs["message"].startswith("událost 7 (play): karta 6H do hry nepatří (")
    (ru,) = refusals(record, "ru")
    assert ru["message"].startswith("событие 7 (play): карты 6H нет в колоде (")


def test_a_card_played_twice_is_refused_in_czech_and_russian():
    record = swik([play(0, "AH"), play(1, "KH"), play(2, "QH"), play(0, "AH")])
    (error,) = assert_refused_in_every_language(record)
    assert (error["event"], error["field"]) == (10, "card")
    assert refusals(record, "cs")[0]["message"] == "událost 10: Dad hraje AH, ale ta karta už byla zahrána"
    assert refusals(record, "ru")[0]["message"] == "событие 10: Dad кладёт AH, но эта карта уже сыграна"


def test_a_card_never_given_and_a_second_card_to_one_trick_are_refused_in_czech_and_russian():
    assert assert_refused_in_every_language(swik([play(0, "AH"), play(1, "JH")]))[0]["event"] == 8
    assert assert_refused_in_every_language(swik([play(0, "AH"), play(1, "QH")]))[0]["event"] == 8  # Mary's
    (error,) = assert_refused_in_every_language(swik([play(0, "AH"), play(0, "8S")]))
    assert (error["event"], error["field"]) == (8, "seat")
    assert assert_refused_in_every_language(swik([play(3, "8D")]))[0]["field"] == "seat"  # Me is out


def test_a_play_out_of_turn_is_a_violation_said_in_czech_and_russian():
    record = swik([play(1, "KH"), play(0, "AH"), play(2, "QH")])
    english = referee.replay(record)["violations"]
    assert [v["message"] for v in english] == [
        "Uncle Joe played KH out of turn (Dad was to play); the cards are judged in proper order"
    ]
    said = {language: referee.replay(record, language=language)["violations"] for language in LANGUAGES}
    assert [v["message"] for v in said["cs"]] == [
        "Uncle Joe hraje KH mimo pořadí (na tahu je Dad); karty se posuzují ve správném pořadí"
    ]
    assert [v["message"] for v in said["ru"]] == [
        "Uncle Joe кладёт KH не в свою очередь (очередь: Dad); карты оцениваются в правильном порядке"
    ]
    for violations in said.values():
        assert [(v["event"], v["seat"], v["rule"], v["penalty"]) for v in violations] == [
            (v["event"], v["seat"], v["rule"], v["penalty"]) for v in english
        ]


def test_a_revoke_names_the_suit_led_in_czech_and_russian():
    record = swik([play(0, "AH"), play(1, "7C")])
    english = referee.replay(record)["violations"][0]["message"]
    assert english.startswith("Uncle Joe played 7C to a heart lead while holding KH")
    cs = referee.replay(record, language="cs")["violations"][0]["message"]
    ru = referee.replay(record, language="ru")["violations"][0]["message"]
    assert cs.startswith("Uncle Joe hraje 7C na vynesené srdce, ačkoli má KH")
    assert ru.startswith("Uncle Joe кладёт 7C на ход с червей, имея на руке KH")


# ---------------------------------------------------------------- the cards' and the catalogue's words


def test_card_rank_and_suit_names_in_czech_and_russian():
    assert [CARDS[t].name for t in ("TH", "QS", "KD", "AC", "JK")] == [
        "the Ten of hearts",
        "the Queen of spades",
        "the King of diamonds",
        "the Ace of clubs",
        "the Joker",
    ]
    with speaking("cs"):
        assert [CARDS[t].name for t in ("TH", "QS", "KD", "AC", "JK")] == [
            "srdcová desítka",
            "piková dáma",
            "kárový král",
            "křížové eso",
            "žolík",
        ]
        assert (rank_name("T"), rank_plural("K"), suit_name("D")) == ("Desítka", "Králové", "káry")
    with speaking("ru"):
        assert card_name("TH") == "десятка червей" and card_name("AD") == "туз бубён"
        assert (rank_name("J"), rank_plural("A"), suit_name("C")) == ("Валет", "Тузы", "трефы")
    assert card_name("TH") == "the Ten of hearts"  # the language asked does not stick


def test_the_catalogues_rank_names_follow_the_language():
    def ranks(language):
        return [r for game in referee.games(language) for rule in game["house_rules"] for r in rule.get("ranks", ())]

    english = ranks(None)
    assert english, "a game with a house rule of ranks"
    for language in LANGUAGES:
        said = ranks(language)
        assert [r["value"] for r in said] == [r["value"] for r in english]
        assert all(s["name"] != e["name"] for s, e in zip(said, english, strict=True))


def rummy(change):
    """The rule book's first rummy hand (Dima deals to Olga and Dima), changed by `change(record)`."""
    record = json.loads((BAD.parent / "rummy" / "01-2p.json").read_text(encoding="utf-8"))
    change(record)
    return record


def test_a_second_deal_and_a_deal_by_another_seat_are_refused_in_czech_and_russian():
    twice = rummy(lambda r: r["events"].insert(1, copy.deepcopy(r["events"][0])))
    assert assert_refused_in_every_language(twice)[0] == {
        "event": 1,
        "field": "action",
        "message": "event 1: a second deal; a record holds one hand",
    }
    assert refusals(twice, "cs")[0]["message"] == "událost 1: druhé rozdání; záznam obsahuje jen jedno rozdání"
    other = rummy(lambda r: r["events"][0].update(seat=0))
    assert assert_refused_in_every_language(other)[0]["field"] == "seat"
    assert refusals(other, "ru")[0]["message"] == "событие 0: сдаёт Olga, но сдающий по записи — Dima"


def test_plural_forms_of_the_values_described():
    huge = rummy(lambda r: r.update(pot_in=10**20))
    assert_refused_in_every_language(huge)
    assert refusals(huge, "ru")[0]["message"].endswith("а не число из 21 цифры")
    assert refusals(huge, "cs")[0]["message"].endswith("ne číslo o 21 číslicích")
    for n, cs, ru in [
        (1, "seznam o 1 položce", "список из 1 элемента"),
        (4, "seznam o 4 položkách", "список из 4 элементов"),
    ]:
        record = rummy(lambda r, n=n: r.update(players=[["Olga"] * n]))
        assert refusals(record, "cs")[0]["message"].endswith(f"ne {cs}")
        assert refusals(record, "ru")[0]["message"].endswith(f"а не {ru}")


def test_a_question_the_referee_does_not_answer_is_refused_in_the_language_asked():
    status, text = referee.answer("bogus", "{}", language="cs")
    assert status == 400
    assert (
        json.loads(text)["errors"][0]["message"] == "rozhodčí odpovídá na replay, legal, next nebo games, ne na 'bogus'"
    )
    assert "not 'bogus'" in referee.answer("bogus", "{}")[1]
