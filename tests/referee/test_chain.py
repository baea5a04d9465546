"""The chain of a night's hands is the referee's (referee/chain.py): from a hand and its ruling, the next hand's
set-up: the dealer moved on (the same seat after a void hand), the pot carried, what else carries (a Seka
svara: who plays it), the next number. A night of every game, chained through referee.next_hand as the phone
with no network chains it: no money appears or vanishes along the way."""

import json
import random
from pathlib import Path

import pytest

import referee
from referee.chain import fill, next_set_up, set_up
from referee.games.poker.generate import poker_hand
from referee.games.rummy.generate import rummy_hand
from referee.games.sedma.generate import sedma_deal
from referee.games.seka.generate import seka_hand
from referee.generate import swik_hand

NAMES = {
    "swik": ["Dad", "Uncle Joe", "Mary", "Me"],
    "sedma": ["Babička", "Děda", "Jana", "Petr"],
    "seka": ["Vasya", "Tolya", "Dasha"],
    "poker": ["Dima", "Olya", "Kostya", "Nina"],
    "rummy": ["Olga", "Dima", "Sveta", "Kolya"],
}
VARIANT = {"sedma": "4p"}
DATA = Path(__file__).resolve().parent.parent / "data" / "swik"


def example(name):
    """A worked example of the rule book (tests/data/swik/)."""
    return json.loads((DATA / f"{name}.json").read_text())


def a_hand(game, rng, s):
    """A realistic hand of `game` at the set-up `s` (as a family would log it from there)."""
    who = {"players": s["players"], "dealer": s["dealer"], "house_rules": s["house_rules"] or None}
    if game == "swik":
        return swik_hand(rng, pot_in=s["pot_in"], mistakes=0.1, **who)
    if game == "sedma":
        return sedma_deal(rng, variant="4p", number=s["counted"] % 12 + 1, **who)
    if game == "seka":
        return seka_hand(rng, pot_in=s["pot_in"], svara=s.get("svara"), **who)
    if game == "poker":
        return poker_hand(rng, pot_in=s["pot_in"], **who)
    record = rummy_hand(rng, **who)
    record.pop("_expect", None)
    record.pop("sure", None)
    return record


def night(game, seed, hands=12):
    """[(set-up, next/1)] of a night of `game`, each hand logged from the set-up the last one left."""
    rng = random.Random(seed)
    s = set_up(game, NAMES[game], variant=VARIANT.get(game), dealer=rng.randrange(len(NAMES[game])), pot_in=0)
    out = []
    while len(out) < hands:
        try:
            answer = referee.next_hand(s, a_hand(game, rng, s))
        except referee.BadRecord:
            continue  # a slip the table would be told of before saving: logged again
        out.append((s, answer))
        s = answer["next"]
    return out


@pytest.mark.parametrize("game", sorted(NAMES))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_each_hand_is_set_up_from_the_last_one_and_no_money_appears_or_vanishes(game, seed):
    chain = night(game, seed)
    n = len(NAMES[game])
    nets = [0] * n
    for s, answer in chain:
        ruling, nxt, rec = answer["ruling"], answer["next"], answer["record"]
        facts = ruling["facts"]
        assert rec["pot_in"] == s["pot_in"] == ruling["pot_in"]  # the hand was ruled where the chain put it
        assert nxt["pot_in"] == ruling["pot_out"]  # the pot carried
        void = ruling["status"] == "void"
        assert nxt["dealer"] == facts["next_dealer"] == (facts["dealer"] if void else (facts["dealer"] + 1) % n)
        assert (nxt["number"], nxt["counted"]) == (s["number"] + 1, s["counted"] + (not void))
        assert {k: nxt[k] for k in ("game", "variant", "players", "house_rules")} == {
            k: s[k] for k in ("game", "variant", "players", "house_rules")
        }
        assert sum(ruling["net"]) == ruling["pot_in"] - ruling["pot_out"]
        nets = [a + b for a, b in zip(nets, ruling["net"], strict=True)]
    # money conserved over the night: what the seats won and lost is what the pot lost and gained
    assert sum(nets) == chain[0][0]["pot_in"] - chain[-1][1]["ruling"]["pot_out"]
    assert [s["number"] for s, _ in chain] == list(range(1, len(chain) + 1))


def test_swik_the_dealer_moves_left_and_the_pot_carries():
    s = set_up("swik", NAMES["swik"], dealer=0, pot_in=0)
    answer = referee.next_hand(s, example("01-plain-hand"))
    assert answer["format"] == "next/1"
    assert answer["ruling"] == referee.replay(answer["record"])
    assert answer["next"] == {
        "format": "handrec/1",
        "game": "swik",
        "variant": None,
        "players": NAMES["swik"],
        "dealer": 1,
        "pot_in": answer["ruling"]["pot_out"],
        "house_rules": {},
        "number": 2,
        "counted": 1,
    }
    assert answer["ruling"]["pot_out"] > 0  # (somebody fell: the pot is carried, not split)


def test_the_chain_sets_the_pot_whatever_the_record_says_and_keeps_a_dealer_the_table_named():
    s = set_up("swik", NAMES["swik"], dealer=2, pot_in=40, number=5, counted=4)
    record = dict(example("01-plain-hand"), pot_in=999)
    record.pop("dealer", None)
    filled = fill(s, record)
    assert (filled["pot_in"], filled["dealer"]) == (40, 2)
    assert fill(s, dict(record, dealer=3))["dealer"] == 3


SEKA = ["Masha", "Fedya", "Tolya"]
TIE = [["KC", "QC", "7H"], ["AD", "9D", "6S"], ["QH", "JH", "JS"]]  # 20, 20 and 20 in hearts


def test_seka_a_svara_names_who_plays_the_next_hand_and_then_it_is_gone():
    s = set_up("seka", SEKA, dealer=0, pot_in=0)
    tie = {
        "events": [
            {"action": "deal", "seat": 0, "hands": TIE},
            {"action": "raise", "seat": 1, "amount": 2},
            {"action": "fold", "seat": 2},
            {"action": "call", "seat": 0, "amount": 2},
            {"action": "show", "seat": 1, "cards": TIE[1]},
            {"action": "show", "seat": 0, "cards": TIE[0]},
        ]
    }
    first = referee.next_hand(s, tie)
    nxt = first["next"]
    assert nxt["svara"] == [0, 1]  # Masha and Fedya tied: they play the svara
    assert nxt["pot_in"] == first["ruling"]["pot_out"] > 0
    svara = {
        "events": [
            {"action": "buy_in", "seat": 2, "amount": nxt["pot_in"] // 2},
            {"action": "deal", "seat": 1, "hands": [["AS", "AH", "6C"], ["7S", "8S", "9H"], ["TD", "JD", "6D"]]},
            {"action": "raise", "seat": 2, "amount": 3},
            {"action": "fold", "seat": 0},
            {"action": "fold", "seat": 1},
        ]
    }
    second = referee.next_hand(nxt, svara)
    assert second["record"]["svara"] == [0, 1]  # the chain put it on the record
    assert "svara" not in second["next"]  # Tolya took the pot: nothing more carries
    assert second["next"]["pot_in"] == second["ruling"]["pot_out"]


def test_a_stale_carry_is_not_handed_on():
    s = set_up("seka", SEKA, carry={"svara": [0, 1], "pot": 12})
    assert s["svara"] == [0, 1] and "pot" not in s  # (the pot is pot_in; only the game's own keys carry)
    assert "svara" not in set_up("swik", NAMES["swik"], carry={"svara": [0, 1]})
    assert "svara" not in next_set_up(s, {"pot_out": 0, "status": "complete", "facts": {"next_dealer": 1}})


def test_the_question_next_is_answered_as_the_api_answers_it():
    s = set_up("swik", NAMES["swik"])
    body = json.dumps({"before": s, "record": example("01-plain-hand")})
    status, text = referee.answer("next", body)
    assert status == 200
    assert json.loads(text) == referee.next_hand(s, example("01-plain-hand"))


@pytest.mark.parametrize(
    ("question", "field", "words"),
    [
        ({"record": {}}, "*", "ask 'next' with a JSON object holding 'before'"),
        ({"before": 7, "record": {}}, "before", "the hand's set-up ('before') is a JSON object"),
        ({"before": {"game": "swik", "players": ["a", "b", "c"], "number": 0}, "record": {}}, "number", "at least 1"),
        ({"before": {"game": "swik", "players": ["a", "b", "c"]}, "record": {"game": "poker"}}, "game", "plays swik"),
        (
            {"before": {"game": "swik", "players": ["a", "b", "c"]}, "record": {"players": ["a"]}},
            "players",
            "(a, b, c)",
        ),
        ({"before": {"game": "swik", "players": "abc"}, "record": {}}, "players", "'players' must be the list"),
    ],
)
def test_a_bad_question_is_refused_in_words_never_a_crash(question, field, words):
    status, text = referee.answer("next", json.dumps(question))
    assert status == 400
    errors = json.loads(text)["errors"]
    assert any(e["field"] == field and words in e["message"] for e in errors), errors


def test_the_refusals_are_in_the_readers_language():
    question = {"before": {"game": "swik", "players": ["a", "b", "c"]}, "record": {"game": "poker"}}
    _, cs = referee.answer("next", json.dumps(question), language="cs")
    _, ru = referee.answer("next", json.dumps(question), language="ru")
    assert "tento večer se hraje swik" in cs
    assert "в этот вечер играют в swik" in ru


def test_a_void_hand_is_dealt_again_by_the_same_seat_and_not_counted():
    s = set_up("swik", NAMES["swik"], dealer=0, pot_in=0, number=3, counted=2)
    answer = referee.next_hand(s, example("09-misdeal-played-on"))
    assert answer["ruling"]["status"] == "void"
    facts = answer["ruling"]["facts"]
    assert answer["next"]["dealer"] == facts["dealer"]  # the same seat deals again
    assert (answer["next"]["number"], answer["next"]["counted"]) == (4, 2)  # a new hand, not a new deal
    assert answer["next"]["pot_in"] == answer["ruling"]["pot_out"]
