"""Every Swik rule and house rule, each on a small record (see hands.py for the standard deal).

Each test asserts what a player would check: the money (net, pot_out, ledger), the violations'
rule ids and events, and the words of messages and summaries.
"""

from .hands import (
    PLAIN_DECLARES,
    PLAIN_PLAYS,
    bottom,
    cut,
    deal,
    declare,
    declares,
    kinds,
    misdeal,
    plain,
    play,
    plays,
    record,
    rule,
    rules_of,
    trick,
    trips,
    winners,
    wrap,
)

# ---------------------------------------------------------------- antes and the plain payout


def test_plain_hand_pays_a_third_a_trick_and_the_trickless_fall():
    r = rule(plain())
    assert r["status"] == "complete"
    assert r["violations"] == []
    assert kinds(r, "ante") == [(0, -6), (1, -3), (2, -3), (3, -3)]
    assert kinds(r, "share") == [(0, 5), (1, 5), (1, 5)]
    assert kinds(r, "fall") == [(2, -15)]
    assert r["net"] == [-1, 7, -18, -3]
    assert r["pot_out"] == 15
    assert winners(r) == [0, 1, 1]
    assert r["summary"] == "Dad took one trick, Uncle Joe took two tricks; Mary fell and pays 15 into the next pot."


def test_ante_house_rules():
    r = rule(plain(rules={"ante": 5, "dealer_ante": 10}))
    assert kinds(r, "ante") == [(0, -10), (1, -5), (2, -5), (3, -5)]
    # pot 25: each trick 8, one odd cent carries; Mary falls 25
    assert kinds(r, "share") == [(0, 8), (1, 8), (1, 8)]
    assert r["pot_out"] == 1 + 25


def test_antes_come_from_the_records_dealer_once_even_when_the_deal_moves():
    # Dad is the record's dealer; an Ace cut moves the deal to Joe, a misdeal makes Joe deal again.
    hands = [["AD", "9S", "8H"], ["7S", "8C", "JD"], ["AC", "KC", "TH"], ["7D", "QS", "9C"]]
    r = rule(
        record(
            cut(3, "AS"),
            bottom(0, "9D"),
            cut(0),
            deal([["AD", "9S"], *hands[1:]], ["JS", "TS", "8S"], "KH", seat=1),
            cut(0),
            deal(hands, ["JS", "TS", "8S"], "KH", seat=1),
        )
    )
    assert kinds(r, "ante") == [(0, -6), (1, -3), (2, -3), (3, -3)]
    assert kinds(r, "fee") == [(1, -3)]
    assert kinds(r, "penalty") == [(1, -3)]
    assert r["status"] == "incomplete"


# ---------------------------------------------------------------- the cut and who deals


def test_ace_cut_moves_the_deal_left_and_the_new_dealer_pays():
    r = rule(record(cut(3, "AS"), bottom(0, "9D"), cut(0), deal(seat=1)))
    assert kinds(r, "fee") == [(1, -3)]
    assert r["violations"] == []
    assert r["ledger"][-1]["reason"].startswith("becomes dealer") and "Ace" in r["ledger"][-1]["reason"]


def test_seven_cut_moves_the_deal_right_to_the_cutter():
    r = rule(record(cut(3, "7H"), bottom(0, "8D"), cut(2), deal(seat=3)))
    assert kinds(r, "fee") == [(3, -3)]
    assert r["violations"] == []


def test_ace_at_the_bottom_moves_it_one_more_left_each_seat_pays():
    r = rule(record(cut(3, "AS"), bottom(0, "AD"), cut(1), deal(seat=2)))
    assert kinds(r, "fee") == [(1, -3), (2, -3)]
    assert r["violations"] == []


def test_seven_cut_seven_at_the_bottom():
    r = rule(record(cut(3, "7S"), bottom(0, "7D"), cut(1), deal(seat=2)))
    assert kinds(r, "fee") == [(3, -3), (2, -3)]  # right to Me, then right again to Mary


def test_seven_cut_ace_bottom_back_to_the_first_dealer_both_pay():
    r = rule(record(cut(3, "7C"), bottom(0, "AD"), cut(3), deal(seat=0)))
    assert kinds(r, "fee") == [(3, -3), (0, -3)]
    assert r["violations"] == []


def test_dealer_change_fee_house_rule():
    r = rule(record(cut(3, "AS"), bottom(0, "9D"), cut(0), deal(seat=1), rules={"dealer_change_fee": 7}))
    assert kinds(r, "fee") == [(1, -7)]


def test_cut_by_the_wrong_player_counts_but_is_a_violation():
    r = rule(record(cut(2), deal(), wrap(), *PLAIN_DECLARES, *PLAIN_PLAYS))
    assert rules_of(r) == ["swik.cut-by-wrong-player"]
    v = r["violations"][0]
    assert v["event"] == 0 and v["seat"] == 2 and v["penalty"] == 0
    assert "Mary" in v["message"] and "Me" in v["message"]
    assert r["net"] == rule(plain())["net"]  # it costs nothing


def test_seven_cut_by_the_wrong_player_moves_the_deal_right_of_the_designated_dealer():
    r = rule(record(cut(1, "7S"), bottom(0, "9D"), cut(2), deal(seat=3)))
    assert rules_of(r) == ["swik.cut-by-wrong-player"]
    assert kinds(r, "fee") == [(3, -3)]  # Me, on Dad's right, not Joe who cut


def test_a_second_plain_cut_is_harmless():
    r = rule(record(cut(), cut(), deal(), wrap(), *PLAIN_DECLARES, *PLAIN_PLAYS))
    assert r["violations"] == [] and r["net"] == [-1, 7, -18, -3]


# ---------------------------------------------------------------- forgotten cuts and the bottom card


def test_deal_without_a_cut_is_void_and_the_dealer_pays():
    r = rule(record(deal(), cut(), deal(), wrap(), *PLAIN_DECLARES, *PLAIN_PLAYS))
    assert rules_of(r) == ["swik.no-cut"]
    assert r["violations"][0]["event"] == 0 and r["violations"][0]["penalty"] == 3
    assert kinds(r, "penalty") == [(0, -3)]
    # pot 18: each trick 6; Mary falls 18
    assert kinds(r, "share") == [(0, 6), (1, 6), (1, 6)]
    assert r["net"] == [-6 - 3 + 6, -3 + 12, -3 - 18, -3]
    assert "without" in r["violations"][0]["message"] and "Dad" in r["violations"][0]["message"]


def test_no_cut_penalty_house_rule():
    r = rule(record(deal(), cut(), deal(), rules={"no_cut_penalty": 10}))
    assert kinds(r, "penalty") == [(0, -10)]
    assert r["violations"][0]["penalty"] == 10


def test_record_ending_after_an_uncut_deal_is_void():
    r = rule(record(deal()))
    assert r["status"] == "void"
    assert r["pot_out"] == 15 + 3
    assert "void" in r["summary"]


def test_a_redeal_with_no_new_cut_is_no_cut_again():
    r = rule(record(deal(), deal()))
    assert rules_of(r) == ["swik.no-cut", "swik.no-cut"]
    assert kinds(r, "penalty") == [(0, -3), (0, -3)]


def test_deal_after_the_deal_moved_without_a_new_cut_is_only_no_cut_charged_to_who_dealt():
    r = rule(record(cut(3, "AS"), bottom(0, "9D"), deal(seat=0)))
    assert rules_of(r) == ["swik.no-cut"]  # not also a misdeal for the wrong seat
    assert r["violations"][0]["seat"] == 0
    assert kinds(r, "penalty") == [(0, -3)]
    assert kinds(r, "fee") == [(1, -3)]
    assert r["status"] == "void"


def test_bottom_card_without_an_ace_or_seven_cut_moves_nothing():
    r = rule(record(cut(), bottom(0, "AD"), deal(), wrap(), *PLAIN_DECLARES, *PLAIN_PLAYS))
    assert rules_of(r) == ["swik.bottom"]
    assert r["violations"][0]["event"] == 1 and r["violations"][0]["penalty"] == 0
    assert kinds(r, "fee") == []


def test_no_bottom_look_after_an_ace_cut_reported_at_the_next_cut():
    r = rule(record(cut(3, "AS"), cut(0), deal(seat=1)))
    assert rules_of(r) == ["swik.bottom"]
    assert r["violations"][0]["event"] == 1
    assert kinds(r, "fee") == [(1, -3)]  # the cut's move stands, nothing more


def test_no_bottom_look_reported_at_the_deal():
    r = rule(record(cut(3, "AS"), deal(seat=1)))
    assert "swik.bottom" in rules_of(r)
    assert [v["event"] for v in r["violations"] if v["rule"] == "swik.bottom"] == [1]


def test_no_bottom_look_reported_at_the_last_event():
    r = rule(record(cut(3, "AS")))
    assert rules_of(r) == ["swik.bottom"]
    assert r["violations"][0]["event"] == 0
    assert r["status"] == "incomplete"


def test_unrecorded_bottom_card_moves_nothing_and_is_no_violation():
    r = rule(record(cut(3, "AS"), bottom(0, None), cut(0), deal(seat=1)))
    assert r["violations"] == []
    assert kinds(r, "fee") == [(1, -3)]


# ---------------------------------------------------------------- misdeals


FOUR_TWO = [["7S", "8S", "9S"], ["TS", "JS", "QS", "KS"], ["AS", "7H"], ["8H", "9H", "TH"]]


def test_misdeal_seen_in_the_cards_costs_the_dealer():
    r = rule(
        record(cut(), deal(FOUR_TWO, ["JH", "QH", "KH"], "AH"), cut(), deal(), wrap(), *PLAIN_DECLARES, *PLAIN_PLAYS)
    )
    assert rules_of(r) == ["swik.misdeal"]
    v = r["violations"][0]
    assert v["event"] == 1 and v["seat"] == 0 and v["penalty"] == 3
    assert "Uncle Joe got 4 cards" in v["message"] and "Mary got 2 cards" in v["message"]
    assert kinds(r, "penalty") == [(0, -3)]
    assert r["status"] == "complete"


def test_table_report_right_after_a_found_misdeal_is_charged_once():
    r = rule(record(cut(), deal(FOUR_TWO, ["JH", "QH", "KH"], "AH"), misdeal(0, "Joe has four"), cut(), deal()))
    assert rules_of(r) == ["swik.misdeal"]
    assert kinds(r, "penalty") == [(0, -3)]


def test_reported_misdeal_of_a_deal_that_looked_good():
    r = rule(
        record(
            cut(),
            deal(),
            misdeal(0, "the 9C showed while dealing"),
            cut(),
            deal(),
            wrap(),
            *PLAIN_DECLARES,
            *PLAIN_PLAYS,
        )
    )
    assert rules_of(r) == ["swik.misdeal"]
    v = r["violations"][0]
    assert v["event"] == 2 and "9C showed" in v["message"]
    assert kinds(r, "penalty") == [(0, -3)]
    assert r["status"] == "complete"


def test_misdeal_penalty_house_rule_and_blind_count():
    r = rule(record(cut(), deal(blind=["7H", "9H"]), rules={"misdeal_penalty": 8}))
    assert kinds(r, "penalty") == [(0, -8)]
    assert "the blind got 2 cards" in r["violations"][0]["message"]
    assert r["status"] == "void"


def test_deal_by_the_wrong_seat_after_a_cut_is_a_misdeal_charged_to_who_dealt():
    r = rule(record(cut(), deal(seat=1)))
    assert rules_of(r) == ["swik.misdeal"]
    assert r["violations"][0]["seat"] == 1
    assert "Uncle Joe dealt" in r["violations"][0]["message"] and "Dad's deal" in r["violations"][0]["message"]
    assert kinds(r, "penalty") == [(1, -3)]


def test_redeal_after_a_misdeal_needs_a_new_cut():
    r = rule(record(cut(), deal(FOUR_TWO, ["JH", "QH", "KH"], "AH"), deal()))
    assert rules_of(r) == ["swik.misdeal", "swik.no-cut"]
    assert kinds(r, "penalty") == [(0, -3), (0, -3)]


def test_misdeal_played_on_is_void_from_there():
    r = rule(
        record(
            cut(),
            deal(FOUR_TWO, ["JH", "QH", "KH"], "AH"),
            wrap(),
            *declares("in", "in", "out", "out"),
            play(1, "KS"),
            play(2, "AS"),
            pot_in=9,
        )
    )
    assert r["status"] == "void"
    assert rules_of(r) == ["swik.misdeal"]
    assert r["net"] == [-9, -3, -3, -3]
    assert r["pot_out"] == 27
    assert r["tricks"] == []
    assert "played on" in r["summary"]


def test_uncut_deal_played_on_is_void():
    r = rule(record(deal(), wrap(), *PLAIN_DECLARES, *PLAIN_PLAYS))
    assert r["status"] == "void"
    assert rules_of(r) == ["swik.no-cut"]
    assert kinds(r, "share") == [] and kinds(r, "fall") == []
    assert r["pot_out"] == 18


# ---------------------------------------------------------------- the wrap


def high_wrap(*winners_, rules=None):
    """Dad wraps on the King of clubs (discarding 8S); Joe and Mary in; tricks given by winner."""
    return record(
        cut(),
        deal(turned="KC"),
        wrap(True, "8S"),
        *declares("in", "in", "out"),
        *[trick(w) for w in winners_],
        rules=rules,
    )


def test_high_wrap_one_trick_of_two_falls_but_keeps_his_share():
    r = rule(high_wrap(0, 1, 1))  # the rule book's example
    assert r["net"] == [-16, 7, -18, -3]
    assert r["pot_out"] == 30
    assert (0, -15) in kinds(r, "fall") and (0, 5) in kinds(r, "share")
    fall = next(e for e in r["ledger"] if e["seat"] == 0 and referee_kind(e) == "fall")
    assert "KC" in fall["reason"]


def referee_kind(e):
    import referee

    return referee.ledger_kind(e)


def test_high_wrap_no_trick_double_fall():
    r = rule(high_wrap(1, 1, 2))
    assert kinds(r, "fall") == [(0, -30)]
    assert r["net"] == [-36, 7, 2, -3]


def test_double_fall_off_house_rule():
    r = rule(high_wrap(1, 1, 2, rules={"double_fall": False}))
    assert kinds(r, "fall") == [(0, -15)]


def test_high_wraps_house_rule_makes_the_king_low():
    r = rule(high_wrap(0, 1, 1, rules={"high_wraps": ["A"]}))
    assert kinds(r, "fall") == [(2, -15)]  # Dad won his one trick; only Mary falls


def test_high_wrap_tricks_house_rule():
    r = rule(high_wrap(0, 0, 1, rules={"high_wrap_tricks": 3}))
    assert (0, -15) in kinds(r, "fall")


def test_low_wrap_needs_one_trick():
    # Dad wraps on the 9C, holds AH TD 9C. T1 AH KH QH -> Dad; T2 TD, Joe must trump 7C, Mary JD -> Joe;
    # T3 Joe AS, Mary 9S, Dad (no spades) trumps 9C -> Dad.
    r = rule(
        record(
            cut(),
            deal(),
            wrap(True, "8S"),
            *declares("in", "in", "out"),
            *plays("0 AH", "1 KH", "2 QH", "0 TD", "1 7C", "2 JD", "1 AS", "2 9S", "0 9C"),
        )
    )
    assert r["violations"] == []
    assert winners(r) == [0, 1, 0]
    assert kinds(r, "fall") == [(2, -15)]


def test_low_wrap_no_trick_falls_once():
    r = rule(record(cut(), deal(), wrap(True, "8S"), *declares("in", "in", "out"), trick(1), trick(2), trick(1)))
    assert kinds(r, "fall") == [(0, -15)]


def test_wrapped_dealer_declaring_is_ignored():
    r = rule(
        record(
            cut(),
            deal(turned="KC"),
            wrap(True, "8S"),
            *declares("in", "in", "out"),
            declare(0, "out"),
            trick(0),
            trick(1),
            trick(1),
        )
    )
    assert rules_of(r) == ["swik.wrapped-dealer-declares"]
    assert r["violations"][0]["event"] == 6
    assert r["net"] == [-16, 7, -18, -3]  # he stayed in


def test_wrapped_dealer_declaring_first_is_ignored_too():
    r = rule(
        record(
            cut(),
            deal(turned="KC"),
            wrap(True, "8S"),
            declare(0, "in"),
            *declares("in", "in", "out"),
            trick(0),
            trick(1),
            trick(1),
        )
    )
    assert rules_of(r) == ["swik.wrapped-dealer-declares"]


def test_leading_the_wrapped_card_to_the_first_trick_is_a_revoke():
    r = rule(record(cut(), deal(), wrap(True, "8S"), *declares("in", "in", "out"), *plays("0 9C", "1 7C", "2 QH")))
    assert rules_of(r) == ["swik.wrapped-lead"]
    v = r["violations"][0]
    assert v["event"] == 6 and v["seat"] == 0 and v["penalty"] == 15
    assert r["status"] == "complete"
    assert kinds(r, "fall") == [(0, -15)] and kinds(r, "share") == []
    assert r["pot_out"] == 30


def test_no_wrap_event_is_read_as_no_wrap():
    r = rule(record(cut(), deal(), *PLAIN_DECLARES, *PLAIN_PLAYS))
    assert r["violations"] == [] and r["net"] == [-1, 7, -18, -3]


# ---------------------------------------------------------------- declarations and the blind


def test_declaring_out_of_turn():
    r = rule(
        record(
            cut(), deal(), wrap(), declare(2, "in"), declare(1, "in"), declare(3, "out"), declare(0, "in"), *PLAIN_PLAYS
        )
    )
    assert rules_of(r) == ["swik.declare-order"]
    v = r["violations"][0]
    assert v["event"] == 3 and v["seat"] == 2 and v["penalty"] == 0 and "Uncle Joe" in v["message"]
    assert r["net"] == [-1, 7, -18, -3]


def test_blind_player_plays_the_blind():
    # Me takes the blind 7H 9H QS; T1 AH KH 9H(Me) -> Dad ...
    r = rule(
        record(
            cut(),
            deal(),
            wrap(),
            *declares("in", "out", "blind", "in"),
            *plays("0 AH", "1 KH", "3 9H", "0 8S", "1 AS", "3 QS", "1 7C", "3 7H", "0 TD"),
        )
    )
    assert r["violations"] == []
    assert winners(r) == [0, 1, 1]
    assert kinds(r, "fall") == [(3, -15)]


def test_blind_player_may_not_play_his_old_hand():
    from .hands import bad

    errors = bad(record(cut(), deal(), wrap(), *declares("in", "out", "blind", "in"), *plays("0 AH", "1 KH", "3 8D")))
    assert errors[0]["event"] == 9 and errors[0]["field"] == "card"
    assert "8D" in errors[0]["message"]


def test_second_blind_counts_as_in():
    r = rule(record(cut(), deal(), wrap(), *declares("blind", "blind", "out", "in"), *plays("0 AH", "1 9H", "2 QH")))
    assert rules_of(r) == ["swik.blind-taken"]
    v = r["violations"][0]
    assert v["seat"] == 2 and "Uncle Joe took it first" in v["message"]
    assert r["status"] == "incomplete"


# ---------------------------------------------------------------- three of a kind

TRIPS_HANDS = [["AH", "KS", "8D"], ["AC", "KC", "7H"], ["9S", "9H", "9D"], ["TS", "8C", "QD"]]


def trips_deal(hands=TRIPS_HANDS, turned="JH", blind=("JS", "7S", "AS")):
    return deal([h[:] for h in hands], list(blind), turned)


def test_shown_three_of_a_kind_takes_the_pot_the_others_in_fall():
    r = rule(
        record(cut(), trips_deal(), wrap(), *declares("in", "in", "out", "in"), trips(2, ["9S", "9H", "9D"]), pot_in=20)
    )
    assert r["net"] == [-41, -38, 32, -3] and r["pot_out"] == 70
    assert r["violations"] == []
    assert "three Nines" in r["summary"] and "Mary" in r["summary"]


def test_unclaimed_three_of_a_kind_applies_anyway():
    r = rule(
        record(
            cut(),
            trips_deal(),
            wrap(),
            *declares("in", "in", "out", "in"),
            play(0, "AH"),
            play(1, "7H"),
            play(2, "9H"),
            pot_in=20,
        )
    )
    assert rules_of(r) == ["swik.unclaimed-trips"]
    v = r["violations"][0]
    assert v["event"] == 7 and v["seat"] == 2 and "three Nines" in v["message"]
    assert r["net"] == [-41, -38, 32, -3] and r["status"] == "complete"
    assert r["tricks"] == []  # the plays after it are ignored


def test_unclaimed_trips_when_the_record_stops_at_the_last_declaration():
    r = rule(record(cut(), trips_deal(), wrap(), *declares("in", "in", "out", "in")))
    assert r["status"] == "complete"
    assert r["violations"][0]["rule"] == "swik.unclaimed-trips" and r["violations"][0]["event"] == 6


def test_trips_of_a_player_who_is_out_do_not_count():
    r = rule(record(cut(), trips_deal(), wrap(), *declares("in", "out", "in", "in"), trips(2, ["9S", "9H", "9D"])))
    assert r["violations"] == []
    assert r["status"] == "incomplete"  # the hand goes on to tricks, which the record does not give


def test_false_three_of_a_kind_falls_and_play_goes_on():
    r = rule(record(cut(), deal(), wrap(), *PLAIN_DECLARES, trips(1, ["KH", "AS", "7C"]), *PLAIN_PLAYS))
    assert rules_of(r) == ["swik.false-trips"]
    v = r["violations"][0]
    assert v["seat"] == 1 and v["penalty"] == 15 and "not of one rank" in v["message"]
    assert winners(r) == [0, 1, 1]
    # Joe falls for the claim but keeps his two shares; Mary falls for no trick
    assert sorted(kinds(r, "fall")) == [(1, -15), (2, -15)]
    assert r["net"] == [-1, -3 + 10 - 15, -18, -3]


def test_false_trips_cards_he_does_not_hold():
    r = rule(
        record(
            cut(), trips_deal(), wrap(), *declares("in", "in", "out", "in"), trips(1, ["9S", "9C", "9H"]), play(0, "AH")
        )
    )
    assert "swik.false-trips" in rules_of(r)


def test_a_player_falls_at_most_once():
    # Mary claims a false three of a kind and then wins no trick: one fall.
    r = rule(record(cut(), deal(), wrap(), *PLAIN_DECLARES, trips(2, ["QH", "9S", "JD"]), *PLAIN_PLAYS))
    assert kinds(r, "fall") == [(2, -15)]
    assert r["net"][2] == -18


def test_two_players_show_three_of_a_kind_the_higher_wins():
    hands = [["AH", "KS", "8D"], ["KC", "KD", "KH"], ["9S", "9H", "9D"], ["TS", "8C", "QD"]]
    r = rule(
        record(
            cut(),
            trips_deal(hands),
            wrap(),
            *declares("in", "in", "out", "in"),
            trips(2, ["9S", "9H", "9D"]),
            trips(1, ["KC", "KD", "KH"]),
        )
    )
    assert r["violations"] == []
    assert kinds(r, "share") == [(1, 15)]
    assert sorted(kinds(r, "fall")) == [(0, -15), (2, -15)]
    assert "three Kings" in r["summary"]


def test_unclaimed_higher_three_of_a_kind_beats_a_shown_one():
    hands = [["AH", "KS", "8D"], ["KC", "KD", "KH"], ["9S", "9H", "9D"], ["TS", "8C", "QD"]]
    r = rule(record(cut(), trips_deal(hands), wrap(), *declares("in", "in", "out", "in"), trips(2, ["9S", "9H", "9D"])))
    assert rules_of(r) == ["swik.unclaimed-trips"]
    assert r["violations"][0]["seat"] == 1
    assert kinds(r, "share") == [(1, 15)]


def test_shown_higher_three_of_a_kind_beats_an_unclaimed_lower_one():
    hands = [["AH", "KS", "8D"], ["KC", "KD", "KH"], ["9S", "9H", "9D"], ["TS", "8C", "QD"]]
    r = rule(record(cut(), trips_deal(hands), wrap(), *declares("in", "in", "out", "in"), trips(1, ["KC", "KD", "KH"])))
    assert r["violations"] == []
    assert kinds(r, "share") == [(1, 15)]


def test_trips_after_wrap_counts_the_hand_after_the_wrap():
    hands = [["8S", "8H", "TD"], ["KH", "AS", "7C"], ["QH", "9S", "JD"], ["9D", "TS", "KD"]]
    rec = record(
        cut(), deal(hands, turned="8C"), wrap(True, "TD"), *declares("in", "in", "out"), trips(0, ["8S", "8H", "8C"])
    )
    r = rule(rec)
    assert r["violations"] == [] and kinds(r, "share") == [(0, 15)]
    rec["house_rules"] = {"trips_after_wrap": False}
    r = rule(rec)
    assert rules_of(r) == ["swik.false-trips"]  # the three he was dealt are 8S 8H TD


def test_trips_after_wrap_off_counts_the_dealt_hand():
    hands = [["8S", "8H", "8D"], ["KH", "AS", "7C"], ["QH", "9S", "JD"], ["9D", "TS", "KD"]]
    rec = record(
        cut(),
        deal(hands, turned="KC"),
        wrap(True, "8D"),
        *declares("in", "in", "out"),
        rules={"trips_after_wrap": False},
    )
    r = rule(rec)
    assert rules_of(r) == ["swik.unclaimed-trips"] and kinds(r, "share") == [(0, 15)]
    rec["house_rules"] = {}
    r = rule(rec)
    assert "swik.unclaimed-trips" not in rules_of(r)  # after the wrap he holds 8S 8H KC


# ---------------------------------------------------------------- play: revokes, turns, summaries


def test_revoke_from_the_hand_dealt_abandons_the_hand():
    # Joe holds KH but plays 7C to Dad's AH lead.
    r = rule(record(cut(), deal(), wrap(), *PLAIN_DECLARES, *plays("0 AH", "1 7C", "2 QH", "1 KH")))
    assert rules_of(r) == ["swik.revoke"]
    v = r["violations"][0]
    assert v["event"] == 8 and v["seat"] == 1 and v["penalty"] == 15
    assert "KH" in v["message"] and "heart" in v["message"]
    assert r["status"] == "complete"
    assert kinds(r, "share") == [] and kinds(r, "fall") == [(1, -15)]
    assert r["pot_out"] == 30
    assert "Uncle Joe revoked" in r["summary"]


def test_must_trump_revoke():
    # Mary (QH 9S JD) gets a club lead: no clubs; clubs are trump, so anything goes. Use hearts trump:
    # turned 9H (not in any hand; the blind is 7H 9C QS), Dad leads TD, Joe (KH AS 7C) has no diamonds
    # but holds the trump KH and plays AS.
    r = rule(
        record(
            cut(), deal(blind=["7H", "9C", "QS"], turned="9H"), wrap(), *PLAIN_DECLARES, *plays("0 TD", "1 AS", "2 JD")
        )
    )
    assert rules_of(r) == ["swik.revoke"]
    assert "trump" in r["violations"][0]["message"] and "KH" in r["violations"][0]["message"]


def test_revoke_shown_by_a_card_played_later():
    # Joe's hand is unknown. He plays AS to a heart lead, then KH later: he held a heart.
    hands = [["AH", "8S", "TD"], None, ["QH", "9S", "JD"], ["8D", "TS", "KD"]]
    r = rule(
        record(cut(), deal(hands), wrap(), *PLAIN_DECLARES, *plays("0 AH", "1 AS", "2 QH", "0 8S", "1 KH", "2 9S"))
    )
    assert rules_of(r) == ["swik.revoke"]
    v = r["violations"][0]
    assert v["event"] == 8 and v["seat"] == 1 and "played it later" in v["message"]
    assert r["tricks"] == [] or winners(r) == []  # the hand stopped in the first trick


def test_revoke_house_rule_fall_plays_the_hand_out():
    import json
    from pathlib import Path

    rec = json.loads((Path(__file__).resolve().parent.parent / "data" / "swik" / "08-revoke.json").read_text())
    rec["house_rules"] = {"revoke": "fall"}
    r = rule(rec)
    assert r["status"] == "complete"
    assert rules_of(r) == ["swik.revoke"]
    assert winners(r) == [0, 2, 2]
    assert kinds(r, "fall") == [(1, -15)]  # once, though he also won no trick
    assert r["net"] == [-1, -18, 7, -3] and r["pot_out"] == 15


def test_revoke_fall_is_charged_even_when_the_record_stops():
    import json
    from pathlib import Path

    rec = json.loads((Path(__file__).resolve().parent.parent / "data" / "swik" / "08-revoke.json").read_text())
    rec["house_rules"] = {"revoke": "fall"}
    rec["events"] = rec["events"][:12]
    r = rule(rec)
    assert r["status"] == "incomplete"
    assert kinds(r, "fall") == [(1, -15)] and kinds(r, "share") == []


def test_only_the_first_revoke_counts_under_abandon():
    r = rule(
        record(cut(), deal(), wrap(), *PLAIN_DECLARES, *plays("0 AH", "1 7C", "2 9S", "1 KH"))
    )  # Joe and then Mary revoke
    assert rules_of(r) == ["swik.revoke"] and r["violations"][0]["seat"] == 1


def test_out_of_turn_play_is_judged_in_proper_order():
    # Joe plays first (KH), then Dad leads AH: Dad's card is the lead; no revoke; Dad wins.
    r = rule(
        record(
            cut(),
            deal(),
            wrap(),
            *PLAIN_DECLARES,
            *plays("1 KH", "0 AH", "2 QH", "0 8S", "1 AS", "2 9S", "1 7C", "2 JD", "0 TD"),
        )
    )
    assert rules_of(r) == ["swik.out-of-turn"]
    v = r["violations"][0]
    assert v["event"] == 7 and v["seat"] == 1 and v["penalty"] == 0 and "Dad was to play" in v["message"]
    assert winners(r) == [0, 1, 1]
    assert r["tricks"][0]["plays"] == [[0, "AH"], [1, "KH"], [2, "QH"]]
    assert r["net"] == [-1, 7, -18, -3]


def test_out_of_turn_revoke_is_found_against_the_leaders_card():
    # Joe plays 7C before Dad leads AH: judged in order, Joe played a club to a heart lead holding KH.
    r = rule(record(cut(), deal(), wrap(), *PLAIN_DECLARES, *plays("1 7C", "0 AH", "2 QH")))
    assert rules_of(r) == ["swik.out-of-turn", "swik.revoke"]
    assert [v["event"] for v in r["violations"]] == [7, 7]


def test_summary_tricks_give_the_same_money_as_the_plays():
    by_plays = rule(plain())
    by_winner = rule(record(cut(), deal(), wrap(), *PLAIN_DECLARES, trick(0), trick(1), trick(1)))
    assert by_winner["net"] == by_plays["net"] and by_winner["pot_out"] == by_plays["pot_out"]
    assert [t["plays"] for t in by_winner["tricks"]] == [None, None, None]
    assert [t["leader"] for t in by_winner["tricks"]] == [0, 0, 1]


def test_summary_and_played_tricks_mixed():
    r = rule(record(cut(), deal(), wrap(), *PLAIN_DECLARES, *plays("0 AH", "1 KH", "2 QH"), trick(1), trick(1)))
    assert winners(r) == [0, 1, 1] and r["net"] == [-1, 7, -18, -3]


# ---------------------------------------------------------------- lone player, nobody in, odd cents


def test_lone_player_takes_the_pot():
    r = rule(record(cut(), deal(), wrap(), *declares("in", "out", "out", "out"), pot_in=5))
    assert r["status"] == "complete"
    assert kinds(r, "share") == [(1, 20)]
    assert r["pot_out"] == 0 and r["net"] == [-6, 17, -3, -3]
    assert "Only Uncle Joe" in r["summary"]


def test_lone_player_plays_blind_house_rule():
    rules = {"lone_player": "plays_blind"}
    r = rule(
        record(cut(), deal(), wrap(), *declares("in", "out", "out", "out"), trick(1), trick(0), trick(1), rules=rules)
    )
    assert kinds(r, "share") == [(1, 5), (1, 5)]  # the blind's trick stays in the pot
    assert r["pot_out"] == 5
    assert r["summary"] == (
        "Uncle Joe played alone against the blind: the blind took one trick, Uncle Joe took two tricks."
    )


def test_lone_player_against_the_blind_with_cards():
    # Joe (KH AS 7C) leads; Dad's seat plays the blind (7H 9H QS), following suit.
    rules = {"lone_player": "plays_blind"}
    r = rule(
        record(
            cut(),
            deal(),
            wrap(),
            *declares("in", "out", "out", "out"),
            *plays("1 KH", "0 9H", "1 AS", "0 QS", "1 7C", "0 7H"),
            rules=rules,
        )
    )
    assert r["violations"] == [] and winners(r) == [1, 1, 1]
    assert kinds(r, "share") == [(1, 5)] * 3


def test_lone_player_against_the_blind_wins_nothing_falls():
    rules = {"lone_player": "plays_blind"}
    r = rule(
        record(cut(), deal(), wrap(), *declares("in", "out", "out", "out"), trick(0), trick(0), trick(0), rules=rules)
    )
    assert kinds(r, "fall") == [(1, -15)] and kinds(r, "share") == []
    assert r["pot_out"] == 30


def test_lone_dealer_takes_the_pot_even_with_plays_blind():
    r = rule(record(cut(), deal(), wrap(), *declares("out", "out", "out", "in"), rules={"lone_player": "plays_blind"}))
    assert kinds(r, "share") == [(0, 15)]


def test_nobody_in_the_pot_carries_whole():
    r = rule(record(cut(), deal(), wrap(), *declares("out", "out", "out", "out"), pot_in=12))
    assert r["status"] == "complete"
    assert r["pot_out"] == 27 and r["net"] == [-6, -3, -3, -3]
    assert "Nobody went in" in r["summary"]


def test_odd_cents_carry():
    r = rule(plain(pot_in=1))  # pot 16: tricks 5, one cent stays
    assert kinds(r, "share") == [(0, 5), (1, 5), (1, 5)]
    assert r["pot_out"] == 1 + 16


def test_odd_cents_go_to_the_seat_that_actually_dealt():
    r = rule(plain(pot_in=2, rules={"odd_cents": "dealer"}))  # pot 17: tricks 5, 2 cents to Dad
    assert (0, 2) in kinds(r, "share")
    assert r["pot_out"] == 17  # Mary's fall only
    hands = [["AD", "9S", "8H"], ["7S", "8C", "JD"], ["AC", "KC", "TH"], ["7D", "QS", "9C"]]
    # The deal moved to Joe: he takes the odd cents though he is out.
    r = rule(
        record(
            cut(3, "AS"),
            bottom(0, "9D"),
            cut(0),
            deal(hands, ["JS", "TS", "8S"], "KH", seat=1),
            wrap(seat=1),
            *declares("in", "out", "in", "out", first=2),
            *plays("2 AC", "0 8H", "0 AD", "2 TH", "2 KC", "0 9S"),
            pot_in=1,
            rules={"odd_cents": "dealer"},
        )
    )
    assert (1, 1) in kinds(r, "share")


# ---------------------------------------------------------------- incomplete records and claimed figures


def test_incomplete_record_pays_only_what_was_due():
    r = rule(record(cut(), deal(), wrap(), *PLAIN_DECLARES, *PLAIN_PLAYS[:4]))
    assert r["status"] == "incomplete"
    assert kinds(r, "share") == [] and kinds(r, "fall") == []
    assert r["pot_out"] == 15
    assert "stops before the hand ends" in r["summary"]


def test_empty_record_is_incomplete_with_the_antes():
    r = rule(record())
    assert r["status"] == "incomplete" and r["pot_out"] == 15


def test_claimed_figures_give_discrepancies():
    r = rule(plain(claimed={"net": [-1, 7, -3, -3], "pot_out": 0}))
    assert r["discrepancies"] == [
        {"seat": 2, "field": "net", "claimed": -3, "referee": -18},
        {"seat": None, "field": "pot_out", "claimed": 0, "referee": 15},
    ]
    assert rule(plain(claimed={"net": [-1, 7, -18, -3]}))["discrepancies"] == []
    assert "discrepancies" not in rule(plain())


def test_ledger_kinds():
    import referee

    assert referee.ledger_kind({"reason": "dealer ante"}) == "ante"
    assert referee.ledger_kind({"reason": "becomes dealer (Ace cut)"}) == "fee"
    assert referee.ledger_kind({"reason": "misdeal"}) == "penalty"
    assert referee.ledger_kind({"reason": "dealt without a cut"}) == "penalty"
    assert referee.ledger_kind({"reason": "wins a trick"}) == "share"
    assert referee.ledger_kind({"reason": "falls twice (wrapped on KS, no trick)"}) == "fall"
    assert referee.ledger_kind({"reason": "revoke: falls, the hand is abandoned"}) == "fall"
    assert referee.ledger_kind({"reason": "something else"}) == "other"
    assert referee.ledger_kind("garbage") == "other"


def test_violations_come_in_event_order():
    r = rule(
        record(
            cut(2),
            deal(),
            wrap(),
            declare(2, "in"),
            declare(1, "in"),
            declare(3, "out"),
            declare(0, "in"),
            *plays("1 KH", "0 AH", "2 QH"),
        )
    )
    events = [v["event"] for v in r["violations"]]
    assert events == sorted(events)
    assert rules_of(r) == ["swik.cut-by-wrong-player", "swik.declare-order", "swik.out-of-turn"]
