"""Rummy records built by hand for the rule tests: the hands dealt, the top of the stock, then the events."""

from referee.games.rummy.rules import DECK_TEXT, card_sort

NAMES = ["Olga", "Dima", "Sveta", "Kolya"]


def record(hands, top, events, dealer=1, house_rules=None):
    """A hand record: `hands` dealt by `dealer`, the stock `top` first and the rest of the pack after it."""
    used = {c for h in hands for c in h} | set(top)
    stock = list(top) + sorted(DECK_TEXT - used, key=card_sort)
    return {
        "format": "handrec/1",
        "game": "rummy",
        "variant": None,
        "players": NAMES[: len(hands)],
        "dealer": dealer,
        "pot_in": 0,
        "house_rules": house_rules or {},
        "events": [{"action": "deal", "seat": dealer, "hands": hands, "stock": stock}] + events,
    }


def ev(action, seat, x=None, meld=None):
    e = {"action": action, "seat": seat}
    if action in ("draw", "take", "discard"):
        e["card"] = x
    elif action == "meld":
        e["cards"] = x
    elif action == "layoff":
        e["meld"], e["cards"] = meld, x
    return e


OLGA = ["KC", "QC", "9H", "TH", "6S"]
DIMA = ["QS", "KS", "6D", "7D", "AC"]
OPENING = [  # the row grows to 6S AC 8S 9S
    ev("draw", 0, "JH"),
    ev("discard", 0, "6S"),
    ev("draw", 1, "9S"),
    ev("discard", 1, "AC"),
    ev("draw", 0, "8S"),
    ev("discard", 0, "8S"),
    ev("draw", 1, "6C"),
    ev("discard", 1, "9S"),
    ev("draw", 0, "8H"),
    ev("take", 0, "AC"),  # event 10: from the middle of the row, with 8S and 9S
]
USED = OPENING + [
    ev("meld", 0, ["QC", "KC", "AC"]),
    ev("meld", 0, ["8H", "9H", "TH", "JH"]),
    ev("discard", 0, "9S"),  # event 13: the row is 6S 9S
    ev("draw", 1, "JC"),
    ev("discard", 1, "JC"),
    ev("draw", 0, "7S"),
    ev("take", 0, "9S"),
    ev("meld", 0, ["7S", "8S", "9S"]),
    ev("layoff", 0, ["JC"], meld=0),  # event 19: Olga goes out on a lay-off
]


def used():
    return record([OLGA, DIMA], ["JH", "9S", "8S", "6C", "8H", "JC", "7S"], [dict(e) for e in USED])


UNUSED = OPENING + [
    ev("meld", 0, ["8H", "9H", "TH", "JH"]),
    ev("discard", 0, "9S"),  # event 12: AC unused: AC and 8S go back, the 9S is discarded
    ev("draw", 1, "JC"),
    ev("discard", 1, "JC"),
    ev("draw", 0, "AD"),
    ev("take", 0, "JC"),
    ev("meld", 0, ["JC", "QC", "KC"]),
    ev("discard", 0, "AD"),  # event 18: Olga goes out on her discard
]


def unused():
    return record([OLGA, DIMA], ["JH", "9S", "8S", "6C", "8H", "JC", "AD"], [dict(e) for e in UNUSED])


DRY_OLGA = ["6S", "8H", "TD", "QC", "AS"]
DRY_DIMA = ["6D", "7D", "8D", "KH", "9C"]


def dry(tail, house_rules=None):
    """Both players draw and discard the drawn card until the stock is gone (26 draws), then `tail`."""
    r = record([DRY_OLGA, DRY_DIMA], [], [], house_rules=house_rules)
    stock = r["events"][0]["stock"]
    for k, c in enumerate(stock):
        r["events"] += [ev("draw", k % 2, c), ev("discard", k % 2, c)]
    r["events"] += tail
    return r
