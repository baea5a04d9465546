"""Sedma's table of one deal: the deal, plays (tricks with continuation), draws from the stock, passes, what may
come next, and the ruling with its score and facts.

A trick is played in rounds: one card from each seat, the leader first. Its winner is the last card of the led
rank or the last Seven (the card led when none matched). Where a trick may be continued (2p always, 4p with
continue_trick) and the leader's side is not winning it, the leader decides: he plays on (a card of the led rank
or a Seven; anything else is sedma.losing-continuation and stays in the trick) or passes (`pass` in 2p,
`end_trick` in 4p); the next play by another seat, or a draw, ends the trick as if he had passed.

House rule: keys the referee does not know are ignored (a deal's `note` too).
House rule: a play while draws are owed is sedma.out-of-turn; the owed draws may still follow (each then a
sedma.draw-out-of-turn, being during a trick), so every card is still played.
House rule: a seat playing twice to one round of a trick, or with no card left, is a bad record.
House rule: events after a misdeal (a void deal) are read for their fields only and change nothing.
"""

from ... import core
from ...cards import RANK_NAMES
from ...record import describe
from ...tricks import GONE, PLAYED, RING, TrickTable
from .rules import (
    ACTIONS,
    CARD,
    DECK_TEXT,
    EVENTS,
    GAME,
    LAST,
    VARIANT_OF,
    card_sort,
    deck_for,
    hand_size,
    points_of,
    sides_for,
)
from .score import Scoring

STOCK = -5  # where a card lies in the recorded stock
PRE, PLAY, DONE = 0, 4, 5  # (PLAY and DONE as in tricks.py)


class Sedma(Scoring, TrickTable, core.Table):
    GAME = GAME
    CARD = CARD
    TEXTS = DECK_TEXT
    DECK_WORDS = "the Sedma pack (Seven to Ace)"
    ACTIONS = ACTIONS
    OUT_OF_TURN = "sedma.out-of-turn"

    __slots__ = (
        "variant",
        "hsize",
        "deck",
        "number",
        "phase",
        "void",
        "deal_event",
        "where",
        "known",
        "held",
        "unseen",
        "stock",
        "stock_pos",
        "stock_left",
        "has_stock",
        "leader",
        "plays",
        "rnd",
        "rnd_order",
        "rank",
        "pending",
        "tricks",
        "trick_events",
        "won",
        "to_draw",
        "quiet",
        "soloist",
        "can_continue",
    )

    def __init__(self, n, names, dealer, pot_in, cfg, claimed=None, number=1):
        core.Table.__init__(self, n, names, dealer, pot_in, cfg, claimed)
        v = self.variant = VARIANT_OF.get(n, "4p")
        self.hsize = hand_size(cfg, v)
        self.deck = deck_for(cfg, v)
        self.number = number  # the deal's number in its game (1 for a lone deal): the 4p partnerships
        self.can_continue = v == "2p" or v == "4p" and cfg.continue_trick
        self.phase = PRE
        self.void = False
        self.deal_event = None
        self.where = {}
        self.known = [None] * n
        self.held = [0] * n
        self.unseen = [0] * n  # cards held whose identity the record does not tell
        self.stock = None
        self.stock_pos = 0
        self.stock_left = 0
        self.has_stock = False
        self.leader = None
        self.plays = []  # the trick's finished rounds, in proper order: (seat, card, event)
        self.rnd = []  # the round in play, as played
        self.rnd_order = ()
        self.rank = None
        self.pending = False  # the leader decides whether to continue
        self.tricks = []
        self.trick_events = []
        self.won = [0] * n
        self.to_draw = []  # the seats still to draw after the last trick, in order
        self.quiet = False  # right after a trick that ended by itself (a pass then changes nothing)
        self.soloist = None

    def error(self, i, field, message):
        """The record is bad here; later events only get their fields checked (one mistake, one error)."""
        core.Table.error(self, i, field, message)
        self.lax = True

    # ------------------------------------------------------------------ the deal

    def _deal(self, i, ev):
        if not self.syntax(i, ev, "deal"):
            return
        names = self.names
        s = ev["seat"]
        if self.phase != PRE:
            return self.error(i, "action", f"event {i}: a second deal; a record holds one deal")
        if s != self.dealer:
            return self.error(
                i, "seat", f"event {i}: {names[s]} deals, but the record's dealer is {names[self.dealer]}"
            )
        hands = [None if h is None else [CARD[c] for c in h] for h in ev["hands"]]
        stock = ev.get("stock")
        stock = None if stock is None else [CARD[c] for c in stock]
        deck = self.deck
        where = self.where
        for key, k, cs in [("hands", s2, h) for s2, h in enumerate(hands)] + [("stock", STOCK, stock)]:
            if cs is None:
                continue
            for c in cs:
                if c not in deck:
                    return self.error(i, key, f"event {i}: {c} is out of the pack in the 3-player game")
                if c in where:
                    return self.error(i, key, f"event {i}: {c} is dealt twice{self.seventh(c)}")
                where[c] = k
        H = self.hsize
        self.deal_event = i
        bad = [
            f"{names[k]} was dealt {len(h)} cards, not {H}"
            for k, h in enumerate(hands)
            if h is not None and len(h) != H
        ]
        left = len(deck) - self.n * H
        if stock is not None and len(stock) != left:
            bad.append(f"the stock holds {len(stock)} cards, not {left}")
        if bad:
            self.violate(i, s, "sedma.misdeal", f"Misdeal: {'; '.join(bad)}; the deal is void and dealt again")
            self.void = True
            self.lax = True
            return
        if self.variant == "3p" and not self._find_soloist(i, ev, hands, stock):
            return
        self.known = hands
        self.held = [H] * self.n
        self.unseen = [H if h is None else 0 for h in hands]
        if self.soloist is not None and hands[self.soloist] is None:
            self.unseen[self.soloist] -= 1  # (the soloist card, known to be his)
        self.stock = stock
        self.stock_left = left
        self.has_stock = left > 0
        self.phase = PLAY
        self._new_trick((s + 1) % self.n)

    def _find_soloist(self, i, ev, hands, stock):
        """3p: who holds the soloist card (None: it lies in the stock); False (with an error) if the record
        does not tell."""
        K = self.cfg.soloist_card
        o = self.where.get(K)
        given = "soloist" in ev
        g = ev.get("soloist")
        if given and g is not None and not (g.__class__ is int and 0 <= g < self.n):
            self.error(i, "soloist", f"event {i}: 'soloist' must be the seat dealt {K} or null, not {describe(g)}")
            return False
        if o is None:
            if not given:
                self.error(
                    i,
                    "hands",
                    f"event {i}: a 3-player deal must show who was dealt {K} (the soloist's card): give that hand, "
                    f"or 'soloist' (the seat, or null if it lay in the stock)",
                )
                return False
            if g is None and not self.has_stock_size():
                self.error(i, "soloist", f"event {i}: {K} cannot lie in the stock: the whole pack is dealt")
                return False
            if g is not None and hands[g] is not None or g is None and stock is not None:
                self.error(i, "soloist", f"event {i}: 'soloist' says {K} was dealt to a hand that does not hold it")
                return False
            self.soloist = g
            if g is not None:
                self.where[K] = g  # (his hand is unknown: K is one of its cards)
            return True
        seat = None if o == STOCK else o
        if given and g != seat:
            self.error(i, "soloist", f"event {i}: 'soloist' is {describe(g)}, but the deal shows where {K} lay")
            return False
        self.soloist = seat
        return True

    def has_stock_size(self):
        return len(self.deck) > self.n * self.hsize

    def seventh(self, c):
        return " (that would be a fifth Seven)" if c[0] == "7" else ""

    # ------------------------------------------------------------------ tricks

    def _new_trick(self, leader):
        self.leader = leader
        self.plays = []
        self.rnd = []
        self.rnd_order = RING[self.n][(leader - 1) % self.n]
        self.rank = None
        self.pending = False

    def _play(self, i, ev):
        if not self.syntax(i, ev, "play"):
            return
        s = ev["seat"]
        c = CARD[ev["card"]]
        names = self.names
        if self.phase == PRE:
            return self.error(i, "action", f"event {i}: a card played before the deal")
        if self.phase == DONE:
            return self.error(i, "action", f"event {i}: {names[s]} plays {c} after every card was played")
        if c not in self.deck:
            return self.error(i, "card", f"event {i}: {c} is out of the pack in the 3-player game")
        if self.held[s] == 0:
            return self.error(i, "seat", f"event {i}: {names[s]} plays {c} but holds no card")
        o = self.where.get(c)
        if o != s and (o is not None or self.unseen[s] == 0):
            return self.never_held(i, s, c, o)
        if self.pending:
            if s == self.leader:
                self._continue(i, s, c, o)
                return
            self._end_trick()
            if self.phase == DONE:
                return self.error(i, "action", f"event {i}: {names[s]} plays {c} after every card was played")
        rnd = self.rnd
        for p in rnd:
            if p[0] == s:
                return self.error(
                    i, "seat", f"event {i}: {names[s]} plays {c}, but already played {p[1]} to this round of the trick"
                )
        if self.to_draw:
            self.violate(
                i,
                s,
                "sedma.out-of-turn",
                f"{names[s]} played {c} before the drawing was done ({names[self.to_draw[0]]} was to draw)",
            )
        else:
            expected = self.rnd_order[len(rnd)] if not rnd else self._next_in_round()
            if expected != s:
                self.violate(
                    i,
                    s,
                    "sedma.out-of-turn",
                    f"{names[s]} played {c} out of turn ({names[expected]} was to play); "
                    f"the cards are taken in proper order",
                )
        self._take(i, s, c, o)
        rnd.append((s, c, i))
        if len(rnd) == self.n:
            self._close_round()

    def _next_in_round(self):
        done = {p[0] for p in self.rnd}
        for x in self.rnd_order:
            if x not in done:
                return x
        return None

    def _take(self, i, s, c, o):
        """Seat s plays card c (where it was: o)."""
        if o != s:
            self.unseen[s] -= 1
        self.where[c] = PLAYED
        self.held[s] -= 1
        self.quiet = False

    def _continue(self, i, s, c, o):
        """The leader plays on: a card of the led rank or a Seven, else a losing continuation (it stays)."""
        R = self.rank
        if c[0] != R and c[0] != "7":
            self.violate(
                i,
                s,
                "sedma.losing-continuation",
                f"{self.names[s]} continued the trick with {c}, which is neither a {RANK_NAMES[R]} (the rank led) "
                f"nor a Seven; the card stays in the trick",
            )
        self.pending = False
        self._take(i, s, c, o)
        self.rnd = [(s, c, i)]

    def _close_round(self):
        pos = {x: k for k, x in enumerate(self.rnd_order)}
        rnd = sorted(self.rnd, key=lambda p: pos[p[0]])
        plays = self.plays
        plays.extend(rnd)
        self.rnd = []
        R = self.rank
        if R is None:
            R = self.rank = plays[0][1][0]
        L = self.leader
        w = self.winner()
        if not self.can_continue or self.same_side(w, L) or self.held[L] == 0:
            return self._end_trick(quiet=True)
        if self.unseen[L] == 0:
            where = self.where
            if not any(o == L and (c[0] == R or c[0] == "7") for c, o in where.items()):
                return self._end_trick(quiet=True)
        self.pending = True

    def winner(self):
        R = self.rank
        w = self.leader
        for s, c, _e in self.plays:
            if c[0] == R or c[0] == "7":
                w = s
        return w

    def same_side(self, a, b):
        if a == b:
            return True
        if self.variant == "4p":
            for side in sides_for("4p", self.number, self.cfg.rotate):
                if a in side and b in side:
                    return True
        return False

    def _end_trick(self, quiet=False):
        plays = self.plays
        w = self.winner()
        pts = points_of([c for s, c, e in plays])
        last = self.stock_left == 0 and not any(self.held)
        if last:
            pts += LAST
        self.tricks.append({"leader": self.leader, "plays": [[s, c] for s, c, e in plays], "winner": w, "points": pts})
        self.trick_events.append(plays[-1][2])
        self.won[w] += 1
        self.pending = False
        if last:
            self.phase = DONE
            self.rnd = []
            self.quiet = quiet
            return
        self._new_trick(w)
        self.quiet = quiet
        if self.stock_left:
            self.to_draw = self._draw_order(w)

    def _draw_order(self, w):
        n = self.n
        H = self.hsize
        counts = self.held[:]
        left = self.stock_left
        seq = []
        ring = RING[n][(w - 1) % n]
        while left:
            moved = False
            for k in ring:
                if left and counts[k] < H:
                    seq.append(k)
                    counts[k] += 1
                    left -= 1
                    moved = True
            if not moved:
                break
        return seq

    # ------------------------------------------------------------------ draws and passes

    def _draw(self, i, ev):
        if not self.syntax(i, ev, "draw"):
            return
        s = ev["seat"]
        c = ev.get("card")
        c = None if c is None else CARD[c]
        names = self.names
        if self.phase == PRE:
            return self.error(i, "action", f"event {i}: a draw before the deal")
        if not self.has_stock:
            return self.error(i, "action", f"event {i}: {names[s]} draws, but this deal has no stock")
        if c is not None:
            if c not in self.deck:
                return self.error(i, "card", f"event {i}: {c} is out of the pack in the 3-player game")
            stock = self.stock
            if stock is not None:
                if self.stock_left and stock[self.stock_pos] != c:
                    return self.error(
                        i,
                        "card",
                        f"event {i}: {names[s]} draws {c}, but the next card of the stock is {stock[self.stock_pos]}",
                    )
            elif c in self.where:
                return self.error(
                    i,
                    "card",
                    f"event {i}: {names[s]} draws {c}, a card known elsewhere{self.where_words(self.where[c])}",
                )
        if self.pending:
            self._end_trick()
        if self.stock_left == 0:
            return self.violate(i, s, "sedma.draw-empty-stock", f"{names[s]} drew with no stock left; nothing moves")
        if self.held[s] >= self.hsize:
            return self.violate(
                i,
                s,
                "sedma.overdraw",
                f"{names[s]} drew while holding {self.held[s]} cards already; the card goes back on the stock",
            )
        td = self.to_draw
        if self.rnd or self.plays or not td or td[0] != s:
            why = (
                "during a trick"
                if self.rnd or self.plays
                else f"{names[td[0]]} was to draw"
                if td
                else "nobody was to draw"
            )
            self.violate(
                i, s, "sedma.draw-out-of-turn", f"{names[s]} drew out of turn ({why}); the card counts as drawn"
            )
            if s in td:
                td.remove(s)
        else:
            td.pop(0)
        self.stock_left -= 1
        if len(td) > self.stock_left:
            del td[self.stock_left :]
        self.held[s] += 1
        self.quiet = False
        if self.stock is not None:
            c = self.stock[self.stock_pos]
        self.stock_pos += 1
        if c is None:
            self.unseen[s] += 1
        else:
            self.where[c] = s

    def _pass(self, i, ev):
        a = ev.get("action")
        if not self.syntax(i, ev, a):
            return
        s = ev["seat"]
        names = self.names
        if self.phase == PRE:
            return self.error(i, "action", f"event {i}: a {a} before the deal")
        if a == "pass" and self.variant != "2p":
            return self.error(i, "action", f"event {i}: 'pass' belongs to the 2-player game; here use end_trick")
        if a == "end_trick" and not (self.variant == "4p" and self.cfg.continue_trick):
            return self.error(i, "action", f"event {i}: 'end_trick' belongs to the 4-player game with continue_trick")
        if self.pending:
            if s == self.leader:
                return self._end_trick()
            return self.violate(
                i,
                s,
                "sedma.out-of-turn",
                f"{names[s]} ended the trick, but it was {names[self.leader]}'s to continue or not; nothing changes",
            )
        if self.quiet:
            return  # right after a trick that ended by itself: nothing changes
        self.error(i, "action", f"event {i}: {names[s]} says {a}, but no trick waits for its leader to decide")

    def where_words(self, o):
        if o == STOCK:
            return " (it is in the stock)"
        if o == GONE:
            return ""
        return TrickTable.where_words(self, o)

    def never_held(self, i, s, c, o):
        if o == PLAYED:
            return self.error(
                i, "card", f"event {i}: {self.names[s]} plays {c}, which was already played{self.seventh(c)}"
            )
        if o is None:
            hand = sorted((x for x, k in self.where.items() if k == s), key=card_sort)
            return self.error(
                i,
                "card",
                f"event {i}: {self.names[s]} plays {c}, a card he was never given (he holds {' '.join(hand) or 'nothing known'})",
            )
        return self.error(
            i, "card", f"event {i}: {self.names[s]} plays {c}, a card he was never given{self.where_words(o)}"
        )

    def f_soloist(self, i, ev, key):
        v = ev.get(key)
        if v is None or v.__class__ is int and 0 <= v < self.n:
            return v
        self.error(i, key, f"event {i} (deal): '{key}' must be a seat number or null, not {describe(v)}")
        return None

    # ------------------------------------------------------------------ what may come next

    def legal(self):
        if self.void or self.phase == DONE:
            return None, []
        d = self.dealer
        if self.phase == PRE:
            return d, [{"action": "deal", "seat": d}]
        td = self.to_draw
        if td and not self.pending:
            return td[0], [{"action": "draw", "seat": td[0], "cards": self._next_stock()}]
        if self.pending:
            L = self.leader
            R = self.rank
            w = self.winner()
            end = "pass" if self.variant == "2p" else "end_trick"
            cards = self.playable(L)
            opts = [
                {
                    "action": "play",
                    "seat": L,
                    "cards": None if cards is None else [c for c in cards if c[0] in (R, "7")],
                },
                {"action": end, "seat": L},
            ]
            if self.stock_left:
                opts.append({"action": "draw", "seat": w, "cards": self._next_stock()})
            else:
                opts.append({"action": "play", "seat": w, "cards": self.playable(w)})
            return L, opts
        s = self._next_in_round()
        return s, [{"action": "play", "seat": s, "cards": self.playable(s)}]

    def _next_stock(self):
        if self.stock is None:
            return None
        return [self.stock[self.stock_pos]]

    def playable(self, s, sort_key=card_sort):
        """The cards seat s may play: those he holds, and any card not yet seen while he holds unseen ones."""
        where = self.where
        out = [c for c, o in where.items() if o == s]
        if self.unseen[s]:
            out += [c for c in self.deck if c not in where]
        return sorted(out, key=sort_key)


Sedma.HANDLERS = {
    "deal": Sedma._deal,
    "play": Sedma._play,
    "draw": Sedma._draw,
    "pass": Sedma._pass,
    "end_trick": Sedma._pass,
}
_READERS = {
    ("seat", False): Sedma.f_seat,
    ("card", True): Sedma.f_card_opt,
    ("card", False): Sedma.f_card,
    ("cards", True): Sedma.f_cards_opt,
    ("hands", False): Sedma.f_hands,
    ("seat", True): Sedma.f_soloist,
}
Sedma.FIELDS = {
    a: tuple((name, _READERS[kind, null]) for name, kind, null in fields) for a, (_, fields) in EVENTS.items()
}
Table = Sedma
