"""Realistic Sedma deals for tests and the bench: a table that plays sensibly, sometimes errs, sometimes stops.

    sedma_deal(rng, variant=None, players=None, dealer=None, house_rules=None, mistakes=0.0, incomplete=0.0,
               unknown=0.0, number=1, hopeless=0.0) -> a deal record (handrec/1)
    sedma_game(rng, variant="4p", ...) -> a game record ({"deals": [...]})

The table here is its own small simulation (not the referee's code): the players follow the rules of sedma.md;
with `mistakes` some play out of turn, continue with a losing card, or draw out of turn; with `hopeless` (0 to 1)
a 2p leader who holds nothing that could win the trick plays on anyway (a losing continuation: the trick stays
open) and sometimes passes after.
"""

import random

from .rules import DECK_TEXT, EIGHT_PAIRS, SOLOISTS
from .stock import draw_order

NAMES = {
    "4p": ["Babička", "Děda", "Jana", "Petr"],
    "2p": ["Jana", "Petr"],
    "3p": ["Babička", "Děda", "Jana"],
}
_DECK = sorted(DECK_TEXT)


def _worth(c):
    return 10 if c[0] in "AT" else 0


def random_sedma_rules(rng, variant):
    rules = {}
    if variant == "4p":
        if rng.random() < 0.3:
            rules["hand_size"] = 4
        if rng.random() < 0.4:
            rules["continue_trick"] = True
        if rng.random() < 0.1:
            rules["partners_rotate_every"] = rng.choice([1, 2, 3, 6])
    elif variant == "3p":
        if rng.random() < 0.3:
            rules["hand_size"] = 4
        if rng.random() < 0.15:
            rules["removed"] = rng.choice(EIGHT_PAIRS).split()
        if rng.random() < 0.15:
            rules["soloist_card"] = rng.choice(SOLOISTS)
    return rules


class _Sim:
    """One deal as a table plays it."""

    def __init__(self, rng, variant, dealer, rules, mistakes, number, hopeless=0.0):
        self.rng = rng
        self.hopeless = hopeless if variant == "2p" else 0.0
        self.v = variant
        self.n = {"4p": 4, "2p": 2, "3p": 3}[variant]
        self.dealer = dealer
        self.mistakes = mistakes
        removed = rules.get("removed", ["8D", "8H"]) if variant == "3p" else []
        deck = [c for c in _DECK if c not in removed]
        rng.shuffle(deck)
        H = 4 if variant == "2p" or rules.get("hand_size") == 4 else (10 if variant == "3p" else 8)
        self.H = H
        self.hands = [deck[k * H : (k + 1) * H] for k in range(self.n)]
        self.stock = deck[self.n * H :]
        self.cont = variant == "2p" or variant == "4p" and rules.get("continue_trick", False)
        rotate = rules.get("partners_rotate_every", 4)
        k = ((number - 1) // rotate) % 3
        pairs = ([[0, 2], [1, 3]], [[0, 1], [2, 3]], [[0, 3], [1, 2]])[k]
        self.side = {}
        if variant == "4p":
            for j, p in enumerate(pairs):
                for s in p:
                    self.side[s] = j
        elif variant == "2p":
            self.side = {0: 0, 1: 1}
        else:
            K = rules.get("soloist_card", "KC")
            sol = next((s for s in range(3) if K in self.hands[s]), None)
            self.side = {s: (0 if s == sol else 1) for s in range(3)} if sol is not None else {0: 0, 1: 1, 2: 2}
        self.events = []

    def err(self, p=1.0):
        return self.rng.random() < self.mistakes * p

    def choose(self, s, rank, winning_side):
        """A sensible card: take a trick worth having with a match, else throw a low card."""
        hand = self.hands[s]
        rng = self.rng
        match = [c for c in hand if rank is not None and (c[0] == rank or c[0] == "7")]
        low = sorted(hand, key=lambda c: (_worth(c), c[0] == "7", rng.random()))
        if rank is None:
            return rng.choice(hand) if rng.random() < 0.3 else low[0]
        if match and winning_side != self.side[s] and rng.random() < 0.8:
            return rng.choice(match)
        return low[0]

    def play(self, s, c):
        self.hands[s].remove(c)
        self.events.append({"action": "play", "seat": s, "card": c})

    def run(self):
        n = self.n
        rng = self.rng
        leader = (self.dealer + 1) % n
        while any(self.hands):
            plays = []
            rank = None
            first = True
            while True:
                order = [(leader + k) % n for k in range(n)]
                batch = []
                for k, s in enumerate(order):
                    if k == 0 and not first:
                        match = [c for c in self.hands[s] if c[0] == rank or c[0] == "7"]
                        other = [c for c in self.hands[s] if c not in match]
                        c = rng.choice(other) if other and (not match or self.err(0.5)) else rng.choice(match)
                    else:
                        wside = self.side[_winner(plays + batch, rank, leader)] if plays or batch else None
                        c = self.choose(s, rank, wside)
                    batch.append((s, c))
                    if rank is None:
                        rank = c[0]
                if n > 2 and self.err(0.3):
                    j = rng.randrange(1, n - 1)
                    batch[j], batch[j + 1] = batch[j + 1], batch[j]  # out of turn (the referee sorts it)
                for s, c in batch:
                    self.play(s, c)
                plays += sorted(batch, key=lambda p: order.index(p[0]))
                first = False
                w = _winner(plays, rank, leader)
                if not self.cont or self.side[w] == self.side[leader] or not self.hands[leader]:
                    break
                if not any(c[0] == rank or c[0] == "7" for c in self.hands[leader]):
                    if self.hopeless and rng.random() < self.hopeless:
                        continue  # he plays on with a card that cannot win (the trick stays open)
                    if self.hopeless and not first and rng.random() < 0.5:
                        self.events.append({"action": "pass", "seat": leader})  # (it ended by itself: moves nothing)
                    break
                if rng.random() < 0.6:
                    continue
                if rng.random() < 0.5:
                    self.events.append({"action": "pass" if self.v == "2p" else "end_trick", "seat": leader})
                break
            w = _winner(plays, rank, leader)
            leader = w
            self.draw(w)
        return self.events

    def draw(self, w):
        n = self.n
        ring = [(w + k) % n for k in range(n)]  # (the seats in turn from the trick's winner)
        order = draw_order(ring, [len(h) for h in self.hands], len(self.stock), self.H)
        if len(order) > 2 and self.err(0.3):
            order[0], order[1] = order[1], order[0]  # a draw out of turn (it still counts)
        for s in order:
            c = self.stock.pop(0)
            self.hands[s].append(c)
            self.events.append({"action": "draw", "seat": s, "card": c})


def _winner(plays, rank, leader):
    w = leader
    for s, c in plays:
        if c[0] == rank or c[0] == "7":
            w = s
    return w


def sedma_deal(
    rng,
    variant=None,
    players=None,
    dealer=None,
    house_rules=None,
    mistakes=0.0,
    incomplete=0.0,
    unknown=0.0,
    number=1,
    hopeless=0.0,
):
    """A deal record as a family would log it."""
    variant = variant or rng.choice(["4p", "4p", "2p", "3p"])
    rules = random_sedma_rules(rng, variant) if house_rules is None else dict(house_rules)
    names = players or NAMES[variant]
    n = len(names)
    dealer = rng.randrange(n) if dealer is None else dealer
    sim = _Sim(rng, variant, dealer, rules, mistakes, number, hopeless)
    hands = [h[:] for h in sim.hands]
    stock = sim.stock[:] if sim.stock else None
    deal = {"action": "deal", "seat": dealer, "hands": hands, "stock": stock}
    misdeal = rng.random() < mistakes * 0.05
    events = [deal] + ([] if misdeal else sim.run())
    if misdeal:
        hands[rng.randrange(n)].pop()
    if not misdeal and rng.random() < unknown:
        k = rng.randrange(n)
        K = rules.get("soloist_card", "KC")
        if variant == "3p":
            deal["soloist"] = next((s for s in range(n) if K in hands[s]), None)
        hands[k] = None
        if stock is not None and rng.random() < 0.5:
            deal["stock"] = None
            for ev in events:
                if ev["action"] == "draw" and rng.random() < 0.5:
                    ev["card"] = None
    if rng.random() < incomplete:
        events = events[: rng.randrange(1, len(events) + 1)]
    rec = {
        "format": "handrec/1",
        "game": "sedma",
        "variant": variant,
        "players": list(names),
        "dealer": dealer,
        "pot_in": 0,
        "events": events,
    }
    if rules:
        rec["house_rules"] = rules
    return rec


def sedma_game(rng, variant="4p", players=None, house_rules=None, deals=None, mistakes=0.0):
    """A game record: deals_per_game deals (or `deals`), the deal passing to the left."""
    rules = random_sedma_rules(rng, variant) if house_rules is None else dict(house_rules)
    names = players or NAMES[variant]
    n = len(names)
    count = deals if deals is not None else rules.get("deals_per_game", 12)
    dealer = rng.randrange(n)
    out = []
    for k in range(count):
        d = sedma_deal(rng, variant, names, (dealer + k) % n, rules, mistakes=mistakes, number=k + 1)
        out.append({"dealer": d["dealer"], "events": d["events"]})
    rec = {"format": "handrec/1", "game": "sedma", "variant": variant, "players": list(names), "deals": out}
    if rules:
        rec["house_rules"] = rules
    return rec


def example(seed=1):
    return sedma_deal(random.Random(seed))
