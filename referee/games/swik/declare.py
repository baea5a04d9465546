"""Declarations (in, out, the blind) and three of a kind."""

from bisect import bisect_left

from ...tricks import DONE, GONE, PLAYED, RING
from .rules import (
    AFTER,
    CARD,
    DEALT,
    DECL,
    LONE,
    NOBODY,
    ORDER,
    PRE,
    TRIPS,
    _give_blind,
    three_of,
)
from .said import _


class Declaring:
    """Mixin of Swik's table (its state is the table's slots)."""

    __slots__ = ()

    # ------------------------------------------------------------------ declarations

    def _declares(self, i, ev):
        """Declarations from i on, while they last; returns the index after them. The plain ones ("in" or
        "out", in turn) are taken here with the state in locals; anything else goes to _declare."""
        events = self.events
        m = len(events)
        while True:
            ph = self.phase
            if (ph == DECL or ph == DEALT) and not self.decl_disorder:
                declared = self.declared
                k = self.ndecl
                need = self.n - 1 if self.wrapped else self.n
                turns = RING[self.n][self.deal_seat]  # whose turn it is, by the declarations made
                j = k
                while True:
                    try:
                        # (`is`: seats are small ints, one object each; true for 1, say, goes to _declare)
                        if ev["seat"] is not turns[j]:
                            break
                        choice = ev["choice"]
                    except KeyError:
                        break
                    if choice != "in" and choice != "out":
                        break
                    declared[turns[j]] = choice
                    j += 1
                    i += 1
                    if j == need or i == m:
                        break
                    ev = events[i]
                    if ev.__class__ is not dict or ev.get("action") != "declare":
                        break
                if j != k:
                    self.phase = DECL
                    self.ndecl = j
                    self.last_decl = i - 1
                    if j == need:
                        self._declarations_done()
                    if i == m:
                        return i
                    ev = events[i]
                    if ev.__class__ is not dict or ev.get("action") != "declare":
                        return i
            self._declare(i, ev)
            i += 1
            if i == m or self.lax:
                return i
            ev = events[i]
            if ev.__class__ is not dict or ev.get("action") != "declare":
                return i

    def _declare(self, i, ev):
        """One declaration, checked in full."""
        s = ev.get("seat")
        choice = ev.get("choice")
        if not (s.__class__ is int and 0 <= s < self.n) or (choice != "in" and choice != "out" and choice != "blind"):
            self.syntax(i, ev, "declare")
            return
        ph = self.phase
        if ph != DECL:
            if ph == DEALT:
                self.phase = DECL  # (a record with no wrap event is read as no wrap)
            elif ph == PRE:
                return self._not_dealt(i, ev, "declare")
        d = self.deal_seat
        if s == d and self.wrapped:
            self.violate(
                i,
                s,
                "swik.wrapped-dealer-declares",
                _('{who} wrapped and is in; the declaration "{choice}" is ignored').format(
                    who=self.names[s], choice=choice
                ),
            )
            return
        declared = self.declared
        if declared[s] is not None:
            self.error(
                i,
                "seat",
                _('event {i}: {who} declares twice (first "{choice}"); a player declares once').format(
                    i=i, who=self.names[s], choice=declared[s]
                ),
            )
            return
        k = self.ndecl
        n = self.n
        if self.decl_disorder or (d + 1 + k) % n != s:
            self._declare_order(i, s)
        if choice == "blind":
            if self.blind_taker is None:
                self.blind_taker = s
                self._take_blind(s)
            else:
                names = self.names
                self.violate(
                    i,
                    s,
                    "swik.blind-taken",
                    _(
                        "{who} asked for the blind, but {taker} took it first; "
                        '{who} plays the hand dealt (counts as "in")'
                    ).format(who=names[s], taker=names[self.blind_taker]),
                )
                choice = "in"
        declared[s] = choice
        k += 1
        self.ndecl = k
        self.last_decl = i
        if k == (n - 1 if self.wrapped else n):
            self._declarations_done()

    def _declare_order(self, i, s):
        n = self.n
        d = self.deal_seat
        declared = self.declared
        order = [(d + k) % n for k in range(1, n + 1)]
        if self.wrapped:
            order.pop()
        expected = next(x for x in order if declared[x] is None)
        if expected != s:
            self.decl_disorder = True
            self.violate(
                i,
                s,
                "swik.declare-order",
                _("{who} declared before {other}, whose turn it was").format(
                    who=self.names[s], other=self.names[expected]
                ),
            )

    def _take_blind(self, s):
        """Seat s throws his hand away and holds the blind."""
        blind = self.blind
        _give_blind(self.where, self.dealt[s], blind, s)
        self.known[s] = blind
        if self.evid is not self.known:
            self.evid[s] = blind

    def _declarations_done(self):
        n = self.n
        d = self.deal_seat
        wd = d if self.wrapped else -1  # a dealer who wrapped is in, and did not declare
        isin = []
        ins = []
        s = 0
        for c in self.declared:
            if c == "in" or c == "blind" or s == wd:
                isin.append(True)
                ins.append(s)
            else:
                isin.append(False)
            s += 1
        self.isin = isin
        self.ins = ins
        self.phase = AFTER
        if not ins:
            self.phase = DONE
            self.done = NOBODY
            return
        if len(ins) == 1:
            lone = self.lone = ins[0]
            if not self.cfg.lone_blind or lone == d or lone == self.blind_taker:
                # A lone dealer, or a lone player who took the blind, has no blind to play against:
                # he takes the pot (swik.md), whatever lone_player says.
                self.phase = DONE
                self.done = LONE
                return
            # The lone player plays against the blind; the dealer's seat plays the blind's cards.
            # House rule: a revoke by the blind's hand is the dealer's, who played it: he falls for it.
            blind = self.blind
            _give_blind(self.where, self.dealt[d], blind, d)
            self.known[d] = blind
            if self.evid is not self.known:
                self.evid[d] = blind
            part = [False] * n
            part[lone] = part[d] = True
            self.begin_tricks([lone, d] if lone < d else [d, lone], part, lone)  # the lone player leads
        else:
            # The first player in from the dealer's seat on leads; the others follow in seat order.
            k = bisect_left(ins, d)  # (the first of them from the dealer's seat on, else the first)
            self.begin_tricks(ins, isin, ins[k] if k < len(ins) else ins[0])

    # ------------------------------------------------------------------ three of a kind

    def _trips(self, i, ev):
        s = ev.get("seat")
        v = ev.get("cards")
        cs = None
        if s.__class__ is int and 0 <= s < self.n and v.__class__ is list and len(v) == 3:
            get = CARD.get
            cs = [get(t) if t.__class__ is str else None for t in v]
            if None in cs or cs[0] == cs[1] or cs[0] == cs[2] or cs[1] == cs[2]:
                cs = None
        if cs is None:
            self.syntax(i, ev, "trips")
            return
        ph = self.phase
        if ph == PRE:
            return self._not_dealt(i, ev, "trips")
        if ph == DEALT or ph == DECL:
            self.error(
                i,
                "action",
                _(
                    "event {i}: three of a kind shown before every declaration is made; "
                    "a player shows it after the last declaration"
                ).format(i=i),
            )
            return
        if ph == DONE or not self.isin[s]:
            return  # shown by a player who is out, or after the hand was decided: ignored
        # House rule: showing three of a kind twice, or three cards that are not three different cards of
        # the deck, cannot happen at a table: a bad record (field "seat" / "cards").
        shown = self.shown
        if shown is None:
            shown = self.shown = []
        elif any(x[1] == s for x in shown):
            self.error(i, "seat", _("event {i}: {who} shows three of a kind twice").format(i=i, who=self.names[s]))
            return
        if self.first_after is None:
            self.first_after = i
        self.played_any = True
        why = self._trips_false(s, cs)
        if why:
            P = self.pot
            names = self.names
            self.violate(
                i,
                s,
                "swik.false-trips",
                _("{who} showed {cards} as three of a kind, but {why}; {who} falls and pays {amount}").format(
                    who=names[s], cards=" ".join(cs), why=why, amount=P
                ),
                P,
            )
            # House rule: the false claimer's fall is a penalty for the claim: it stands even if the record
            # stops before the hand ends (like a revoke under revoke "fall").
            self._fall(s, P, "false three of a kind: falls", i)
            shown.append((-1, s, i, None))
            return
        if ph == AFTER:
            shown.append((ORDER[cs[0]], s, i, cs[0][0]))
        else:
            # House rule: shown after play began (and before the hand was decided), three of a kind he still
            # holds wins now, and the tricks played so far do not count.
            self._decide_trips(s, i, cs[0][0], False)

    def _counting_hand(self, s):
        """The three known cards that count for three of a kind, or None."""
        if s == self.deal_seat and self.wrapped and not self.cfg.trips_after_wrap:
            return self.dealt[s]
        return self.known[s]

    def _trips_false(self, s, cs):
        """Why the shown cards are not three of a kind in the hand that counts ("" if they are)."""
        r = cs[0][0]
        if cs[1][0] != r or cs[2][0] != r:
            return _("they are not of one rank")
        hand = self._counting_hand(s)
        where = self.where
        old_hand = s == self.deal_seat and self.wrapped and not self.cfg.trips_after_wrap
        for c in cs:
            o = where.get(c)
            if o == PLAYED:
                return _("{card} was already played").format(card=c)
            if hand is not None:
                if c not in hand:
                    return _("the hand that counts is {cards}").format(cards=" ".join(hand))
            elif o is not None and o != s and not (o == GONE and old_hand):
                return _("{card} is not in the hand that counts{where}").format(card=c, where=self.where_words(o))
            elif old_hand and c == self.turned:
                return _("{card} is the card the dealer wrapped on, not one dealt").format(card=c)
        return ""

    def _resolve_trips(self, at):
        """At the first event after the declarations (or the end): shown and unclaimed three of a kind."""
        best = None  # (order, seat, event, rank, unclaimed)
        shown = self.shown
        if shown:
            for o, s, e, r in shown:
                if o >= 0 and (best is None or o > best[0]):
                    best = (o, s, e, r, False)
        # House rule: a player who showed cards (true or false) is not also searched for unclaimed three of a
        # kind, and an unclaimed one is reported only when it decides the hand.
        known = self.known
        special = self.wrapped and not self.cfg.trips_after_wrap
        for s in self.ins:
            hand = known[s] if not special else self._counting_hand(s)
            if hand is None or len(hand) != 3:
                continue
            a, b, c = hand
            r = a[0]
            if b[0] == r and c[0] == r and (best is None or ORDER[a] > best[0]):
                if shown and any(x[1] == s for x in shown):
                    continue
                best = (ORDER[a], s, at, r, True)
        if best is None:
            return False
        o, s, e, r, unclaimed = best
        if unclaimed:
            self.violate(
                at,
                s,
                "swik.unclaimed-trips",
                _("{who} held {three} and did not show them; the rule applies anyway: {who} wins the hand").format(
                    who=self.names[s], three=three_of(r)
                ),
            )
        self._decide_trips(s, e, r, unclaimed)
        return True

    def _decide_trips(self, s, e, rank, unclaimed):
        self.trips_win = (s, e, rank, unclaimed)
        self.phase = DONE
        self.done = TRIPS
        self.cur = []
