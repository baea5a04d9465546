"""The open variant's exchanges and passes (seka.md, "Variant open"): a mixin of Seka's table."""

from .rules import BET, CARD, EXCHANGE, LAST, PRE, SHOW
from .said import _


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
            self.error(i, "action", _("event {event} (exchange): only the open variant has exchanges").format(event=i))
            return
        if self.phase == PRE or self.phase >= SHOW:
            if self.phase == PRE:
                said = _("event {event} (exchange): no exchange before the deal")
            elif self.phase == SHOW:  # (the English as it always read: "no exchange" + the phase's name)
                said = _("event {event} (exchange): no exchange the showdown")
            else:
                said = _("event {event} (exchange): no exchange over")
            self.error(i, "action", said.format(event=i))
            return
        if not self._seated(i, s, "exchange"):
            return
        if len(give) != len(take) or not give or len(give) > 3:
            self.error(
                i,
                "give",
                _("event {event} (exchange): one card for one, or three for three, not {give} for {take}").format(
                    event=i, give=len(give), take=len(take)
                ),
            )
            return
        if len(set(give)) != len(give) or len(set(take)) != len(take):
            self.error(i, "give", _("event {event} (exchange): a card named twice").format(event=i))
            return
        hand = self.hands[s]
        if hand is not None and any(c not in hand for c in give):
            self.error(
                i,
                "give",
                _("event {event} (exchange): {who} holds {hand}, not {cards}").format(
                    event=i, who=who, hand=" ".join(hand), cards=" ".join(give)
                ),
            )
            return
        if hand is None and any(c in self.middle for c in give):
            self.error(
                i,
                "give",
                _("event {event} (exchange): {cards} lies in the middle").format(event=i, cards=" ".join(give)),
            )
            return
        if any(c not in self.middle for c in take):
            self.error(
                i,
                "take",
                _("event {event} (exchange): the middle holds {middle}, not {cards}").format(
                    event=i, middle=" ".join(self.middle), cards=" ".join(take)
                ),
            )
            return
        if len(give) == 2:
            self.violate(
                i,
                s,
                "seka.exchange-size",
                _("{who} exchanges two cards; one or all three may be exchanged").format(who=who),
            )
        ph = self.phase
        if ph == EXCHANGE:
            if s != self.ex_turn:
                self.violate(
                    i,
                    s,
                    "seka.out-of-turn",
                    _("{who} exchanges out of turn: it was {turn}'s").format(who=who, turn=self._who(self.ex_turn)),
                )
            self.ex_turn = self._next_playing(s)
        elif ph == LAST:
            self._last_turn(i, s, _("{who} exchanges out of turn: it was {turn}'s"), late=True)
        else:
            self.violate(
                i,
                s,
                "seka.late-exchange",
                _("{who} exchanges during the betting; the exchange stands").format(who=who),
            )
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

    def _last_turn(self, i, s, out_of_turn, late):
        """s takes a turn of the last round of exchanges (LAST); `out_of_turn`: the violation's words if it is not
        s's turn ({who}, {turn})."""
        left = self.last_left
        if s in left:
            k = left.index(s)
            if k:
                self.violate(i, s, "seka.out-of-turn", out_of_turn.format(who=self._who(s), turn=self._who(left[0])))
            # House rule: the players skipped keep their last-round turns; only the one who acted has had his.
            del left[k]
            if not left:
                self._start_betting()
        elif late:
            self.violate(
                i,
                s,
                "seka.late-exchange",
                _("{who} exchanges after the last turn {who} had; the exchange stands").format(who=self._who(s)),
            )

    def _pass(self, i, ev):
        if not self.syntax(i, ev, "pass"):
            return
        s = ev["seat"]
        if not self.open:
            self.error(
                i,
                "action",
                _("event {event} (pass): a player gives up with 'fold'; 'pass' is the open variant's").format(event=i),
            )
            return
        if self.phase not in (EXCHANGE, LAST):
            if self.phase >= BET:
                said = _("event {event} (pass): no pass during the betting a player gives up with 'fold'")
            else:
                said = _("event {event} (pass): no pass before the deal")
            self.error(i, "action", said.format(event=i))
            return
        if not self._seated(i, s, "pass"):
            return
        if self.phase == EXCHANGE:
            if s != self.ex_turn:
                self.violate(
                    i,
                    s,
                    "seka.out-of-turn",
                    _("{who} passes out of turn: it was {turn}'s").format(
                        who=self._who(s), turn=self._who(self.ex_turn)
                    ),
                )
            self.phase = LAST
            self.last_left = [x for x in self._order_from(s) if x != s]
            if not self.last_left:
                self._start_betting()
        else:
            self._last_turn(i, s, _("{who} passes out of turn: it was {turn}'s"), late=False)
