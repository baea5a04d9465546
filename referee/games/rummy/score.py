"""The rummy ruling of one hand: the score (melded and laid off, minus what is left in hand, minus unused takes),
the summary that names each player's melds, the facts, and what the replay page shows after each event."""

from ...record import BadRecord
from ...ruling import COMPLETE, INCOMPLETE, VOID
from ...signs import signed
from .rules import DONE, PLAY, and_words, card_sort, layoff_words, meld_words, points_of
from .said import _


def _by_event(v):
    e = v["event"]
    return -1 if e is None else e


class Scoring:
    """Mixin of the rummy table: the ruling and the replay page."""

    __slots__ = ()

    def rule(self, events, record=None):
        self.run(events)
        if self.errors:
            raise BadRecord(self.errors)
        if self.void:
            status = VOID
        elif self.phase == DONE:
            status = COMPLETE
        else:
            status = INCOMPLETE
        return self.ruling(status)

    # ------------------------------------------------------------------ the score

    def score(self, status):
        if status != COMPLETE:
            return None
        n = self.n
        if self.paper is not None:
            return {
                "players": self.paper[:],
                "melded": None,
                "in_hand": None,
                "penalties": [0] * n,
                "out": self.paper_out,
                "melds": [],
                "owners": [],
            }
        in_hand = self.left_in_hand()
        melded, lost = self.melded, self.lost
        if None in in_hand:
            players = [None if h is None else melded[s] - h - lost[s] for s, h in enumerate(in_hand)]
        else:
            players = [melded[s] - in_hand[s] - lost[s] for s in range(n)]
        return {
            "players": players,
            "melded": self.melded[:],
            "in_hand": in_hand,
            "penalties": self.lost[:],
            "out": self.out,
            "melds": [m[2][:] for m in self.melds],
            "owners": [m[0] for m in self.melds],
        }

    def left_in_hand(self):
        """The points of the cards left in each hand; None where they stay unknown. Cards the record never named
        follow from the rest when only one hand can hold them (the stock recorded, or drawn to the end)."""
        unseen = self.unseen
        out = [points_of(h) for h in self.hands]
        if not any(unseen):
            return out
        blind = [s for s in range(self.n) if unseen[s]]
        for s in blind:
            out[s] = None
        if len(blind) == 1 and (self.stock is not None or not self.stock_left):
            s = blind[0]
            rest = self.unplaced()
            if len(rest) == unseen[s]:  # (always, when the counts add up: a check, never a guess)
                out[s] = points_of(self.hands[s]) + points_of(rest)
        return out

    # ------------------------------------------------------------------ the ruling

    def ruling(self, status):
        if len(self.violations) > 1:
            self.violations.sort(key=_by_event)
        score = self.score(status)
        n = self.n
        dealer = self.dealer
        complete = status == COMPLETE
        misdeals = None
        if self.void:
            misdeals = [0] * n
            misdeals[dealer] = 1
        paper = self.paper is not None
        out = score["out"] if complete else None
        return self.document(
            status,
            self.summary(status, score),
            score=score,
            dealer=dealer,
            next_dealer=dealer if status == VOID else (dealer + 1) % n,
            may_stop=complete,
            played=[1] * n,
            misdeals=misdeals,
            game_facts={
                "paper": paper,
                "out": out,
                "seats": {
                    "points": score["players"][:] if complete else [None] * n,
                    "went_out": [1 if s == out else 0 for s in range(n)] if complete else [None] * n,
                    "melded": self.melded[:] if complete and not paper else [None] * n,
                    "in_hand": score["in_hand"][:] if complete and not paper else [None] * n,
                    "melds": [sum(1 for m in self.melds if m[0] == s) for s in range(n)]
                    if complete and not paper
                    else [None] * n,
                },
            },
        )

    def meld_lines(self):
        """Each seat's melds and lay-offs in words (a list a seat; empty where he laid nothing)."""
        out = [[] for _unused in range(self.n)]
        for owner, kind, cards in self.melds:
            out[owner].append(meld_words(kind, cards))
        names = self.names
        for s, k, cards in self.offs:
            owner, kind, whole = self.melds[k]
            out[s].append(layoff_words(owner == s, kind, whole).format(cards=" ".join(cards), owner=names[owner]))
        return out

    def summary(self, status, score):
        names = self.names
        if status == VOID:
            return _("Misdeal: the hand is void and is dealt again; nothing is scored.")
        lines = self.meld_lines()
        laid = "; ".join(f"{names[s]}: {and_words(lines[s])}" for s in range(self.n) if lines[s]) or _("nobody melded")
        if status == INCOMPLETE:
            return _("The record stops before the hand ends; so far {melds}.").format(melds=laid)
        pts = ", ".join(
            f"{names[s]} {signed(p)}" if p is not None else _("{who} unknown").format(who=names[s])
            for s, p in enumerate(score["players"])
        )
        out = score["out"]
        if self.paper is not None:
            if out is not None:
                return _("{who} went out (on paper): {points}.").format(who=names[out], points=pts)
            return _("Nobody went out (on paper): {points}.").format(points=pts)
        if out is not None:
            head = _("{who} went out").format(who=names[out])
        else:
            head = _("The stock ran dry and a round passed with nothing laid; nobody went out")
        tail = ""
        if any(self.lost):
            lost = [f"{names[s]} {signed(p)}" for s, p in enumerate(self.lost) if p]
            tail = _(" (unused takes cost {costs})").format(costs=and_words(lost))
        if None in score["players"]:
            unknown = and_words([names[s] for s, p in enumerate(score["players"]) if p is None])
            tail += _(" ({who}: the cards left in hand were not recorded, so the points are unknown)").format(
                who=unknown
            )
        return _("{head}. {melds}. Points: {points}{tail}.").format(head=head, melds=laid, points=pts, tail=tail)

    # ------------------------------------------------------------------ the replay page

    def stop_at(self, final):
        return None

    def mark(self):
        return len(self.melds)

    def stopped(self, i, final):
        return ""

    def snapshot(self, i, ev, text):
        n = self.n
        dealt = self.phase >= PLAY and not self.void
        return {
            "index": i,
            "final": False,
            "event": ev,
            "dealer": self.dealer,
            "turn": self.cur if self.phase == PLAY else None,
            "hands": [sorted(h, key=card_sort) for h in self.hands] if dealt else [None] * n,
            "held": [len(h) + u for h, u in zip(self.hands, self.unseen)],
            "stock": self.stock_left,
            "row": self.row[:],
            "trick": [[self.laid_by.get(c), c] for c in self.row],  # (the replay page's "on the table": the row)
            "score": self.melded[:],  # (the points melded and laid off so far)
            "melds": [{"seat": o, "kind": k, "cards": c[:]} for o, k, c in self.melds],
            "melded": self.melded[:],
            "violations": [dict(v) for v in self.violations],
            "text": text,
        }

    def describe(self, i, ev, before, nmelds):
        names = self.names
        if not isinstance(ev, dict):
            return "?"
        a = ev.get("action")
        s = ev.get("seat")
        who = names[s] if s.__class__ is int and 0 <= s < self.n else "?"
        if a == "deal":
            text = _("{who} deals").format(who=who)
        elif a == "draw":
            card = ev.get("card")
            text = _("{who} draws {card}").format(who=who, card=card) if card else _("{who} draws").format(who=who)
        elif a == "take":
            text = _("{who} takes {card} from the row").format(who=who, card=ev.get("card"))
        elif a == "meld":
            text = _("{who} melds {cards}").format(who=who, cards=" ".join(str(c) for c in ev.get("cards") or ()))
        elif a == "layoff":
            text = _("{who} lays off {cards} on meld {k}").format(
                who=who, cards=" ".join(str(c) for c in ev.get("cards") or ()), k=ev.get("meld")
            )
        elif a == "discard":
            text = _("{who} discards {card}").format(who=who, card=ev.get("card"))
        elif a == "points":
            text = _("the points on paper")
        else:
            text = str(a)
        if len(self.melds) > nmelds:
            o, k, c = self.melds[-1]
            text += f" ({meld_words(k, c)})"
        if self.phase == DONE and self.end_event == i:
            text += _("; {who} is out").format(who=names[self.out]) if self.out is not None else _("; the hand ends")
        if len(self.violations) > before:
            text += " — " + "; ".join(v["message"] for v in self.violations[before:])
        return text
