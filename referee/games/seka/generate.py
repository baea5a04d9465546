"""Realistic random Seka records (for the conformance suite, the property tests, the bench and the demo).

    seka_hand(rng, players=None, dealer=None, pot_in=0, house_rules=None, mistakes=0.0, variant=None,
              svara=None, incomplete=0.0, concede=0.0, jump=0.0) -> a handrec/1 record

The table plays as people do: antes, a trade of raises (some blind), folds, a call when two are left and the
showdown; in the open variant exchanges with the middle and a pass first; in a svara hand (`svara`: the tied
seats, `pot_in` the pot) others buy in before the deal. With `mistakes` (0 to 1) it slips now and then: a bet
under the stake, out of turn, a call too early or of the wrong amount, a blind bet after looking, two cards
exchanged, a late exchange, a foul show. With `concede` (0 to 1) a hand ends without a showdown: after the call
one player gives up, or the last one in shows anyway; with `jump` (0 to 1) in the open variant's last round a
player exchanges before the one whose turn it was, who then takes his turn. The generator only plays; the referee alone rules.
"""

from .values import DECK

NAMES = ["Vasya", "Tolya", "Dasha", "Fedya", "Petya", "Zina", "Masha", "Kolya", "Olya", "Grisha", "Lena", "Sasha"]


def random_rules(rng):
    """House rules a family might play with (some of them)."""
    rules = {}
    if rng.random() < 0.5:
        rules["ante"] = rng.choice([0, 1, 2, 5, 10])
    if rng.random() < 0.3:
        rules["min_raise"] = rng.choice([0, 1, 2, 5])
    if rng.random() < 0.2:
        rules["blind"] = False
    if rng.random() < 0.2:
        rules["low_trips"] = False
    if rng.random() < 0.2:
        rules["wild"] = rng.choice([None, "6S", "7C", "AH"])
    if rng.random() < 0.2:
        rules["svara_buy_in"] = rng.choice(["half", "full", "none"])
    return rules


class _Play:
    """The table's state as the generator plays it."""

    def __init__(self, rng, n, dealer, rules, mistakes):
        self.rng, self.n, self.dealer, self.mistakes = rng, n, dealer, mistakes
        self.min_raise = rules.get("min_raise", 1)
        self.unit = max(1, self.min_raise)  # what the table raises by beyond the least
        self.blind_ok = rules.get("blind", True)
        self.events = []

    def slip(self, weight=1.0):
        return self.rng.random() < self.mistakes * 0.15 * weight

    def order_from(self, s, seats):
        return [(s + k) % self.n for k in range(1, self.n + 1) if (s + k) % self.n in seats]


def _exchanges(p, hands, middle, seats, jump=0.0):
    rng = p.rng
    events = p.events
    order = p.order_from(p.dealer, seats)
    k = 0
    passer = None
    while passer is None:
        s = order[k % len(order)]
        if k >= 2 * len(order) or rng.random() < 0.3:
            passer = s
            events.append({"action": "pass", "seat": s})
        else:
            _exchange_one(p, hands, middle, s)
        k += 1
    last = [x for x in p.order_from(passer, seats) if x != passer]
    jumped = jump and len(last) > 1 and rng.random() < jump
    if jumped:  # the second in line exchanges first; the one he skipped keeps his turn
        last[0], last[1] = last[1], last[0]
    for j, s in enumerate(last):
        if jumped and j == 0 or rng.random() < 0.35:
            _exchange_one(p, hands, middle, s)
        elif j < len(last) - 1 or rng.random() < 0.6:
            events.append({"action": "pass", "seat": s})


def _exchange_one(p, hands, middle, s):
    rng = p.rng
    size = 3 if rng.random() < 0.15 else 1
    if p.slip():
        size = 2
    give_at = rng.sample(range(3), size)
    take_at = rng.sample(range(3), size)
    give = [hands[s][j] for j in give_at]
    take = [middle[j] for j in take_at]
    for j, t in zip(give_at, take_at):
        hands[s][j], middle[t] = middle[t], hands[s][j]
    p.events.append({"action": "exchange", "seat": s, "give": give, "take": take})


def _trade(p, seats, hands, middle, looked):
    """The betting; answers the seats left in (one, or the two of the call)."""
    rng = p.rng
    events = p.events
    live = list(seats)
    stake = 0
    turn = p.order_from(p.dealer, live)[0]
    acts = 0
    while len(live) > 1:
        s = turn
        if p.slip() and len(live) > 2:
            s = rng.choice([x for x in live if x != turn])  # out of turn
        acts += 1
        blind = p.blind_ok and not looked[s] and rng.random() < 0.3
        if p.slip(0.5) and looked[s]:
            blind = True  # a blind bet after looking
        r = rng.random()
        if len(live) == 2 and (r < 0.35 or acts > 24):
            right = (stake + 1) // 2 if blind and not looked[s] and p.blind_ok else stake
            amount = right + rng.choice([-1, 1]) if p.slip() and right else right
            ev = {"action": "call", "seat": s, "amount": amount}
            if blind:
                ev["blind"] = True
            events.append(ev)
            return live
        if r < 0.3 or acts > 30:
            events.append(
                {"action": "fold", "seat": s} if rng.random() < 0.7 else {"action": "fold", "seat": s, "amount": 0}
            )
            nxt = p.order_from(s, live)[0]
            live.remove(s)
            turn = nxt
            continue
        if len(live) > 2 and p.slip():
            right = (stake + 1) // 2 if blind and not looked[s] and p.blind_ok else stake
            events.append({"action": "call", "seat": s, "amount": right})  # a call too early
        else:
            least = stake + p.min_raise
            if blind:
                amount = (least + 1) // 2 + p.unit * rng.choice([0, 0, 1, 2])
            else:
                amount = least + p.unit * rng.choice([0, 0, 1, 2, 5])
            if p.slip() and amount:
                amount -= rng.randint(1, amount)  # under the stake
            ev = {"action": "raise", "seat": s, "amount": amount}
            if blind:
                ev["blind"] = True
            events.append(ev)
            real_blind = blind and p.blind_ok and not looked[s]
            stake = max(stake, 2 * amount if real_blind else amount)
            if not real_blind:
                looked[s] = True
        if middle is not None and p.slip(0.3):
            _exchange_one(p, hands, middle, s)  # a late exchange
            looked[s] = True
        turn = p.order_from(s, live)[0]
    return live


def seka_hand(
    rng,
    players=None,
    dealer=None,
    pot_in=0,
    house_rules=None,
    mistakes=0.0,
    variant=None,
    svara=None,
    incomplete=0.0,
    concede=0.0,
    jump=0.0,
):
    """A realistic Seka record (see the module's words)."""
    if players is None:
        players = NAMES[: rng.randint(2, 7)]
    n = len(players)
    if dealer is None:
        dealer = rng.randrange(n)
    rules = dict(house_rules or {})
    p = _Play(rng, n, dealer, rules, mistakes)
    record = {
        "format": "handrec/1",
        "game": "seka",
        "variant": variant,
        "players": list(players),
        "dealer": dealer,
        "pot_in": pot_in,
        "house_rules": rules,
        "events": p.events,
    }
    seats = set(range(n))
    if svara:
        record["svara"] = list(svara)
        seats = set(svara)
        buy = rules.get("svara_buy_in", "half")
        price = (pot_in + 1) // 2 if buy == "half" else pot_in
        if buy != "none":
            for s in range(n):
                if s not in seats and rng.random() < 0.3:
                    p.events.append({"action": "buy_in", "seat": s, "amount": price + (1 if p.slip() else 0)})
                    seats.add(s)
    deck = list(DECK)
    rng.shuffle(deck)
    hands = [None] * n
    for s in sorted(seats):
        hands[s] = [deck.pop(), deck.pop(), deck.pop()]
    dealt = [None if h is None else list(h) for h in hands]
    deal = {"action": "deal", "seat": dealer, "hands": dealt}
    middle = None
    if variant == "open":
        middle = [deck.pop(), deck.pop(), deck.pop()]
        deal["middle"] = list(middle)
    p.events.append(deal)
    looked = [False] * n
    if middle is not None:
        before = len(p.events)
        _exchanges(p, hands, middle, seats, jump)
        for ev in p.events[before:]:
            if ev["action"] == "exchange":
                looked[ev["seat"]] = True
    live = _trade(p, seats, hands, middle, looked)
    if concede and rng.random() < concede:
        # The hand ends without a showdown: after the call one player gives up (the other may show, before or
        # after), or the last one in shows anyway.
        w = rng.choice(live)
        shown = {"action": "show", "seat": w, "cards": list(hands[w])}
        ends = [{"action": "fold", "seat": x} for x in live if x != w]
        p.events.extend([shown, *ends] if len(live) == 2 and rng.random() < 0.3 else [*ends, shown])
    elif len(live) == 2 and rng.random() < 0.97:
        for s in rng.sample(live, 2):
            cards = list(hands[s])
            if p.slip(0.5):
                cards[0] = deck.pop()  # a foul hand
            p.events.append({"action": "show", "seat": s, "cards": cards})
    for s in range(n):  # the cards of players who folded are often not written down
        if dealt[s] is not None and s not in live and rng.random() < 0.2:
            dealt[s] = None
    if incomplete and rng.random() < incomplete:
        del p.events[rng.randrange(1, len(p.events) + 1) :]
    return record
