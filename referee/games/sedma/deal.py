"""Sedma's deal: the cards dealt (each hand shown or not, the stock recorded or not), the 3-player soloist, and
the paper way (a deal given only by the points each side took)."""

from ...record import describe
from .rules import CARD, DECK_TEXT
from .said import _, ngettext

STOCK = -5  # where a card lies in the recorded stock
PRE, PLAY, DONE = 0, 4, 5  # the deal's phases (PLAY and DONE as in tricks.py)


class Dealing:
    """Mixin of Sedma's table: the deal and the paper way."""

    __slots__ = ()

    def _deal(self, i, ev):
        plain = self._plain_deal(ev)
        if plain is None and not self.syntax(i, ev, "deal"):
            return
        names = self.names
        s = ev["seat"]
        if not self.may_deal(i, s, self.phase != PRE, "deal"):
            return
        stock = ev.get("stock")
        deck = self.deck
        if plain is not None:  # (every card written as the deck writes it: the cards' places are read already)
            hands = ev["hands"]
            where, total = plain
            self.where = where
        else:
            hands = [None if h is None else [CARD[c] for c in h] for h in ev["hands"]]
            stock = None if stock is None else [CARD[c] for c in stock]
            where = self.where
            total = 0
            k = 0
            for h in hands:
                if h is not None:
                    where.update(dict.fromkeys(h, k))
                    total += len(h)
                k += 1
            if stock is not None:
                where.update(dict.fromkeys(stock, STOCK))
                total += len(stock)
        if len(where) != total or (self.variant == "3p" and not where.keys() <= deck):
            where.clear()  # a card twice or out of the pack: find it, in order, for the words
            for key, k, cs in [("hands", s2, h) for s2, h in enumerate(hands)] + [("stock", STOCK, stock)]:
                if cs is None:
                    continue
                for c in cs:
                    if c not in deck:
                        return self.error(
                            i, key, _("event {i}: {card} is out of the pack in the 3-player game").format(i=i, card=c)
                        )
                    if c in where:
                        return self.error(
                            i, key, _("event {i}: {card} is dealt twice{why}").format(i=i, card=c, why=self.seventh(c))
                        )
                    where[c] = k
        H = self.hsize
        self.deal_event = i
        bad = [
            ngettext("{who} was dealt {n} cards, not {size}", "{who} was dealt {n} cards, not {size}", len(h)).format(
                who=names[k], n=len(h), size=H
            )
            for k, h in enumerate(hands)
            if h is not None and len(h) != H
        ]
        left = len(deck) - self.n * H
        if stock is not None and len(stock) != left:
            bad.append(
                ngettext(
                    "the stock holds {n} cards, not {size}", "the stock holds {n} cards, not {size}", len(stock)
                ).format(n=len(stock), size=left)
            )
        if bad:
            self.violate(
                i,
                s,
                "sedma.misdeal",
                _("Misdeal: {problems}; the deal is void and dealt again").format(problems="; ".join(bad)),
            )
            self.void = True
            self.lax = True
            return
        if self.variant == "3p" and not self._find_soloist(i, ev, hands, stock):
            return
        self.known = hands
        self.held = [H] * self.n
        if None in hands:  # (else each seat's unseen count stays 0)
            self.unseen = [H if h is None else 0 for h in hands]
        if self.soloist is not None and hands[self.soloist] is None:
            self.unseen[self.soloist] -= 1  # (the soloist card, known to be his)
        self.stock = stock
        self.stock_left = left
        self.has_stock = left > 0
        self.phase = PLAY
        self._new_trick((s + 1) % self.n)

    def _plain_deal(self, ev):
        """A deal whose fields are plainly right (cards as "TH", each hand a list or null): (where each card lies,
        how many were dealt), read in one pass; None for anything else (the fields are then read one by one)."""
        s = ev.get("seat")
        hands = ev.get("hands")
        stock = ev.get("stock")
        n = self.n
        if not (s.__class__ is int and 0 <= s < n and hands.__class__ is list and len(hands) == n):
            return None
        g = ev.get("soloist")
        if not (g is None or g.__class__ is int and 0 <= g < n):
            return None
        where = {}
        total = 0
        k = 0
        try:
            for h in hands:
                if h is not None:
                    if h.__class__ is not list:
                        return None
                    for c in h:  # (a loop: half the cost of dict.fromkeys and a merge)
                        where[c] = k
                    total += len(h)
                k += 1
            if stock is not None:
                if stock.__class__ is not list:
                    return None
                for c in stock:
                    where[c] = STOCK
                total += len(stock)
        except TypeError:  # (an unhashable "card")
            return None
        return (where, total) if where.keys() <= DECK_TEXT else None

    def _find_soloist(self, i, ev, hands, stock):
        """3p: who holds the soloist card (None: it lies in the stock); False (with an error) if the record
        does not tell."""
        K = self.cfg.soloist_card
        o = self.where.get(K)
        given = "soloist" in ev
        g = ev.get("soloist")
        if given and g is not None and not (g.__class__ is int and 0 <= g < self.n):
            self.error(
                i,
                "soloist",
                _("event {i}: 'soloist' must be the seat dealt {card} or null, not {what}").format(
                    i=i, card=K, what=describe(g)
                ),
            )
            return False
        if o is None:
            if not given:
                self.error(
                    i,
                    "hands",
                    _(
                        "event {i}: a 3-player deal must show who was dealt {card} (the soloist's card): give that "
                        "hand, or 'soloist' (the seat, or null if it lay in the stock)"
                    ).format(i=i, card=K),
                )
                return False
            if g is None and not self.has_stock_size():
                self.error(
                    i,
                    "soloist",
                    _("event {i}: {card} cannot lie in the stock: the whole pack is dealt").format(i=i, card=K),
                )
                return False
            if g is not None and hands[g] is not None or g is None and stock is not None:
                self.error(
                    i,
                    "soloist",
                    _("event {i}: 'soloist' says {card} was dealt to a hand that does not hold it").format(i=i, card=K),
                )
                return False
            self.soloist = g
            if g is not None:
                self.where[K] = g  # (his hand is unknown: K is one of its cards)
            return True
        seat = None if o == STOCK else o
        if given and g != seat:
            self.error(
                i,
                "soloist",
                _("event {i}: 'soloist' is {what}, but the deal shows where {card} lay").format(
                    i=i, what=describe(g), card=K
                ),
            )
            return False
        self.soloist = seat
        return True

    def has_stock_size(self):
        return len(self.deck) > self.n * self.hsize

    def seventh(self, c):
        return _(" (that would be a fifth Seven)") if c[0] == "7" else ""

    def f_soloist(self, i, ev, key):
        v = ev.get(key)
        if v is None or v.__class__ is int and 0 <= v < self.n:
            return v
        self.error(
            i,
            key,
            _("event {i} (deal): '{key}' must be a seat number or null, not {what}").format(
                i=i, key=key, what=describe(v)
            ),
        )
        return None

    def _points(self, i, ev):
        """The paper way: the deal given only by the points each side took (no card played). House rule: an
        action of this referee's own, for a score sheet kept on paper."""
        if not self.syntax(i, ev, "points"):
            return
        pts = ev["points"]
        if self.phase == PRE:
            return self.error(i, "action", _("event {i}: points before the deal").format(i=i))
        if self.tricks or self.plays or self.rnd or self.stock_pos or self.paper is not None:
            return self.error(
                i,
                "action",
                _("event {i}: points on paper after the deal was played or scored; give one or the other").format(i=i),
            )
        k = 3 if self.variant == "3p" and self.soloist is None else 2
        if len(pts) != k or any(p % 10 or not 0 <= p <= 90 for p in pts) or sum(pts) != 90:
            return self.error(
                i,
                "points",
                _(
                    "event {i}: 'points' must give each of the {k} sides its points, in tens, together 90, not {points}"
                ).format(i=i, k=k, points=pts),
            )
        self.paper = list(pts)
        self.phase = DONE

    def f_points(self, i, ev, key):
        v = ev.get(key)
        if v.__class__ is list and all(x.__class__ is int for x in v):
            return v
        self.error(
            i,
            key,
            _("event {i} (points): '{key}' must list each side's points, e.g. [60, 30], not {what}").format(
                i=i, key=key, what=describe(v)
            ),
        )
        return None
