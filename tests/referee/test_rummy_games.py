"""A rummy game record ({"deals": [...]}) to the target: its totals, its winners, what comes next, its steps, and
the records that cannot be a real game (a hand after the game was won, an unfinished hand before the last, a hand
of other players)."""

import json
from pathlib import Path

import pytest

import referee

DATA = Path(__file__).resolve().parent.parent / "data" / "rummy"


def hand(name):
    return json.loads((DATA / f"{name}.json").read_text())


def game(target, names=("02-3p", "04-out-of-turn")):
    """A game of the three-player examples (Olga, Dima, Sveta), to `target`."""
    deals = []
    for name in names:
        r = hand(name)
        deals.append({"dealer": r["dealer"], "events": r["events"]})
    return {
        "format": "handrec/1",
        "game": "rummy",
        "variant": None,
        "players": ["Olga", "Dima", "Sveta"],
        "house_rules": {"target": target},
        "deals": deals,
    }


def test_the_totals_are_the_sum_of_the_hands_and_the_highest_wins_at_the_target():
    ruling = referee.replay(game(100))
    # 02-3p: Olga 45, Dima 10, Sveta 5; 04-out-of-turn: Olga 101, Dima 7, Sveta 62
    assert ruling["score"] == {
        "players": [146, 17, 67],
        "running": [[45, 10, 5], [146, 17, 67]],
        "winners": [0],
        "target": 100,
    }
    assert ruling["status"] == "complete"
    assert ruling["summary"] == "Olga won the game to 100 with 146 points after 2 hands."
    assert [v["deal"] for v in ruling["violations"]] == [1]  # the out-of-turn play of the second hand
    assert referee.legal(game(100))["done"] is True


def test_short_of_the_target_the_game_goes_on_with_the_next_dealer():
    ruling = referee.replay(game(500))
    assert ruling["status"] == "incomplete" and ruling["score"]["winners"] == []
    assert ruling["summary"] == "2 hands played; Olga leads with 146 of 500."
    nxt = referee.legal(game(500))
    assert nxt["turn"] == 2 and nxt["options"] == [{"action": "deal", "seat": 2}] and nxt["deal"] == 2
    states = list(referee.steps(game(500)))
    assert states[-1]["final"] and states[-1]["ruling"] == ruling
    assert [s["deal"] for s in states[:-1]].count(1) == len(hand("04-out-of-turn")["events"])


def test_a_hand_after_the_game_was_won_is_a_bad_record():
    with pytest.raises(referee.BadRecord) as e:
        referee.replay(game(50, ("02-3p", "04-out-of-turn", "02-3p")))
    assert [(x["field"], x["deal"]) for x in e.value.errors] == [("deals", 2)]
    assert "after the game was won (the target 50 was reached)" in e.value.errors[0]["message"]


def test_an_unfinished_hand_before_the_last_is_a_bad_record():
    g = game(500)
    g["deals"][0]["events"] = g["deals"][0]["events"][:5]
    with pytest.raises(referee.BadRecord) as e:
        referee.replay(g)
    assert [(x["field"], x["deal"]) for x in e.value.errors] == [("events", 0)]


def test_a_hand_of_other_players_is_a_bad_record():
    g = game(500)
    g["deals"][1]["players"] = ["Olga", "Dima", "Kolya"]
    with pytest.raises(referee.BadRecord) as e:
        referee.replay(g)
    assert [(x["field"], x["deal"]) for x in e.value.errors] == [("players", 1)]


def test_a_table_that_wrote_down_other_points_gets_discrepancies():
    r = hand("01-2p")
    r["claimed"] = {"score": {"players": [59, 14]}}
    ruling = referee.replay(r)
    assert ruling["discrepancies"] == [{"seat": 1, "field": "players", "claimed": 14, "referee": 4}]


def test_a_hand_with_unknown_points_leaves_that_total_unknown_and_names_no_winner():
    # issue 29: Sveta's hand, the stock and her draws were not written down in the first hand: her points are
    # unknown, so is her total; Olga reaches the target, but an unknown total might be higher.
    g = game(100)
    first = g["deals"][0]["events"]
    first[0]["hands"][2] = None
    first[0]["stock"] = None
    for e in first:
        if e["action"] == "draw" and e["seat"] == 2:
            e["card"] = None
    ruling = referee.replay(g)
    assert ruling["deals"][0]["score"]["players"] == [45, 10, None]
    assert ruling["score"] == {
        "players": [146, 17, None],
        "running": [[45, 10, None], [146, 17, None]],
        "winners": [],
        "target": 100,
    }
    assert ruling["status"] == "complete" and ruling["net"] == [0, 0, 0]
    assert ruling["summary"] == (
        "Olga reached 100 with 146 points after 2 hands; no winner can be named, as Sveta's total is unknown."
    )
