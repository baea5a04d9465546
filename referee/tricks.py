"""Tricks, once for every trick game: turn order, following suit, revoke evidence from later plays.

A `TrickTable` keeps where each card of the deal is (`where`: card -> a seat that holds it, or one of
the places below), the hands known (`known`: the cards each seat surely holds, or None), the trick in
play and the tricks done. A game sets up a hand of tricks with `begin_tricks` and gives:

- `before_play(i, ev)`: called for a play or a trick while the phase is not PLAY; True lets it count;
- `judge(cur, complete)`: the trick's winner by the game's rules (`follow(...)` checks the duty to
  follow suit with the evidence of the known hands and of later plays);
- `revoke(event, seat, rule, words)`: what a revoke costs;
- `tricks_over()`: the last trick is done.

Seats play in `order` (the leader first); a play out of turn is judged in proper order.
"""

from .language import _

# Where a card of the current deal is: a seat number (that seat holds it and may play it) or one of these.
BLIND, TURNED, GONE, PLAYED = -1, -2, -3, -4
PLAY, DONE = 4, 5  # the phases of a trick game's hand that this module knows (a game numbers the others below)

# RING[n][d]: the seats in turn from seat d's left, d last.
RING = [[tuple((d + k) % n for k in range(1, n + 1)) for d in range(n)] for n in range(16)]


def lead_words(suit):
    """ "to a heart lead" in the language spoken."""
    return {
        "S": _("to a spade lead"),
        "H": _("to a heart lead"),
        "D": _("to a diamond lead"),
        "C": _("to a club lead"),
    }[suit]


def none_words(suit):
    """ "with no hearts" in the language spoken."""
    return {
        "S": _("with no spades"),
        "H": _("with no hearts"),
        "D": _("with no diamonds"),
        "C": _("with no clubs"),
    }[suit]


def ring_from(seats, first):
    """`seats` (in seat order) turned so that `first` comes first."""
    k = seats.index(first)
    return seats[k:] + seats[:k] if k else seats


class TrickTable:
    """Mixin of the trick machinery for a core.Table subclass (its slots are the game's)."""

    PLAY_RULE = "play"  # the rule ids a game gives, e.g. "swik.out-of-turn"
    OUT_OF_TURN = ""
    REVOKE = ""
    NTRICKS = 3
    MUST_TRUMP = True  # a player who cannot follow suit must play a trump if he can

    __slots__ = ()

    def begin_tricks(self, parts, part, leader):
        """The seats that play (`parts` in seat order, `part[s]` True for each), and who leads first."""
        self.parts = parts
        self.part = part
        self.leader = leader
        self.order = ring_from(parts, leader)
        self.cur = []
        self.disorder = False
        self.inexact = False
        self.voids = None

    # ------------------------------------------------------------------ plays

    def plays(self, i, ev):
        """Play events from i on, while they last; answers the index after them.

        The common play (in turn, a card the player holds, in the middle of the hand) is taken here
        with the state in locals; anything else goes to `play_one`, which checks everything.
        """
        events = self.events
        m = len(events)
        texts = self.TEXTS
        while True:
            if self.phase != PLAY:
                # The first play after the game's earlier phases: the game's own checks first (before_play),
                # once the play itself is readable (if not, play_one says why and the hand goes no further).
                s = ev.get("seat")
                c = ev.get("card")
                if s.__class__ is int and 0 <= s < self.n and c.__class__ is str and c in texts:
                    self.before_play(i, ev)
            if self.phase == PLAY and not self.disorder:
                where = self.where
                known = self.known
                voids = self.voids
                cur = self.cur
                order = self.order
                for s in order[len(cur) :] if cur else order:  # the seats still to play to this trick, in turn
                    try:
                        # (`is`: seats are small ints, one object each; true for 1, say, goes to play_one)
                        if ev["seat"] is not s:
                            break
                        c = ev["card"]
                        o = where.get(c)
                    except (KeyError, TypeError):  # (TypeError: an unhashable card)
                        break
                    if o is not s and (o is not None or known[s] is not None or c not in texts):
                        break  # not a card he holds (or "10H"): play_one says what it is
                    where[c] = PLAYED
                    if voids is not None and s in voids:
                        self.late_evidence(s, c)
                    cur.append((s, c, i))
                    i += 1
                    if i == m:
                        if len(cur) == len(order):
                            self.judge(cur, True)
                        return i
                    ev = events[i]
                    if ev.__class__ is not dict or ev.get("action") != "play":
                        if len(cur) == len(order):
                            self.judge(cur, True)
                        return i
                else:
                    self.judge(cur, True)
                    continue  # a trick was judged: take the next one with its own state
            self.play_one(i, ev)
            i += 1
            if i == m or self.lax:
                return i
            ev = events[i]
            if ev.__class__ is not dict or ev.get("action") != "play":
                return i

    def play_one(self, i, ev):
        """One play, checked in full."""
        s = ev.get("seat")
        c = ev.get("card")
        c = self.CARD.get(c) if c.__class__ is str else None
        if c is None or s.__class__ is not int or not 0 <= s < self.n:
            return self.syntax(i, ev, "play")
        if self.phase != PLAY and not self.may_play(i, ev, s):
            return
        cur = self.cur
        if (self.disorder or self.order[len(cur)] != s) and not self.odd_turn(i, s, c):
            return
        where = self.where
        o = where.get(c)
        if o != s and (o is not None or self.known[s] is not None):
            return self.never_held(i, s, c, o)
        where[c] = PLAYED
        if self.voids is not None and s in self.voids:
            self.late_evidence(s, c)
        cur.append((s, c, i))
        if len(cur) == len(self.order):
            self.judge(cur, True)

    def odd_turn(self, i, s, c):
        """A play that is not the next in turn: out, twice, or out of turn (a violation)."""
        if not self.part[s]:
            self.error(i, "seat", _("event {i}: {who} is out and cannot play").format(i=i, who=self.names[s]))
            return False
        cur = self.cur
        if any(p[0] == s for p in cur):
            self.error(
                i,
                "seat",
                _("event {i}: {who} plays {card}, but already played to trick {n}").format(
                    i=i, who=self.names[s], card=c, n=self.ntricks + 1
                ),
            )
            return False
        self.disorder = True
        done = {p[0] for p in cur}
        expected = next(x for x in self.order if x not in done)
        if expected != s:
            self.violate(
                i,
                s,
                self.OUT_OF_TURN,
                _(
                    "{who} played {card} out of turn ({expected} was to play); the cards are judged in proper order"
                ).format(who=self.names[s], card=c, expected=self.names[expected]),
            )
        return True

    def never_held(self, i, s, c, o):
        names = self.names
        if o == PLAYED:
            msg = _("event {i}: {who} plays {card}, which was already played")
        elif o is None:
            msg = _("event {i}: {who} plays {card}, a card never given to {who} (that hand: {hand})")
        else:
            msg = _("event {i}: {who} plays {card}, a card never given to {who}{where}")
        hand = " ".join(self.known[s] or []) if o is None else ""
        self.error(i, "card", msg.format(i=i, who=names[s], card=c, hand=hand, where=self.where_words(o)))

    def where_words(self, o):
        if o is None:
            return ""
        if o >= 0:
            return _(" (it was dealt to {who})").format(who=self.names[o])
        return {
            BLIND: _(" (it is in the blind)"),
            TURNED: _(" (it is the turned card)"),
            GONE: _(" (it was thrown away)"),
            PLAYED: _(" (it was already played)"),
        }[o]

    def in_proper_order(self, cur):
        """The plays of the trick in proper order (the leader's first), or None while the leader has not played."""
        if not self.disorder:
            return cur
        pos = {x: k for k, x in enumerate(self.order)}
        plays = sorted(cur, key=lambda p: pos[p[0]])
        return plays if plays[0][0] == self.order[0] else None

    def trick_done(self, leader, out, win, e):
        """Record a trick won by `win` at event e, played card by card (`out`: [[seat, card], ...]) or given by its
        winner (None); the winner leads the next."""
        self.tricks.append({"leader": leader, "plays": out, "winner": win, "points": 0})
        self.trick_events.append(e)
        self.won[win] += 1
        self.leader = win
        parts = self.parts
        k = parts.index(win)
        self.order = parts[k:] + parts[:k] if k else parts  # (ring_from, without a call: once a trick)
        self.cur = []
        self.disorder = False
        k = self.ntricks = self.ntricks + 1
        if k == self.NTRICKS:
            self.phase = DONE
            self.tricks_over()

    # ------------------------------------------------------------------ a trick given by its winner

    def trick(self, i, ev):
        w = ev.get("winner")
        if not (w.__class__ is int and 0 <= w < self.n):
            self.syntax(i, ev, "trick")
            return
        if self.phase != PLAY and not self.may_trick(i, ev):
            return
        if not self.part[w]:
            self.error(i, "winner", _("event {i}: {who} was out and cannot win a trick").format(i=i, who=self.names[w]))
            return
        if self.cur:
            self.error(
                i,
                "action",
                _(
                    "event {i}: a trick given by its winner while trick {n} is half played; give all its cards or "
                    "only its winner"
                ).format(i=i, n=self.ntricks + 1),
            )
            return
        # Which cards went is unknown now: the known hands no longer tell what is still held.
        self.inexact = True
        self.trick_done(self.leader, None, w, i)

    # ------------------------------------------------------------------ following suit

    def follow(self, s, c, e, L):
        """Seat s played c to a lead of suit L: a revoke if he held L, or held trump and played none."""
        hand = None if self.inexact else self.evid[s]
        if hand is not None:
            T = self.trump if self.MUST_TRUMP else None
            where = self.where
            trump = None  # his first trump still held
            for x in hand:  # (every card of a known hand is in `where`)
                if where[x] == s:
                    if x[1] == L:
                        return self.revoke(
                            e,
                            s,
                            self.REVOKE,
                            _("{who} played {card} {lead} while holding {held}").format(
                                who=self.names[s], card=c, lead=lead_words(L), held=x
                            ),
                        )
                    if x[1] == T and trump is None:
                        trump = x
            if trump is not None and c[1] != T:
                return self.revoke(
                    e,
                    s,
                    self.REVOKE,
                    _("{who} played {card} {lead} {without}, but held the trump {trump}").format(
                        who=self.names[s], card=c, lead=lead_words(L), without=none_words(L), trump=trump
                    ),
                )
            if self.known[s] is not None:
                return  # his whole hand is known: nothing more to learn later
        # Unknown hand: a card of that suit (or a trump) he plays later shows he held it now.
        # House rule: after a trick given only by its winner, known hands no longer tell what is still
        # held, so only later plays are evidence.
        voids = self.voids
        if voids is None:
            voids = self.voids = {}
        voids.setdefault(s, []).append((L, self.MUST_TRUMP and c[1] != self.trump, e, c))

    def late_evidence(self, s, c):
        """Seat s plays c: does it show he held a card he should have played to an earlier trick?"""
        v = self.voids[s]
        for k, (L, need_trump, e, played) in enumerate(v):
            if c[1] == L:
                why = _("{who} played {card} {lead}, but held {held} (and played it later)").format(
                    who=self.names[s], card=played, lead=lead_words(L), held=c
                )
            elif need_trump and c[1] == self.trump:
                why = _(
                    "{who} played {card} {lead} {without}, but held the trump {trump} (and played it later)"
                ).format(who=self.names[s], card=played, lead=lead_words(L), without=none_words(L), trump=c)
            else:
                continue
            del v[k]
            self.revoke(e, s, self.REVOKE, why)
            return

    def playable(self, s, sort_key):
        """The cards seat s may play now without a revoke; None when his hand is not known (any unseen card)."""
        where = self.where
        if self.inexact:
            return None
        hand = self.known[s]
        if hand is None:
            return sorted((c for c in set(self.CARD.values()) if where.get(c) in (None, s)), key=sort_key)
        held = [c for c in hand if where[c] == s]
        plays = self.in_proper_order(self.cur) if self.cur else None
        if not plays:
            return sorted(self.may_lead(s, held), key=sort_key)
        L = plays[0][1][1]
        T = self.trump if self.MUST_TRUMP else None
        follow = [c for c in held if c[1] == L] or [c for c in held if c[1] == T] or held
        return sorted(follow, key=sort_key)

    def may_lead(self, s, held):
        """The cards seat s may lead (all he holds, unless the game says otherwise)."""
        return held
