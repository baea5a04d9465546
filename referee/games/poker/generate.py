"""Realistic random poker records (for the conformance suite, the property tests, the bench and the demo).

    poker_hand(rng, players=None, dealer=None, pot_in=0, house_rules=None, mistakes=0.0, incomplete=0.0,
               showdown_only=0.0, aside=0.0) -> a handrec/1 record

The table plays as people do: the deal, the draw (pairs and jokers kept, the rest often thrown), a betting
round of checks, calls, raises and folds, and the showdown of the players still in; sometimes the checks that
end the betting are not written down, and a folded player's cards are not either. With `showdown_only` (0 to 1)
the record is only the showdown, as a table that wrote down nothing else. With `aside` (0 to 1) someone shows
cards that move nothing: the last player in after everyone else folded, or a player who folded. With `mistakes` (0 to 1) it slips now
and then: out of turn, a call of the wrong amount, a raise under the least or over the most, a foul show. The
generator only plays; the referee alone rules.
"""

from ...cards import RANKS, SUITS

NAMES = ["Dima", "Olya", "Kostya", "Nina", "Borya", "Vera", "Lyosha", "Galya", "Tolik", "Rita"]


def random_rules(rng):
    """House rules a family might play with (some of them)."""
    rules = {}
    if rng.random() < 0.5:
        rules["ante"] = rng.choice([0, 1, 2, 5, 10])
    if rng.random() < 0.3:
        rules["min_raise"] = rng.choice([0, 1, 2, 5])
    if rng.random() < 0.3:
        rules["max_raise"] = rng.choice([0, 5, 10, 20])
    if rng.random() < 0.2:
        rules["decks"] = 2
    if rng.random() < 0.2:
        rules["jokers"] = rng.choice([0, 1])
    if rng.random() < 0.2:
        rules["ranking"] = "alt"
    if rng.random() < 0.1:
        rules["wrap"] = False
    if rng.random() < 0.1:
        rules["suit_order"] = rng.choice(["SHDC", "HDCS", "CDHS"])
    return rules


def pack(decks=1, jokers=2):
    """The cards of the table's deck (texts), with their copies."""
    one = [r + s for s in SUITS for r in RANKS] + ["JK"] * jokers
    return one * decks


def _keep(hand, rng):
    """The positions of the cards a player keeps: jokers and cards of a rank he holds twice or more."""
    ranks = [c[0] for c in hand if c != "JK"]
    keep = [k for k, c in enumerate(hand) if c == "JK" or ranks.count(c[0]) > 1]
    if not keep and rng.random() < 0.5:
        keep = [max(range(5), key=lambda k: -1 if hand[k] == "JK" else RANKS.index(hand[k][0]))]
    if rng.random() < 0.15:
        keep = list(range(5))  # stands pat
    return keep


class _Play:
    def __init__(self, rng, n, dealer, rules, mistakes):
        self.rng, self.n, self.dealer, self.mistakes = rng, n, dealer, mistakes
        self.min_raise = rules.get("min_raise", 1)
        self.max_raise = rules.get("max_raise", 0) or None
        self.unit = max(1, self.min_raise)
        self.events = []

    def slip(self, weight=1.0):
        return self.rng.random() < self.mistakes * 0.15 * weight

    def order_from(self, s, seats):
        return [(s + k) % self.n for k in range(1, self.n + 1) if (s + k) % self.n in seats]


def _betting(p, live):
    """The betting round; answers the seats left in."""
    rng = p.rng
    events = p.events
    live = list(live)
    put = dict.fromkeys(live, 0)
    top = 0
    acted = set()
    turn = p.order_from(p.dealer, live)[0]
    raises = 0
    checks_at = []  # the indexes of the checks of a round nobody raised
    while len(live) > 1:
        if all(s in acted and put[s] == top for s in live):
            break
        s = turn
        if p.slip() and len(live) > 2:
            s = rng.choice([x for x in live if x != turn])
        owes = top - put[s]
        r = rng.random()
        if owes and r < 0.25 or r < 0.05:
            events.append(
                {"action": "fold", "seat": s} if rng.random() < 0.8 else {"action": "fold", "seat": s, "amount": 0}
            )
            nxt = p.order_from(s, live)[0]
            live.remove(s)
            acted.discard(s)
            turn = nxt
            continue
        if r < 0.6 or raises >= 4:
            amount = owes
            if p.slip() and owes:
                amount = owes + rng.choice([-1, 1])
            if not owes:
                checks_at.append(len(events))
            events.append({"action": "call", "seat": s, "amount": amount})
            put[s] += owes
        else:
            most = p.max_raise if p.max_raise is not None else 5 * p.unit
            add = rng.choice([p.min_raise, p.min_raise, min(most, p.min_raise + p.unit), most])
            add = max(add, 1)
            if p.slip() and p.min_raise > 1:
                add = rng.randint(1, p.min_raise - 1)  # under the least
            elif p.slip() and p.max_raise is not None:
                add = p.max_raise + rng.randint(1, 3)  # over the most
            events.append({"action": "raise", "seat": s, "amount": owes + add})
            put[s] += owes + add
            top = put[s]
            acted = set()
            raises += 1
        acted.add(s)
        turn = p.order_from(s, live)[0]
    # The checks that end a round nobody raised are often not written down.
    if not raises and checks_at and len(live) > 1 and rng.random() < 0.3:
        k = rng.randint(1, len(checks_at))
        cut = checks_at[-k]
        if all(ev["action"] == "call" and ev["amount"] == 0 for ev in events[cut:]):
            del events[cut:]
    return live


def _showdown_only(rng, record, n, deck):
    """Only the showdown: some of the players show five cards each."""
    seats = rng.sample(range(n), rng.randint(1, n))
    for s in seats:
        record["events"].append({"action": "show", "seat": s, "cards": [deck.pop() for _ in range(5)]})
    return record


def poker_hand(
    rng,
    players=None,
    dealer=None,
    pot_in=0,
    house_rules=None,
    mistakes=0.0,
    incomplete=0.0,
    showdown_only=0.0,
    aside=0.0,
):
    """A realistic poker record (see the module's words)."""
    if players is None:
        players = NAMES[: rng.randint(2, 7)]
    n = len(players)
    if dealer is None:
        dealer = rng.randrange(n)
    rules = dict(house_rules or {})
    p = _Play(rng, n, dealer, rules, mistakes)
    record = {
        "format": "handrec/1",
        "game": "poker",
        "variant": None,
        "players": list(players),
        "dealer": dealer,
        "pot_in": pot_in,
        "house_rules": rules,
        "events": p.events,
    }
    deck = pack(rules.get("decks", 1), rules.get("jokers", 2))
    rng.shuffle(deck)
    if showdown_only and rng.random() < showdown_only:
        return _showdown_only(rng, record, n, deck)
    hands = [[deck.pop() for _ in range(5)] for _ in range(n)]
    dealt = [list(h) for h in hands]
    p.events.append({"action": "deal", "seat": dealer, "hands": dealt})
    draws = {}
    for s in p.order_from(dealer, range(n)):
        keep = _keep(hands[s], rng)
        discard = [hands[s][k] for k in range(5) if k not in keep]
        got = [deck.pop() for _ in discard] if len(deck) >= len(discard) else []
        if len(got) != len(discard):
            discard = []
        hands[s] = [hands[s][k] for k in range(5) if k in keep or not got] + got
        if discard or rng.random() < 0.7:
            draws[s] = {"action": "draw", "seat": s, "discard": discard, "cards": got}
            p.events.append(draws[s])
    live = _betting(p, range(n))
    if len(live) > 1 and rng.random() < 0.97:
        for s in rng.sample(live, len(live)):
            cards = list(hands[s])
            rng.shuffle(cards)
            if p.slip(0.5) and deck:
                cards[0] = deck.pop()  # a foul hand
            p.events.append({"action": "show", "seat": s, "cards": cards})
    if aside and rng.random() < aside:
        # Cards shown for interest, which move nothing: the last one in shows anyway, or one who folded shows.
        s = live[0] if len(live) == 1 else rng.choice([x for x in range(n) if x not in live] or [None])
        if s is not None:
            p.events.append({"action": "show", "seat": s, "cards": rng.sample(hands[s], len(hands[s]))})
    for s in range(n):  # the cards of players who folded are often not written down
        if s not in live and rng.random() < 0.2:
            dealt[s] = None
            if s in draws:
                draws[s]["discard"] = [None] * len(draws[s]["discard"])
    if incomplete and rng.random() < incomplete:
        del p.events[rng.randrange(1, len(p.events) + 1) :]
    return record
