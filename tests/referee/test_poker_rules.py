"""Poker's table at the edges of its rules: the betting (a check, a wrong call, the least and most raise, out of
turn, after the betting), the showdown (splits and the odd unit, foul hands, a pot carried, a lone survivor, a
showdown-only record) and what makes a record bad (copies of a card, the draw, a show while a call is owed)."""

import pytest

import referee

NAMES = ["Dima", "Olya", "Kostya"]
# Five-card hands that rank plainly: A beats B beats C; D ties B.
A = ["KS", "KH", "KD", "KC", "2S"]  # four Kings
B = ["QH", "JD", "TS", "9C", "8H"]  # straight, Queen down to Eight
C = ["3C", "3D", "7H", "9D", "JC"]  # pair of Threes
D = ["QC", "JH", "TD", "9H", "8S"]  # straight, Queen down to Eight


def rec(events, n=2, dealer=0, house_rules=None, pot_in=0, hands=None):
    if hands is None:
        hands = [A, B, C][:n]
    deal = {"action": "deal", "seat": dealer, "hands": hands}
    return {
        "format": "handrec/1",
        "game": "poker",
        "players": NAMES[:n],
        "dealer": dealer,
        "pot_in": pot_in,
        "house_rules": house_rules or {},
        "events": [deal, *events],
    }


def show(s, cards):
    return {"action": "show", "seat": s, "cards": list(cards)}


def bet(action, s, amount=None):
    ev = {"action": action, "seat": s}
    if amount is not None:
        ev["amount"] = amount
    return ev


def rules_of(ruling):
    return [(v["event"], v["seat"], v["rule"]) for v in ruling["violations"]]


def bad(record):
    with pytest.raises(referee.BadRecord) as e:
        referee.replay(record)
    return e.value.errors


# ---------------------------------------------------------------------- the betting


def test_checks_then_the_showdown_the_best_hand_takes_the_antes():
    r = referee.replay(rec([bet("call", 1, 0), bet("call", 0, 0), show(1, B), show(0, A)]))
    assert r["net"] == [1, -1] and r["violations"] == [] and r["status"] == "complete"
    assert r["summary"] == "Dima: four Kings, takes the pot of 2 (Olya: straight, Queen down to Eight)."


def test_checks_left_out_at_the_end_of_the_betting_are_taken_as_checks():
    r = referee.replay(rec([bet("call", 1, 0), show(1, B), show(0, A)]))
    assert r["net"] == [1, -1] and r["violations"] == []


def test_a_call_of_the_wrong_amount_is_charged_the_right_one_and_named():
    r = referee.replay(rec([bet("raise", 1, 3), bet("call", 0, 2), show(1, B), show(0, A)]))
    assert rules_of(r) == [(2, 0, "poker.wrong-call")]
    assert r["violations"][0]["message"] == "Dima's call is charged 3, not 2" and r["violations"][0]["penalty"] == 0
    assert r["net"] == [4, -4]  # Dima put in 3, not 2


def test_a_call_that_leaves_out_its_amount_is_charged_what_it_costs():
    r = referee.replay(rec([bet("raise", 1, 3), bet("call", 0), show(1, B), show(0, A)]))
    assert r["violations"] == [] and r["net"] == [4, -4]


@pytest.mark.parametrize(
    ("amount", "rule"),
    [(1 + 1, "poker.raise-under-min"), (1 + 2, None), (1 + 4, None), (1 + 5, "poker.raise-over-max")],
)
def test_a_raise_at_and_beyond_its_least_and_most(amount, rule):
    # Olya opens with a raise of 2; Dima owes 2 and puts in amount + 1: he adds amount - 1 (least 2, most 4).
    hr = {"min_raise": 2, "max_raise": 4}
    r = referee.replay(
        rec([bet("raise", 1, 2), bet("raise", 0, amount + 1), bet("call", 1, amount - 1)], house_rules=hr)
    )
    got = [v["rule"] for v in r["violations"]]
    assert got == ([] if rule is None else [rule])
    if rule == "poker.raise-under-min":
        assert (
            "under the least raise of 2: the least that could be put in was 4; it stands"
            in r["violations"][0]["message"]
        )
    if rule == "poker.raise-over-max":
        assert (
            "over the most raise of 4: the most that could be put in was 6; it stands" in r["violations"][0]["message"]
        )
    # It stands as made: Dima puts in what he said, and Olya's call matches it.
    assert [-e["amount"] for e in r["ledger"] if e["seat"] == 0 and e["reason"] == "raise"] == [amount + 1]
    assert r["status"] == "incomplete" and r["pot_out"] == 2 + 2 * (amount + 1)


def test_a_raise_that_adds_nothing_is_a_call_and_one_short_of_the_call_a_wrong_call():
    r = referee.replay(rec([bet("raise", 1, 3), bet("raise", 0, 3), show(1, B), show(0, A)]))
    assert r["violations"] == [] and r["net"] == [4, -4]
    r = referee.replay(rec([bet("raise", 1, 3), bet("raise", 0, 1), show(1, B), show(0, A)]))
    assert rules_of(r) == [(2, 0, "poker.wrong-call")] and "charged 3, not 1" in r["violations"][0]["message"]
    assert r["net"] == [4, -4]


def test_out_of_turn_counts_and_the_turn_passes_on_from_him():
    # Dealer Dima (0): Olya (1) is due first; Kostya (2) raises out of turn.
    r = referee.replay(
        rec([bet("raise", 2, 2), bet("call", 0, 2), bet("call", 1, 2), show(0, A), show(1, B), show(2, C)], n=3)
    )
    assert rules_of(r) == [(1, 2, "poker.out-of-turn")]
    assert r["violations"][0]["message"] == "Kostya acts out of turn: it was Olya's"
    assert r["net"] == [6, -3, -3]


def test_a_call_after_the_betting_has_ended_moves_nothing():
    r = referee.replay(rec([bet("raise", 1, 1), bet("call", 0, 1), bet("raise", 1, 5), show(1, B), show(0, A)]))
    assert rules_of(r) == [(3, 1, "poker.out-of-turn")] and "moves nothing" in r["violations"][0]["message"]
    assert r["net"] == [2, -2]


def test_a_lone_survivor_takes_the_pot_unseen():
    r = referee.replay(rec([bet("raise", 1, 4), bet("fold", 2), bet("fold", 0)], n=3, pot_in=10))
    assert r["net"] == [-1, 12, -1] and r["pot_out"] == 0 and r["status"] == "complete"
    assert r["summary"] == "Olya takes the pot of 17 unseen: everyone else folded."
    assert r["facts"]["game"]["showdown"] is False


def test_the_last_player_in_may_show_anyway_and_it_moves_nothing():
    # poker.md: "If all but one fold, he takes the pot without showing": a right, which forbids nothing.
    folds = [bet("raise", 1, 4), bet("fold", 2), bet("fold", 0)]
    r = referee.replay(rec([*folds, show(1, B)], n=3, pot_in=10))
    assert r["net"] == [-1, 12, -1] and r["pot_out"] == 0 and r["status"] == "complete" and r["violations"] == []
    assert r["summary"] == (
        "Olya takes the pot of 17 unseen: everyone else folded. Olya showed QH JD TS 9C 8H "
        "(straight, Queen down to Eight) though everyone else folded; it moves nothing."
    )
    assert r["facts"]["game"]["showdown"] is False
    # A foul hand shown for interest is no claim on the pot: still his, no violation.
    r = referee.replay(rec([*folds, show(1, A)], n=3, pot_in=10))
    assert r["net"] == [-1, 12, -1] and r["violations"] == []


def test_a_show_by_a_player_who_folded_is_for_interest_and_moves_nothing():
    plain = [bet("call", 1, 0), bet("fold", 2), bet("call", 0, 0), show(1, B), show(0, A)]
    base = referee.replay(rec(plain, n=3))
    r = referee.replay(rec([*plain[:2], show(2, C), *plain[2:]], n=3))
    assert r["net"] == base["net"] == [2, -1, -1] and r["violations"] == [] and r["status"] == "complete"
    assert (
        r["summary"]
        == base["summary"] + " Kostya showed 3C 3D 7H 9D JC (pair of Threes) after folding; it moves nothing."
    )


# ---------------------------------------------------------------------- the showdown


def test_equal_hands_split_and_the_odd_unit_goes_first_from_the_dealers_left():
    # Three antes of 1: Olya and Kostya tie (the same straight); the odd unit goes to the first from Dima's left.
    r = referee.replay(rec([show(1, B), show(2, D), show(0, C)], n=3, hands=[C, B, D]))
    assert r["net"] == [-1, 1, 0]
    assert "split the pot (Olya 2, Kostya 1)" in r["summary"]
    # Dealer Olya: Kostya is first to her left.
    r = referee.replay(rec([show(2, D), show(0, C), show(1, B)], n=3, dealer=1, hands=[C, B, D]))
    assert r["net"] == [-1, 0, 1]


def test_a_shown_hand_that_differs_from_the_deal_and_draw_is_foul_and_loses():
    draw = {"action": "draw", "seat": 0, "discard": ["2S"], "cards": ["3H"]}
    shown = ["KS", "KH", "KD", "KC", "2S"]  # shows the Two he threw, not the Three he drew
    r = referee.replay(rec([draw, bet("raise", 1, 1), bet("call", 0, 1), show(1, B), show(0, shown)]))
    assert rules_of(r) == [(5, 0, "poker.foul-hand")]
    assert r["violations"][0]["message"] == (
        "Dima shows KS KH KD KC 2S without 3H, which the record gave Dima; the hand loses"
    )
    assert r["net"] == [-2, 2]
    assert "Dima: four Kings (foul)" in r["summary"]


def test_when_every_shown_hand_is_foul_the_pot_stays_for_the_next_hand():
    r = referee.replay(rec([bet("raise", 1, 2), bet("call", 0, 2), show(1, C), show(0, C)], pot_in=5))
    assert [v["rule"] for v in r["violations"]] == ["poker.foul-hand", "poker.foul-hand"]
    assert r["net"] == [-3, -3] and r["pot_out"] == 11 and r["status"] == "complete"
    assert r["facts"]["carry"]["pot"] == 11
    assert (
        r["summary"].startswith("Every hand shown is foul") and "the pot of 11 stays for the next hand" in r["summary"]
    )


def test_a_player_still_in_who_does_not_show_loses():
    r = referee.replay(rec([bet("call", 1, 0), bet("call", 2, 0), bet("call", 0, 0), show(2, C)], n=3))
    assert r["net"] == [-1, -1, 2] and r["status"] == "complete"


def test_a_record_of_the_showdown_alone_pays_the_best_hand():
    record = rec([show(0, C), show(1, B)])
    record["events"] = record["events"][1:]  # no deal: nothing else was written down
    r = referee.replay(record)
    assert r["net"] == [-1, 1] and r["violations"] == []
    # ... but not a card whose only copy another hand already holds (the later show is foul).
    record["events"][1] = show(1, ["3C", "QH", "JD", "TS", "9C"])
    r = referee.replay(record)
    assert (
        rules_of(r) == [(1, 1, "poker.foul-hand")] and "every copy of it is elsewhere" in r["violations"][0]["message"]
    )
    assert r["net"] == [1, -1]


def test_jokers_and_two_packs():
    hands = [["AS", "AS", "AH", "JK", "JK"], ["AD", "AC", "AC", "AD", "AH"]]  # two packs: five Aces each
    r = referee.replay(rec([show(1, hands[1]), show(0, hands[0])], hands=hands, house_rules={"decks": 2}))
    assert r["net"] == [0, 0] and "Dima: five Aces; Olya: five Aces: equal hands split" in r["summary"]
    errors = bad(rec([], hands=hands))  # one pack: AS twice is a bad record
    assert errors[0]["event"] == 0 and "AS is placed 2 times" in errors[0]["message"]
    errors = bad(rec([], hands=[A, ["JK", "2C", "3C", "4C", "5C"]], house_rules={"jokers": 0}))
    assert "this table plays without jokers; JK is not in its deck" in errors[0]["message"]
    # One joker a pack, two packs: two jokers in all, and a third is a bad record.
    three = [["JK", "JK", "AH", "AD", "AC"], ["JK", "2C", "3C", "4C", "5C"]]
    assert "JK is placed 3 times" in bad(rec([], hands=three, house_rules={"jokers": 1, "decks": 2}))[0]["message"]


def test_an_unknown_hand_may_draw_unseen_cards_and_a_known_one_names_its_discards():
    draw = {"action": "draw", "seat": 1, "discard": [None, None], "cards": ["AS", None]}
    r = referee.replay(rec([draw, show(1, ["AS", "AD", "AH", "AC", "3S"]), show(0, A)], hands=[A, None]))
    assert r["net"] == [-1, 1] and r["violations"] == []
    errors = bad(rec([{"action": "draw", "seat": 0, "discard": [None], "cards": ["3H"]}]))
    assert errors[0]["field"] == "discard" and "names the cards Dima discards" in errors[0]["message"]
    errors = bad(rec([{"action": "draw", "seat": 0, "discard": ["3H"], "cards": ["4H"]}]))
    assert "Dima holds KS KH KD KC 2S, not 3H" in errors[0]["message"]


# ---------------------------------------------------------------------- bad records


@pytest.mark.parametrize(
    ("events", "event", "words"),
    [
        ([bet("raise", 1, 1), {"action": "draw", "seat": 0, "discard": [], "cards": []}], 2, "after the first bet"),
        (
            [{"action": "draw", "seat": 0, "discard": [], "cards": []}] * 2,
            2,
            "drew at event 1; a player draws once",
        ),
        ([bet("raise", 1, 1), show(1, B)], 2, "Dima still owes a call of 1"),
        ([show(1, B), {"action": "draw", "seat": 0, "discard": [], "cards": []}], 2, "after the showdown began"),
        ([show(0, A[:4])], 1, "a hand is 5 cards, not 4"),
        ([{"action": "deal", "seat": 0, "hands": [A, B]}], 1, "a second deal"),
        ([bet("fold", 1), show(1, ["AS", "AS", "KD", "KC", "2D"])], 2, "AS is shown 2 times; one pack"),
        ([bet("fold", 1), show(1, B), show(1, B)], 3, "Olya showed at event 2"),
        ([{"action": "draw", "seat": 0, "discard": ["2S"], "cards": []}], 1, "discards 1 and gets 0"),
    ],
)
def test_records_that_cannot_be_a_real_hand(events, event, words):
    errors = bad(rec(events))
    assert errors[0]["event"] == event and words in errors[0]["message"], errors


def test_a_deal_by_another_seat_or_of_four_cards_is_a_bad_record():
    record = rec([])
    record["events"][0]["seat"] = 1
    assert "Dima deals this hand, not Olya" in bad(record)[0]["message"]
    assert "Olya gets 4 cards, not 5" in bad(rec([], hands=[A, B[:4]]))[0]["message"]


def test_house_rules_the_ranking_does_not_know_are_bad_records():
    errors = bad(rec([], house_rules={"suit_order": "SSDH"}))
    assert errors[0]["field"] == "house_rules" and "suit_order" in errors[0]["message"]


def test_the_alternative_ranking_and_a_suit_order_reach_the_showdown():
    flush_h = ["2H", "5H", "7H", "9H", "JH"]
    flush_s = ["2S", "5S", "7S", "9S", "JS"]
    r = referee.replay(rec([show(1, flush_s), show(0, flush_h)], hands=[flush_h, flush_s]))
    assert r["net"] == [-1, 1]
    r = referee.replay(
        rec([show(1, flush_s), show(0, flush_h)], hands=[flush_h, flush_s], house_rules={"suit_order": "HDCS"})
    )
    assert r["net"] == [1, -1] and "Dima: flush in hearts, takes the pot" in r["summary"]
