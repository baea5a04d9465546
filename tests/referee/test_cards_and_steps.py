"""Cards (small interned values, decks) and the replay page's states (referee.steps)."""

import copy
import pickle

import pytest

import referee
from referee import cards

from .hands import PLAIN_DECLARES, bad, cut, deal, plain, play, plays, record, wrap


def test_cards_are_interned_and_immutable():
    th = cards.card("TH")
    assert th is cards.card("10H") is cards.CARDS["TH"]
    assert str(th) == "TH" and th.rank == "T" and th.suit == "H"
    assert repr(th) == "Card('TH')"
    assert th.name == "the Ten of hearts"
    with pytest.raises(AttributeError):
        th.rank = "A"
    assert pickle.loads(pickle.dumps(th)) is th
    assert copy.deepcopy(th) is th or copy.deepcopy(th) == th
    assert cards.card("AS").order > cards.card("KS").order > cards.card("7S").order


@pytest.mark.parametrize("text", ["th", "1H", "T", "", "TX", "JK ", None, 10, ["TH"]])
def test_not_cards(text):
    with pytest.raises(ValueError):
        cards.card(text)


def test_decks():
    assert len(cards.DECK_32) == 32 and len(set(cards.DECK_32)) == 32
    assert {c.rank for c in cards.DECK_32} == set("789TJQKA")
    assert len(cards.DECK_36) == 36 and len(cards.DECK_52) == 52
    assert len(cards.DECK_54) == 54 and cards.DECK_54.count(cards.JOKER) == 2
    assert len(cards.DECK_108) == 108 and cards.copies(cards.DECK_108)[cards.card("AS")] == 2
    assert cards.JOKER.suit is None and str(cards.JOKER) == "JK"
    assert cards.DECK_SETS[32] == frozenset(cards.DECK_32)


def test_rank_helpers():
    sedma = cards.rank_order("789JQKTA")  # a game whose Ten ranks high
    assert sedma["T"] > sedma["K"]
    assert cards.rank_of("10") == "T" and cards.rank_of("K") == "K" and cards.rank_of("6x") is None
    assert cards.RANK_PLURALS["6"] == "Sixes" and cards.RANK_PLURALS["9"] == "Nines"


def test_steps_one_state_per_event_then_the_ruling():
    rec = plain()
    states = list(referee.steps(rec))
    assert len(states) == len(rec["events"]) + 1
    final = states[-1]
    assert final["final"] and final["ruling"] == referee.replay(rec)
    after_deal = states[1]
    assert after_deal["hands"][0] == ["AH", "TD", "8S"] or sorted(after_deal["hands"][0]) == ["8S", "AH", "TD"]
    assert after_deal["trump"] == "C" and "trump" in after_deal["text"]
    assert states[6]["in"] == ["in", "in", "in", "out"]
    first_trick = states[9]
    assert first_trick["tricks_won"] == [1, 0, 0, 0] and first_trick["trick"] == []
    assert "Dad wins the trick" in first_trick["text"]
    mid = states[8]
    assert mid["trick"] == [[0, "AH"], [1, "KH"]]
    assert "AH" not in mid["hands"][0]
    for i, s in enumerate(states[:-1]):
        assert s["index"] == i and s["event"] == rec["events"][i]
        assert s["pot"] == 15 and isinstance(s["text"], str) and s["text"]


def test_steps_show_violations_as_they_happen():
    rec = record(cut(2), deal(), wrap(), *PLAIN_DECLARES, *plays("0 AH", "1 7C", "2 QH"))
    states = list(referee.steps(rec))
    assert [v["rule"] for v in states[0]["violations"]] == ["swik.cut-by-wrong-player"]
    assert "swik.cut-by-wrong-player" in states[0]["text"]
    assert [v["rule"] for v in states[8]["violations"]][-1] == "swik.revoke"  # the revoke, where it happened
    assert "stops" in states[8]["text"]
    assert "does not count" in states[9]["text"]


def test_steps_of_a_bad_record_raise_before_any_state():
    with pytest.raises(referee.BadRecord):
        next(referee.steps(record(cut(), deal(), wrap(), *PLAIN_DECLARES, play(0, "6H"))))
    with pytest.raises(referee.BadRecord):
        next(referee.steps("nonsense"))
    bad(record(cut(), deal(), wrap(), *PLAIN_DECLARES, play(0, "6H")))
