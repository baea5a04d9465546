"""What may come next at a rummy table (legal/1): whose turn it is and what he may do, for the hand-entry page.

The options name what gives no violation: the draw (the recorded stock's top card, or any card not seen), the row
cards he could use at once if he took them, the melds his hand makes, the lay-offs that fit a meld on the table, and
his discards (none while a card he took is unused: a discard then costs him the take).
"""

from .rules import DECK_TEXT, DONE, MELD, PAPER, PRE, card_sort, meld_kind


class Legal:
    """Mixin of the rummy table: legal()."""

    __slots__ = ()

    def legal(self):
        if self.void or self.phase == DONE:
            return None, []
        if self.phase == PRE:
            return self.dealer, [{"action": "deal", "seat": self.dealer}]
        if self.phase == PAPER:
            return None, [{"action": "points"}]
        s = self.cur
        top = None if self.stock is None or not self.stock_left else [self.stock[self.stock_pos]]
        if self.stock_left and not self.begun:
            return s, [{"action": "draw", "seat": s, "cards": top}]
        hand = sorted(self.hands[s] | self.unplaced() if self.unseen[s] else self.hands[s], key=card_sort)
        wrap = self.cfg.wrap
        opts = []
        if self.stock_left and not self.drew:  # (he began without drawing: the draw may still come)
            opts.append({"action": "draw", "seat": s, "cards": top})
        usable = [c for c in self.row if self.usable(s, c)]
        if usable:
            opts.append({"action": "take", "seat": s, "cards": usable})
        melds = possible_melds(hand, wrap)
        if melds:
            opts.append({"action": "meld", "seat": s, "cards": hand, "melds": melds})
        offs = {}
        for k, (_o, _kind, cards) in enumerate(self.melds):
            fit = [c for c in hand if meld_kind(cards + [c], wrap)]
            if fit:
                offs[k] = fit
        if offs:
            opts.append({"action": "layoff", "seat": s, "cards": hand, "melds": offs})
        if all(self.where[chosen] == MELD for chosen, _ in self.takes):
            opts.append({"action": "discard", "seat": s, "cards": hand})
        else:  # (a discard now costs him the unused take: no card may be discarded without a violation)
            opts.append({"action": "discard", "seat": s, "cards": [], "unused": [c for c, _ in self.takes]})
        return s, opts

    def unplaced(self):
        """The cards the record has not placed: in a hand nobody saw, or in a stock not recorded."""
        where = self.where
        return {c for c in DECK_TEXT if c not in where}

    def usable(self, s, c):
        """Whether seat s, taking c from the row (with every card after it), could use c at once."""
        row = self.row
        wrap = self.cfg.wrap
        pool = sorted(self.hands[s].union(row[row.index(c) :]), key=card_sort)
        for _o, _kind, cards in self.melds:
            if meld_kind(cards + [c], wrap):
                return True
        return any(c in m for m in possible_melds(pool, wrap))


def possible_melds(hand, wrap):
    """Every set of three or four and every run of three that the cards make (the smallest melds; a longer run is
    built from them by lay-offs or named whole)."""
    out = []
    by_rank = {}
    by_suit = {}
    for c in hand:
        by_rank.setdefault(c[0], []).append(c)
        by_suit.setdefault(c[1], []).append(c)
    for cs in by_rank.values():
        if len(cs) >= 3:
            out.append(cs[:])
    for cs in by_suit.values():
        m = len(cs)
        if m >= 3:
            for a in range(m):
                for b in range(a + 1, m):
                    for d in range(b + 1, m):
                        trio = [cs[a], cs[b], cs[d]]
                        got = meld_kind(trio, wrap)
                        if got:
                            out.append(got[1])
    return out
