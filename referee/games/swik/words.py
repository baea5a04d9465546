"""What the replay page shows: a snapshot of the table after each event, and a line of words for it."""

import functools

from ...language import current, speaking
from .rules import (
    CARD,
    REVOKES,
    _card_sort,
    card_name,
    trump_words,
)
from .said import _


@functools.cache
def _void_words(language):
    """The line for an event after a void deal that was played on, by action (in the language spoken)."""
    with speaking(language):
        return {
            "cut": _("cut: does not count (the deal was void)"),
            "bottom": _("bottom: does not count (the deal was void)"),
            "deal": _("deal: does not count (the deal was void)"),
            "misdeal": _("misdeal: does not count (the deal was void)"),
            "wrap": _("wrap: does not count (the deal was void)"),
            "declare": _("declare: does not count (the deal was void)"),
            "trips": _("trips: does not count (the deal was void)"),
            "play": _("play: does not count (the deal was void)"),
            "trick": _("trick: does not count (the deal was void)"),
        }


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
                return _("{who} revoked: the hand stops here").format(who=self.names[v["seat"]])
        return _("does not count: the hand stopped at the revoke")

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
            text = _void_words(current()).get(a) if a.__class__ is str else None
            if text is None:
                text = _("{action}: does not count (the deal was void)").format(action=a)
        elif a == "cut":
            c = CARD.get(ev.get("card")) if ev.get("card").__class__ is str else None
            if c is None:
                text = _("{who} cuts").format(who=who)
            else:
                text = _("{who} cuts {card}").format(who=who, card=card_name(c))
        elif a == "bottom":
            if ev.get("card"):
                text = _("{who} looks at the bottom card: {card}").format(who=who, card=ev["card"])
            else:
                text = _("{who} looks at the bottom card").format(who=who)
        elif a == "deal":
            if self.good and self.deal_event == i:
                text = _("{who} deals; {card} is turned: {trump}").format(
                    who=who, card=ev.get("turned"), trump=trump_words(self.trump)
                )
            else:
                text = _("{who} deals; {card} is turned").format(who=who, card=ev.get("turned"))
        elif a == "misdeal":
            text = _("misdeal reported ({reason})").format(reason=ev.get("reason") or _("no reason given"))
        elif a == "wrap":
            if ev.get("take"):
                card = self.turned if self.good else "?"
                if ev.get("discard"):
                    text = _("{who} wraps on {card}, discarding {discard}").format(
                        who=who, card=card, discard=ev["discard"]
                    )
                else:
                    text = _("{who} wraps on {card}").format(who=who, card=card)
            else:
                text = _("{who} does not wrap").format(who=who)
        elif a == "declare":
            choice = ev.get("choice")
            if choice == "in":
                text = _("{who} declares in").format(who=who)
            elif choice == "out":
                text = _("{who} declares out").format(who=who)
            elif choice == "blind":
                text = _("{who} declares blind").format(who=who)
            else:
                text = _("{who} declares {choice}").format(who=who, choice=choice)
        elif a == "trips":
            text = _("{who} shows {cards}").format(who=who, cards=" ".join(map(str, ev.get("cards") or [])))
        elif a == "play":
            text = _("{who} plays {card}").format(who=who, card=ev.get("card"))
        elif a == "trick":
            w = ev.get("winner")
            if w.__class__ is int and 0 <= w < self.n:
                text = _("{who} wins a trick").format(who=names[w])
            else:
                text = _("a trick")
        else:
            text = str(a)
        if len(self.tricks) > ntricks and self.tricks[-1]["plays"] is not None:
            text = _("{text}; {who} wins the trick").format(text=text, who=names[self.tricks[-1]["winner"]])
        for v in self.violations[before:]:
            text += f" [{v['rule']}: {v['message']}]"
        return text
