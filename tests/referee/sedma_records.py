"""Small Sedma records for the rule tests: hands given by their first cards, the rest filled from the pack."""

import pytest

import referee
from referee.games.sedma.rules import DECK_TEXT

ORDER = sorted(DECK_TEXT, key=lambda c: ("89JQK7AT".index(c[0]), c[1]))  # low cards first: fillers that matter least
NAMES = {4: ["Babička", "Děda", "Jana", "Petr"], 2: ["Jana", "Petr"], 3: ["Babička", "Děda", "Jana"]}
VARIANT = {4: "4p", 2: "2p", 3: "3p"}


def deal(n, first, size=None, stock=True, rules=None, dealer=None, removed=("8D", "8H")):
    """A deal record for n players: hand s starts with first[s]; the rest is filled with low cards; with a stock
    (hand size 4) the stock is the cards left, in a fixed order."""
    rules = dict(rules or {})
    if size is None:
        size = 4 if n == 2 or rules.get("hand_size") == 4 else (10 if n == 3 else 8)
    pack = [c for c in ORDER if not (n == 3 and c in (rules.get("removed") or removed))]
    used = {c for h in first for c in h}
    rest = [c for c in pack if c not in used]
    hands = []
    for h in first:
        h = list(h)
        while len(h) < size:
            h.append(rest.pop(0))
        hands.append(h)
    left = rest if stock else None
    d = (n - 1) if dealer is None else dealer  # the dealer's left (seat 0) leads
    return {
        "format": "handrec/1",
        "game": "sedma",
        "variant": VARIANT[n],
        "players": NAMES[n],
        "dealer": d,
        "house_rules": rules,
        "events": [{"action": "deal", "seat": d, "hands": hands, "stock": left if left else None}],
    }


def play(rec, *plays):
    """Add plays given as "seat card" strings ("0 9H"), draws as "seat +" (the next stock card) and passes."""
    for p in plays:
        seat, what = p.split()
        s = int(seat)
        if what == "+":
            rec["events"].append({"action": "draw", "seat": s, "card": None})
        elif what in ("pass", "end_trick"):
            rec["events"].append({"action": what, "seat": s})
        else:
            rec["events"].append({"action": "play", "seat": s, "card": what})
    return rec


def rule(rec):
    return referee.replay(rec)


def bad(rec):
    with pytest.raises(referee.BadRecord) as e:
        referee.replay(rec)
    return e.value.errors


def rules_of(ruling):
    return [(v["rule"], v["event"], v["seat"]) for v in ruling["violations"]]
