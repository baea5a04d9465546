"""Betting rounds, once for every betting game (Seka now, poker later): whose turn, who is still in, the stake,
what each seat has put in, and the money of a bet. The games name the rules (`seka.out-of-turn`,
`poker.out-of-turn`) and say what a call costs; this module only keeps the state and the words of the numbers.

    rnd = Round(n, seats, first)      seats: the seats in the round; first: the seat whose turn it is first
                                      (or the first seat in from there on)
    rnd.turn                          the seat due to act (None once fewer than two are in)
    rnd.stake                         the stake to beat (Seka: the last stake; poker: the highest total put in)
    rnd.put[s]                        what seat s has put in during this round
    rnd.live[s]                       True while seat s is in; rnd.count() how many are in; rnd.seats_in()
    rnd.acted                         the seats that have acted since the last raise (or the start)
    rnd.raises                        how many raises the round has seen
    rnd.due(s)                        True if it is s's turn (anything else is out of turn)
    rnd.next_from(s)                  the first seat still in to the left of s (s itself excluded), or None
    rnd.bet(s, amount, stake)         s puts `amount` in, and the stake becomes the larger of `stake` and the one
                                      before (a raise: `acted` starts again from s); the turn passes on from s
    rnd.call(s, amount)               s puts `amount` in without raising; the turn passes on from s
    rnd.fold(s)                       s gives up; the turn passes on from s
    rnd.lone()                        the one seat left in, or None
    rnd.owes(s)                       what s must add to match the most anyone has put in, folded or not
                                      (poker's call)
    rnd.settled()                     everyone in has acted since the last raise and owes nothing (poker's end)
    rnd.least(min_raise)              the least stake a raise may make: stake + min_raise
    rnd.judge_raise(stake, min_raise, max_raise=None)
                                      None, "under" (below the least) or "over" (above stake + max_raise)

Turns go as in poker: the next to act is the first seat still in to the left of the one who acted last, so an
action out of turn counts and the turn passes on from him. The round never ends itself: the game says when
(Seka: a call with two in, or one left; poker: `settled()` or one left).

`BettingTable` is a mixin for a game's core.Table: `f_amount` (the reader of a bet's money), `f_flag_opt` (a
flag that may be left out: false) and `stake_in` (a bet into the pot: a ledger entry of kind "other" that
the facts' `pot` leaves out, as it leaves out everything but antes, fees and penalties); `staked` is the
sum of the hand's bets, so the pot to take is `pot + staked`.
"""

from .language import _
from .record import MAX_CENTS, describe


class Round:
    """One betting round (see the module's words)."""

    __slots__ = ("n", "live", "turn", "stake", "put", "acted", "raises", "k")

    def __init__(self, n, seats, first):
        self.n = n
        live = [False] * n
        for s in seats:
            live[s] = True
        self.live = live
        self.k = sum(live)  # how many are in
        self.stake = 0
        self.put = [0] * n
        self.acted = set()
        self.raises = 0
        self.turn = first if live[first] else self.next_from(first)
        if self.count() < 2:
            self.turn = None

    def count(self):
        return self.k

    def seats_in(self):
        return [s for s in range(self.n) if self.live[s]]

    def next_from(self, s):
        n = self.n
        for k in range(1, n + 1):
            x = (s + k) % n
            if self.live[x] and x != s:
                return x
        return None

    def due(self, s):
        return self.turn == s

    def _passed(self, s):
        self.acted.add(s)
        self.turn = self.next_from(s) if self.k > 1 else None

    def bet(self, s, amount, stake):
        self.put[s] += amount
        if stake > self.stake:
            self.stake = stake
        self.raises += 1
        self.acted = set()
        self._passed(s)

    def call(self, s, amount):
        self.put[s] += amount
        self._passed(s)

    def fold(self, s):
        if self.live[s]:
            self.k -= 1
        self.live[s] = False
        self.acted.discard(s)
        self.turn = self.next_from(s) if self.k > 1 else None

    def lone(self):
        if self.k != 1:
            return None
        return self.live.index(True)

    def owes(self, s):
        return max(0, max(self.put) - self.put[s])  # (a raise stands when its maker folds: the most anyone put)

    def settled(self):
        top, put, acted = max(self.put), self.put, self.acted
        return all(s in acted and put[s] == top for s in range(self.n) if self.live[s])

    def least(self, min_raise):
        return self.stake + min_raise

    def judge_raise(self, stake, min_raise, max_raise=None):
        if stake < self.stake + min_raise:
            return "under"
        if max_raise is not None and stake > self.stake + max_raise:
            return "over"
        return None


class BettingTable:
    """Mixin for a betting game's core.Table (see the module's words); the table sets `staked = 0`."""

    __slots__ = ()

    def f_amount(self, i, ev, key):
        """A bet's money: whole cents from 0 to MAX_CENTS, or None (with an error) if given wrong; None if left
        out (the game says whether it may be)."""
        v = ev.get(key)
        if v is None or v.__class__ is int and 0 <= v <= MAX_CENTS:
            return v
        self.error(
            i,
            key,
            _("event {event} ({action}): '{key}' must be a whole number of cents from 0 to {most}, not {what}").format(
                event=i, action=ev.get("action"), key=key, most=MAX_CENTS, what=describe(v)
            ),
        )
        return None

    def f_flag_opt(self, i, ev, key):
        """A flag that may be left out or null (false)."""
        if ev.get(key) is None:
            return False
        return self.f_flag(i, ev, key)

    def stake_in(self, seat, amount, reason, i):
        """Seat puts `amount` into the pot as a bet (not an ante, fee or penalty)."""
        self.ledger.append({"seat": seat, "amount": -amount, "reason": reason, "event": i})
        self.kinds.append("other")
        self.net[seat] -= amount
        self.staked += amount
