"""Sedma's stock: who draws after a trick, in what order, and the draws themselves."""

from .deal import PRE
from .rules import CARD, DECK_TEXT, card_sort
from .said import _, ngettext


def draw_order(ring, held, left, hand_size):
    """Who draws after a trick, in order: round the table from the winner (`ring`: the seats in turn from him),
    one card each while he holds fewer than the hand size, round after round, while the stock (`left` cards)
    lasts. `held`: the cards each seat holds."""
    counts = list(held)
    seq = []
    while left:
        moved = False
        for k in ring:
            if left and counts[k] < hand_size:
                seq.append(k)
                counts[k] += 1
                left -= 1
                moved = True
        if not moved:
            break
    return seq


class Drawing:
    """Mixin of Sedma's table: the draws from the stock."""

    __slots__ = ()

    def _draws(self, w):
        """The order of the draws after a trick won by w."""
        return draw_order(self.orders[w], self.held, self.stock_left, self.hsize)

    def _draw(self, i, ev):
        s = ev.get("seat")
        c = ev.get("card")
        if not (s.__class__ is int and 0 <= s < self.n and (c is None or c.__class__ is str and c in DECK_TEXT)):
            if not self.syntax(i, ev, "draw"):
                return
            c = None if c is None else CARD[c]
        names = self.names
        if self.phase == PRE:
            return self.error(i, "action", _("event {i}: a draw before the deal").format(i=i))
        if not self.has_stock:
            return self.error(
                i, "action", _("event {i}: {who} draws, but this deal has no stock").format(i=i, who=names[s])
            )
        if c is not None:
            if c not in self.deck:
                return self.error(
                    i, "card", _("event {i}: {card} is out of the pack in the 3-player game").format(i=i, card=c)
                )
            stock = self.stock
            if stock is not None:
                if self.stock_left and stock[self.stock_pos] != c:
                    return self.error(
                        i,
                        "card",
                        _("event {i}: {who} draws {card}, but the next card of the stock is {next}").format(
                            i=i, who=names[s], card=c, next=stock[self.stock_pos]
                        ),
                    )
            elif c in self.where:
                return self.error(
                    i,
                    "card",
                    _("event {i}: {who} draws {card}, a card known elsewhere{where}").format(
                        i=i, who=names[s], card=c, where=self.where_words(self.where[c])
                    ),
                )
        if self.pending:
            self._end_trick()
        if self.stock_left == 0:
            return self.violate(
                i, s, "sedma.draw-empty-stock", _("{who} drew with no stock left; nothing moves").format(who=names[s])
            )
        if self.held[s] >= self.hsize:
            return self.violate(
                i,
                s,
                "sedma.overdraw",
                ngettext(
                    "{who} drew while holding {n} cards already; the card goes back on the stock",
                    "{who} drew while holding {n} cards already; the card goes back on the stock",
                    self.held[s],
                ).format(who=names[s], n=self.held[s]),
            )
        td = self.to_draw
        if self.rnd or self.plays or not td or td[0] != s:
            why = (
                _("during a trick")
                if self.rnd or self.plays
                else _("{who} was to draw").format(who=names[td[0]])
                if td
                else _("nobody was to draw")
            )
            self.violate(
                i,
                s,
                "sedma.draw-out-of-turn",
                _("{who} drew out of turn ({why}); the card counts as drawn").format(who=names[s], why=why),
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

    def _next_stock(self):
        """The card a draw may name: the stock's next card, or any card not yet seen when the stock was not
        recorded (a draw may also leave the card out: null)."""
        if self.stock is None:
            where = self.where
            return sorted((c for c in self.deck if c not in where), key=card_sort)
        return [self.stock[self.stock_pos]]
