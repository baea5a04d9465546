"""Each rummy rule at its edges: runs through the corner, a take from the middle of the row, the chosen card used
at once (or not), going out on a lay-off or a discard, the stock running dry, every violation and the bad records
that name their event and field."""

import pytest

import referee
from referee.games.rummy.rules import meld_kind

from .rummy_records import DRY_DIMA, DRY_OLGA, NAMES, dry, ev, record, unused, used


def rule(r):
    return referee.replay(r)


def rules_of(ruling):
    return [(v["event"], v["rule"]) for v in ruling["violations"]]


def bad(r):
    with pytest.raises(referee.BadRecord) as e:
        referee.replay(r)
    return [(x["event"], x["field"], x["message"]) for x in e.value.errors]


def state(r, k):
    """The replay page's state after event k."""
    return list(referee.steps(r))[k]


# ---------------------------------------------------------------------- runs and sets


@pytest.mark.parametrize(
    ("cards", "wrap", "kind"),
    [
        (["KH", "AH", "6H"], True, ["KH", "AH", "6H"]),  # through the corner
        (["6H", "AH", "KH", "7H"], True, ["KH", "AH", "6H", "7H"]),
        (["KH", "AH", "6H"], False, None),
        (["AH", "6H", "7H"], False, None),
        (["QH", "KH", "AH"], False, ["QH", "KH", "AH"]),
        ([r + "D" for r in "6789TJQKA"], True, [r + "D" for r in "6789TJQKA"]),  # all nine make a run
        ([r + "D" for r in "6789TJQKA"], False, [r + "D" for r in "6789TJQKA"]),
        (["KH", "AH", "7H"], True, None),  # a gap
        (["KH", "AH", "6D"], True, None),  # two suits
        (["9C", "9H", "9S"], True, ["9S", "9H", "9C"]),
        (["9C", "9H"], True, None),  # two cards are no meld
    ],
)
def test_what_makes_a_run_or_a_set(cards, wrap, kind):
    got = meld_kind(cards, wrap)
    assert (got[1] if got else None) == kind


def test_a_run_through_the_corner_is_melded_with_wrap_and_taken_back_without():
    hands = [["KH", "AH", "9C", "TD", "JS"], ["6S", "7S", "8D", "QD", "QC"]]
    events = [ev("draw", 0, "6H"), ev("meld", 0, ["KH", "AH", "6H"]), ev("discard", 0, "9C")]
    r = record(hands, ["6H"], events)
    ruling_state = state(r, 2)
    assert ruling_state["melds"] == [{"seat": 0, "kind": "run", "cards": ["KH", "AH", "6H"]}]
    assert "a run of hearts from the King to the Six" in ruling_state["text"]
    r = record(hands, ["6H"], events, house_rules={"wrap": False})
    ruling = rule(r)
    assert rules_of(ruling) == [(2, "rummy.bad-meld")]
    assert state(r, 3)["hands"][0] == ["JS", "6H", "KH", "AH", "TD"]  # the meld went back to her hand


# ---------------------------------------------------------------------- the row


def test_a_take_from_the_middle_of_the_row_takes_every_card_laid_after_it():
    r = used()
    assert state(r, 9)["row"] == ["6S", "AC", "8S", "9S"]
    after = state(r, 10)
    assert after["row"] == ["6S"]
    assert {"AC", "8S", "9S"} <= set(after["hands"][0])
    assert state(r, 13)["row"] == ["6S", "9S"]
    assert rule(dict(r, events=r["events"][:14]))["violations"] == []


def test_going_out_on_a_lay_off_ends_the_hand_and_scores_it():
    ruling = rule(used())
    assert ruling["status"] == "complete" and ruling["violations"] == []
    sc = ruling["score"]
    assert sc["out"] == 0
    # Olga: Q K A of clubs 31, 8-J of hearts 37, 7-9 of spades 24, the Jack laid off 10; Dima holds QS KS 6D 7D 6C
    assert sc["melded"] == [102, 0] and sc["in_hand"] == [0, 39]
    assert sc["players"] == [102, -39]
    assert sc["melds"][0] == ["JC", "QC", "KC", "AC"]
    assert "Olga went out" in ruling["summary"] and "laid off JC on the run of clubs of their own" in ruling["summary"]


def test_an_event_after_the_hand_ended_is_a_bad_record():
    r = used()
    r["events"].append(ev("discard", 1, "QS"))
    assert bad(r) == [(20, "action", "event 20: Dima discards after the hand ended")]


def test_a_take_left_unused_goes_back_to_its_place_and_costs_its_cards():
    r = unused()
    ruling = rule(r)
    assert rules_of(ruling) == [(12, "rummy.unused-take")]
    assert "AC 8S go back to the row; it costs Olga 28 points" in ruling["violations"][0]["message"]
    assert state(r, 12)["row"] == ["6S", "AC", "8S", "9S"]  # back in their old places, then her discard
    sc = ruling["score"]
    assert sc["penalties"] == [28, 0]
    assert sc["melded"] == [67, 0] and sc["players"] == [67 - 28, -39]
    assert sc["out"] == 0


def test_legal_offers_only_the_row_cards_that_can_be_used_at_once():
    r = used()
    r["events"] = r["events"][:10]  # Olga has drawn 8H; the row is 6S AC 8S 9S
    legal = referee.legal(r)
    assert legal["turn"] == 0
    take = next(o for o in legal["options"] if o["action"] == "take")
    assert take["cards"] == ["AC"]  # (Q K A of clubs); 6S, 8S and 9S make nothing with her cards
    meld = next(o for o in legal["options"] if o["action"] == "meld")
    assert ["8H", "9H", "TH", "JH"][:3] in meld["melds"]
    r["events"] = used()["events"][:11]  # she took the AC: no discard is free until it is used
    disc = next(o for o in referee.legal(r)["options"] if o["action"] == "discard")
    assert disc["cards"] == [] and disc["unused"] == ["AC"]


# ---------------------------------------------------------------------- the stock running dry


def test_a_dry_round_ends_the_hand_with_nobody_out():
    r = dry([ev("discard", 0, "6S"), ev("discard", 1, "KH")])
    ruling = rule(r)
    assert ruling["status"] == "complete" and ruling["violations"] == []
    assert ruling["score"]["out"] is None
    assert ruling["score"]["players"] == [-(8 + 10 + 10 + 11), -(6 + 7 + 8 + 9)]
    assert "nobody went out" in ruling["summary"]


def test_a_meld_in_the_dry_round_starts_the_count_again():
    tail = [ev("discard", 0, "6S"), ev("meld", 1, ["6D", "7D", "8D"]), ev("discard", 1, "KH"), ev("discard", 0, "8H")]
    r = dry(tail)
    assert rule(r)["status"] == "incomplete"
    r["events"].append(ev("discard", 1, "9C"))  # Dima is out on his discard
    ruling = rule(r)
    assert ruling["status"] == "complete" and ruling["score"]["out"] == 1
    assert ruling["score"]["players"] == [-(10 + 10 + 11), 21]


def test_without_dry_round_ends_play_goes_on():
    r = dry([ev("discard", 0, "6S"), ev("discard", 1, "KH")], house_rules={"dry_round_ends": False})
    assert rule(r)["status"] == "incomplete"
    assert referee.legal(r)["turn"] == 0


def test_a_draw_from_the_empty_stock_is_a_bad_record():
    r = dry([ev("draw", 0, "6S")])
    assert bad(r) == [(53, "action", "event 53: Olga draws, but the stock is empty")]


# ---------------------------------------------------------------------- violations


def _two(events, top=("JH", "9S", "8S")):
    return record([["KC", "QC", "9H", "TH", "6S"], ["QS", "KS", "6D", "7D", "AC"]], list(top), events)


def test_a_turn_begun_without_a_draw():
    ruling = rule(_two([ev("discard", 0, "6S"), ev("draw", 1, "JH")]))
    assert rules_of(ruling) == [(1, "rummy.no-draw")]
    ruling = rule(_two([ev("meld", 0, ["9H", "TH", "6S"]), ev("draw", 0, "JH")]))  # the later draw is no second
    assert rules_of(ruling) == [(1, "rummy.no-draw"), (1, "rummy.bad-meld")]


def test_a_second_draw_keeps_the_card():
    r = _two([ev("draw", 0, "JH"), ev("draw", 0, "9S")])
    assert rules_of(rule(r)) == [(2, "rummy.second-draw")]
    assert state(r, 2)["held"] == [7, 5]


def test_a_second_discard_stays_in_the_row():
    r = _two([ev("draw", 0, "JH"), ev("discard", 0, "6S"), ev("discard", 0, "KC")])
    assert rules_of(rule(r)) == [(3, "rummy.second-discard")]
    assert state(r, 3)["row"] == ["6S", "KC"] and state(r, 3)["held"] == [4, 5]
    assert referee.legal(r)["turn"] == 1


def test_the_next_seat_acting_before_the_discard():
    r = _two([ev("draw", 0, "JH"), ev("draw", 1, "9S")])
    ruling = rule(r)
    assert rules_of(ruling) == [(2, "rummy.no-discard")]
    assert ruling["violations"][0]["seat"] == 0


def test_out_of_turn_play_goes_on_from_him():
    r = _two([ev("draw", 1, "JH"), ev("discard", 1, "AC"), ev("draw", 0, "9S")])
    ruling = rule(r)
    assert rules_of(ruling) == [(1, "rummy.out-of-turn")]
    assert ruling["violations"][0]["message"] == "Dima played out of turn (Olga was next); play goes on from Dima"


def test_a_bad_lay_off_is_taken_back():
    events = [ev("draw", 0, "JH"), ev("meld", 0, ["9H", "TH", "JH"]), ev("discard", 0, "6S")]
    events += [ev("draw", 1, "9S"), ev("layoff", 1, ["QS"], meld=0), ev("discard", 1, "AC")]
    r = _two(events)
    assert rules_of(rule(r)) == [(5, "rummy.bad-meld")]
    assert "QS" in state(r, 5)["hands"][1]


# ---------------------------------------------------------------------- bad records and the deal


def test_a_take_of_a_card_not_in_the_row_names_event_and_field():
    r = _two([ev("draw", 0, "JH"), ev("discard", 0, "6S"), ev("draw", 1, "9S"), ev("take", 1, "KC")])
    assert bad(r) == [(4, "card", "event 4: Dima takes KC, which is not in the row (the row holds 6S)")]


def test_a_lay_off_on_no_meld_names_event_and_field():
    r = _two([ev("draw", 0, "JH"), ev("layoff", 0, ["JH"], meld=0)])
    assert bad(r) == [(2, "meld", "event 2: a lay-off on meld 0, but no meld is on the table")]


def test_a_meld_of_a_card_not_held_is_a_bad_record():
    r = _two([ev("draw", 0, "JH"), ev("meld", 0, ["9H", "TH", "JH", "QH"])])
    assert bad(r)[0][:2] == (2, "cards")


def test_a_draw_that_is_not_the_top_of_the_stock():
    assert bad(_two([ev("draw", 0, "9S")])) == [(1, "card", "event 1: Olga draws 9S, but the top of the stock is JH")]


def test_a_hand_of_the_wrong_size_is_a_misdeal_and_the_hand_is_void():
    r = record([["KC", "QC", "9H", "TH"], ["QS", "KS", "6D", "7D", "AC", "6S"]], [], [])
    ruling = rule(r)
    assert ruling["status"] == "void" and rules_of(ruling) == [(0, "rummy.misdeal")]
    assert ruling["score"] is None and ruling["facts"]["next_dealer"] == 1


def test_a_deal_by_another_seat_is_a_bad_record():
    r = _two([])
    r["events"][0]["seat"] = 0
    assert bad(r) == [(0, "seat", "event 0: Olga deals, but the record's dealer is Dima")]


def test_a_hand_left_unshown_follows_from_its_plays_and_the_recorded_stock():
    # issue 29: Dima's hand is null; his discard of AC names one of his cards, and with the stock recorded his
    # four others are the only cards left unplaced: the ruling is the one of the whole record.
    whole = rule(used())
    r = used()
    r["events"][0]["hands"][1] = None
    got = rule(r)
    assert got["score"] == whole["score"] and got["score"]["players"] == [102, -39]
    assert got["summary"] == whole["summary"] and got["violations"] == []


def test_cards_left_unknown_score_null_not_a_guess():
    # Dima's hand null and the stock not recorded, his draws null: what he still holds cannot be known.
    r = used()
    r["events"][0].update(stock=None)
    r["events"][0]["hands"][1] = None
    for e in r["events"]:
        if e["action"] == "draw" and e["seat"] == 1:
            e["card"] = None
    got = rule(r)
    assert got["status"] == "complete" and got["net"] == [0, 0] and got["pot_out"] == 0
    assert got["score"]["players"] == [102, None] and got["score"]["in_hand"] == [0, None]
    assert got["facts"]["game"]["seats"]["points"] == [102, None]
    assert got["summary"].endswith(
        "Points: Olga 102, Dima unknown (Dima: the cards left in hand were not recorded, so the points are unknown)."
    )
    # A table's score sheet is not contradicted by an unknown.
    r["claimed"] = {"score": {"players": [102, -39]}}
    assert rule(r)["discrepancies"] == []


def test_a_null_hand_still_may_not_play_a_card_placed_elsewhere():
    r = _two([ev("draw", 0, "JH"), ev("discard", 0, "6S"), ev("draw", 1, "9S"), ev("discard", 1, "KC")])
    r["events"][0]["hands"][1] = None
    assert bad(r) == [(4, "card", "event 4: Dima discards KC, but it is in Olga's hand")]
    r = _two([ev("draw", 0, "JH"), ev("discard", 0, "QS")])
    r["events"][0]["hands"][1] = None
    assert bad(r) == [(2, "card", "event 2: Olga discards QS, but it is in a hand nobody saw")]


def test_no_hand_shown_is_the_paper_way():
    paper = _two([{"action": "points", "points": [45, -12], "out": 0}])
    paper["events"][0].update(hands=[None, None], stock=None)
    ruling = rule(paper)
    assert ruling["status"] == "complete" and ruling["score"]["players"] == [45, -12] and ruling["score"]["out"] == 0
    assert ruling["summary"] == "Olga went out (on paper): Olga 45, Dima −12."
    paper["events"].append(ev("draw", 0, "JH"))
    assert bad(paper)[0][:2] == (2, "action")


def test_an_unrecorded_stock_lets_draws_name_their_cards():
    r = _two([ev("draw", 0, "AD"), ev("discard", 0, "AD"), ev("draw", 1, "AD")])
    r["events"][0]["stock"] = None
    assert bad(r) == [(3, "card", "event 3: Dima draws AD, but it is in the row")]
    r["events"] = r["events"][:3]
    assert rule(r)["violations"] == [] and NAMES[0] == "Olga"
    # A draw from a stock not recorded may leave its card null (issue 29): a card nobody saw, still his.
    r["events"] += [ev("draw", 1, None), ev("discard", 1, "9D")]
    got = rule(r)
    assert got["violations"] == [] and got["status"] == "incomplete"
    assert state(r, 4)["held"] == [5, 5] and state(r, 3)["held"] == [5, 6]


def test_the_dry_hands_are_what_the_helpers_deal():
    assert len(set(DRY_OLGA) | set(DRY_DIMA)) == 10


def test_an_action_that_is_not_a_word_is_a_bad_record_not_a_crash():
    r = _two([ev("draw", 0, "JH"), {"action": ["discard"], "seat": 0, "card": "6S"}])
    assert bad(r) == [
        (
            2,
            "action",
            "event 2: a list of 1 is not a Rummy action; Rummy actions are deal, draw, take, meld, layoff, discard, "
            "points",
        )
    ]


def test_a_second_deal_is_a_bad_record():
    r = _two([])
    r["events"].insert(1, dict(r["events"][0]))
    assert (1, "action", "event 1: a second deal; a record holds one hand") in bad(r)
