"""Property: money is conserved over a chain of svaras (each hand's pot_in is the last one's pot_out, its
players the tied ones and whoever buys in), and the chain ends with the whole pot in someone's hands."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import referee
from referee.games.seka.generate import seka_hand

NAMES = ["Vasya", "Tolya", "Dasha", "Fedya", "Zina"]
# Pairs of hands of equal value (a svara), and a hand that beats them all.
TIES = [
    (["KS", "QS", "6C"], ["KH", "QH", "6D"]),  # 20 and 20
    (["KD", "KH", "KC"], ["QS", "JS", "TS"]),  # three Kings and 30 in spades
    (["AS", "AH", "9C"], ["6H", "7H", "9H"]),  # two Aces and 22 in hearts
]
BEST = ["6S", "6H", "6D"]  # three Sixes, 34: beats everything


def play(n, dealer, pot_in, svara, buyers, tie, raises, rules, variant=None):
    """One hand: the two `finalists` (the tied of `svara`, or seats 0 and 1) bet `raises` and call; anyone else in
    folds when due. `tie`: the finalists hold equal hands (a svara), else the first holds three Sixes."""
    finalists = svara[:2] if svara else [0, 1]
    players_in = set(svara or range(n)) | set(buyers)
    used = set()
    hands = [None] * n
    pair = TIES[tie % len(TIES)] if tie is not None else (BEST, TIES[0][0])
    hands[finalists[0]], hands[finalists[1]] = list(pair[0]), list(pair[1])
    used = set(pair[0]) | set(pair[1])
    spare = [c for c in (r + s for r in "789TJQ" for s in "SHDC") if c not in used]
    for s in sorted(players_in - set(finalists)):
        hands[s] = [spare.pop(), spare.pop(), spare.pop()]
    record = {
        "format": "handrec/1",
        "game": "seka",
        "players": NAMES[:n],
        "variant": variant,
        "dealer": dealer,
        "pot_in": pot_in,
        "house_rules": rules,
        "events": [],
    }
    if svara:
        record["svara"] = svara
        legal = referee.legal(record)
        for s in buyers:
            price = next(o["amount"] for o in legal["options"] if o["action"] == "buy_in" and o["seat"] == s)
            record["events"].append({"action": "buy_in", "seat": s, "amount": price})
    deal = {"action": "deal", "seat": dealer, "hands": hands}
    if variant == "open":
        deal["middle"] = [spare.pop(), spare.pop(), spare.pop()]  # (everyone passes: the middle stays there)
    record["events"].append(deal)
    left = list(raises)
    while True:
        legal = referee.legal(record)
        options = legal["options"]
        if not options:
            break
        s = legal["turn"]
        act = {o["action"]: o for o in options if not o.get("blind")}
        if "pass" in act and act["pass"]["seat"] == s:
            ev = {"action": "pass", "seat": s}
        elif "show" in act:
            ev = {"action": "show", "seat": s, "cards": hands[s]}
        elif s not in finalists:
            ev = {"action": "fold", "seat": s}
        elif "call" in act and not left:
            ev = {"action": "call", "seat": s, "amount": act["call"]["amount"]}
        else:
            ev = {"action": "raise", "seat": s, "amount": act["raise"]["min"] + (left.pop() if left else 0)}
        record["events"].append(ev)
    return record, referee.replay(record)


@settings(deadline=None, max_examples=30, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(2, 5),
    rules=st.sampled_from([{}, {"svara_buy_in": "full"}, {"svara_buy_in": "none"}, {"ante": 5, "min_raise": 2}]),
    variant=st.sampled_from([None, "open"]),
    hands=st.lists(
        st.tuples(st.one_of(st.none(), st.integers(0, 2)), st.lists(st.integers(0, 6), max_size=3), st.integers(0, 7)),
        min_size=1,
        max_size=5,
    ),
)
def test_money_is_conserved_over_a_chain_of_svaras(n, rules, variant, hands):
    pot, svara, dealer = 0, None, 0
    total = [0] * n
    rulings = []
    for k, (tie, raises, buy_mask) in enumerate(hands):
        last = k == len(hands) - 1
        buyers = []
        if svara and rules.get("svara_buy_in") != "none":
            buyers = [s for s in range(n) if s not in svara and buy_mask >> s & 1]
        record, ruling = play(n, dealer, pot, svara, buyers, None if last else tie, raises, rules, variant)
        assert ruling["pot_in"] == pot
        assert sum(ruling["net"]) == ruling["pot_in"] - ruling["pot_out"]
        assert ruling["violations"] == []
        for s in range(n):
            total[s] += ruling["net"][s]
            if svara and s not in svara and s not in buyers:
                assert ruling["net"][s] == 0  # sitting out a svara costs nothing
        rulings.append(ruling)
        pot = ruling["pot_out"]
        svara = ruling["facts"]["carry"].get("svara")
        dealer = ruling["facts"]["next_dealer"]
        if svara is None:
            break
    # Whatever the chain: the players' money and the pot together never change; a chain that ends with a winner
    # leaves nothing in the pot, and the winner got exactly what the others lost.
    assert sum(total) + pot == 0
    if svara is None:
        assert pot == 0
        assert len([x for x in total if x > 0]) == 1
    else:
        assert all(x <= 0 for x in total) and pot == -sum(total)


@settings(deadline=None, max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.sampled_from([None, "open"]))
def test_a_hand_given_up_after_the_call_or_shown_by_the_last_one_in_is_ruled_and_taken(seed, variant):
    # issue 29: a concession after the call, a show by the last one in, a last-round exchange out of turn (the
    # skipped player keeps his turn): ruled, with no violation but the one out of turn, and the pot taken.
    rng = random.Random(seed)
    record = seka_hand(rng, players=NAMES[: rng.randint(2, 5)], variant=variant, concede=1.0, jump=1.0)
    r = referee.replay(record)
    assert r["status"] == "complete" and r["pot_out"] == 0 and sum(r["net"]) == r["pot_in"]
    assert {v["rule"] for v in r["violations"]} <= {"seka.out-of-turn"} and len(r["violations"]) <= 1
    assert "anyway; it moves nothing." in r["summary"] or "conceded after the call" in r["summary"]
