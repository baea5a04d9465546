"""Records that cannot describe a real hand get no ruling: one BadRecord naming every event and field at fault."""

import json

import pytest

import referee
from referee.games import PLANNED

from .hands import (
    PLAIN_DECLARES,
    PLAIN_PLAYS,
    bad,
    cut,
    deal,
    declare,
    plain,
    play,
    plays,
    record,
    rule,
    trick,
    trips,
    wrap,
)


def names(errors):
    return [(e["event"], e["field"]) for e in errors]


# ---------------------------------------------------------------- the record's own fields


def test_not_a_dict():
    for thing in (None, [], "swik", 3, True, [{"game": "swik"}]):
        errors = bad(thing)
        assert names(errors) == [(None, "*")]


def test_unknown_game_and_planned_games():
    errors = bad(dict(plain(), game="whist"))
    assert names(errors) == [(None, "game")] and "whist" in errors[0]["message"]
    for planned in PLANNED:  # a game still to come gets its own words
        errors = bad(dict(plain(), game=planned))
        assert names(errors) == [(None, "game")] and f"cannot rule on {planned} yet" in errors[0]["message"]
    rec = plain()
    del rec["game"]
    assert names(bad(rec)) == [(None, "game")]
    assert names(bad(dict(plain(), game=["swik"]))) == [(None, "game")]


def test_format_and_variant():
    assert (None, "format") in names(bad(dict(plain(), format="handrec/2")))
    assert (None, "variant") in names(bad(dict(plain(), variant="4p")))
    assert (None, "variant") in names(bad(dict(plain(), variant={"x": 1})))


def test_players_dealer_pot_in():
    assert (None, "players") in names(bad(dict(plain(), players="Dad, Joe")))
    assert (None, "players") in names(bad(dict(plain(), players=["Dad", "", "Mary", "Me"])))
    assert (None, "players") in names(bad(dict(plain(), players=["Dad", 2, "Mary", "Me"])))
    assert (None, "dealer") in names(bad(dict(plain(), dealer=4)))
    assert (None, "dealer") in names(bad(dict(plain(), dealer="0")))
    assert (None, "dealer") in names(bad(dict(plain(), dealer=True)))
    assert (None, "pot_in") in names(bad(dict(plain(), pot_in=-1)))
    assert (None, "pot_in") in names(bad(dict(plain(), pot_in=2.5)))
    assert rule(dict(plain(), pot_in=None))["pot_in"] == 0


def test_table_size_outside_min_and_max_players():
    two = record(n=2)
    errors = bad(two)
    assert names(errors) == [(None, "players")] and "3 to 7" in errors[0]["message"]
    assert rule(record(n=2, rules={"min_players": 2}))["status"] == "incomplete"
    assert names(bad(record(n=5, rules={"max_players": 4}))) == [(None, "players")]
    assert (None, "house_rules") in names(bad(record(rules={"min_players": 5, "max_players": 4})))
    assert (None, "house_rules") in names(bad(record(rules={"max_players": 10})))


@pytest.mark.parametrize(
    ("game", "variant", "n", "words"),
    [
        ("seka", None, 13, "13 players at the table; Seka takes 2 to 12 (11 in the open variant)"),
        ("seka", None, 1, "1 player at the table; Seka takes 2 to 12 (11 in the open variant)"),
        ("seka", "open", 12, "12 players at the table; open Seka takes 2 to 11"),
        ("poker", None, 11, "11 players at the table; poker takes 2 to 10"),
        ("poker", None, 1, "1 player at the table; poker takes 2 to 10"),
        ("sedma", "4p", 5, "5 players at the table; Sedma takes 2, 3 or 4"),
        ("rummy", None, 5, "5 players at the table; rummy takes 2, 3 or 4"),
    ],
)
def test_every_game_checks_its_table_size(game, variant, n, words):
    # A table no game can seat (39 Seka cards from 36) is a bad record, not an "incomplete" hand (issue 29).
    doc = {"format": "handrec/1", "game": game, "variant": variant, "players": [f"p{k}" for k in range(n)]}
    errors = bad(dict(doc, dealer=0, events=[]))
    assert names(errors) == [(None, "players")] and errors[0]["message"] == words


def test_house_rules_unknown_or_ill_typed():
    errors = bad(record(rules={"antes": 5}))
    assert names(errors) == [(None, "house_rules")] and "antes" in errors[0]["message"]
    for key, value in [
        ("ante", -1),
        ("ante", "5"),
        ("ante", True),
        ("double_fall", "yes"),
        ("odd_cents", "split"),
        ("lone_player", None),
        ("revoke", "forfeit"),
        ("high_wraps", "KA"),
        ("high_wraps", ["6"]),
        ("high_wrap_tricks", 4),
        ("trips_after_wrap", 1),
    ]:
        errors = bad(record(rules={key: value}))
        assert names(errors) == [(None, "house_rules")], (key, value)
        assert key in errors[0]["message"]
    assert (None, "house_rules") in names(bad(dict(record(), house_rules=["ante", 5])))
    assert rule(record(rules={"high_wraps": ["10", "A"]}))["status"] == "incomplete"


def test_events_and_claimed_types():
    assert names(bad(dict(record(), events="cut, deal"))) == [(None, "events")]
    assert (None, "claimed") in names(bad(plain(claimed={"net": [1, 2]})))
    assert (None, "claimed") in names(bad(plain(claimed={"score": {"points": [1, 2]}})))
    assert (None, "claimed") in names(bad(plain(claimed=[1, 2, 3, 4])))
    assert (None, "claimed") in names(bad(plain(claimed={"pot_out": "lots"})))


def test_a_bad_header_still_names_the_events_mistakes():
    rec = dict(plain(), pot_in=-5)
    rec["events"][7] = play(0, "6H")
    assert names(bad(rec)) == [(None, "pot_in"), (7, "card")]


# ---------------------------------------------------------------- events: types


def test_event_not_an_object_and_unknown_actions():
    rec = plain()
    rec["events"][3] = "declare in"
    rec["events"][4] = {"seat": 2, "choice": "in"}
    rec["events"][5] = {"action": "bid", "seat": 3}
    rec["events"][6] = {"action": ["play"], "seat": 0}
    errors = bad(rec)
    assert names(errors)[:4] == [(3, "*"), (4, "action"), (5, "action"), (6, "action")]
    assert "bid" in errors[2]["message"]


@pytest.mark.parametrize("seat", ["2", True, 2.0, None, -1, 4, [2], {"seat": 2}])
def test_seats_must_be_seat_numbers(seat):
    rec = plain()
    rec["events"][4]["seat"] = seat  # Mary's declaration
    errors = bad(rec)
    assert (4, "seat") in names(errors)


def test_cards_must_be_cards_of_the_deck():
    for card, words in [
        ("6H", "Swik deck"),
        ("th", "upper-case"),
        ("XX", "not a card"),
        (None, "needs"),
        (7, "must be a card"),
        (["AH"], "must be a card"),
    ]:
        rec = plain()
        rec["events"][7]["card"] = card
        errors = bad(rec)
        assert names(errors)[0] == (7, "card"), card
        assert words in errors[0]["message"], (card, errors[0]["message"])


def test_ten_may_be_written_10():
    rec = plain()
    rec["events"][1]["hands"][0][2] = "10D"
    rec["events"][-1]["card"] = "10D"
    r = rule(rec)
    assert r["net"] == [-1, 7, -18, -3]
    assert r["tricks"][2]["plays"][2] == [0, "TD"]  # output always uses T


@pytest.mark.parametrize(
    "field,value",
    [
        ("hands", "AH 8S TD"),
        ("hands", [["AH", "8S", "TD"]] * 2),
        ("hands", [["AH"], "KH", None, None]),
        ("hands", [[["AH"]], None, None, None]),
        ("blind", "7H 9H QS"),
        ("blind", [7, 9]),
        ("turned", None),
        ("turned", "6C"),
        ("turned", ["9C"]),
        ("seat", "0"),
    ],
)
def test_deal_fields(field, value):
    rec = plain()
    rec["events"][1][field] = value
    assert (1, field) in names(bad(rec))


def test_same_card_twice_in_a_deal():
    rec = plain()
    rec["events"][1]["hands"][2][1] = "8S"  # Dad holds 8S too
    errors = bad(rec)
    assert (1, "hands") in names(errors) and "8S" in errors[0]["message"]
    rec = plain()
    rec["events"][1]["blind"][0] = "AH"
    assert (1, "blind") in names(bad(rec))
    rec = plain()
    rec["events"][1]["turned"] = "7C"
    assert (1, "turned") in names(bad(rec))
    rec = plain()
    rec["events"][1]["hands"][0][2] = "TH"
    rec["events"][1]["hands"][1][0] = "10H"  # the same card, spelt two ways
    assert (1, "hands") in names(bad(rec))


def test_a_redeal_may_repeat_the_cards_of_the_deal_it_replaces():
    from .hands import misdeal

    r = rule(record(cut(), deal(), misdeal(), cut(), deal(), wrap(), *PLAIN_DECLARES, *PLAIN_PLAYS))
    assert r["status"] == "complete"


def test_cut_and_bottom_cards_may_turn_up_in_the_deal_but_the_bottom_is_not_the_cut_card():
    from .hands import bottom

    r = rule(record(cut(3, "AH"), bottom(0, "KD"), cut(0), deal(seat=1)))  # AH and KD are dealt
    assert r["status"] == "incomplete"
    assert names(bad(record(cut(3, "AH"), bottom(0, "AH")))) == [(1, "card")]


def test_other_fields():
    rec = record(cut(), deal(), wrap(), declare(1, "maybe"))
    assert names(bad(rec)) == [(3, "choice")]
    rec = record(cut(), deal(), {"action": "wrap", "seat": 0, "take": "no"})
    assert names(bad(rec)) == [(2, "take")]
    rec = record(cut(), deal(), wrap(), *PLAIN_DECLARES, trips(1, ["KH", "KH", "KS"]))
    assert names(bad(rec)) == [(7, "cards")]
    rec = record(cut(), deal(), wrap(), *PLAIN_DECLARES, trips(1, "KH KC KS"))
    assert names(bad(rec)) == [(7, "cards")]
    rec = record(cut(), deal(), wrap(), *PLAIN_DECLARES, {"action": "trick", "winner": "1"})
    assert names(bad(rec)) == [(7, "winner")]
    rec = record(cut(), deal(), {"action": "misdeal", "seat": 0, "reason": ["x"]})
    assert names(bad(rec)) == [(2, "reason")]


def test_nested_garbage_never_crashes():
    garbage = [
        {"a": [{"b": None}]},
        [[[]]],
        {"action": {"x": 1}},
        {"action": "deal", "hands": {"0": []}},
        {"action": "deal", "seat": 0, "hands": [None, None, None, None], "blind": None, "turned": {"c": 1}},
        {"action": "trips", "seat": 1, "cards": [None, None, None]},
        {"action": "play", "seat": 1e9, "card": "AH"},
    ]
    for g in garbage:
        rec = plain()
        rec["events"].insert(3, g)
        bad(rec)


def test_all_the_errors_at_once():
    rec = plain()
    rec["events"][0]["seat"] = 9
    rec["events"][7]["card"] = "6H"
    rec["events"][8]["seat"] = "1"
    assert names(bad(rec)) == [(0, "seat"), (7, "card"), (8, "seat")]


# ---------------------------------------------------------------- events that cannot happen at a real table


def test_play_of_a_card_never_given():
    errors = bad(record(cut(), deal(), wrap(), *PLAIN_DECLARES, play(0, "AH"), play(1, "JH")))
    assert names(errors) == [(8, "card")] and "never given" in errors[0]["message"]


def test_play_of_a_card_dealt_to_someone_else_by_a_player_whose_hand_is_unknown():
    hands = [["AH", "8S", "TD"], None, ["QH", "9S", "JD"], ["8D", "TS", "KD"]]
    errors = bad(record(cut(), deal(hands), wrap(), *PLAIN_DECLARES, play(0, "AH"), play(1, "QH")))
    assert names(errors) == [(8, "card")] and "Mary" in errors[0]["message"]
    errors = bad(record(cut(), deal(hands), wrap(), *PLAIN_DECLARES, play(0, "AH"), play(1, "9H")))
    assert "blind" in errors[0]["message"]
    errors = bad(record(cut(), deal(hands), wrap(), *PLAIN_DECLARES, play(0, "AH"), play(1, "9C")))
    assert "turned" in errors[0]["message"]


def test_the_same_card_played_twice():
    errors = bad(record(cut(), deal(), wrap(), *PLAIN_DECLARES, *plays("0 AH", "1 KH", "2 QH", "0 AH")))
    assert names(errors) == [(10, "card")] and "already played" in errors[0]["message"]


def test_a_play_by_a_seat_that_is_out():
    errors = bad(record(cut(), deal(), wrap(), *PLAIN_DECLARES, play(0, "AH"), play(3, "8D")))
    assert names(errors) == [(8, "seat")] and "Me is out" in errors[0]["message"]


def test_a_play_or_trips_before_every_declaration():
    errors = bad(record(cut(), deal(), wrap(), declare(1), play(0, "AH")))
    assert names(errors) == [(4, "action")]
    errors = bad(record(cut(), deal(), wrap(), declare(1), trips(1, ["KH", "KS", "KD"])))
    assert names(errors) == [(4, "action")]


def test_declaring_twice():
    errors = bad(record(cut(), deal(), wrap(), declare(1), declare(1, "out")))
    assert names(errors) == [(4, "seat")] and "twice" in errors[0]["message"]


def test_wrap_by_anyone_but_the_dealer_or_after_the_declarations():
    assert names(bad(record(cut(), deal(), wrap(seat=1)))) == [(2, "seat")]
    assert names(bad(record(cut(), deal(), declare(1), wrap()))) == [(3, "action")]
    assert names(bad(record(cut(), deal(), wrap(), wrap()))) == [(3, "action")]


def test_wrap_that_discards_the_turned_card_or_a_card_not_held():
    errors = bad(record(cut(), deal(), wrap(True, "9C")))
    assert names(errors) == [(2, "discard")] and "keep" in errors[0]["message"]
    assert names(bad(record(cut(), deal(), wrap(True, "KH")))) == [(2, "discard")]
    assert names(bad(record(cut(), deal(), {"action": "wrap", "seat": 0, "take": False, "discard": "AH"}))) == [
        (2, "discard")
    ]


def test_a_new_cut_or_deal_after_a_good_deal():
    assert names(bad(record(cut(), deal(), cut()))) == [(2, "action")]
    assert names(bad(record(cut(), deal(), deal()))) == [(2, "action")]
    assert names(bad(record(cut(), deal(), wrap(), *PLAIN_DECLARES, cut()))) == [(7, "action")]


def test_events_before_any_deal():
    assert names(bad(record(cut(), wrap()))) == [(1, "action")]
    assert names(bad(record(cut(), declare(1)))) == [(1, "action")]
    assert names(bad(record(play(1, "AH")))) == [(0, "action")]
    assert names(bad(record({"action": "misdeal", "seat": 0}))) == [(0, "action")]


def test_misdeal_reports_that_cannot_be():
    from .hands import misdeal

    assert names(bad(record(cut(), deal(), misdeal(seat=2)))) == [(2, "seat")]
    assert names(bad(record(cut(), deal(), wrap(), *PLAIN_DECLARES, play(0, "AH"), misdeal()))) == [(8, "action")]


def test_tricks_that_cannot_be():
    # a fourth trick, a trick won by a player who is out, a play after three tricks
    assert names(bad(record(cut(), deal(), wrap(), *PLAIN_DECLARES, trick(0), trick(1), trick(1), trick(1)))) == [
        (10, "action")
    ]
    assert names(bad(record(cut(), deal(), wrap(), *PLAIN_DECLARES, trick(3)))) == [(7, "winner")]
    assert names(bad(record(cut(), deal(), wrap(), *PLAIN_DECLARES, *PLAIN_PLAYS, play(0, "AH")))) == [(16, "action")]
    assert names(bad(record(cut(), deal(), wrap(), *PLAIN_DECLARES, play(0, "AH"), trick(1)))) == [(8, "action")]
    assert names(bad(record(cut(), deal(), wrap(), *PLAIN_DECLARES, *plays("0 AH", "0 8S")))) == [(8, "seat")]


def test_trips_shown_twice():
    rec = record(cut(), deal(), wrap(), *PLAIN_DECLARES, trips(1, ["KH", "KS", "KD"]), trips(1, ["KH", "KS", "KD"]))
    assert names(bad(rec)) == [(8, "seat")]


# ---------------------------------------------------------------- loads


def test_loads():
    assert referee.loads(json.dumps(plain()))["game"] == "swik"
    for text in ["{", "", "[1,", '{"a": NaN}', b"\xff\xfe", "[" * 100000]:
        with pytest.raises(referee.BadRecord) as e:
            referee.loads(text)
        assert [(x["event"], x["field"]) for x in e.value.errors] == [(None, "*")]
    assert referee.loads(b'{"a": 1}') == {"a": 1}


def test_bad_record_document():
    try:
        referee.replay(dict(plain(), game="whist"))
    except referee.BadRecord as e:
        doc = e.document()
    assert doc["format"] == "error/1" and doc["errors"][0]["field"] == "game"
    assert "whist" in str(referee.BadRecord(doc["errors"]))
