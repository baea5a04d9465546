"""The open variant's exchanges and passes (seka.md, "Variant open"): a mixin of Seka's table."""

from .rules import BET, CARD, EXCHANGE, LAST, PHASE_WORDS, PRE, SHOW


class Exchanges:
    """Mixin of Seka's table (its state is the table's)."""

    __slots__ = ()

    # ------------------------------------------------------------------ the open variant's exchanges

    def _exchange(self, i, ev):
        if not self.syntax(i, ev, "exchange"):
            return
        s, give, take = ev["seat"], [CARD[c] for c in ev["give"]], [CARD[c] for c in ev["take"]]
        who = self._who(s)
        if not self.open:
            self.error(i, "action", f"event {i} (exchange): only the open variant has exchanges")
            return
        if self.phase == PRE or self.phase >= SHOW:
            self.error(i, "action", f"event {i} (exchange): no exchange {PHASE_WORDS[self.phase]}")
            return
        if not self._seated(i, s, "exchange"):
            return
        if len(give) != len(take) or not give or len(give) > 3:
            self.error(
                i,
                "give",
                f"event {i} (exchange): one card for one, or three for three, not {len(give)} for {len(take)}",
            )
            return
        if len(set(give)) != len(give) or len(set(take)) != len(take):
            self.error(i, "give", f"event {i} (exchange): a card named twice")
            return
        hand = self.hands[s]
        if hand is not None and any(c not in hand for c in give):
            self.error(i, "give", f"event {i} (exchange): {who} holds {' '.join(hand)}, not {' '.join(give)}")
            return
        if hand is None and any(c in self.middle for c in give):
            self.error(i, "give", f"event {i} (exchange): {' '.join(give)} lies in the middle")
            return
        if any(c not in self.middle for c in take):
            self.error(
                i, "take", f"event {i} (exchange): the middle holds {' '.join(self.middle)}, not {' '.join(take)}"
            )
            return
        if len(give) == 2:
            self.violate(i, s, "seka.exchange-size", f"{who} exchanges two cards; one or all three may be exchanged")
        ph = self.phase
        if ph == EXCHANGE:
            if s != self.ex_turn:
                self.violate(
                    i, s, "seka.out-of-turn", f"{who} exchanges out of turn: it was {self._who(self.ex_turn)}'s"
                )
            self.ex_turn = self._next_playing(s)
        elif ph == LAST:
            self._last_turn(i, s, "exchanges", late=True)
        else:
            self.violate(i, s, "seka.late-exchange", f"{who} exchanges during the betting; the exchange stands")
        for g, t in zip(give, take):
            if hand is not None:
                hand[hand.index(g)] = t
            self.middle[self.middle.index(t)] = g
        self.looked[s] = True

    def _next_playing(self, s):
        for x in self._order_from(s):
            if x not in self.folded_at:
                return x
        return s

    def _last_turn(self, i, s, verb, late):
        """s takes a turn of the last round of exchanges (LAST)."""
        left = self.last_left
        if s in left:
            k = left.index(s)
            if k:
                self.violate(
                    i, s, "seka.out-of-turn", f"{self._who(s)} {verb} out of turn: it was {self._who(left[0])}'s"
                )
            # House rule: the players skipped keep their last-round turns; only the one who acted has had his.
            del left[k]
            if not left:
                self._start_betting()
        elif late:
            self.violate(
                i,
                s,
                "seka.late-exchange",
                f"{self._who(s)} exchanges after the last turn {self._who(s)} had; the exchange stands",
            )

    def _pass(self, i, ev):
        if not self.syntax(i, ev, "pass"):
            return
        s = ev["seat"]
        if not self.open:
            self.error(i, "action", f"event {i} (pass): a player gives up with 'fold'; 'pass' is the open variant's")
            return
        if self.phase not in (EXCHANGE, LAST):
            what = "during the betting a player gives up with 'fold'" if self.phase >= BET else "before the deal"
            self.error(i, "action", f"event {i} (pass): no pass {what}")
            return
        if not self._seated(i, s, "pass"):
            return
        if self.phase == EXCHANGE:
            if s != self.ex_turn:
                self.violate(
                    i, s, "seka.out-of-turn", f"{self._who(s)} passes out of turn: it was {self._who(self.ex_turn)}'s"
                )
            self.phase = LAST
            self.last_left = [x for x in self._order_from(s) if x != s]
            if not self.last_left:
                self._start_betting()
        else:
            self._last_turn(i, s, "passes", late=False)
