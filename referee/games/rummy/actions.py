"""The actions of a rummy turn, once the turn is found to be his: a draw, a take from the row, melds, lay-offs
and the discard (a second discard included), and where a card lies in words."""

from .rules import CARD, MELD, ROW, STOCK, meld_kind, points_of
from .said import _, ngettext


class Actions:
    """Mixin of the rummy table: each action of a turn."""

    __slots__ = ()

    def _draw(self, i, s, ev):
        names = self.names
        c = ev.get("card")
        if c is not None:
            c = CARD[c]
        if self.stock_left == 0:
            return self.error(
                i, "action", _("event {i}: {who} draws, but the stock is empty").format(i=i, who=names[s])
            )
        stock = self.stock
        if stock is not None:
            top = stock[self.stock_pos]
            if c is not None and c != top:
                return self.error(
                    i,
                    "card",
                    _("event {i}: {who} draws {card}, but the top of the stock is {top}").format(
                        i=i, who=names[s], card=c, top=top
                    ),
                )
            c = top
        elif c is None:
            self.unseen[s] += 1  # a card nobody saw, off a stock the record does not give
        elif c in self.where:
            return self.error(
                i,
                "card",
                _("event {i}: {who} draws {card}, but it is {where}").format(
                    i=i, who=names[s], card=c, where=self.place(c)
                ),
            )
        if self.drew:
            self.violate(
                i,
                s,
                "rummy.second-draw",
                _("{who} drew a second time this turn; {who} keeps {card}").format(who=names[s], card=c),
            )
        self.drew = True
        self.stock_pos += 1
        self.stock_left -= 1
        if c is not None:
            self.hands[s].add(c)
            self.where[c] = s

    def _take(self, i, s, ev):
        c = CARD[ev["card"]]
        if self.where.get(c) != ROW:
            row = " ".join(self.row) or _("nothing")
            return self.error(
                i,
                "card",
                _("event {i}: {who} takes {card}, which is not in the row (the row holds {row})").format(
                    i=i, who=self.names[s], card=c, row=row
                ),
            )
        row = self.row
        if not self.takes:
            self.row0 = row[:]
        k = row.index(c)
        cards = row[k:]
        del row[k:]
        hand = self.hands[s]
        for x in cards:
            self.where[x] = s
            hand.add(x)
        self.takes.append((c, cards))

    def _cards(self, i, s, ev):
        """The event's cards, each held by s once; None (with an error) otherwise."""
        cards = [CARD[c] for c in ev["cards"]]
        if len(set(cards)) != len(cards):
            self.error(i, "cards", _("event {i}: a card is named twice in {cards}").format(i=i, cards=" ".join(cards)))
            return None
        hand = self.hands[s]
        unnamed = [c for c in cards if c not in hand]
        for c in unnamed:
            if self.where.get(c) is not None or len(unnamed) > self.unseen[s]:
                self.error(
                    i,
                    "cards",
                    _("event {i}: {who} lays {card}, but it is {where}").format(
                        i=i, who=self.names[s], card=c, where=self.place(c)
                    ),
                )
                return None
        for c in unnamed:
            self.reveal(s, c)
        if not cards:
            self.error(i, "cards", _("event {i}: '{action}' names no card").format(i=i, action=ev["action"]))
            return None
        return cards

    def _meld(self, i, s, ev):
        cards = self._cards(i, s, ev)
        if cards is None:
            return
        got = meld_kind(cards, self.cfg.wrap)
        if got is None:
            return self.violate(
                i,
                s,
                "rummy.bad-meld",
                _("{who} laid {cards}, which is no set or run; taken back").format(
                    who=self.names[s], cards=" ".join(cards)
                ),
            )
        self.melds.append([s, got[0], got[1]])
        self._lay(i, s, cards)

    def _layoff(self, i, s, ev):
        k = ev["meld"]
        m = len(self.melds)
        if k >= m:
            return self.error(
                i,
                "meld",
                ngettext(
                    "event {i}: a lay-off on meld {k}, but only {m} meld(s) are on the table (0 to {top})",
                    "event {i}: a lay-off on meld {k}, but only {m} meld(s) are on the table (0 to {top})",
                    m,
                ).format(i=i, k=k, m=m, top=m - 1)
                if m
                else _("event {i}: a lay-off on meld {k}, but no meld is on the table").format(i=i, k=k),
            )
        cards = self._cards(i, s, ev)
        if cards is None:
            return
        meld = self.melds[k]
        got = meld_kind(meld[2] + cards, self.cfg.wrap)
        if got is None:
            return self.violate(
                i,
                s,
                "rummy.bad-meld",
                _("{who} laid {cards} off on meld {k} ({meld}), which then is no set or run; taken back").format(
                    who=self.names[s], cards=" ".join(cards), k=k, meld=" ".join(meld[2])
                ),
            )
        meld[1], meld[2] = got
        self.offs.append((s, k, cards))
        self._lay(i, s, cards)

    def _lay(self, i, s, cards):
        hand = self.hands[s]
        where = self.where
        for c in cards:
            hand.discard(c)
            where[c] = MELD
        self.melded[s] += points_of(cards)
        self.laid = True
        if not hand and not self.unseen[s]:
            self._close_turn(i)
            self._end(i, s)

    def reveal(self, s, c):
        """Seat s plays c, one of the cards he holds that the record did not name: now it is named."""
        self.unseen[s] -= 1
        self.hands[s].add(c)
        self.where[c] = s

    def holds(self, s, c):
        """Whether s may hold c: named in his hand, or one of his unnamed cards (then it is named now)."""
        if c in self.hands[s]:
            return True
        if self.unseen[s] and self.where.get(c) is None:
            self.reveal(s, c)
            return True
        return False

    def _discard(self, i, s, ev):
        c = CARD[ev["card"]]
        hand = self.hands[s]
        if not self.holds(s, c):
            return self.error(i, "card", self._not_held(i, s, c))
        self._close_turn(i, c)
        hand.discard(c)
        self.row.append(c)
        self.laid_by[c] = s
        self.where[c] = ROW
        if not hand and not self.unseen[s]:
            return self._end(i, s)
        if self.cfg.dry_round_ends and self.dry >= self.n:
            return self._end(i, None)
        self.cur = (s + 1) % self.n
        self.last_disc = s

    def _second_discard(self, i, s, c):
        hand = self.hands[s]
        if not self.holds(s, c):
            return self.error(i, "card", self._not_held(i, s, c))
        self.violate(
            i,
            s,
            "rummy.second-discard",
            _("{who} discarded a second time ({card}); it stays in the row").format(who=self.names[s], card=c),
        )
        hand.discard(c)
        self.row.append(c)
        self.laid_by[c] = s
        self.where[c] = ROW
        if not hand and not self.unseen[s]:
            self._end(i, s)

    def _not_held(self, i, s, c):
        return _("event {i}: {who} discards {card}, but it is {where}").format(
            i=i, who=self.names[s], card=c, where=self.place(c)
        )

    def place(self, c):
        o = self.where.get(c)
        if o is None:
            hidden = any(self.unseen)
            if self.stock is None:
                return _("in the stock or a hand nobody saw") if hidden else _("in the stock")
            return _("in a hand nobody saw") if hidden else _("not dealt")
        if o >= 0:
            return _("in {who}'s hand").format(who=self.names[o])
        if o == STOCK:
            return _("in the stock")
        if o == ROW:
            return _("in the row")
        return _("on the table in a meld")
