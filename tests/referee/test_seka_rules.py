"""Seka's trade, showdown, svara hand and violations, each checked in the money and words a player would check."""

import pytest

import referee

NAMES = ["Vasya", "Tolya", "Dasha", "Fedya"]
# Vasya 20 in spades, Tolya 21 in hearts, Dasha two Aces, Fedya 19 in diamonds.
HANDS = [["KS", "QS", "6C"], ["AH", "KH", "8C"], ["AD", "AC", "6H"], ["KD", "9D", "7S"]]


def rec(*events, n=3, dealer=0, pot_in=0, rules=None, variant=None, hands=None, **extra):
    deal = {"action": "deal", "seat": dealer, "hands": (hands or HANDS)[:n]}
    r = {
        "format": "handrec/1",
        "game": "seka",
        "variant": variant,
        "players": NAMES[:n],
        "dealer": dealer,
        "pot_in": pot_in,
        "house_rules": rules or {},
        "events": [deal, *events],
    }
    r.update(extra)
    return r


def bet(s, amount, blind=False):
    ev = {"action": "raise", "seat": s, "amount": amount}
    if blind:
        ev["blind"] = True
    return ev


def call(s, amount, blind=False):
    ev = {"action": "call", "seat": s, "amount": amount}
    if blind:
        ev["blind"] = True
    return ev


def fold(s):
    return {"action": "fold", "seat": s}


def show(s, cards=None):
    return {"action": "show", "seat": s, "cards": cards or HANDS[s]}


def rules_of(r):
    return [(v["rule"], v["event"], v["seat"]) for v in r["violations"]]


def test_a_blind_bet_counts_double_and_the_next_bet_must_beat_that():
    # Tolya bets 3 blind: a stake of 6. Dasha's 6 is under the least (7); Vasya's 7 is enough.
    r = referee.replay(rec(bet(1, 3, True), bet(2, 6), bet(0, 7), fold(1), fold(2)))
    assert rules_of(r) == [("seka.under-stake", 2, 2)]
    assert "under the least stake of 7" in r["violations"][0]["message"]
    assert r["net"] == [11, -4, -7]  # Vasya takes antes 3 + 3 + 6 + 7 = 19, having put 8 in
    assert r["ledger"][-1] == {"seat": 0, "amount": 19, "reason": "takes the pot (everyone else folded)", "event": 5}
    assert r["summary"] == "Vasya takes the pot of 19: everyone else folded."


def test_a_bet_under_the_stake_stands_and_the_stake_stays_the_larger():
    # Tolya 5; Dasha 2 (under: stands, the stake stays 5); Vasya's 6 is then enough.
    r = referee.replay(rec(bet(1, 5), bet(2, 2), bet(0, 6), fold(1), fold(2)))
    assert rules_of(r) == [("seka.under-stake", 2, 2)]
    assert r["net"][2] == -3  # ante 1 + the 2 that stood


def test_a_blind_call_pays_half_the_last_stake_rounded_up():
    # Vasya bets 5 open; Tolya (who never looked) calls blind: 3.
    r = referee.replay(rec(bet(0, 5), call(1, 3, True), show(0), show(1), n=2, dealer=1))
    assert r["violations"] == []
    assert r["net"] == [-6, 6]  # Tolya's 21 in hearts beats 20 in spades; the pot 2 + 5 + 3 = 10
    assert r["facts"]["game"]["seats"]["blind_bets"] == [0, 1]


def test_a_wrong_call_is_charged_the_right_amount():
    r = referee.replay(rec(bet(0, 5), call(1, 4), show(0), show(1), n=2, dealer=1))
    assert rules_of(r) == [("seka.wrong-call", 2, 1)]
    assert "charged 5, not 4" in r["violations"][0]["message"]
    assert r["net"] == [-6, 6]


def test_a_blind_bet_after_looking_counts_as_an_open_bet_of_its_amount():
    # Vasya bets 2 open (he has looked), then 4 "blind": an open 4, so Tolya's 5 is enough (not 9).
    r = referee.replay(rec(bet(0, 2), bet(1, 3), bet(0, 4, True), bet(1, 5), fold(0), n=2, dealer=1))
    assert rules_of(r) == [("seka.blind-after-look", 3, 0)]
    assert r["net"] == [-7, 7]


def test_no_blind_bets_at_a_table_that_plays_none():
    r = referee.replay(rec(bet(0, 2, True), bet(1, 3), fold(0), n=2, dealer=1, rules={"blind": False}))
    assert rules_of(r) == [("seka.blind-not-allowed", 1, 0)]
    assert r["net"] == [-3, 3]  # 3 is enough over an open 2


def test_a_call_with_three_in_is_too_early_paid_and_the_betting_goes_on():
    r = referee.replay(rec(bet(1, 2), call(2, 2), bet(0, 3), fold(1), call(2, 3), show(0), show(2)))
    assert rules_of(r) == [("seka.call-too-early", 2, 2)]
    assert r["net"] == [-4, -3, 7]  # Dasha's two Aces take 3 + 2 + 2 + 3 + 3 = 13, having put 6 in
    assert "Dasha: two Aces, 22, takes the pot of 13" in r["summary"]


def test_out_of_turn_counts_and_the_turn_passes_on_from_him():
    # Dealer Vasya: Tolya is first, but Dasha bets; then Vasya (to her left) is due, not Tolya.
    r = referee.replay(rec(bet(2, 2), bet(0, 3), bet(1, 4)))
    assert rules_of(r) == [("seka.out-of-turn", 1, 2)]
    legal = referee.legal(rec(bet(2, 2), bet(0, 3), bet(1, 4)))
    assert legal["turn"] == 2 and legal["status"] == "incomplete"
    legal = referee.legal(rec(bet(2, 2)))
    assert legal["turn"] == 0


def test_a_lone_survivor_takes_the_pot_unseen():
    r = referee.replay(rec(bet(1, 2), fold(2), fold(0)))
    assert r["net"] == [-1, 2, -1] and r["status"] == "complete" and r["pot_out"] == 0


def test_the_legal_trade_offers_fold_raise_and_the_call_only_with_two_in():
    options = referee.legal(rec(bet(1, 2)))["options"]
    assert {o["action"] for o in options} == {"fold", "raise"}
    assert {"action": "raise", "seat": 2, "blind": False, "min": 3, "max": None} in options
    assert {"action": "raise", "seat": 2, "blind": True, "min": 2, "max": None} in options
    options = referee.legal(rec(bet(1, 2), fold(2)))["options"]
    assert {"action": "call", "seat": 0, "blind": False, "amount": 2} in options
    assert {"action": "call", "seat": 0, "blind": True, "amount": 1} in options
    # Tolya has looked (he bet open): no blind option for him.
    options = referee.legal(rec(bet(1, 2), fold(2), bet(0, 3)))["options"]
    assert [o for o in options if o.get("blind")] == []


def test_a_show_before_the_call_is_a_bad_record():
    with pytest.raises(referee.BadRecord) as e:
        referee.replay(rec(bet(1, 2), show(1)))
    assert e.value.errors[0]["event"] == 2 and e.value.errors[0]["field"] == "action"
    assert "only after a call" in e.value.errors[0]["message"]


def test_a_foul_hand_loses_and_if_every_hand_shown_is_foul_the_pot_stays():
    fake = ["AS", "KS", "QS"]
    r = referee.replay(rec(bet(0, 2), call(1, 2), show(0, fake), show(1), n=2, dealer=1))
    assert rules_of(r) == [("seka.foul-hand", 3, 0)]
    assert r["net"] == [-3, 3]  # Vasya's 31 would have won; it is foul
    r = referee.replay(rec(bet(0, 2), call(1, 2), show(0, fake), show(1, ["AH", "KH", "QH"]), n=2, dealer=1))
    assert [x[0] for x in rules_of(r)] == ["seka.foul-hand", "seka.foul-hand"]
    assert r["pot_out"] == 6 and r["net"] == [-3, -3] and "svara" not in r["facts"]["carry"]


def test_a_player_who_does_not_show_loses():
    r = referee.replay(rec(bet(0, 2), call(1, 2), show(0), n=2, dealer=1))
    assert r["net"] == [3, -3]


def test_after_the_call_a_fold_concedes_and_the_other_takes_the_pot():
    # issue 29: Tolya calls, then gives the hand up instead of showing; Vasya takes the pot, shown or not.
    r = referee.replay(rec(bet(0, 2), call(1, 2), fold(1), n=2, dealer=1))
    assert r["violations"] == [] and r["status"] == "complete" and r["net"] == [3, -3]
    assert r["ledger"][-1] == {"seat": 0, "amount": 6, "reason": "takes the pot (everyone else folded)", "event": 3}
    assert r["summary"] == "Vasya takes the pot of 6: Tolya conceded after the call."
    # The winner often shows anyway, before or after: it moves nothing.
    after = referee.replay(rec(bet(0, 2), call(1, 2), fold(1), show(0), n=2, dealer=1))
    assert after["net"] == [3, -3] and after["violations"] == []
    assert after["summary"] == (
        "Vasya takes the pot of 6: Tolya conceded after the call. Vasya showed KS QS 6C (20 in spades) anyway; "
        "it moves nothing."
    )
    before = referee.replay(rec(bet(0, 2), call(1, 2), show(0), fold(1), n=2, dealer=1))
    assert before["net"] == [3, -3] and before["violations"] == []


def test_the_last_one_in_may_show_without_a_call_and_it_moves_nothing():
    r = referee.replay(rec(bet(1, 2), fold(2), fold(0), show(1)))
    assert r["violations"] == [] and r["net"] == [-1, 2, -1]
    assert r["summary"] == (
        "Tolya takes the pot of 5: everyone else folded. Tolya showed AH KH 8C (21 in hearts) anyway; it moves nothing."
    )


@pytest.mark.parametrize(
    "events, event, words",
    [
        ([bet(0, 2), call(1, 2), show(1), fold(1)], 4, "Tolya showed the hand at event 3"),
        ([bet(0, 2), call(1, 2), fold(1), fold(0)], 4, "no fold after the betting ended"),
        ([bet(0, 2), call(1, 2), fold(1), show(1)], 4, "Tolya folded at event 3"),
        ([bet(0, 2), call(1, 2), fold(1), show(0), show(0)], 5, "Vasya showed at event 4"),
    ],
)
def test_what_a_concession_cannot_be(events, event, words):
    with pytest.raises(referee.BadRecord) as e:
        referee.replay(rec(*events, n=2, dealer=1))
    assert e.value.errors[0]["event"] == event and words in e.value.errors[0]["message"], e.value.errors


# ---------------------------------------------------------------------- the svara hand


def svara_rec(*events, buy_in="half", pot_in=70, hands=None):
    hands = hands or [HANDS[0], HANDS[1], None]
    return rec(*events, n=3, dealer=1, pot_in=pot_in, svara=[0, 1], hands=hands, rules={"svara_buy_in": buy_in})


def test_the_svara_hand_has_no_antes_and_the_tied_players_play_for_the_pot():
    r = referee.replay(svara_rec(bet(0, 5), call(1, 5), show(0), show(1)))
    assert r["violations"] == []
    assert r["net"] == [-5, 75, 0] and r["pot_in"] == 70 and r["pot_out"] == 0
    assert r["facts"]["game"]["seats"]["svara_hand"] == [1, 1, 0]
    assert r["facts"]["game"]["seats"]["svara_won"] == [0, 1, None]


def test_others_buy_in_for_half_the_pot_rounded_up():
    hands = [HANDS[0], HANDS[1], HANDS[2]]
    record = svara_rec(bet(2, 5), fold(0), call(1, 5), show(1), show(2), pot_in=71, hands=hands)
    record["events"].insert(0, {"action": "buy_in", "seat": 2, "amount": 36})
    r = referee.replay(record)
    assert r["violations"] == []
    assert r["net"] == [0, -5, 71 + 5] and r["pot_out"] == 0  # Dasha's two Aces: 71 + 36 + 5 + 5, she put 41 in


def test_a_wrong_buy_in_is_charged_the_right_one():
    hands = [HANDS[0], HANDS[1], HANDS[2]]
    record = svara_rec(bet(2, 5), fold(0), fold(1), hands=hands)
    record["events"].insert(0, {"action": "buy_in", "seat": 2, "amount": 30})
    r = referee.replay(record)
    assert rules_of(r) == [("seka.wrong-buy-in", 0, 2)]
    assert r["ledger"][0] == {"seat": 2, "amount": -35, "reason": "buys into the svara", "event": 0}
    record["house_rules"] = {"svara_buy_in": "full"}
    record["events"][0]["amount"] = 70
    assert referee.replay(record)["violations"] == []


def test_buy_ins_that_do_not_fit_the_hand():
    record = svara_rec(bet(0, 5), buy_in="none")
    record["events"].insert(0, {"action": "buy_in", "seat": 2, "amount": 35})
    with pytest.raises(referee.BadRecord) as e:
        referee.replay(record)
    assert e.value.errors[0]["event"] == 0
    # Dealt into the svara without buying in (an earlier hand was edited): he plays, charged the buy-in.
    r = referee.replay(svara_rec(hands=HANDS[:3]))
    assert rules_of(r) == [("seka.no-buy-in", 0, 2)] and r["net"] == [0, 0, -35]
    # A buy-in where there is no svara moves nothing.
    record = rec(fold(1), fold(2))
    record["events"].insert(0, {"action": "buy_in", "seat": 2, "amount": 35})
    r = referee.replay(record)
    assert rules_of(r) == [("seka.buy-in-without-svara", 0, 2)] and r["net"] == [2, -1, -1]
    with pytest.raises(referee.BadRecord) as e:
        referee.replay(dict(svara_rec(), svara=[0]))
    assert e.value.errors[0]["field"] == "svara"


def test_a_svara_of_a_svara_carries_again():
    tie = [["KS", "QS", "6C"], ["KH", "QH", "6D"], None]  # 20 in spades and 20 in hearts
    r = referee.replay(svara_rec(bet(0, 5), call(1, 5), show(0, tie[0]), show(1, tie[1]), hands=tie))
    assert r["pot_out"] == 80 and r["net"] == [-5, -5, 0] and r["facts"]["carry"]["svara"] == [0, 1]
    assert r["facts"]["may_stop"] is False


# ---------------------------------------------------------------------- the open variant

OPEN_HANDS = [["KS", "QS", "6C"], ["AH", "KH", "8C"], ["AD", "AC", "6H"], ["KD", "9D", "7S"]]
MIDDLE = ["TS", "9H", "8D"]


def orec(*events, n=4, dealer=0):
    r = rec(*events, n=n, dealer=dealer, variant="open", hands=OPEN_HANDS)
    r["events"][0]["middle"] = list(MIDDLE)
    return r


def ex(s, give, take):
    return {"action": "exchange", "seat": s, "give": give, "take": take}


def pas(s):
    return {"action": "pass", "seat": s}


def test_open_turns_go_from_the_dealer_s_left_and_a_pass_gives_everyone_one_more_turn():
    # Dealer Vasya (0): Tolya, Dasha, Fedya, Vasya, Tolya ...; Dasha passes at her second turn; then Fedya,
    # Vasya and Tolya each have one more turn; then the betting from the dealer's left (Tolya).
    turns = []
    events = [ex(1, ["8C"], ["9H"]), pas(2)]
    for k in range(len(events) + 1):
        turns.append(referee.legal(orec(*events[:k]))["turn"])
    assert turns == [1, 2, 3]
    events += [ex(3, ["7S"], ["TS"]), pas(0), pas(1)]
    legal = referee.legal(orec(*events))
    assert legal["turn"] == 1 and {o["action"] for o in legal["options"]} == {"fold", "raise"}
    r = referee.replay(orec(*events, bet(1, 2), fold(2), fold(3), call(0, 2), show(0), show(1, ["AH", "KH", "9H"])))
    assert r["violations"] == [] and r["net"] == [-3, 5, -1, -1]


def test_last_round_turns_left_out_are_passes_and_a_late_exchange_stands():
    events = [pas(1), ex(2, ["6H"], ["TS"]), bet(1, 2)]  # Fedya's and Vasya's last turns left out: passes
    r = referee.replay(orec(*events))
    assert r["violations"] == [] and r["status"] == "incomplete"
    r = referee.replay(orec(*events, ex(3, ["7S"], ["9H"])))  # during the betting
    assert rules_of(r) == [("seka.late-exchange", 4, 3)]
    r = referee.replay(orec(pas(1), ex(2, ["6H"], ["TS"]), pas(3), pas(0), ex(2, ["AD"], ["9H"])))
    assert rules_of(r) == [("seka.late-exchange", 5, 2)]  # Dasha had her last turn


def test_last_round_a_player_skipped_by_an_exchange_out_of_turn_keeps_his_turn():
    # issue 29: Tolya passes; Fedya exchanges before Dasha (out of turn: his); Dasha's exchange is then in turn.
    events = [pas(1), ex(3, ["7S"], ["TS"]), ex(2, ["6H"], ["9H"])]
    r = referee.replay(orec(*events, pas(0), bet(1, 2), fold(2), fold(3), fold(0)))
    assert rules_of(r) == [("seka.out-of-turn", 2, 3)] and "it was Dasha's" in r["violations"][0]["message"]
    assert r["net"] == [-1, 3, -1, -1]
    assert referee.legal(orec(*events))["turn"] == 0  # Vasya's last turn is still his


def test_an_exchange_out_of_turn_and_one_of_two_cards():
    r = referee.replay(orec(ex(2, ["6H", "AD"], ["TS", "9H"])))
    assert sorted(rules_of(r)) == [("seka.exchange-size", 1, 2), ("seka.out-of-turn", 1, 2)]
    assert referee.legal(orec(ex(2, ["6H"], ["TS"])))["turn"] == 3  # the turn passes on from Dasha


@pytest.mark.parametrize(
    "event, field",
    [
        (ex(1, ["8C"], ["9H", "TS"]), "give"),  # unequal counts
        (ex(1, ["KD"], ["9H"]), "give"),  # not his card
        (ex(1, ["8C"], ["AS"]), "take"),  # not in the middle
        (bet(1, 2), "action"),  # a bet before anyone passed
    ],
)
def test_bad_exchanges_and_a_bet_before_any_pass_are_bad_records(event, field):
    with pytest.raises(referee.BadRecord) as e:
        referee.replay(orec(event))
    assert e.value.errors[0]["event"] == 1 and e.value.errors[0]["field"] == field


def test_a_shown_hand_must_be_what_was_dealt_and_exchanged():
    events = [ex(1, ["8C"], ["9H"]), pas(2), pas(3), pas(0), pas(1), bet(1, 2), fold(2), fold(3), call(0, 2)]
    r = referee.replay(orec(*events, show(0), show(1, ["AH", "KH", "8C"])))  # as dealt, not as exchanged
    assert rules_of(r) == [("seka.foul-hand", 11, 1)]
    assert r["net"][0] == 5
    r = referee.replay(orec(*events, show(0), show(1, ["AH", "KH", "9H"])))
    assert r["violations"] == [] and "Tolya: 30 in hearts" in r["summary"]


def test_pass_is_not_a_fold_in_the_plain_game_nor_in_the_open_betting():
    with pytest.raises(referee.BadRecord) as e:
        referee.replay(rec(pas(1)))
    assert "fold" in e.value.errors[0]["message"]
    with pytest.raises(referee.BadRecord):
        referee.replay(orec(pas(1), pas(2), pas(3), pas(0), pas(1)))


def test_the_open_variant_takes_at_most_eleven():
    record = orec()
    record["players"] = [f"P{k}" for k in range(12)]
    record["events"] = []
    with pytest.raises(referee.BadRecord) as e:
        referee.replay(record)
    assert e.value.errors[0]["field"] == "players"
    record["variant"] = None
    assert referee.replay(record)["status"] == "incomplete"
