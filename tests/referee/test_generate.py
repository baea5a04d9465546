"""The hand generator on its own, checked by a small independent reading of the Swik rules.

The generator feeds the property tests, the demo data and the benchmark, so its hands must be
real: unique cards in every deal, three cards a seat, the deal moved by Ace and Seven cuts, and
(with no mistakes) only legal cards played in the right order.
"""

import collections
import json
import random

from referee.generate import DECK, mutate, random_house_rules, swik_hand

NAMES = ["Dad", "Uncle Joe", "Mary", "Me", "Grandma", "Pete", "Ann"]


def hands(seed, count, **kw):
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        n = rng.randint(3, 7)
        record = swik_hand(rng, players=NAMES[:n], dealer=rng.randrange(n), pot_in=rng.randrange(60), **kw)
        out.append(record)
    return out


def suit(card):
    return card[1]


def rank(card):
    return "789TJQKA".index(card[0])


def beats(card, best, trump):
    if suit(card) == suit(best):
        return rank(card) > rank(best)
    return suit(card) == trump


def check_cuts_and_deals(record):
    """Walk the cut/bottom/deal events; return the deal that is played (the last one)."""
    n = len(record["players"])
    dealer = record["dealer"]
    pending_bottom = None
    last_deal = None
    for event in record["events"]:
        action = event["action"]
        if action == "cut":
            assert pending_bottom is None, "an Ace or Seven cut must be followed by a bottom look"
            card = event["card"]
            if card is not None and card[0] in "A7":
                assert event["seat"] == (dealer - 1) % n, "an Ace or Seven is cut by the dealer's right"
                pending_bottom = (dealer, card)
                dealer = (dealer + (1 if card[0] == "A" else -1)) % n
        elif action == "bottom":
            holder, cut_card = pending_bottom
            assert event["seat"] == holder
            assert event["card"] != cut_card
            pending_bottom = None
            if event["card"][0] == "A":
                dealer = (dealer + 1) % n
            elif event["card"][0] == "7":
                dealer = (dealer - 1) % n
        elif action == "deal":
            assert pending_bottom is None
            assert event["seat"] == dealer, "the seat the cuts moved the deal to deals"
            assert len(event["hands"]) == n
            known = [c for h in event["hands"] if h is not None for c in h]
            known += event["blind"] or []
            known.append(event["turned"])
            assert len(known) == len(set(known)), f"a card twice in one deal: {known}"
            assert set(known) <= set(DECK)
            last_deal = event
    return last_deal


def check_legal_play(record):
    """Independent check of wrap, declarations and play for a hand written without mistakes."""
    rules = {"lone_player": "takes_pot", **record["house_rules"]}
    events = record["events"]
    n = len(record["players"])
    deal = check_cuts_and_deals(record)
    for h in deal["hands"]:
        assert h is None or len(h) == 3
    assert deal["blind"] is None or len(deal["blind"]) == 3
    d = deal["seat"]
    trump = suit(deal["turned"])
    after = events[events.index(deal) + 1 :]
    wrap = next((e for e in after if e["action"] == "wrap"), None)
    wrapped = bool(wrap and wrap["take"])
    declares = [e for e in after if e["action"] == "declare"]
    expected_order = [(d + k) % n for k in range(1, n)] + ([] if wrapped else [d])
    assert [e["seat"] for e in declares] == expected_order
    assert [e["choice"] for e in declares].count("blind") <= 1
    held = {}
    if wrapped:
        assert wrap["discard"] in deal["hands"][d]
        held[d] = [c for c in deal["hands"][d] if c != wrap["discard"]] + [deal["turned"]]
    for e in declares:
        if e["choice"] == "in":
            held[e["seat"]] = list(deal["hands"][e["seat"]])
        elif e["choice"] == "blind":
            held[e["seat"]] = list(deal["blind"])
    plays = [e for e in after if e["action"] == "play"]
    if not plays:
        return 0
    ins = sorted(held)
    if len(ins) == 1:
        # the lone player against the blind, played from the dealer's seat
        assert rules["lone_player"] == "plays_blind"
        lone = ins[0]
        assert lone != d
        held[d] = list(deal["blind"])
        ins = sorted([lone, d])
        leader = lone
    else:
        leader = d if d in ins else next((d + k) % n for k in range(1, n) if (d + k) % n in ins)
    assert len(plays) == 3 * len(ins)
    for number in range(3):
        trick = plays[number * len(ins) : (number + 1) * len(ins)]
        start = ins.index(leader)
        assert [e["seat"] for e in trick] == ins[start:] + ins[:start], "play goes left from the leader"
        lead = trick[0]["card"]
        if number == 0 and wrapped and leader == d:
            assert lead != deal["turned"], "the dealer may not lead the card he wrapped on"
        best, winner = lead, leader
        for e in trick:
            hand = held[e["seat"]]
            card = e["card"]
            assert card in hand, "a card the seat holds"
            if e is not trick[0]:
                follow = [c for c in hand if suit(c) == suit(lead)]
                trumps = [c for c in hand if suit(c) == trump]
                if follow:
                    assert suit(card) == suit(lead), f"{card} does not follow {lead} from {hand}"
                elif trumps:
                    assert suit(card) == trump, f"{card} is not a trump from {hand}"
                if beats(card, best, trump):
                    best, winner = card, e["seat"]
            hand.remove(card)
        leader = winner
    return 1


def test_same_seed_same_hands_and_different_seeds_differ():
    first = hands(7, 50, mistakes=0.3, summary_only=0.2)
    assert first == hands(7, 50, mistakes=0.3, summary_only=0.2)
    assert first != hands(8, 50, mistakes=0.3, summary_only=0.2)


def test_records_are_plain_json_in_the_handrec_format():
    for record in hands(1, 200, mistakes=0.2):
        assert json.loads(json.dumps(record)) == record
        assert record["format"] == "handrec/1" and record["game"] == "swik"
        assert set(record) == {"format", "game", "variant", "players", "dealer", "pot_in", "house_rules", "events"}
        for event in record["events"]:
            assert isinstance(event["action"], str)
            if "seat" in event:
                assert 0 <= event["seat"] < len(record["players"])


def test_no_mistakes_means_every_deal_is_good_and_every_play_legal():
    rng = random.Random(3)
    played = 0
    for _ in range(600):
        n = rng.randint(3, 7)
        record = swik_hand(
            rng,
            players=NAMES[:n],
            dealer=rng.randrange(n),
            house_rules=random_house_rules(rng),
            mistakes=0,
            incomplete=0,
        )
        actions = [e["action"] for e in record["events"]]
        assert actions.count("deal") == 1 and "misdeal" not in actions
        assert actions[actions.index("deal") - 1] == "cut", "the deal follows a cut"
        played += check_legal_play(record)
    assert played > 300, "most hands are played out"


def test_every_seat_holds_three_cards_and_the_blind_three():
    for record in hands(4, 300, mistakes=0, incomplete=0):
        for event in record["events"]:
            if event["action"] == "deal":
                assert all(h is None or len(h) == 3 for h in event["hands"])
                assert event["blind"] is None or len(event["blind"]) == 3


def test_every_deal_has_unique_cards_and_follows_the_cut_rules_even_with_mistakes():
    for record in hands(5, 400, mistakes=1.0):
        check_cuts_and_deals(record)


def test_ace_and_seven_cuts_are_common_and_followed_by_a_bottom_look():
    moved = 0
    for record in hands(6, 400, mistakes=0, incomplete=0):
        assert check_cuts_and_deals(record) is not None
        moved += any(e["action"] == "bottom" for e in record["events"])
    # a quarter of the deck is Aces and Sevens
    assert 60 < moved < 180


def test_each_mistake_shows_in_the_record():
    seen = collections.Counter()
    for record in hands(9, 800, mistakes=1.0):
        actions = [e["action"] for e in record["events"]]
        deals = [e for e in record["events"] if e["action"] == "deal"]
        if any(h is not None and len(h) != 3 for d in deals for h in d["hands"]):
            seen["misdeal"] += 1
        if "misdeal" in actions:
            seen["misdeal report"] += 1
        if actions and actions[0] == "deal":
            seen["no-cut"] += 1
        if any(e.get("note") for e in record["events"]):
            seen["note"] += 1
        if "trips" in actions:
            seen["trips"] += 1
    for what in ("misdeal", "misdeal report", "no-cut", "note"):
        assert seen[what] > 30, (what, seen)


def test_revokes_and_out_of_turn_plays_are_made_when_asked():
    revokes = out_of_turn = 0
    for record in hands(10, 600, mistakes=1.0, incomplete=0):
        try:
            check_legal_play(record)
        except AssertionError as error:
            text = str(error)
            revokes += "does not follow" in text or "not a trump" in text or "wrapped on" in text
            out_of_turn += "play goes left" in text
    assert revokes > 20 and out_of_turn > 20


def test_summary_only_writes_the_same_hand_by_trick_winners():
    for seed in range(150):
        with_plays = swik_hand(random.Random(seed), players=NAMES[:4], mistakes=0, summary_only=0.0, incomplete=0)
        summary = swik_hand(random.Random(seed), players=NAMES[:4], mistakes=0, summary_only=1.0, incomplete=0)
        plays = [e for e in with_plays["events"] if e["action"] == "play"]
        tricks = [e for e in summary["events"] if e["action"] == "trick"]
        assert not [e for e in summary["events"] if e["action"] == "play"]
        before = [e for e in with_plays["events"] if e["action"] != "play"]
        assert before == [e for e in summary["events"] if e["action"] != "trick"]
        if plays and len(plays) % 3 == 0 and len(tricks) == 3:
            # the winners the summary gives are those the plays give
            per = len(plays) // 3
            trump = suit(next(e for e in with_plays["events"] if e["action"] == "deal")["turned"])
            for number, trick in enumerate(tricks):
                cards = plays[number * per : (number + 1) * per]
                best, winner = cards[0]["card"], cards[0]["seat"]
                for e in cards[1:]:
                    if beats(e["card"], best, trump):
                        best, winner = e["card"], e["seat"]
                assert trick["winner"] == winner


def test_an_incomplete_record_is_the_start_of_the_whole_one():
    whole = hands(11, 300, mistakes=0.2, incomplete=0)
    cut_short = hands(11, 300, mistakes=0.2, incomplete=1.0)
    for full, short in zip(whole, cut_short):
        assert 1 <= len(short["events"]) < len(full["events"])
        assert short["events"] == full["events"][: len(short["events"])]


def test_about_three_in_a_hundred_records_stop_early_by_default():
    whole = hands(14, 3000, mistakes=0.05, incomplete=0)
    default = hands(14, 3000, mistakes=0.05)
    short = sum(len(a["events"]) != len(b["events"]) for a, b in zip(whole, default))
    assert 50 < short < 140


def test_house_rules_are_valid_and_passed_through():
    rng = random.Random(12)
    for _ in range(100):
        rules = random_house_rules(rng)
        assert set(rules) <= {
            "ante",
            "dealer_ante",
            "dealer_change_fee",
            "no_cut_penalty",
            "misdeal_penalty",
            "high_wraps",
            "high_wrap_tricks",
            "double_fall",
            "odd_cents",
            "lone_player",
            "revoke",
            "trips_after_wrap",
        }
        record = swik_hand(rng, players=NAMES[:3], house_rules=rules)
        assert record["house_rules"] == rules


def test_mutate_changes_a_copy_and_leaves_the_original_alone():
    rng = random.Random(13)
    changed = 0
    for record in hands(13, 300, mistakes=0.1):
        original = json.dumps(record)
        damaged = mutate(rng, record)
        assert json.dumps(record) == original
        changed += damaged != record
    assert changed > 250
