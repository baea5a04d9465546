"""What may come next (legal) and what the replay page shows (a snapshot after each event, a line of words)."""

from .rules import BET, EXCHANGE, LAST, PHASE_WORDS, PRE, SHOW, buy_in_price
from .said import _


def and_words(words):
    if len(words) <= 1:
        return "".join(words)
    return _("{names} and {last}").format(names=", ".join(words[:-1]), last=words[-1])


class Words:
    """Mixin of Seka's table (its state is the table's)."""

    __slots__ = ()

    # ------------------------------------------------------------------ what may come next

    def legal(self):
        """(turn, options): each option an action that gives no violation, with its seat and, for money, the
        amount ("amount") or the least ("min", "max": None for no limit) and whether it is blind ("blind")."""
        ph = self.phase
        if ph == PRE:
            options = []
            if self.svara is not None:
                price = buy_in_price(self.cfg, self.pot_in)
                if price is not None:
                    options += [
                        {"action": "buy_in", "seat": s, "amount": price} for s in range(self.n) if not self.playing[s]
                    ]
            return self.dealer, [{"action": "deal", "seat": self.dealer}, *options]
        if ph == EXCHANGE:
            s = self.ex_turn
            return s, self._exchange_options(s)
        if ph == LAST:
            s = self.last_left[0]
            first = next(x for x in self._order_from(self.dealer) if x not in self.folded_at)
            return s, self._exchange_options(s) + self._bet_options(
                first, 0, len(self.playing) - self.playing.count(False)
            )
        if ph == BET:
            rnd = self.rnd
            return rnd.turn, self._bet_options(rnd.turn, rnd.stake, rnd.count())
        if ph == SHOW:
            options = [
                {"action": "show", "seat": s, "cards": None if self.hands[s] is None else list(self.hands[s])}
                for s in self.rnd.seats_in()
                if s not in self.shown
            ]
            concede = [{"action": "fold", "seat": o["seat"]} for o in options]
            return (options[0]["seat"] if options else None), options + concede
        return None, []

    def _exchange_options(self, s):
        hand = self.hands[s]
        return [
            {
                "action": "exchange",
                "seat": s,
                "sizes": [1, 3],
                "cards": None if hand is None else list(hand),
                "middle": list(self.middle),
            },
            {"action": "pass", "seat": s},
        ]

    def _bet_options(self, s, stake, count):
        least = stake + self.cfg.min_raise
        blind = self.cfg.blind and not self.looked[s]
        options = [
            {"action": "fold", "seat": s},
            {"action": "raise", "seat": s, "blind": False, "min": least, "max": None},
        ]
        if blind:
            options.append({"action": "raise", "seat": s, "blind": True, "min": (least + 1) // 2, "max": None})
        if count == 2:
            options.append({"action": "call", "seat": s, "blind": False, "amount": stake})
            if blind:
                options.append({"action": "call", "seat": s, "blind": True, "amount": (stake + 1) // 2})
        return options

    # ------------------------------------------------------------------ the replay page

    def stop_at(self, final):
        return None

    def mark(self):
        return None

    def stopped(self, i, final):
        return ""

    def snapshot(self, i, ev, text):
        rnd = self.rnd
        n = self.n
        state = []
        for s in range(n):
            if not self.playing[s]:
                state.append("out")
            elif s in self.folded_at:
                state.append("folded")
            else:
                state.append("in")
        return {
            "index": i,
            "final": False,
            "event": ev,
            "dealer": self.dealer,
            "phase": PHASE_WORDS[self.phase],
            "hands": [None if h is None else list(h) for h in (self.hands or [None] * n)],
            "middle": None if self.middle is None else list(self.middle),
            "in": state,
            "turn": None if rnd is None else rnd.turn,
            "stake": 0 if rnd is None else rnd.stake,
            "bets": [0] * n if rnd is None else rnd.put[:],
            "looked": self.looked[:],
            "shown": {str(s): x[1] for s, x in self.shown.items()},
            "pot": self.pot + self.staked,
            "net": self.net[:],
            "violations": [dict(v) for v in self.violations],
            "text": text,
        }

    def describe(self, i, ev, before, mark):
        """A short line for people: what this event did."""
        if not isinstance(ev, dict):
            return "?"
        a = ev.get("action")
        s = ev.get("seat")
        who = self.names[s] if s.__class__ is int and 0 <= s < self.n else "?"
        amount = ev.get("amount")
        blind = ev.get("blind") is True
        if a == "deal":
            if self.open:
                middle = " ".join(map(str, ev.get("middle") or []))
                text = _("{who} deals; {cards} lie face up").format(who=who, cards=middle)
            else:
                text = _("{who} deals").format(who=who)
        elif a == "buy_in":
            text = _("{who} buys into the svara").format(who=who)
        elif a == "exchange":
            give, take = ev.get("give") or [], ev.get("take") or []
            text = _("{who} gives {give} for {take}").format(
                who=who, give=" ".join(map(str, give)), take=" ".join(map(str, take))
            )
        elif a == "pass":
            text = _("{who} passes").format(who=who)
        elif a == "raise":
            said = _("{who} bets {amount} blind") if blind else _("{who} bets {amount}")
            text = said.format(who=who, amount=amount)
        elif a == "call":
            said = _("{who} calls blind ({amount})") if blind else _("{who} calls ({amount})")
            text = said.format(who=who, amount=amount)
        elif a == "fold":
            text = _("{who} folds").format(who=who)
        elif a == "show":
            s_ = self.shown.get(s) if s.__class__ is int else None
            cards = " ".join(map(str, ev.get("cards") or []))
            if s_:
                text = _("{who} shows {cards}: {words}").format(who=who, cards=cards, words=s_[1])
            else:
                text = _("{who} shows {cards}").format(who=who, cards=cards)
        else:
            text = str(a)
        for v in self.violations[before:]:
            text += f" [{v['rule']}: {v['message']}]"
        return text
