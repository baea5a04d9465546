"""Every rule and house rule of sedma.md at its edges: who takes a trick, continuation, the 2-player pass, the
stock, the 3-player soloist and crowns, misdeals, violations and bad records."""

import random

import pytest

import referee
from referee.games.sedma.generate import sedma_deal
from referee.games.sedma.score import crowns_3p

from .sedma_records import bad, deal, play, rule, rules_of

# ---------------------------------------------------------------------- who takes a trick


def _suited(ranks):
    seen = {}
    out = []
    for r in ranks.split():
        k = seen.get(r, 0)
        seen[r] = k + 1
        out.append(r + "SHDC"[k])
    return out


@pytest.mark.parametrize(
    "ranks, winner, points",
    [
        ("9 J A Q", 0, 10),  # nothing matched: the card led
        ("J J A T", 1, 20),  # the second Jack
        ("9 7 K T", 1, 10),  # the Seven
        ("A 7 7 T", 2, 20),  # the second Seven
        ("7 7 7 7", 3, 0),  # a Seven led: only Sevens match; the last wins
        ("9 7 9 K", 2, 0),  # the Seven taken back by a later Nine
        ("9 7 K 7", 3, 0),  # and a later Seven takes it again
        ("7 9 9 9", 0, 0),  # a Seven led: Nines do not match it
    ],
)
def test_the_last_card_of_the_led_rank_or_the_last_seven_takes_the_trick(ranks, winner, points):
    cards = _suited(ranks)
    rec = play(deal(4, [[c] for c in cards]), *(f"{s} {c}" for s, c in enumerate(cards)))
    r = rule(rec)
    t = r["tricks"][0]
    assert (t["winner"], t["points"]) == (winner, points)
    # An unfinished deal counts its finished tricks only (no last-trick 10).
    assert r["status"] == "incomplete"
    side = winner % 2
    assert r["score"]["points"][side] == points and r["score"]["points"][1 - side] == 0


def test_the_winner_leads_the_next_trick_and_anyone_else_is_out_of_turn():
    rec = play(deal(4, [["9H", "KS"], ["7H"], ["9S"], ["KH"]]), "0 9H", "1 7H", "2 9S", "3 KH", "0 KS")
    r = rule(rec)
    assert rules_of(r) == [("sedma.out-of-turn", 5, 0)]
    assert "Jana was to play" in r["violations"][0]["message"]


def test_cards_played_out_of_turn_are_taken_in_proper_order():
    # Played 9H (Babička), 9S (Jana, out of turn), 9D (Děda), KH: in proper order 9H 9D 9S KH, so Jana's Nine
    # is the last of the led rank.
    rec = play(deal(4, [["9H"], ["9D"], ["9S"], ["KH"]]), "0 9H", "2 9S", "1 9D", "3 KH")
    r = rule(rec)
    assert rules_of(r) == [("sedma.out-of-turn", 2, 2)]
    assert r["tricks"][0]["winner"] == 2
    assert r["tricks"][0]["plays"] == [[0, "9H"], [1, "9D"], [2, "9S"], [3, "KH"]]


def test_the_last_trick_is_worth_ten_and_a_deal_ninety():
    rec = sedma_deal(random.Random(4), variant="4p", house_rules={})
    r = rule(rec)
    assert r["status"] == "complete"
    last = r["tricks"][-1]
    cards = [c for _, c in last["plays"]]
    assert last["points"] == 10 + 10 * sum(c[0] in "AT" for c in cards)
    assert sum(t["points"] for t in r["tricks"]) == 90 == sum(r["score"]["points"])


# ---------------------------------------------------------------------- continuing a trick (4p)

CONT = {"continue_trick": True}


def test_the_leader_continues_when_his_side_is_not_winning_and_everyone_plays_again():
    rec = deal(4, [["9H", "9D"], ["9S", "JH"], ["KH", "JS"], ["QH", "JD"]], rules=CONT)
    r = rule(play(rec, "0 9H", "1 9S", "2 KH", "3 QH", "0 9D", "1 JH", "2 JS", "3 JD"))
    assert r["violations"] == []
    t = r["tricks"][0]
    assert len(t["plays"]) == 8 and t["winner"] == 0  # his second Nine takes it back


def test_a_losing_continuation_is_a_violation_and_the_card_stays_in_the_trick():
    rec = deal(4, [["9H", "AS", "9D"], ["9S", "JH"], ["KH", "JS"], ["QH", "JD"]], rules=CONT)
    r = rule(play(rec, "0 9H", "1 9S", "2 KH", "3 QH", "0 AS", "1 JH", "2 JS", "3 JD", "0 end_trick"))
    assert rules_of(r) == [("sedma.losing-continuation", 5, 0)]
    assert "Nine" in r["violations"][0]["message"] and r["violations"][0]["penalty"] == 0
    t = r["tricks"][0]
    assert t["winner"] == 1 and t["points"] == 10 and [0, "AS"] in t["plays"]


def test_no_continuation_when_the_leaders_side_is_winning():
    rec = deal(4, [["9H", "9D"], ["KH"], ["9S"], ["QH"]], rules=CONT)
    r = rule(play(rec, "0 9H", "1 KH", "2 9S", "3 QH", "0 9D"))
    assert r["tricks"][0]["winner"] == 2  # partner Jana: the trick ended by itself
    assert rules_of(r) == [("sedma.out-of-turn", 5, 0)]  # Jana leads the next trick


def test_no_continuation_when_the_leader_holds_nothing_to_continue_with():
    rec = deal(4, [["KH", "JS", "JD", "JC"], ["7S"], ["8S"], ["8D"]], rules=dict(CONT, hand_size=4))
    r = rule(play(rec, "0 KH", "1 7S", "2 8S", "3 8D"))
    assert len(r["tricks"]) == 1 and r["tricks"][0]["winner"] == 1
    legal = referee.legal(rec)
    assert legal["turn"] == 1 and legal["options"][0]["action"] == "draw"  # the winner draws first


def test_end_trick_and_what_else_ends_a_trick():
    base = [["9H", "9D"], ["9S", "JH"], ["KH", "JS"], ["QH", "JD"]]
    first = ("0 9H", "1 9S", "2 KH", "3 QH")
    # The leader ends it: Děda's Nine takes it, and he leads.
    r = rule(play(deal(4, base, rules=CONT), *first, "0 end_trick", "1 JH"))
    assert r["violations"] == [] and r["tricks"][0]["winner"] == 1 and len(r["tricks"][0]["plays"]) == 4
    # Left out: the winner's next lead ends it just the same.
    r = rule(play(deal(4, base, rules=CONT), *first, "1 JH"))
    assert r["violations"] == [] and r["tricks"][0]["winner"] == 1
    # Somebody else may not end it for the leader.
    r = rule(play(deal(4, base, rules=CONT), *first, "2 end_trick"))
    assert rules_of(r) == [("sedma.out-of-turn", 5, 2)] and r["tricks"] == []
    # An end_trick right after a trick that ended by itself changes nothing.
    one = rule(play(deal(4, [["9H"], ["KH"], ["9S"], ["QH"]], rules=CONT), "0 9H", "1 KH", "2 9S", "3 QH"))
    two = rule(
        play(deal(4, [["9H"], ["KH"], ["9S"], ["QH"]], rules=CONT), "0 9H", "1 KH", "2 9S", "3 QH", "0 end_trick")
    )
    assert (one["tricks"], one["violations"], one["score"]) == (two["tricks"], two["violations"], two["score"])


def test_pass_and_end_trick_belong_to_their_own_games():
    errors = bad(play(deal(4, [["9H"], ["9S"], ["KH"], ["QH"]], rules=CONT), "0 9H", "1 9S", "2 KH", "3 QH", "0 pass"))
    assert [(e["event"], e["field"]) for e in errors] == [(5, "action")]
    errors = bad(play(deal(4, [["9H"], ["9S"], ["KH"], ["QH"]]), "0 9H", "1 9S", "2 KH", "3 QH", "0 end_trick"))
    assert [(e["event"], e["field"]) for e in errors] == [(5, "action")] and "continue_trick" in errors[0]["message"]
    errors = bad(play(deal(2, [["9H"], ["9S"]]), "0 9H", "1 9S", "0 end_trick"))
    assert [(e["event"], e["field"]) for e in errors] == [(3, "action")]


# ---------------------------------------------------------------------- two players


def two(first, *plays, rules=None):
    return rule(play(deal(2, first, rules=rules), *plays))


def test_2p_an_answer_that_does_not_match_loses_at_once_and_the_winner_draws_first():
    r = two([["9H"], ["KH"]], "0 9H", "1 KH", "0 +", "1 +")
    assert r["tricks"][0]["winner"] == 0 and r["violations"] == []
    r = two([["9H"], ["KH"]], "0 9H", "1 KH", "1 +", "0 +")
    assert rules_of(r) == [("sedma.draw-out-of-turn", 3, 1)]
    assert "Jana was to draw" in r["violations"][0]["message"]


def test_2p_a_matching_answer_the_leader_passes_and_the_other_takes_the_trick():
    r = two([["9H"], ["9S"]], "0 9H", "1 9S", "0 pass", "1 +", "0 +")
    assert r["tricks"][0]["winner"] == 1 and r["violations"] == []


def test_2p_a_pass_left_out_the_draw_ends_the_trick():
    r = two([["9H"], ["9S"]], "0 9H", "1 9S", "1 +", "0 +")
    assert r["tricks"][0]["winner"] == 1 and r["violations"] == []


def test_2p_continuing_takes_it_back_and_a_trick_holds_any_even_number_of_cards():
    r = two([["9H", "9D"], ["9S", "KH"]], "0 9H", "1 9S", "0 9D", "1 KH", "0 +", "1 +", "0 +", "1 +")
    assert r["tricks"][0]["winner"] == 0 and len(r["tricks"][0]["plays"]) == 4 and r["violations"] == []
    r = two([["9H", "9D", "7C"], ["9S", "7S", "TH"]], "0 9H", "1 9S", "0 9D", "1 7S", "0 7C", "1 TH")
    assert r["tricks"][0]["winner"] == 0 and len(r["tricks"][0]["plays"]) == 6 and r["tricks"][0]["points"] == 10


def test_2p_the_trick_ends_by_itself_when_the_leader_holds_nothing_to_continue_with():
    r = two([["9H", "KD"], ["7S", "JH"]], "0 9H", "1 7S", "1 +", "0 +")
    assert r["tricks"][0]["winner"] == 1 and r["violations"] == []


def test_2p_a_losing_continuation_and_the_other_answers_again():
    r = two([["9H", "KD", "9D"], ["7S", "JH"]], "0 9H", "1 7S", "0 KD", "1 JH", "0 pass")
    assert rules_of(r) == [("sedma.losing-continuation", 3, 0)]
    t = r["tricks"][0]
    assert t["winner"] == 1 and t["plays"] == [[0, "9H"], [1, "7S"], [0, "KD"], [1, "JH"]]


def test_2p_a_losing_continuation_by_a_leader_holding_nothing_that_could_win_keeps_the_trick_open():
    # issue 29: Jana holds no Nine and no Seven after 9H; she plays on with KD anyway. The trick stays open, Petr
    # answers again, Jana's pass ends it, and the draws follow (Petr first): no card is out of turn.
    events = ["0 9H", "1 7S", "0 KD", "1 JH", "0 pass", "1 +", "0 +"]
    r = two([["9H", "KD"], ["7S", "JH"]], *events)
    assert rules_of(r) == [("sedma.losing-continuation", 3, 0)]
    assert r["violations"][0]["message"] == (
        "Jana continued the trick with KD, which is neither a Nine (the rank led) nor a Seven; the card stays in "
        "the trick"
    )
    t = r["tricks"][0]
    assert t["winner"] == 1 and t["plays"] == [[0, "9H"], [1, "7S"], [0, "KD"], [1, "JH"]]
    assert referee.legal(play(deal(2, [["9H", "KD"], ["7S", "JH"]]), *events))["turn"] == 1  # Petr leads next
    # Without her pass the draw ends the trick the same way.
    assert two([["9H", "KD"], ["7S", "JH"]], *events[:4], *events[5:])["tricks"] == r["tricks"]


def test_2p_generated_losing_continuations_are_ruled_as_one_violation_each_and_nothing_out_of_turn():
    for seed in range(150):
        r = rule(sedma_deal(random.Random(seed), variant="2p", house_rules={}, hopeless=0.5))
        assert r["status"] == "complete" and {v["rule"] for v in r["violations"]} <= {"sedma.losing-continuation"}
        assert sum(r["score"]["points"]) == 90  # every card's points taken, the last trick's 10 too


def test_2p_overdraw_empty_stock_and_a_draw_that_is_not_the_next_card():
    rec = play(deal(2, [["9H"], ["KH"]]), "0 9H", "1 KH", "0 +", "1 +", "1 +")
    r = rule(rec)
    assert rules_of(r) == [("sedma.overdraw", 5, 1)]
    assert r["facts"]["game"]["variant"] == "2p"
    stock = rec["events"][0]["stock"]
    # The card goes back: the next draw is still the stock's next card.
    legal = referee.legal(rec)
    assert legal["options"] == [] or all(
        o.get("cards") in (None, [stock[2]]) for o in legal["options"] if o["action"] == "draw"
    )
    wrong = play(deal(2, [["9H"], ["KH"]]), "0 9H", "1 KH")
    wrong["events"].append({"action": "draw", "seat": 0, "card": stock[1]})
    errors = bad(wrong)
    assert [(e["event"], e["field"]) for e in errors] == [(3, "card")] and stock[0] in errors[0]["message"]
    full = sedma_deal(random.Random(11), variant="2p", house_rules={})
    assert rule(full)["status"] == "complete"
    full["events"].append({"action": "draw", "seat": 0, "card": None})
    r = rule(full)
    assert rules_of(r)[-1] == ("sedma.draw-empty-stock", len(full["events"]) - 1, 0)


def test_2p_the_hand_is_always_four():
    r = two([["9H"], ["KH"]], "0 9H", "1 KH", rules={"hand_size": 8})
    assert r["violations"] == [] and r["tricks"][0]["winner"] == 0


def test_a_play_before_the_drawing_is_done_is_out_of_turn():
    r = two([["9H", "KS"], ["KH"]], "0 9H", "1 KH", "0 KS")
    assert rules_of(r) == [("sedma.out-of-turn", 3, 0)] and "drawing" in r["violations"][0]["message"]


def test_a_draw_during_a_trick_counts_as_drawn():
    r = two([["9H", "QS"], ["KH"]], "0 9H", "1 KH", "0 +", "0 QS", "1 +")
    assert rules_of(r) == [("sedma.out-of-turn", 4, 0), ("sedma.draw-out-of-turn", 5, 1)]
    assert "during a trick" in r["violations"][1]["message"]


def test_a_draw_in_a_deal_without_a_stock_is_a_bad_record():
    errors = bad(play(deal(4, [["9H"], ["KH"], ["9S"], ["QH"]]), "0 9H", "1 KH", "2 9S", "3 QH", "2 +"))
    assert [(e["event"], e["field"]) for e in errors] == [(5, "action")]


def test_4p_with_a_stock_everyone_draws_from_the_winner_round():
    rec = deal(4, [["9H"], ["KH"], ["9S"], ["QH"]], rules={"hand_size": 4})
    assert len(rec["events"][0]["stock"]) == 16
    r = rule(play(rec, "0 9H", "1 KH", "2 9S", "3 QH", "2 +", "3 +", "0 +", "1 +", "2 JD"))
    assert r["violations"] == [] and r["tricks"][0]["winner"] == 2


# ---------------------------------------------------------------------- three players


@pytest.mark.parametrize(
    "soloist_points, tricks, crowns",
    [
        (50, [3, 3, 4], 1),
        (80, [6, 2, 2], 1),
        (90, [9, 1, 0], 2),  # 90 but not every trick
        (90, [10, 0, 0], 3),  # every trick
        (40, [4, 3, 3], -1),  # the two win: 50 or more for them
        (0, [1, 5, 4], -2),  # the soloist made nothing (a trick with no points)
        (0, [0, 5, 5], -3),  # the two took every trick
    ],
)
def test_3p_crowns_by_the_table(soloist_points, tricks, crowns):
    other = 90 - soloist_points
    got, winners = crowns_3p(0, [soloist_points, other, other], tricks)
    c = abs(crowns)
    if crowns > 0:
        assert got == [2 * c, -c, -c] and winners == [0]
    else:
        assert got == [-2 * c, c, c] and winners == [1, 2]


def test_3p_each_for_himself_the_most_points_wins_a_crown_from_each_and_a_tie_pays_nothing():
    assert crowns_3p(None, [40, 30, 20], [3, 3, 4]) == ([2, -1, -1], [0])
    assert crowns_3p(None, [40, 40, 10], [3, 3, 4]) == ([0, 0, 0], [])


def test_3p_the_soloist_is_who_was_dealt_the_green_king_and_crowns_are_money():
    for seed in range(40):
        rec = sedma_deal(random.Random(seed), variant="3p", house_rules={})
        r = rule(rec)
        hands = rec["events"][0]["hands"]
        s = next(k for k in range(3) if "KC" in hands[k])
        sc = r["score"]
        assert sc["soloist"] == s and sc["sides"] == [[s], [x for x in range(3) if x != s]]
        assert sum(sc["points"]) == 90 and sc["players"][s] == sc["points"][0]
        assert r["net"] == sc["crowns"] and sum(r["net"]) == 0
        assert sc["crowns"][s] == (2 if sc["points"][0] >= 50 else -2) * abs(sc["crowns"][(s + 1) % 3])
        for e in r["ledger"]:
            assert "crowns" in e["reason"]


def test_3p_with_a_stock_and_the_green_king_in_it_each_plays_for_himself():
    rec = deal(3, [["9H"], ["KH"], ["9S"]], rules={"hand_size": 4})
    assert "KC" in rec["events"][0]["stock"] and len(rec["events"][0]["stock"]) == 18
    r = rule(play(rec, "0 9H", "1 KH", "2 9S"))
    assert r["score"]["soloist"] is None and r["score"]["sides"] == [[0], [1], [2]]


def test_3p_the_record_must_show_where_the_soloist_card_lay():
    rec = deal(3, [["9H"], ["KH"], ["KC"]])
    rec["events"][0]["hands"][2] = None
    errors = bad(rec)
    assert [(e["event"], e["field"]) for e in errors] == [(0, "hands")] and "KC" in errors[0]["message"]
    rec["events"][0]["soloist"] = 2
    r = rule(play(rec, "0 9H", "1 KH", "2 KC"))
    assert r["score"]["soloist"] == 2 and r["tricks"][0]["winner"] == 0
    rec["events"][0]["soloist"] = 1  # Děda's hand is known and has no KC
    assert [e["field"] for e in bad(rec)] == ["soloist"]


def test_3p_the_two_eights_are_out_of_the_pack():
    rec = deal(3, [["9H"], ["KH"], ["9S"]])
    rec["events"][0]["hands"][0][1] = "8D"
    errors = bad(rec)
    assert [(e["event"], e["field"]) for e in errors] == [(0, "hands")] and "8D" in errors[0]["message"]
    ok = deal(3, [["8D"], ["KH"], ["9S"]], rules={"removed": ["8S", "8C"]})
    assert rule(ok)["status"] == "incomplete"


# ---------------------------------------------------------------------- misdeals and bad records


def test_a_hand_of_the_wrong_size_is_a_misdeal_the_deal_is_void():
    rec = deal(4, [["9H"], ["KH"], ["9S"], ["QH"]])
    rec["events"][0]["hands"][1].pop()
    r = rule(play(rec, "0 9H"))
    assert r["status"] == "void" and rules_of(r) == [("sedma.misdeal", 0, 3)]
    assert (
        r["score"] is None
        and r["facts"]["next_dealer"] == 3
        and "Děda was dealt 7 cards" in r["violations"][0]["message"]
    )
    rec = deal(2, [["9H"], ["KH"]])
    rec["events"][0]["stock"].pop()
    r = rule(rec)
    assert r["status"] == "void" and "stock holds 23" in r["violations"][0]["message"]


def test_a_fifth_seven_and_a_card_twice_are_bad_records():
    rec = deal(4, [["7S"], ["KH"], ["9S"], ["QH"]])
    rec["events"][0]["hands"][3][1] = "7S"
    errors = bad(rec)
    assert [(e["event"], e["field"]) for e in errors] == [(0, "hands")] and "fifth Seven" in errors[0]["message"]
    rec = deal(4, [["AS"], ["KH"], ["9S"], ["QH"]])
    rec["events"][0]["hands"][3][1] = "AS"
    assert [(e["event"], e["field"]) for e in bad(rec)] == [(0, "hands")]
    # An unknown hand playing a Seven already played: also a fifth Seven.
    rec = deal(4, [["7S"], ["KH"], ["9S"], ["QH"]])
    rec["events"][0]["hands"][1] = None
    errors = bad(play(rec, "0 7S", "1 7S"))
    assert [(e["event"], e["field"]) for e in errors] == [(2, "card")] and "fifth Seven" in errors[0]["message"]


def test_a_card_never_held_and_a_second_card_to_one_round_are_bad_records():
    errors = bad(play(deal(4, [["9H"], ["KH"], ["9S"], ["QH"]]), "0 9H", "1 9S"))
    assert [(e["event"], e["field"]) for e in errors] == [(2, "card")] and "dealt to Jana" in errors[0]["message"]
    errors = bad(play(deal(4, [["9H", "9D"], ["KH"], ["9S"], ["QH"]]), "0 9H", "0 9D"))
    assert [(e["event"], e["field"]) for e in errors] == [(2, "seat")]


def test_the_deal_itself_bad_records():
    rec = deal(4, [["9H"], ["KH"], ["9S"], ["QH"]])
    rec["events"].insert(0, {"action": "play", "seat": 0, "card": "9H"})
    assert [(e["event"], e["field"]) for e in bad(rec)] == [(0, "action")]
    rec = deal(4, [["9H"], ["KH"], ["9S"], ["QH"]])
    rec["events"].append(dict(rec["events"][0]))
    assert [(e["event"], e["field"]) for e in bad(rec)] == [(1, "action")]
    rec = deal(4, [["9H"], ["KH"], ["9S"], ["QH"]])
    rec["events"][0]["seat"] = 1
    assert [(e["event"], e["field"]) for e in bad(rec)] == [(0, "seat")]


def test_the_variant_is_required_and_fits_the_table():
    rec = deal(4, [["9H"], ["KH"], ["9S"], ["QH"]])
    rec["variant"] = None
    assert [e["field"] for e in bad(rec)] == ["variant"]
    rec["variant"] = "2p"
    assert [e["field"] for e in bad(rec)] == ["players"]
    rec = deal(4, [["9H"], ["KH"], ["9S"], ["QH"]], rules={"hand_size": 10})
    assert [e["field"] for e in bad(rec)] == ["house_rules"]


# ---------------------------------------------------------------------- the paper way


def paper(n, pts, **deal_fields):
    rec = deal(n, [[] for _ in range(n)], stock=False)
    ev = rec["events"][0]
    ev["hands"] = [None] * n
    ev["stock"] = None
    ev.update(deal_fields)
    rec["events"].append({"action": "points", "points": pts})
    return rec


def test_the_paper_way_gives_each_sides_points():
    r = rule(paper(4, [60, 30]))
    assert r["status"] == "complete" and r["score"]["points"] == [60, 30]
    assert r["score"]["players"] == [60, 30, 60, 30] and r["tricks"] == []
    assert r["facts"]["game"]["seats"]["last_trick"] == [None] * 4
    r = rule(paper(2, [40, 50]))
    assert r["score"]["winners"] == [1]


def test_the_paper_way_in_3p_pays_crowns_but_cannot_show_every_trick():
    r = rule(paper(3, [90, 0], soloist=1))
    assert r["score"]["soloist"] == 1 and r["score"]["crowns"] == [-2, 4, -2] and r["net"] == [-2, 4, -2]
    r = rule(paper(3, [40, 50], soloist=2))
    assert r["score"]["crowns"] == [1, 1, -2] and r["score"]["winners"] == [0, 1]


@pytest.mark.parametrize("pts", [[60, 20], [65, 25], [90], [30, 30, 30], [100, -10]])
def test_paper_points_must_be_tens_adding_to_ninety_one_a_side(pts):
    errors = bad(paper(4, pts))
    assert [(e["event"], e["field"]) for e in errors] == [(1, "points")]


def test_paper_points_after_cards_were_played_are_a_bad_record():
    rec = play(deal(4, [["9H"], ["KH"], ["9S"], ["QH"]]), "0 9H")
    rec["events"].append({"action": "points", "points": [60, 30]})
    assert [(e["event"], e["field"]) for e in bad(rec)] == [(2, "action")]


def test_a_deal_by_another_seat_or_a_second_deal_is_a_bad_record():
    r = deal(4, [[], [], [], []])
    r["events"][0]["seat"] = 0
    assert ("event 0: Babička deals, but the record's dealer is Petr") in [e["message"] for e in bad(r)]
    twice = deal(4, [[], [], [], []])
    twice["events"].append(dict(twice["events"][0]))
    assert "event 1: a second deal; a record holds one deal" in [e["message"] for e in bad(twice)]
