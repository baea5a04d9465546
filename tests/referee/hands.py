"""Small Swik records for the rule tests, built from readable pieces.

The standard deal (DEAL) for Dad (0), Uncle Joe (1), Mary (2), Me (3), Dad dealing, clubs trump:

    Dad   AH 8S TD        Uncle Joe  KH AS 7C       Mary  QH 9S JD       Me  8D TS KD
    blind 7H 9H QS        turned 9C

PLAIN is that deal played out: Joe, Mary and Dad in, Me out. Tricks: AH KH QH (Dad), 8S AS 9S
(Joe), 7C JD TD (Joe). With pot_in 0 the pot is 15 (antes 6+3+3+3), each trick 5, and Mary falls.
"""

import copy

import referee

NAMES = ["Dad", "Uncle Joe", "Mary", "Me", "Grandma", "Pete", "Ann"]

HANDS = [["AH", "8S", "TD"], ["KH", "AS", "7C"], ["QH", "9S", "JD"], ["8D", "TS", "KD"]]
BLIND = ["7H", "9H", "QS"]


def record(*events, n=4, dealer=0, pot_in=0, rules=None, claimed=None, **extra):
    rec = {
        "format": "handrec/1",
        "game": "swik",
        "variant": None,
        "players": NAMES[:n],
        "dealer": dealer,
        "pot_in": pot_in,
        "house_rules": rules or {},
        "events": copy.deepcopy(list(events)),  # the pieces are shared; each record gets its own
    }
    if claimed is not None:
        rec["claimed"] = claimed
    rec.update(extra)
    return rec


def cut(seat=3, card=None):
    return {"action": "cut", "seat": seat, "card": card}


def bottom(seat=0, card=None):
    return {"action": "bottom", "seat": seat, "card": card}


def deal(hands=None, blind=None, turned="9C", seat=0):
    return {
        "action": "deal",
        "seat": seat,
        "hands": hands if hands is not None else [h[:] for h in HANDS],
        "blind": blind if blind is not None else BLIND[:],
        "turned": turned,
    }


def misdeal(seat=0, reason="a card was exposed"):
    return {"action": "misdeal", "seat": seat, "reason": reason}


def wrap(take=False, discard=None, seat=0):
    ev = {"action": "wrap", "seat": seat, "take": take}
    if take:
        ev["discard"] = discard
    return ev


def declare(seat, choice="in"):
    return {"action": "declare", "seat": seat, "choice": choice}


def declares(*choices, first=1, n=4):
    """Declarations in turn from `first`: declares("in", "in", "out", "in") for seats 1, 2, 3, 0."""
    return [declare((first + k) % n, c) for k, c in enumerate(choices)]


def play(seat, card):
    return {"action": "play", "seat": seat, "card": card}


def plays(*pairs):
    """plays("0 AH", "1 KH", ...) -> play events."""
    out = []
    for p in pairs:
        s, c = p.split()
        out.append(play(int(s), c))
    return out


def trick(winner):
    return {"action": "trick", "winner": winner}


def trips(seat, cards):
    return {"action": "trips", "seat": seat, "cards": cards}


PLAIN_DECLARES = declares("in", "in", "out", "in")
PLAIN_PLAYS = plays("0 AH", "1 KH", "2 QH", "0 8S", "1 AS", "2 9S", "1 7C", "2 JD", "0 TD")


def plain(*, pot_in=0, rules=None, claimed=None):
    return record(cut(), deal(), wrap(), *PLAIN_DECLARES, *PLAIN_PLAYS, pot_in=pot_in, rules=rules, claimed=claimed)


def rule(rec):
    """Replay and check what every ruling must satisfy (money conserved, per-seat net = ledger)."""
    r = referee.replay(rec)
    n = len(rec["players"])
    assert sum(r["net"]) == r["pot_in"] - r["pot_out"], "money is conserved"
    per_seat = [0] * n
    for e in r["ledger"]:
        per_seat[e["seat"]] += e["amount"]
    assert per_seat == r["net"]
    assert r["pot_out"] >= 0
    return r


def bad(rec):
    """The BadRecord errors of a record that must not get a ruling."""
    try:
        referee.replay(rec)
    except referee.BadRecord as e:
        assert e.errors
        for item in e.errors:
            assert "internal referee error" not in item["message"]
        return e.errors
    raise AssertionError("the record got a ruling but is bad")


def rules_of(r):
    return [v["rule"] for v in r["violations"]]


def amounts(r, seat):
    return sorted(e["amount"] for e in r["ledger"] if e["seat"] == seat)


def kinds(r, kind):
    """(seat, amount) of the ledger entries of one kind ("ante", "fee", "penalty", "share", "fall")."""
    return [(e["seat"], e["amount"]) for e in r["ledger"] if referee.ledger_kind(e) == kind]


def winners(r):
    return [t["winner"] for t in r["tricks"]]
