"""What may come next at a Sedma table: who acts, and which actions and cards."""

from .deal import DONE, PRE
from .rules import card_sort


class Legal:
    """Mixin of Sedma's table: `legal()` and the cards a seat may play."""

    __slots__ = ()

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

    def playable(self, s, sort_key=card_sort):
        """The cards seat s may play: those he holds, and any card not yet seen while he holds unseen ones."""
        where = self.where
        out = [c for c, o in where.items() if o == s]
        if self.unseen[s]:
            out += [c for c in self.deck if c not in where]
        return sorted(out, key=sort_key)
