"""The facts of a ruling: what the archive and its statistics need, so that they never read events.

    facts = {
        "dealer": seat that dealt the deal that counted (the record's dealer when nobody dealt),
        "next_dealer": seat that deals the next hand,
        "carry": {"pot": cents} what carries to the next hand (games add their own keys),
        "pot": cents played for (pot_in plus the antes, fees and penalties of the hand),
        "may_stop": true when the table may end the night after this hand,
        "kinds": [one ledger kind per ledger entry: ante, fee, penalty, share, fall, other],
        "seats": [{"in", "won", "net", "paid_in", "took", "penalties", "misdeals", "tricks"}, ...],
        "game": {the game's own named facts, "seats": [{...}, ...] per seat},
    }

Per seat: `in` is 1 if the seat played the hand, 0 if it dropped out, None where the record does
not tell; `won` 1 if its net is above 0; `paid_in` and `took` are what it paid into and took out
of the pot (both 0 or more); `penalties` what it paid as penalties; `misdeals` the misdeals it
was charged with; `tricks` the tricks it won (complete hands of trick games, else None).
"""

KINDS = ("ante", "fee", "penalty", "share", "fall", "other")
POT_BUILDERS = ("ante", "fee", "penalty")


def seat_money(ledger, kinds, n):
    """Per seat {"net", "paid_in", "took", "penalties", "fell"} from the ledger and its kinds; and
    the pot built in the hand (antes, fees and penalties)."""
    seats = [{"net": 0, "paid_in": 0, "took": 0, "penalties": 0, "fell": 0} for _ in range(n)]
    built = 0
    for e, kind in zip(ledger, kinds):
        m = seats[e["seat"]]
        a = e["amount"]
        m["net"] += a
        if a < 0:
            m["paid_in"] -= a
        else:
            m["took"] += a
        if kind == "penalty":
            m["penalties"] -= a
        elif kind == "fall":
            m["fell"] -= a
        if kind in POT_BUILDERS:
            built -= a
    return seats, built


def document(*, dealer, next_dealer, pot_out, pot, may_stop, kinds, seats, game, carry=None):
    """The facts object, keys in a fixed order."""
    c = {"pot": pot_out}
    if carry:
        c.update(carry)
    return {
        "dealer": dealer,
        "next_dealer": next_dealer,
        "carry": c,
        "pot": pot,
        "may_stop": may_stop,
        "kinds": kinds,
        "seats": seats,
        "game": game,
    }
