"""The referee's own choices where swik.md is silent (the "House rule:" comments in referee/games/swik/)."""

from .hands import (
    PLAIN_DECLARES,
    bad,
    bottom,
    cut,
    deal,
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

TRIPS_HANDS = [["AH", "KS", "8D"], None, ["9S", "9H", "9D"], ["TS", "8C", "QD"]]


def test_unknown_keys_and_notes_are_ignored():
    rec = plain()
    rec["id"] = 17
    rec["events"][1]["note"] = {"anything": ["at all"]}
    rec["events"][7]["who wrote this"] = "Mary"
    assert rule(rec)["net"] == rule(plain())["net"]


def test_the_bottom_card_may_be_recorded_under_the_new_dealer():
    r = rule(record(cut(3, "AS"), bottom(1, "AD"), cut(1), deal(seat=2)))
    assert r["violations"] == [] and kinds(r, "fee") == [(1, -3), (2, -3)]


def test_misdeal_report_later_than_right_after_is_still_the_same_misdeal():
    four_two = [["7S", "8S", "9S"], ["TS", "JS", "QS", "KS"], ["AS", "7H"], ["8H", "9H", "TH"]]
    r = rule(record(cut(), deal(four_two, ["JH", "QH", "KH"], "AH"), cut(), misdeal(), deal()))
    assert rules_of(r) == ["swik.misdeal"] and kinds(r, "penalty") == [(0, -3)]


def test_misdeal_report_after_an_uncut_deal_is_not_charged_again():
    r = rule(record(deal(), misdeal(reason="no cut"), cut(), deal()))
    assert rules_of(r) == ["swik.no-cut"] and kinds(r, "penalty") == [(0, -3)]


def test_uncut_deal_with_short_hands_is_only_no_cut():
    four_two = [["7S", "8S", "9S"], ["TS", "JS", "QS", "KS"], ["AS", "7H"], ["8H", "9H", "TH"]]
    r = rule(record(deal(four_two, ["JH", "QH", "KH"], "AH")))
    assert rules_of(r) == ["swik.no-cut"]


def test_unseen_discard():
    # Dad wraps on 9C and nobody saw what he threw away: he surely holds 9C, and may play his dealt cards.
    r = rule(
        record(
            cut(),
            deal(),
            wrap(True, None),
            *declares("in", "in", "out"),
            *plays("0 AH", "1 KH", "2 QH", "0 TD", "1 7C", "2 JD", "1 AS", "2 9S", "0 9C"),
        )
    )
    assert r["violations"] == [] and winners(r) == [0, 1, 0]


def test_three_of_a_kind_shown_after_play_began_still_wins():
    rec = record(
        cut(),
        deal(TRIPS_HANDS, ["JS", "7S", "AS"], "JH"),
        wrap(),
        *declares("in", "in", "out", "in"),
        play(0, "AH"),
        trips(2, ["9S", "9H", "9D"]),
        play(1, "KH"),
    )
    r = rule(rec)
    assert kinds(r, "share") == [(2, 15)]
    assert sorted(kinds(r, "fall")) == [(0, -15), (1, -15)]
    assert r["tricks"] == []


def test_three_of_a_kind_broken_by_a_card_already_played_is_false():
    hands = [None, ["KH", "AS", "7C"], ["QH", "9S", "JD"], ["8D", "TS", "KD"]]
    rec = record(cut(), deal(hands), wrap(), *PLAIN_DECLARES, play(0, "AH"), trips(0, ["AH", "AD", "AC"]))
    r = rule(rec)
    assert rules_of(r) == ["swik.false-trips"]
    assert "already played" in r["violations"][0]["message"]


def test_false_trips_fall_stands_in_an_incomplete_record():
    r = rule(record(cut(), deal(), wrap(), *PLAIN_DECLARES, trips(1, ["KH", "AS", "7C"]), play(0, "AH")))
    assert r["status"] == "incomplete"
    assert kinds(r, "fall") == [(1, -15)]
    assert "falls" in r["summary"] or "fell" in r["summary"]


def test_revoke_by_the_blind_is_the_dealers():
    # Joe alone against the blind (7H 9H QS) played by Dad's seat: Dad plays QS to Joe's KH lead
    # while the blind holds hearts.
    rules = {"lone_player": "plays_blind"}
    r = rule(record(cut(), deal(), wrap(), *declares("in", "out", "out", "out"), *plays("1 KH", "0 QS"), rules=rules))
    assert rules_of(r) == ["swik.revoke"]
    assert r["violations"][0]["seat"] == 0
    assert kinds(r, "fall") == [(0, -15)]


def test_after_a_summary_trick_known_hands_are_no_evidence():
    # Trick 1 by winner only; in trick 2 Joe plays a club to a spade lead: which spade he still had
    # is unknown (he may have played AS to trick 1), so no revoke.
    r = rule(record(cut(), deal(), wrap(), *PLAIN_DECLARES, trick(0), *plays("0 8S", "1 7C", "2 9S")))
    assert r["violations"] == []


def test_plays_after_the_lone_players_pot_are_ignored_but_out_players_may_not_play():
    r = rule(record(cut(), deal(), wrap(), *declares("in", "out", "out", "out"), play(1, "KH")))
    assert kinds(r, "share") == [(1, 15)]
    errors = bad(record(cut(), deal(), wrap(), *declares("in", "out", "out", "out"), play(2, "QH")))
    assert errors[0]["field"] == "seat"


def test_a_fall_of_a_zero_pot_is_still_a_fall():
    r = rule(plain(rules={"ante": 0, "dealer_ante": 0}))
    assert kinds(r, "fall") == [(2, 0)] and r["pot_out"] == 0
    assert "Mary fell" in r["summary"]


def test_table_of_two_when_the_family_allows_it():
    rec = record(
        cut(1),
        deal([["AH", "8S", "TD"], ["KH", "AS", "7C"]], turned="9C"),
        wrap(),
        *declares("in", "in", n=2),
        *plays("0 AH", "1 KH", "0 8S", "1 AS", "1 7C", "0 TD"),
        n=2,
        rules={"min_players": 2},
    )
    r = rule(rec)
    assert winners(r) == [0, 1, 1] and r["status"] == "complete"
