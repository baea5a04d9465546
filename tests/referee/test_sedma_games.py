"""A game of Sedma (a record of many deals) and property tests over generated deals and games."""

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import referee
from referee.games.sedma.generate import sedma_deal, sedma_game
from referee.games.sedma.rules import DECK_TEXT

few = settings(deadline=None, max_examples=60, suppress_health_check=[HealthCheck.too_slow])


def bad(rec):
    with pytest.raises(referee.BadRecord) as e:
        referee.replay(rec)
    return e.value.errors


# ---------------------------------------------------------------------- games


def test_a_4p_game_rotates_the_partnerships_every_four_deals_and_adds_up():
    g = sedma_game(random.Random(2), house_rules={})
    r = referee.replay(g)
    assert r["status"] == "complete" and len(r["deals"]) == 12
    assert [d["deal"] for d in r["deals"]] == list(range(1, 13))
    sides = [d["score"]["sides"] for d in r["deals"]]
    assert sides[0] == sides[3] == [[0, 2], [1, 3]]
    assert sides[4] == sides[7] == [[0, 1], [2, 3]]
    assert sides[8] == sides[11] == [[0, 3], [1, 2]]
    totals = [sum(d["score"]["players"][s] for d in r["deals"]) for s in range(4)]
    assert r["score"]["players"] == totals == r["score"]["running"][-1]
    assert r["score"]["winners"] == [s for s in range(4) if totals[s] == max(totals)]
    assert r["net"] == [0, 0, 0, 0]
    names = g["players"]
    assert " and ".join(names[s] for s in r["score"]["winners"]) in r["summary"]


def test_partners_rotate_every_is_a_house_rule():
    g = sedma_game(random.Random(3), house_rules={"partners_rotate_every": 2, "deals_per_game": 6})
    r = referee.replay(g)
    assert [d["score"]["sides"][0] for d in r["deals"]] == [[0, 2], [0, 2], [0, 1], [0, 1], [0, 3], [0, 3]]
    assert r["status"] == "complete"


def test_thirteen_deals_is_a_bad_record_naming_the_deal():
    g = sedma_game(random.Random(4), house_rules={}, deals=13)
    errors = bad(g)
    assert [(e["event"], e["field"], e["deal"]) for e in errors] == [(None, "deals", 12)]


def test_an_error_inside_a_deal_names_the_deal_and_event():
    g = sedma_game(random.Random(5), house_rules={})
    g["deals"][6]["events"][3]["card"] = "ZZ"
    errors = bad(g)
    assert [(e["event"], e["field"], e["deal"]) for e in errors] == [(3, "card", 6)]


def test_a_misdealt_deal_is_not_one_of_the_twelve():
    g = sedma_game(random.Random(6), house_rules={})
    void = copy.deepcopy(g["deals"][0])
    void["events"] = void["events"][:1]
    void["events"][0]["hands"][2] = void["events"][0]["hands"][2][:7]
    g["deals"].insert(0, void)
    r = referee.replay(g)
    assert r["deals"][0]["status"] == "void" and r["deals"][0]["deal"] is None
    assert [d["deal"] for d in r["deals"][1:]] == list(range(1, 13)) and r["status"] == "complete"
    assert [(v["rule"], v["deal"]) for v in r["violations"] if v["rule"] == "sedma.misdeal"] == [("sedma.misdeal", 0)]


def test_only_the_last_deal_may_be_unfinished():
    g = sedma_game(random.Random(7), house_rules={}, deals=3)
    g["deals"][2]["events"] = g["deals"][2]["events"][:9]
    r = referee.replay(g)
    assert r["status"] == "incomplete" and r["score"]["winners"] == []
    assert len(r["score"]["running"]) == 2  # the unfinished deal adds nothing
    g["deals"][1]["events"] = g["deals"][1]["events"][:9]
    assert [(e["field"], e["deal"]) for e in bad(g)] == [("events", 1)]


def test_a_deals_own_house_rules_must_be_the_games():
    g = sedma_game(random.Random(8), house_rules={}, deals=2)
    g["deals"][1]["house_rules"] = {"continue_trick": True}
    assert [(e["field"], e["deal"]) for e in bad(g)] == [("house_rules", 1)]


def test_a_3p_game_is_won_on_crowns():
    g = sedma_game(random.Random(9), variant="3p", house_rules={})
    r = referee.replay(g)
    crowns = [sum(d["score"]["crowns"][s] for d in r["deals"]) for s in range(3)]
    assert r["score"]["crowns"] == crowns == r["net"] and sum(crowns) == 0
    assert r["score"]["winners"] == [s for s in range(3) if crowns[s] == max(crowns)]


def test_steps_and_legal_of_a_game():
    g = sedma_game(random.Random(10), house_rules={}, deals=2)
    g["deals"][1]["events"] = g["deals"][1]["events"][:5]
    states = list(referee.steps(g))
    assert states[-1]["final"] and states[-1]["ruling"] == referee.replay(g)
    assert {s["deal"] for s in states[:-1]} == {0, 1}
    legal = referee.legal(g)
    assert legal["deal"] == 1 and legal["options"] and legal["options"][0]["action"] == "play"


# ---------------------------------------------------------------------- properties


@few
@given(st.integers(0, 2**32 - 1), st.sampled_from([0.0, 0.3]))
def test_every_finished_deal_is_worth_ninety_and_every_card_is_played_once(seed, mistakes):
    rec = sedma_deal(random.Random(seed), mistakes=mistakes, unknown=0.2)
    r = referee.replay(rec)
    assert sum(r["net"]) == r["pot_in"] - r["pot_out"]
    if r["status"] != "complete":
        return
    assert sum(r["score"]["points"]) == 90 == sum(t["points"] for t in r["tricks"])
    assert all(p % 10 == 0 for p in r["score"]["points"])
    played = [c for t in r["tricks"] for _, c in t["plays"]]
    pack = set(DECK_TEXT) - (
        set(rec.get("house_rules", {}).get("removed") or ["8D", "8H"]) if rec["variant"] == "3p" else set()
    )
    assert sorted(played) == sorted(pack)  # every card exactly once
    if rec["variant"] == "4p":
        sc = r["score"]
        assert sc["players"][sc["sides"][0][0]] + sc["players"][sc["sides"][1][0]] == 90


@settings(deadline=None, max_examples=15, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.sampled_from(["4p", "2p", "3p"]))
def test_a_games_totals_are_the_sum_of_its_deals(seed, variant):
    g = sedma_game(random.Random(seed), variant=variant, mistakes=0.1)
    r = referee.replay(g)
    done = [d for d in r["deals"] if d["status"] == "complete"]
    n = len(g["players"])
    assert r["score"]["players"] == [sum(d["score"]["players"][s] for d in done) for s in range(n)]
    assert r["net"] == [sum(d["net"][s] for d in r["deals"]) for s in range(n)]
    if variant == "4p":
        assert sum(r["score"]["players"]) == 180 * len(done)


def test_a_short_game_whose_deals_are_played_out_is_complete_but_names_no_winner_yet():
    r = referee.replay(sedma_game(random.Random(12), house_rules={}, deals=5))
    assert r["status"] == "complete" and r["score"]["winners"] == [] and len(r["score"]["running"]) == 5
    assert "5 of 12 deals" in r["summary"]
