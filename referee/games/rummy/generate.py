"""Realistic rummy hands for tests and the bench: a table that plays sensibly, sometimes errs, sometimes stops.

    rummy_hand(rng, players=None, dealer=None, house_rules=None, mistakes=0.0, incomplete=0.0, unknown=0.0,
               paper=0.0, hidden=0.0) -> a hand record (handrec/1), with "_expect": the sim's own points per seat when it
               played the hand out, and "sure": False where a mistake in the dry round may have ended it
               otherwise than the rule book does (popped by callers that store records)
    rummy_game(rng, players=None, house_rules=None, mistakes=0.0) -> a game record ({"deals": [...]}) to the target

The table here is its own small simulation (not the referee's code): the players follow the rules of rummy.md;
with `mistakes` some skip the draw, play out of turn, lay a bad meld, take a card they do not use, or discard twice;
with `hidden` (0 to 1) some hands are left null, and with no stock recorded some of their draws too.
"""

import random

ORDER = "6789TJQKA"
VALUE = {"6": 6, "7": 7, "8": 8, "9": 9, "T": 10, "J": 10, "Q": 10, "K": 10, "A": 11}
DECK = [r + s for s in "SHDC" for r in ORDER]
NAMES = ["Olga", "Dima", "Sveta", "Kolya"]


def value(cards):
    return sum(VALUE[c[0]] for c in cards)


def is_run(cards, wrap):
    if len(cards) < 3 or len({c[1] for c in cards}) != 1 or len(set(cards)) != len(cards):
        return False
    idx = sorted(ORDER.index(c[0]) for c in cards)
    if idx[-1] - idx[0] == len(idx) - 1:
        return True
    if not wrap:
        return False
    gaps = sum(1 for a, b in zip(idx, idx[1:] + [idx[0] + 9]) if b - a != 1)
    return gaps == 1


def is_meld(cards, wrap):
    if len(cards) >= 3 and len({c[0] for c in cards}) == 1:
        return len(cards) <= 4
    return is_run(cards, wrap)


def find_melds(hand, wrap):
    """Disjoint melds in a hand: every set, then the longest runs of what is left."""
    out = []
    left = list(hand)
    for r in ORDER:
        cs = [c for c in left if c[0] == r]
        if len(cs) >= 3:
            out.append(cs)
            left = [c for c in left if c not in cs]
    for s in "SHDC":
        have = {ORDER.index(c[0]) for c in left if c[1] == s}
        if len(have) < 3:
            continue
        if len(have) == 9:
            out.append([r + s for r in ORDER])
            continue
        for k in sorted(have):
            if ((k - 1) % 9 in have) if wrap else (k - 1 in have):
                continue
            seq = [k]
            while True:
                nxt = (seq[-1] + 1) % 9 if wrap else seq[-1] + 1
                if nxt in have and nxt != k and nxt <= 8:
                    seq.append(nxt)
                else:
                    break
            if len(seq) >= 3:
                out.append([ORDER[j] + s for j in seq])
    return out


class _Sim:
    def __init__(self, rng, n, dealer, wrap, dry_ends, mistakes):
        self.rng, self.n, self.wrap, self.dry_ends, self.mistakes = rng, n, wrap, dry_ends, mistakes
        deck = DECK[:]
        rng.shuffle(deck)
        self.dealt = [deck[5 * k : 5 * k + 5] for k in range(n)]
        self.hands = [h[:] for h in self.dealt]
        self.stock = deck[5 * n :]
        self.stock0 = self.stock[:]
        self.row = []
        self.melds = []
        self.melded = [0] * n
        self.lost = [0] * n
        self.events = []
        self.cur = (dealer + 1) % n
        self.out = None
        self.dry = 0
        self.unsure = False  # a mistake in the dry round: "_expect" is not sure the hand ended

    def err(self, p):
        erred = self.rng.random() < self.mistakes * p
        # A mistake once the stock is empty: this small table's count of the dry round may then part from the
        # rule book's (who acted out of turn closes whose turn), so it no longer vouches for where the hand ends.
        self.unsure |= erred and not self.stock
        return erred

    def ev(self, **kw):
        self.events.append(kw)

    def play(self):
        rng = self.rng
        for _turn in range(400):
            s = self.cur
            others = [x for x in range(self.n) if x != s and x != (s - 1) % self.n]
            if others and self.err(0.05):  # somebody else plays this turn: out of turn, and play goes on from him
                s = rng.choice(others)  # (not the seat that just discarded: that would be a second discard)
            self.cur = s
            if self.turn(s):
                return
        # (no end in 400 turns: the record stops there, incomplete)

    def turn(self, s):
        rng, hand, wrap = self.rng, self.hands[s], self.wrap
        dry_turn = not self.stock
        laid = False
        if self.stock and not self.err(0.1):
            c = self.stock.pop(0)
            hand.append(c)
            self.ev(action="draw", seat=s, card=c)
            if self.stock and self.err(0.03):
                c = self.stock.pop(0)
                hand.append(c)
                self.ev(action="draw", seat=s, card=c)
        row0 = self.row[:]
        takes = []
        if self.row and self.err(0.08):  # a take he will not use
            k = rng.randrange(len(self.row))
            takes.append((self.row[k], self.row[k:]))
            hand += self.row[k:]
            self.ev(action="take", seat=s, card=self.row[k])
            del self.row[k:]
        elif self.row and rng.random() < 0.8:
            for k in range(len(self.row) - 1, -1, -1):
                c = self.row[k]
                pool = hand + self.row[k:]
                if any(c in m for m in find_melds(pool, wrap)) or any(is_meld(m[1] + [c], wrap) for m in self.melds):
                    takes.append((c, self.row[k:]))
                    hand += self.row[k:]
                    self.ev(action="take", seat=s, card=c)
                    del self.row[k:]
                    break
        if len(hand) >= 3 and self.err(0.05):
            trio = rng.sample(hand, 3)
            if not is_meld(trio, wrap):
                self.ev(action="meld", seat=s, cards=trio)
        for m in find_melds(hand, wrap):
            if takes and takes[0][0] not in m and any(takes[0][0] in x for x in find_melds(hand, wrap)):
                pass
            for c in m:
                hand.remove(c)
            self.melds.append([s, list(m)])
            self.melded[s] += value(m)
            laid = True
            self.ev(action="meld", seat=s, cards=m)
            if not hand:
                self.out = s
                return True
        for c in list(hand):
            for k, (_o, cards) in enumerate(self.melds):
                if is_meld(cards + [c], wrap) and rng.random() < 0.9:
                    cards.append(c)
                    hand.remove(c)
                    self.melded[s] += VALUE[c[0]]
                    laid = True
                    self.ev(action="layoff", seat=s, meld=k, cards=[c])
                    if not hand:
                        self.out = s
                        return True
                    break
        # The next seat plays on before he discards: a mistake, or all he can do with nothing left in hand (an
        # earlier unused take went back to the row), where this table no longer vouches for where the hand ends.
        self.unsure |= not hand
        if not hand or self.err(0.04):
            self.close(s, takes, row0, None)
            self.dry = (0 if laid else self.dry + 1) if dry_turn else 0
            self.cur = (s + 1) % self.n
            return False
        keep = {c for m in find_melds(hand, wrap) for c in m}
        choice = [c for c in hand if c not in keep] or hand
        d = max(choice, key=lambda c: (VALUE[c[0]], rng.random())) if rng.random() < 0.7 else rng.choice(choice)
        self.close(s, takes, row0, d)
        hand.remove(d)
        self.row.append(d)
        self.ev(action="discard", seat=s, card=d)
        if not hand:
            self.out = s
            return True
        self.dry = (0 if laid else self.dry + 1) if dry_turn else 0
        if self.dry_ends and self.dry >= self.n:
            return True
        if len(hand) >= 2 and self.err(0.03):
            d = rng.choice(hand)
            hand.remove(d)
            self.row.append(d)
            self.ev(action="discard", seat=s, card=d)
        self.cur = (s + 1) % self.n
        return False

    def close(self, s, takes, row0, discard):
        """An unused take goes back to the row (what is left of it in hand), and costs its unmelded cards."""
        hand = self.hands[s]
        on_table = {c for _o, m in self.melds for c in m}
        back = []
        for chosen, cards in takes:
            if chosen in on_table:
                continue
            self.lost[s] += value([c for c in cards if c not in on_table])
            back += [c for c in cards if c in hand and c != discard]
        if back:
            for c in back:
                hand.remove(c)
            self.row = [c for c in row0 if c in self.row or c in back]

    def points(self):
        return [self.melded[s] - value(self.hands[s]) - self.lost[s] for s in range(self.n)]


def rummy_hand(
    rng,
    players=None,
    dealer=None,
    house_rules=None,
    mistakes=0.0,
    incomplete=0.0,
    unknown=0.0,
    paper=0.0,
    hidden=0.0,
):
    n = len(players) if players else rng.randint(2, 4)
    players = list(players or NAMES[:n])
    dealer = rng.randrange(n) if dealer is None else dealer
    rules = dict(house_rules or {})
    sim = _Sim(rng, n, dealer, rules.get("wrap", True), rules.get("dry_round_ends", True), mistakes)
    sim.play()
    finished = sim.out is not None or sim.dry_ends and sim.dry >= n
    deal = {"action": "deal", "seat": dealer, "hands": sim.dealt, "stock": sim.stock0}
    if rng.random() < unknown:
        deal["stock"] = None
    if hidden and rng.random() < hidden:
        # Hands nobody wrote down (never all: that is the paper way), and with no stock recorded, draws too.
        unseen = rng.sample(range(n), rng.randint(1, n - 1))
        deal["hands"] = [None if s in unseen else h for s, h in enumerate(deal["hands"])]
        if deal["stock"] is None or rng.random() < 0.5:
            deal["stock"] = None
            sim.events = [
                dict(e, card=None) if e["action"] == "draw" and e["seat"] in unseen and rng.random() < 0.6 else e
                for e in sim.events
            ]
    events = [deal] + sim.events
    record = {
        "format": "handrec/1",
        "game": "rummy",
        "variant": None,
        "players": players,
        "dealer": dealer,
        "pot_in": 0,
        "house_rules": rules,
        "events": events,
    }
    if finished and rng.random() < paper:
        record["events"] = [
            {"action": "deal", "seat": dealer, "hands": [None] * n, "stock": None},
            {"action": "points", "points": sim.points(), "out": sim.out},
        ]
    elif rng.random() < incomplete:
        record["events"] = events[: rng.randrange(1, len(events) + 1)]
        finished = finished and len(record["events"]) == len(events)
    if finished:
        record["_expect"] = {"points": sim.points(), "out": sim.out, "sure": not sim.unsure}
    return record


def random_rummy_rules(rng):
    rules = {}
    if rng.random() < 0.2:
        rules["wrap"] = False
    if rng.random() < 0.15:
        rules["dry_round_ends"] = False
    if rng.random() < 0.2:
        rules["target"] = rng.choice([200, 300, 1000])
    return rules


def rummy_game(rng, players=None, house_rules=None, mistakes=0.0):
    """A game to the target: hands dealt in turn (the deal passes left) until a total reaches it."""
    players = list(players or NAMES[: rng.randint(2, 4)])
    n = len(players)
    rules = dict(house_rules or {})
    target = rules.get("target", 500)
    totals = [0] * n
    deals = []
    dealer = rng.randrange(n)
    for _ in range(60):
        hand = rummy_hand(rng, players, dealer, rules, mistakes=mistakes)
        expect = hand.pop("_expect", None)
        deals.append({"dealer": dealer, "events": hand["events"]})
        if expect is not None:
            totals = [a + b for a, b in zip(totals, expect["points"])]
            if max(totals) >= target:
                break
        dealer = (dealer + 1) % n
    return {
        "format": "handrec/1",
        "game": "rummy",
        "variant": None,
        "players": players,
        "house_rules": rules,
        "deals": deals,
    }


if __name__ == "__main__":  # a quick look: python -m referee.games.rummy.generate
    print(rummy_hand(random.Random(1)))
