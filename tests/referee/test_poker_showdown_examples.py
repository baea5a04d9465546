"""The rule book's poker examples (copied into tests/data/poker/), judged at the showdown by the ranking.

The poker table (betting, fouls, the ruling) is not built yet; these records are plain enough that the
money follows from the showdown alone: every player pays the ante and the amounts of his calls and
raises, and the pot goes to the best shown hands (split, the odd unit from the dealer's left). The nets
must be the expected ones, and the hands are named in the ruling's words.
"""

import json
from pathlib import Path

import pytest

from referee.games.poker.ranking import ranking_for
from referee.games.poker.showdown import best_seats, split_pot
from referee.games.poker.words import describe

DATA = Path(__file__).resolve().parent.parent / "data" / "poker"
CASES = sorted(p.name[: -len(".expect.json")] for p in DATA.glob("*.expect.json"))

# What each shown hand is called, by seat (the examples' `_why` says the same in its own words).
WORDS = {
    "01": ["straight round the corner, Two down to Jack", "straight, Queen down to Eight"],
    "02": ["flush in hearts", "flush in spades"],
    "03": ["four Kings", "five Aces"],
    "04": ["straight, Seven down to Three", "four Nines"],
    "05": ["straight round the corner, Five down to Ace", "straight, Six down to Two"],
}


def showdown_net(record):
    """Each seat's net: its share of the pot less its ante and bets."""
    n = len(record["players"])
    house = record.get("house_rules") or {}
    paid = [house.get("ante", 1)] * n
    shown = {}
    for ev in record["events"]:
        if ev["action"] in ("call", "raise"):
            paid[ev["seat"]] += ev["amount"]
        elif ev["action"] == "show":
            shown[ev["seat"]] = ev["cards"]
    rules = ranking_for(house)
    winners = best_seats(shown, rules)
    shares = split_pot(sum(paid) + record.get("pot_in", 0), winners, record["dealer"], n)
    words = {seat: describe(cards, rules) for seat, cards in shown.items()}
    return [shares[s] - paid[s] for s in range(n)], words


def test_every_example_is_covered():
    assert CASES == sorted(WORDS)


@pytest.mark.parametrize("name", CASES)
def test_example_nets_and_words(name):
    record = json.loads((DATA / f"{name}.json").read_text())
    want = json.loads((DATA / f"{name}.expect.json").read_text())
    net, words = showdown_net(record)
    assert net == want["net"], want["_why"]
    assert sum(net) == record.get("pot_in", 0)  # nothing carried: the pot is all paid out
    assert [words[s] for s in range(len(net))] == WORDS[name]
