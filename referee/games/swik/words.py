"""What the replay page shows: a snapshot of the table after each event, and a line of words for it."""

from ...cards import SUIT_NAME
from .rules import (
    CARD,
    NAME,
    REVOKES,
    _card_sort,
)


class Words:
    """Mixin of Swik's table (its state is the table's slots)."""

    __slots__ = ()

    # ------------------------------------------------------------------ the replay page: snapshots and words

    def stop_at(self, final):
        """The event at which the hand stopped (revoke "abandon"), or None."""
        if self.cfg.abandon:
            for v in final["violations"]:
                if v["rule"] in REVOKES:
                    return v["event"]
        return None

    def mark(self):
        return len(self.tricks)

    def stopped(self, i, final):
        for v in final["violations"]:
            if v["rule"] in REVOKES and v["event"] == i:
                self.violations.extend(x for x in final["violations"] if x["event"] == i)
                return f"{self.names[v['seat']]} revoked: the hand stops here"
        return "does not count: the hand stopped at the revoke"

    def snapshot(self, i, ev, text):
        n = self.n
        hands = [None] * n
        if self.good:
            held = {}
            for c, o in self.where.items():
                if o >= 0:
                    held.setdefault(o, []).append(c)
            for s in range(n):
                if s in held or self.known[s] is not None:
                    hands[s] = sorted(held.get(s, ()), key=_card_sort)
        return {
            "index": i,
            "final": False,
            "event": ev,
            "dealer": self.designated,
            "dealt_by": self.deal_seat,
            "trump": self.trump if self.good else None,
            "hands": hands,
            "trick": [[s, c] for s, c, e in (self.cur or [])],
            "tricks": [dict(t) for t in self.tricks],
            "tricks_won": self.won[:],
            "in": self._in_words(),
            "pot": self.pot,
            "net": self.net[:],
            "violations": [dict(v) for v in self.violations],
            "text": text,
        }

    def _in_words(self):
        if not self.good or self.declared is None:
            return [None] * self.n
        return ["in (wrapped)" if self.wrapped and s == self.deal_seat else self.declared[s] for s in range(self.n)]

    def describe(self, i, ev, before, ntricks):
        """A short line for people: what this event did."""
        names = self.names
        if not isinstance(ev, dict):
            return "?"
        a = ev.get("action")
        s = ev.get("seat")
        who = names[s] if s.__class__ is int and 0 <= s < self.n else "?"
        if self.frozen and self.void_at is not None and i >= self.void_at:
            text = f"{a}: does not count (the deal was void)"
        elif a == "cut":
            c = CARD.get(ev.get("card")) if ev.get("card").__class__ is str else None
            text = f"{who} cuts" + (f" {NAME[c]}" if c is not None else "")
        elif a == "bottom":
            text = f"{who} looks at the bottom card" + (f": {ev['card']}" if ev.get("card") else "")
        elif a == "deal":
            text = f"{who} deals; {ev.get('turned')} is turned"
            if self.good and self.deal_event == i:
                text += f": {SUIT_NAME[self.trump]}s are trump"
        elif a == "misdeal":
            text = f"misdeal reported ({ev.get('reason') or 'no reason given'})"
        elif a == "wrap":
            if ev.get("take"):
                text = f"{who} wraps on {self.turned if self.good else '?'}"
                if ev.get("discard"):
                    text += f", discarding {ev['discard']}"
            else:
                text = f"{who} does not wrap"
        elif a == "declare":
            text = f"{who} declares {ev.get('choice')}"
        elif a == "trips":
            text = f"{who} shows {' '.join(map(str, ev.get('cards') or []))}"
        elif a == "play":
            text = f"{who} plays {ev.get('card')}"
        elif a == "trick":
            w = ev.get("winner")
            text = f"{names[w]} wins a trick" if w.__class__ is int and 0 <= w < self.n else "a trick"
        else:
            text = str(a)
        if len(self.tricks) > ntricks and self.tricks[-1]["plays"] is not None:
            text += f"; {names[self.tricks[-1]['winner']]} wins the trick"
        for v in self.violations[before:]:
            text += f" [{v['rule']}: {v['message']}]"
        return text
