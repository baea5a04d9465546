"""Sedma's ruling of one deal: the score per side, the 3-player crowns (money, in the ledger), the summary, the
facts, and what the replay page shows after each event."""

from ...language import current
from ...record import BadRecord
from ...ruling import COMPLETE, INCOMPLETE, VOID
from .rules import PLAYERS, TOTAL, and_words, card_sort, sides_for
from .said import _, ngettext

CROWN = 1  # a crown is one table unit
_SIDE_WORDS: dict = {}  # (language, players' names, sides) -> each side's names in words (bounded)


def _by_event(v):
    e = v["event"]
    return -1 if e is None else e


def crowns_3p(soloist, points, tricks_won, n=3):
    """(crowns per seat, winners) of a finished 3p deal. `points` per seat (the points each took himself)."""
    crowns = [0] * n
    if soloist is None:
        best = max(points)
        top = [s for s in range(n) if points[s] == best]
        if len(top) > 1:
            return crowns, []
        w = top[0]
        for s in range(n):
            crowns[s] = CROWN * (n - 1) if s == w else -CROWN
        return crowns, [w]
    others = [s for s in range(n) if s != soloist]
    P = points[soloist]
    # (tricks_won None: the deal was given on paper, which cannot show a side took every trick)
    every = None if tricks_won is None else sum(tricks_won)
    if P >= 50:
        c = 3 if every is not None and tricks_won[soloist] == every else 2 if P == TOTAL else 1
        winners, sign = [soloist], 1
    else:
        c = 3 if every is not None and tricks_won[soloist] == 0 else 2 if P == 0 else 1
        winners, sign = others, -1
    crowns[soloist] = sign * c * len(others)
    for s in others:
        crowns[s] = -sign * c
    return crowns, winners


class Scoring:
    """Mixin of Sedma's table: the ruling and the replay page."""

    __slots__ = ()

    def rule(self, events, record=None):
        self.run(events)
        if record is not None:
            v = record.get("variant")
            if PLAYERS.get(v) != self.n:
                self.error(
                    None,
                    "players",
                    _("the {variant} game is for {players} players, but the record lists {n}").format(
                        variant=v, players=PLAYERS.get(v), n=self.n
                    ),
                )
            elif v == "4p" and self.cfg.hand_size == 10:
                self.error(None, "house_rules", _("house rule 'hand_size' 10 cannot be dealt to four from 32 cards"))
        if self.errors:
            raise BadRecord(self.errors)
        if self.void:
            status = VOID
        elif self.phase == 5:
            status = COMPLETE
        else:
            status = INCOMPLETE
        return self.ruling(status)

    # ------------------------------------------------------------------ the score

    def taken(self):
        """Points per seat from the finished tricks (the last trick's 10 included)."""
        return self.own[:]

    def sides(self):
        v = self.variant
        if v == "3p":
            s = self.soloist
            if s is None:
                return [[0], [1], [2]]
            return [[s], [x for x in range(3) if x != s]]
        if v == "2p":
            return [[0], [1]]
        a, b = sides_for(v, self.number, self.cfg.rotate)
        return [a, b]

    def score(self, status, own=None):
        """The score; `own`: the points per seat of taken() when the caller has them already."""
        if status == VOID:
            return None
        if own is None:
            own = self.taken()
        sides = self.sides()
        if self.paper is not None:
            points = self.paper
            if len(sides) == 3:
                own = points[:]
        else:
            points = []
            for side in sides:
                p = 0
                for s in side:
                    p += own[s]
                points.append(p)
        players = [0] * self.n
        for side, p in zip(sides, points):
            for s in side:
                players[s] = p
        out = {"sides": sides, "points": points, "players": players}
        v = self.variant
        complete = status == COMPLETE
        if v == "2p":
            out["winners"] = [0 if points[0] > points[1] else 1] if complete else []
        elif v == "3p":
            if complete:
                side_pts = [players[s] for s in range(3)] if self.soloist is not None else own
                crowns, winners = crowns_3p(self.soloist, side_pts, None if self.paper is not None else self.won)
            else:
                crowns, winners = [0, 0, 0], []
            out = {"soloist": self.soloist, **out, "crowns": crowns, "winners": winners}
        return out

    def _pay_crowns(self, crowns):
        """Crowns move from each loser to each winner (no pot): two ledger entries a payment."""
        e = self.trick_event
        names = self.names
        winners = [s for s in range(self.n) if crowns[s] > 0]
        losers = [s for s in range(self.n) if crowns[s] < 0]
        for lo in losers:
            for w in winners:
                c = -crowns[lo] if len(winners) == 1 else crowns[w]  # (one side is always a single seat)
                self.ledger.append({"seat": lo, "amount": -c, "reason": f"crowns to {names[w]}", "event": e})
                self.kinds.append("other")
                self.net[lo] -= c
                self.take(w, c, f"crowns from {names[lo]}", e, "share")

    # ------------------------------------------------------------------ the ruling

    def ruling(self, status):
        if len(self.violations) > 1:
            self.violations.sort(key=_by_event)
        own = self.taken()
        score = self.score(status, own)
        if score is not None and "crowns" in score and any(score["crowns"]):
            self._pay_crowns(score["crowns"])
        n = self.n
        complete = status == COMPLETE
        dealer = self.dealer
        last = [0] * n
        paper = self.paper is not None
        if complete and not paper:
            last[self.tricks[-1]["winner"]] = 1
        partner = [None] * n
        if self.variant == "4p":
            for side in self.sides() if score is None else score["sides"]:
                a, b = side
                partner[a], partner[b] = b, a
        solo = [None] * n
        if self.variant == "3p" and status != VOID:
            solo = [1 if s == self.soloist else 0 for s in range(n)]
        misdeals = None
        if self.void:
            misdeals = [0] * n
            misdeals[dealer] = 1
        players_pts = score["players"] if score else [None] * n
        return self.document(
            status,
            self.summary(status, score),
            tricks=self.tricks,
            score=score,
            dealer=dealer,
            next_dealer=dealer if status == VOID else (dealer + 1) % n,
            may_stop=complete,
            played=[1] * n,
            tricks_won=self.won[:] if complete and not paper else None,
            misdeals=misdeals,
            game_facts={
                "variant": self.variant,
                "deal": None if status == VOID else self.number,
                "soloist": self.soloist,
                "seats": {
                    "points": players_pts if complete else [None] * n,
                    "own_points": own if complete and not paper else [None] * n,
                    "last_trick": last if complete and not paper else [None] * n,
                    "partner": partner,
                    "soloist": solo,
                    "crowns": score["crowns"] if complete and score and "crowns" in score else [None] * n,
                    "deal_won": self._deal_won(score) if complete else [None] * n,
                },
            },
        )

    def _deal_won(self, score):
        """1 for each seat whose side took more points than any other (4p, 2p) or who won crowns (3p)."""
        if "winners" in score:
            w = score["winners"]
            return [1 if s in w else 0 for s in range(self.n)]
        pl = score["players"]
        best = max(pl)
        return [1 if p == best and pl.count(best) < self.n else 0 for p in pl]

    def summary(self, status, score):
        names = self.names
        if status == VOID:
            return _("Misdeal: the deal is void and is dealt again; nothing is scored.")
        sides = score["sides"]
        key = (current(), tuple(names), tuple(map(tuple, sides)))
        side_words = _SIDE_WORDS.get(key)
        if side_words is None:
            side_words = [and_words([names[s] for s in side]) for side in sides]
            if len(_SIDE_WORDS) < 4096:
                _SIDE_WORDS[key] = side_words
        took = "; ".join([f"{w} {p}" for w, p in zip(side_words, score["points"])])
        if status == INCOMPLETE:
            return _("The record stops before the deal ends; the finished tricks give {took}.").format(took=took)
        v = self.variant
        if v == "3p":
            if self.soloist is None:
                head = _("Nobody held the soloist's card; each played alone")
            else:
                head = _("{who} played alone").format(who=names[self.soloist])
            w = score["winners"]
            crowns = score["crowns"]
            if not w:
                tail = _("no crowns change hands")
            else:
                won = max(crowns) if len(w) == 1 else crowns[w[0]]
                tail = ngettext("{who} won {n} crown(s)", "{who} won {n} crown(s)", won).format(
                    who=and_words([names[s] for s in w]), n=won
                )
            return f"{head}: {took}; {tail}."
        if v == "2p":
            return _("{took}; {who} wins the deal.").format(took=took, who=names[score["winners"][0]])
        if self.paper is not None:
            return _("{took} (on paper).").format(took=took)
        return _("{took} (last trick: {who}).").format(took=took, who=names[self.tricks[-1]["winner"]])

    # ------------------------------------------------------------------ the replay page

    def stop_at(self, final):
        return None

    def mark(self):
        return len(self.tricks)

    def stopped(self, i, final):
        return ""

    def snapshot(self, i, ev, text):
        n = self.n
        where = self.where
        hands = [None] * n
        if self.phase != 0 and not self.void:
            for s in range(n):
                if self.known[s] is not None or any(o == s for o in where.values()):
                    hands[s] = sorted((c for c, o in where.items() if o == s), key=card_sort)
        trick = [[s, c] for s, c in self.plays] + [[s, c] for s, c in self.rnd]
        return {
            "index": i,
            "final": False,
            "event": ev,
            "dealer": self.dealer,
            "hands": hands,
            "held": self.held[:],
            "stock": self.stock_left,
            "trick": trick,
            "tricks": [dict(t) for t in self.tricks],
            "tricks_won": self.won[:],
            "points": self.taken(),
            "violations": [dict(v) for v in self.violations],
            "text": text,
        }

    def describe(self, i, ev, before, ntricks):
        names = self.names
        if not isinstance(ev, dict):
            return "?"
        a = ev.get("action")
        s = ev.get("seat")
        who = names[s] if s.__class__ is int and 0 <= s < self.n else "?"
        if a == "deal":
            text = _("{who} deals").format(who=who)
        elif a == "play":
            text = _("{who} plays {card}").format(who=who, card=ev.get("card"))
        elif a == "draw":
            card = ev.get("card")
            text = _("{who} draws {card}").format(who=who, card=card) if card else _("{who} draws").format(who=who)
        elif a == "pass":
            text = _("{who} passes").format(who=who)
        elif a == "end_trick":
            text = _("{who} ends the trick").format(who=who)
        else:
            text = str(a)
        if len(self.tricks) > ntricks:
            t = self.tricks[-1]
            text += _("; {who} takes the trick ({points})").format(who=names[t["winner"]], points=t["points"])
        if len(self.violations) > before:
            text += " — " + "; ".join(v["message"] for v in self.violations[before:])
        return text
