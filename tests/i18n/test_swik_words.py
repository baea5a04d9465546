"""Issue 32: Swik's words in Czech and Russian, as a player at the table reads them: the ruling, the replay's
lines, the plural forms, and the catalogue's house rules and events (the same rules and defaults, in words)."""

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

import referee

SWIK = Path(__file__).resolve().parent.parent / "data" / "swik"


def example(name):
    return json.loads((SWIK / f"{name}.json").read_text(encoding="utf-8"))


def swik_entry(language):
    return next(g for g in referee.games(language) if g["name"] == "swik")


def test_three_of_a_kind_is_ruled_in_czech_and_russian():
    record = example("07-trips")
    assert referee.replay(record, language="cs")["summary"] == (
        "Mary ukazuje tři devítky a bere bank 35; Dad a Uncle Joe padají a platí po 35 do příštího banku."
    )
    assert referee.replay(record, language="ru")["summary"] == (
        "Mary показывает три девятки и забирает банк 35; Dad и Uncle Joe падают и платят по 35 в следующий банк."
    )


def test_the_tricks_and_the_fall_in_czech_and_russian():
    record = example("01-plain-hand")
    assert referee.replay(record, language="cs")["summary"] == (
        "Dad: jeden štych, Uncle Joe: dva štychy; Mary padá a platí 19 do příštího banku."
    )
    assert referee.replay(record, language="ru")["summary"] == (
        "Dad: одна взятка, Uncle Joe: две взятки; Mary падает и платит 19 в следующий банк."
    )


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("cs", "chybné rozdání: Dad dostává 1 kartu; Uncle Joe dostává 5 karet; Mary dostává 2 karty"),
        ("ru", "неправильная сдача: Dad получает 1 карту; Uncle Joe получает 5 карт; Mary получает 2 карты"),
        ("en", "misdeal: Dad got 1 card; Uncle Joe got 5 cards; Mary got 2 cards"),
    ],
)
def test_a_misdeal_counts_the_cards_with_the_right_plural(language, words):
    record = copy.deepcopy(example("05-misdeal"))
    record["events"][1]["hands"] = [["7S"], ["8S", "9S", "TS", "JS", "QS"], ["AS", "7H"], ["8H", "9H", "TH"]]
    misdeal = next(v for v in referee.replay(record, language=language)["violations"] if v["rule"] == "swik.misdeal")
    assert misdeal["message"] == words


def test_the_replay_says_the_cut_the_deal_and_the_trump_in_czech_and_russian():
    record = example("02-ace-cut")
    czech = [s["text"] for s in referee.steps(record, language="cs")]
    russian = [s["text"] for s in referee.steps(record, language="ru")]
    assert czech[1] == "Dad se dívá na spodní kartu: 9D"
    assert czech[3] == "Uncle Joe rozdává; otočena je KH: trumfy jsou srdce"
    assert russian[3] == "Uncle Joe сдаёт; открыта KH: козыри — червы"
    assert czech[5] == "Mary: hraju" and russian[6] == "Me: пас"


def test_the_catalogue_names_swiks_house_rules_and_events_in_the_readers_language():
    english = swik_entry("en")
    for language in ("cs", "ru"):
        said = swik_entry(language)
        # The same rules, kinds, defaults and fields: only the words differ.
        assert [r["name"] for r in said["house_rules"]] == [r["name"] for r in english["house_rules"]]
        assert [r["default"] for r in said["house_rules"]] == [r["default"] for r in english["house_rules"]]
        assert [e["fields"] for e in said["events"]] == [e["fields"] for e in english["events"]]
        for rule, en in zip(said["house_rules"], english["house_rules"], strict=True):
            assert rule["label"] != en["label"] and rule["sentence"] != en["sentence"], (language, rule["name"])
            for choice, en_choice in zip(rule.get("choices", ()), en.get("choices", ()), strict=True):
                assert choice["sentence"] != en_choice["sentence"], (language, rule["name"], choice["value"])
        for event, en in zip(said["events"], english["events"], strict=True):
            assert event["sentence"] != en["sentence"], (language, event["action"])
    assert swik_entry("cs")["house_rules"][0]["label"] == "Vklad"
    assert swik_entry("ru")["house_rules"][0]["label"] == "Анте"
    assert english["house_rules"][0]["label"] == "Ante"  # the English catalogue is not changed by the others


def test_swik_read_for_the_first_time_in_czech_keeps_its_english_catalogue():
    """The game module is imported at its first use: a first ruling in Czech must not leave Czech words in the
    English catalogue (its words are gathered speaking English, whatever language is spoken at the import)."""
    code = (
        "import json, sys, referee\n"
        "record = json.load(open(sys.argv[1], encoding='utf-8'))\n"
        "assert 'dostává' in referee.replay(record, language='cs')['violations'][0]['message']\n"
        "swik = next(g for g in referee.games('en') if g['name'] == 'swik')\n"
        "assert swik['house_rules'][0]['label'] == 'Ante', swik['house_rules'][0]\n"
        "assert 'misdeal: ' in referee.replay(record)['violations'][0]['message']\n"
    )
    done = subprocess.run([sys.executable, "-c", code, str(SWIK / "05-misdeal.json")], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
