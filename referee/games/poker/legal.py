"""What may come next (legal) and what the replay page shows (a snapshot after each event, a line of words)."""

PRE, DRAW, BET, SHOW, DONE = range(5)  # (as in table.py)
PHASES = ("before the deal", "the draw", "betting", "showdown", "over")


class Words:
    """Mixin of poker's table (its state is the table's)."""

    __slots__ = ()

    # ------------------------------------------------------------------ what may come next

    def _order(self):
        """Every seat from the dealer's left, the dealer last."""
        n = self.n
        return [(self.dealer + k) % n for k in range(1, n + 1)]

    def legal(self):
        """(turn, options). Each option an action that gives no violation, with its seat; a call its "amount" (0: a
        check), a raise its least and most ("min", "max": None for no limit) of what the player puts in (and a raise of
        just the call, "amount", which is taken as the call); a draw the
        cards the player holds that the record names ("cards"); a show the five cards he holds (None when the record
        does not name them all). Before the first bet every player may draw (in any order), the first to bet may
        bet, and, while nobody owes a call, the players still in may show (the rest are taken to have checked)."""
        ph = self.phase
        if ph == DONE:
            return None, []
        if ph == PRE:
            first = (self.dealer + 1) % self.n
            options = [{"action": "deal", "seat": self.dealer}]
            options += self._bet_options(first, 0)
            options += [{"action": "show", "seat": s, "cards": None} for s in self._order()]
            return self.dealer, options
        rnd = self.rnd
        options = []
        turn = rnd.turn
        if ph == DRAW:
            drawers = [s for s in self._order() if s not in self.drew and rnd.live[s]]
            options += [{"action": "draw", "seat": s, "cards": list(self.known[s]), "most": 5} for s in drawers]
            if drawers:
                turn = drawers[0]
        if ph in (DRAW, BET):
            options += self._bet_options(rnd.turn, rnd.owes(rnd.turn))
            if any(rnd.owes(s) for s in rnd.seats_in()):
                return turn, options
        showers = [s for s in self._order() if rnd.live[s] and s not in self.shown]
        options += [
            {"action": "show", "seat": s, "cards": list(self.known[s]) if not self.hidden[s] else None} for s in showers
        ]
        if ph == SHOW:
            options += [{"action": "fold", "seat": s} for s in showers]
            turn = showers[0] if showers else None
        return turn, options

    def _bet_options(self, s, owes):
        cfg = self.cfg
        return [
            {"action": "fold", "seat": s},
            {"action": "call", "seat": s, "amount": owes},
            {
                "action": "raise",
                "seat": s,
                "min": owes + cfg.min_raise,
                "max": None if cfg.max_raise is None else owes + cfg.max_raise,
            },
            # A "raise" that puts in just the call adds nothing: it is taken as the call (no violation).
            {"action": "raise", "seat": s, "amount": owes},
        ]

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
        if rnd is None:
            state = ["in"] * n
        else:
            state = ["in" if rnd.live[s] else "folded" for s in range(n)]
        turn = None if rnd is None else rnd.turn
        owes = 0 if turn is None else rnd.owes(turn)
        hands = [None] * n
        if self.known is not None:
            hands = [list(self.known[s]) + [None] * self.hidden[s] for s in range(n)]
        return {
            "index": i,
            "final": False,
            "event": ev,
            "dealer": self.dealer,
            "phase": PHASES[self.phase],
            "hands": hands,
            "in": state,
            "turn": turn if self.phase in (DRAW, BET) else None,
            "owes": owes,
            "least_raise": owes + self.cfg.min_raise,
            "most_raise": None if self.cfg.max_raise is None else owes + self.cfg.max_raise,
            "stake": 0 if rnd is None else rnd.stake,
            "bets": [0] * n if rnd is None else rnd.put[:],
            "drew": [len(self.drew[s][1]) if s in self.drew else None for s in range(n)],
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
        if a == "deal":
            text = f"{who} deals five cards to each player"
        elif a == "draw":
            k = len(ev.get("discard") or [])
            text = f"{who} keeps the hand" if not k else f"{who} draws {k}"
        elif a == "raise":
            text = f"{who} raises: puts in {amount}"
        elif a == "call":
            text = f"{who} checks" if not amount else f"{who} calls ({amount})"
        elif a == "fold":
            text = f"{who} folds"
        elif a == "show":
            x = self.shown.get(s) if s.__class__ is int else None
            text = f"{who} shows {' '.join(map(str, ev.get('cards') or []))}" + (f": {x[1]}" if x else "")
        else:
            text = str(a)
        for v in self.violations[before:]:
            text += f" [{v['rule']}: {v['message']}]"
        return text
