"""The rummy deal: the hands and the row dealt (each hand shown, or every hand null for the paper way), and the
paper way itself (a hand given only by its points)."""

from ...record import describe
from .rules import CARD, DECK_TEXT, DONE, HAND, PAPER, PLAY, PRE, STOCK
from .said import _, ngettext


class Dealing:
    """Mixin of the rummy table: the deal and the paper way."""

    __slots__ = ()

    def _deal(self, i, ev):
        plain = self._plain_deal(ev)
        if not plain and not self.syntax(i, ev, "deal"):
            return
        names = self.names
        s = ev["seat"]
        if not self.may_deal(i, s, self.phase != PRE):
            return
        stock = ev.get("stock")
        if plain:  # (every card written as the pack writes it: the lists are only read)
            hands = ev["hands"]
        else:
            hands = [None if h is None else [CARD[c] for c in h] for h in ev["hands"]]
            stock = None if stock is None else [CARD[c] for c in stock]
        self.deal_event = i
        if all(h is None for h in hands):
            self.phase = PAPER
            return
        # A hand left null (nobody saw it) holds five cards the record does not name (`unseen`); its plays name
        # them as they come, and the score works out what is left (Scoring.left_in_hand).
        where = self.where
        total = 0
        for k, h in enumerate(hands):
            if h is None:
                self.unseen[k] = HAND
                continue
            where.update(dict.fromkeys(h, k))
            total += len(h)
        if stock is not None:
            where.update(dict.fromkeys(stock, STOCK))
            total += len(stock)
        if len(where) != total:  # a card twice: find it, in order, for the words
            where.clear()
            for key, place, cs in [("hands", k, h or []) for k, h in enumerate(hands)] + [
                ("stock", STOCK, stock or [])
            ]:
                for c in cs:
                    if c in where:
                        return self.error(i, key, _("event {i}: {card} is dealt twice").format(i=i, card=c))
                    where[c] = place
        bad = [
            ngettext("{who} was dealt {n} cards, not {size}", "{who} was dealt {n} cards, not {size}", len(h)).format(
                who=names[k], n=len(h), size=HAND
            )
            for k, h in enumerate(hands)
            if h is not None and len(h) != HAND
        ]
        left = len(DECK_TEXT) - HAND * self.n
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
                "rummy.misdeal",
                _("Misdeal: {problems}; the hand is void and dealt again").format(problems="; ".join(bad)),
            )
            self.void = True
            self.lax = True
            return
        for k, h in enumerate(hands):
            if h is not None:
                self.hands[k] = set(h)
        self.stock = stock
        self.stock_left = left
        self.phase = PLAY

    def _plain_deal(self, ev):
        """A deal whose fields are plainly right (cards as "TH", each hand a list or null): no need to read them."""
        s = ev.get("seat")
        hands = ev.get("hands")
        stock = ev.get("stock")
        if not (s.__class__ is int and 0 <= s < self.n and hands.__class__ is list and len(hands) == self.n):
            return False
        try:
            for h in hands:
                if h is not None and (h.__class__ is not list or not DECK_TEXT.issuperset(h)):
                    return False
            if stock is not None and (stock.__class__ is not list or not DECK_TEXT.issuperset(stock)):
                return False
        except TypeError:  # (an unhashable "card")
            return False
        return True

    def _points(self, i, ev):
        """The paper way: each player's points for the hand and who went out."""
        if not self.syntax(i, ev, "points"):
            return
        pts = ev["points"]
        if self.phase != PAPER:
            return self.error(
                i,
                "action",
                _("event {i}: points on paper belong after a deal with every hand null, and once").format(i=i)
                if self.phase == DONE
                else _(
                    "event {i}: points on paper belong after a deal with every hand null; this hand is written card "
                    "by card"
                ).format(i=i),
            )
        if len(pts) != self.n or any(abs(p) > 1000 for p in pts):
            return self.error(
                i,
                "points",
                _("event {i}: 'points' must give each of the {n} players a number of points, not {points}").format(
                    i=i, n=self.n, points=pts
                ),
            )
        self.paper = list(pts)
        self.paper_out = ev.get("out")
        self.phase = DONE
        self.end_event = i

    def f_points(self, i, ev, key):
        v = ev.get(key)
        if v.__class__ is list and all(x.__class__ is int for x in v):
            return v
        self.error(
            i,
            key,
            _("event {i} (points): '{key}' must list each player's points, e.g. [45, -12], not {what}").format(
                i=i, key=key, what=describe(v)
            ),
        )
        return None

    def f_number(self, i, ev, key):
        v = ev.get(key)
        if v.__class__ is int and v >= 0:
            return v
        self.error(
            i,
            key,
            _("event {i} ({action}): '{key}' must be a meld's number (0 or more), not {what}").format(
                i=i, action=ev.get("action"), key=key, what=describe(v)
            ),
        )
        return None

    def f_out(self, i, ev, key):
        v = ev.get(key)
        if v is None or v.__class__ is int and 0 <= v < self.n:
            return v
        self.error(
            i,
            key,
            _("event {i} (points): '{key}' must be the seat that went out, or null, not {what}").format(
                i=i, key=key, what=describe(v)
            ),
        )
        return None
