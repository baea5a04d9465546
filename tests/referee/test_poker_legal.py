"""What the referee says may come next in a poker hand (legal/1), as the hand-entry page reads it: who draws,
whose turn it is to bet, what a call costs, the least and most a raise puts in, who may show; and the folds at
the edges of the betting."""

import pytest

import referee

A = ["KS", "KH", "KD", "KC", "2S"]
B = ["QH", "JD", "TS", "9C", "8H"]
C = ["3C", "3D", "7H", "9D", "JC"]


def rec(events, house_rules=None, deal=True):
    evs = [{"action": "deal", "seat": 2, "hands": [A, B, C]}] if deal else []
    return {
        "format": "handrec/1",
        "game": "poker",
        "players": ["Dima", "Olya", "Kostya"],
        "dealer": 2,
        "house_rules": house_rules or {},
        "events": evs + events,
    }


def options(record, action=None):
    legal = referee.legal(record)
    return legal["turn"], [o for o in legal["options"] if action is None or o["action"] == action]


def test_before_the_deal_the_dealer_deals_or_the_record_is_only_the_showdown():
    turn, opts = options(rec([], deal=False))
    assert turn == 2 and {"action": "deal", "seat": 2} in opts
    assert sorted(o["seat"] for o in opts if o["action"] == "show") == [0, 1, 2]


def test_after_the_deal_every_player_may_draw_from_the_dealers_left_and_names_the_cards_he_holds():
    turn, draws = options(rec([]), "draw")
    assert turn == 0 and [o["seat"] for o in draws] == [0, 1, 2] and draws[0]["cards"] == A
    turn, draws = options(rec([{"action": "draw", "seat": 0, "discard": ["2S"], "cards": ["AH"]}]), "draw")
    assert turn == 1 and [o["seat"] for o in draws] == [1, 2]
    # The first bet may come now (the rest keep their hands): Dima's, a check or a raise of at least 1.
    _, calls = options(rec([]), "call")
    assert calls == [{"action": "call", "seat": 0, "amount": 0}]


def test_the_betting_names_the_call_and_the_least_and_most_raise():
    record = rec([{"action": "raise", "seat": 0, "amount": 5}], house_rules={"min_raise": 2, "max_raise": 10})
    turn, opts = options(record)
    assert turn == 1
    assert {"action": "call", "seat": 1, "amount": 5} in opts
    assert {"action": "raise", "seat": 1, "min": 7, "max": 15} in opts
    assert not [o for o in opts if o["action"] in ("draw", "show")]  # the draw is over; Olya owes a call


def test_once_nobody_owes_the_players_still_in_may_show_and_after_the_showdown_nothing_more():
    record = rec(
        [
            {"action": "raise", "seat": 0, "amount": 1},
            {"action": "call", "seat": 1, "amount": 1},
            {"action": "fold", "seat": 2},
        ]
    )
    turn, shows = options(record, "show")
    assert turn == 0 and [(o["seat"], o["cards"]) for o in shows] == [(0, A), (1, B)]
    record["events"] += [{"action": "show", "seat": 0, "cards": A}, {"action": "show", "seat": 1, "cards": B}]
    legal = referee.legal(record)
    assert legal["options"] == [] and legal["status"] == "complete"


def test_a_fold_after_the_betting_gives_the_hand_up_but_not_after_showing_nor_by_the_last_one_in():
    base = [
        {"action": "call", "seat": 0, "amount": 0},
        {"action": "call", "seat": 1, "amount": 0},
        {"action": "call", "seat": 2, "amount": 0},
    ]
    r = referee.replay(rec(base + [{"action": "fold", "seat": 0}, {"action": "show", "seat": 1, "cards": B}]))
    assert r["violations"] == [] and r["net"] == [-1, 2, -1]  # Dima gave up his four Kings: Olya's straight wins
    with pytest.raises(referee.BadRecord) as e:
        referee.replay(rec(base + [{"action": "show", "seat": 0, "cards": A}, {"action": "fold", "seat": 0}]))
    assert "Dima showed the hand at event 4" in e.value.errors[0]["message"]
    with pytest.raises(referee.BadRecord) as e:
        referee.replay(
            rec([{"action": "fold", "seat": 0}, {"action": "fold", "seat": 1}, {"action": "fold", "seat": 2}])
        )
    assert "Kostya is the last one in; the pot is Kostya's" in e.value.errors[0]["message"]
