"""The facts of a ruling: what the archive and its statistics need, so that they never read events.

    facts = {
        "dealer": seat that dealt the deal that counted (the record's dealer when nobody dealt),
        "next_dealer": seat that deals the next hand,
        "carry": {"pot": cents} what carries to the next hand (games add their own keys),
        "pot": cents played for (pot_in plus the antes, fees and penalties of the hand),
        "may_stop": true when the table may end the night after this hand,
        "kinds": [one ledger kind per ledger entry: ante, fee, penalty, share, fall, other],
        "seats": {"in": [...], "won": [...], "net": [...], "paid_in": [...], "took": [...],
                  "penalties": [...], "misdeals": [...], "tricks": [...]}   (a list a fact, a value a seat)
        "game": {the game's own named facts; "seats": {fact: [a value a seat]}},
    }

Per seat: `in` is 1 if the seat played the hand, 0 if it dropped out, None where the record does
not tell; `won` 1 if its net is above 0; `paid_in` and `took` are what it paid into and took out
of the pot (both 0 or more); `penalties` what it paid as penalties; `misdeals` the misdeals it
was charged with; `tricks` the tricks it won (complete hands of trick games, else None).

The seats' facts are kept a list a fact (cheap to build with every ruling); `seat_rows(facts)`
gives them a dict a seat, the game's own merged in, as statistics read them.
"""


def seat_rows(facts):
    """[{fact: value} for each seat]: the generic facts and the game's own, a dict a seat."""
    columns = dict(facts["seats"])
    columns.update((facts.get("game") or {}).get("seats") or {})
    names = list(columns)
    return [dict(zip(names, values)) for values in zip(*columns.values())]
