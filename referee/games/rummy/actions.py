"""The actions of a rummy turn, once the turn is found to be his: a draw, a take from the row, melds, lay-offs
and the discard (a second discard included), and where a card lies in words."""

from .rules import CARD, MELD, ROW, STOCK, meld_kind, points_of

PLACE = {STOCK: "in the stock", ROW: "in the row", MELD: "on the table in a meld"}


class Actions:
    """Mixin of the rummy table: each action of a turn."""

    __slots__ = ()

    def _draw(self, i, s, ev):
        names = self.names
        c = ev.get("card")
        if c is not None:
            c = CARD[c]
        if self.stock_left == 0:
            return self.error(i, "action", f"event {i}: {names[s]} draws, but the stock is empty")
        stock = self.stock
        if stock is not None:
            top = stock[self.stock_pos]
            if c is not None and c != top:
                return self.error(i, "card", f"event {i}: {names[s]} draws {c}, but the top of the stock is {top}")
            c = top
        elif c is None:
            self.unseen[s] += 1  # a card nobody saw, off a stock the record does not give
        elif c in self.where:
            return self.error(i, "card", f"event {i}: {names[s]} draws {c}, but it is {self.place(c)}")
        if self.drew:
            self.violate(i, s, "rummy.second-draw", f"{names[s]} drew a second time this turn; {names[s]} keeps {c}")
        self.drew = True
        self.stock_pos += 1
        self.stock_left -= 1
        if c is not None:
            self.hands[s].add(c)
            self.where[c] = s

    def _take(self, i, s, ev):
        c = CARD[ev["card"]]
        if self.where.get(c) != ROW:
            row = " ".join(self.row) or "nothing"
            return self.error(
                i, "card", f"event {i}: {self.names[s]} takes {c}, which is not in the row (the row holds {row})"
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
            self.error(i, "cards", f"event {i}: a card is named twice in {' '.join(cards)}")
            return None
        hand = self.hands[s]
        unnamed = [c for c in cards if c not in hand]
        for c in unnamed:
            if self.where.get(c) is not None or len(unnamed) > self.unseen[s]:
                self.error(i, "cards", f"event {i}: {self.names[s]} lays {c}, but it is {self.place(c)}")
                return None
        for c in unnamed:
            self.reveal(s, c)
        if not cards:
            self.error(i, "cards", f"event {i}: '{ev['action']}' names no card")
            return None
        return cards

    def _meld(self, i, s, ev):
        cards = self._cards(i, s, ev)
        if cards is None:
            return
        got = meld_kind(cards, self.cfg.wrap)
        if got is None:
            return self.violate(
                i, s, "rummy.bad-meld", f"{self.names[s]} laid {' '.join(cards)}, which is no set or run; taken back"
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
                f"event {i}: a lay-off on meld {k}, but "
                + (f"only {m} meld(s) are on the table (0 to {m - 1})" if m else "no meld is on the table"),
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
                f"{self.names[s]} laid {' '.join(cards)} off on meld {k} ({' '.join(meld[2])}), which then is no set "
                f"or run; taken back",
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
            return self.error(i, "card", f"event {i}: {self.names[s]} discards {c}, but it is {self.place(c)}")
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
            return self.error(i, "card", f"event {i}: {self.names[s]} discards {c}, but it is {self.place(c)}")
        self.violate(
            i, s, "rummy.second-discard", f"{self.names[s]} discarded a second time ({c}); it stays in the row"
        )
        hand.discard(c)
        self.row.append(c)
        self.laid_by[c] = s
        self.where[c] = ROW
        if not hand and not self.unseen[s]:
            self._end(i, s)

    def place(self, c):
        o = self.where.get(c)
        if o is None:
            hidden = any(self.unseen)
            if self.stock is None:
                return "in the stock or a hand nobody saw" if hidden else "in the stock"
            return "in a hand nobody saw" if hidden else "not dealt"
        if o >= 0:
            return f"in {self.names[o]}'s hand"
        return PLACE[o]
