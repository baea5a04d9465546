"""Poker's table: one hand of Russian draw poker, on the core (core.Table) and the shared betting round
(betting.Round).

Phases: PRE (before the deal), DRAW (after the deal, before the first bet), BET (the betting), SHOW (the betting
has ended: the showdown), DONE (one player left).

Money: the antes go into the pot (`pot`, with pot_in); calls and raises are stakes (`staked`, ledger kind
"other"). The best shown hands take pot + staked (split, the odd unit from the dealer's left: showdown.split_pot);
when every shown hand is foul, or the record stops before the hand ends, it all stays in the pot (pot_out).

Cards: each seat's holding is the cards the record names (dealt and drawn, less the discards) and how many it
does not name (`hidden`: a hand dealt as null, a card drawn as null). `named` counts the copies of each card the
record has placed (dealt, drawn, discarded, and shown in place of a card not named); no card is placed more often
than the deck holds it (`decks` packs, `jokers` a pack).

House rule: keys the referee does not know (on the record or an event) are ignored.
House rule: a record may leave the deal out (a table that wrote down only the showdown): the first other event
deals every hand unseen, and the hand goes on from there.
House rule: a fold ends the draw like a bet, and is judged for its turn like one.
House rule: a call may leave out its amount: it is charged what it costs.
House rule: a raise that does not reach the call is a call of the wrong amount (poker.wrong-call), charged the call.
House rule: `max_raise` 0 is no limit.
House rule: a fold after the betting has ended gives the hand up (no violation), but not after showing it, and
not by the last player in; a second show is a bad record.
A show by a player who folded, or by the last one in once everyone else folded (poker.md: he takes the pot without
showing, a right that forbids nothing), is shown for interest: no violation, and it moves nothing (issue 29).
House rule: antes are paid in every hand, a carried pot's included.
"""

from ... import core
from ...betting import BettingTable, Round
from ...record import MAX_CENTS, describe
from ...ruling import INCOMPLETE
from .ending import Ending
from .legal import Words
from .ranking import rank
from .rules import ACTIONS, CARD, GAME, HAND, JOKER, deck_words
from .words import describe as hand_words

PRE, DRAW, BET, SHOW, DONE = range(5)
PHASE_WORDS = ("before the deal", "the draw", "the betting", "the showdown", "over")


class Poker(Words, Ending, BettingTable, core.Table):
    GAME = GAME
    CARD = CARD
    DECK_WORDS = "the deck (52 cards and the joker JK)"
    ACTIONS = ACTIONS

    def __init__(self, n, names, dealer, pot_in, cfg, claimed=None):
        core.Table.__init__(self, n, names, dealer, pot_in, cfg, claimed)
        self.staked = 0
        self.phase = PRE
        self.dealt = None  # the deal as written (each hand a list of texts or None)
        self.known = None  # each seat's named cards now
        self.hidden = None  # how many of each seat's cards the record does not name
        self.named = {}  # card -> copies the record has placed
        self.used = 0  # cards off the pack (dealt and drawn)
        self.drew = {}  # seat -> (event, discards, cards drawn)
        self.rnd = None
        self.folded_at = {}
        self.shown = {}  # seat -> (key, words, foul, event, cards)
        self.aside = {}  # seat -> (event, cards, words, why): a show for interest, which moves nothing
        self.deal_at = None
        self.bet_at = None  # the first bet (the draw is over)
        self.end_event = None
        self.result = (INCOMPLETE, None, "stops")

    def setup(self, record):
        if self.cfg.ante:
            for s in range(self.n):
                self.pay(s, self.cfg.ante, "ante", None, "ante")

    # ------------------------------------------------------------------ helpers

    def _who(self, s):
        return self.names[s]

    def _copies(self, c):
        return self.cfg.joker_copies if c == JOKER else self.cfg.copies

    def _place(self, i, key, c, what):
        """One more copy of card c placed by the record; False (with an error) if the deck has no copy left."""
        k = self.named.get(c, 0) + 1
        most = self._copies(c)
        if k > most:
            if most == 0:
                self.error(i, key, f"event {i} ({what}): this table plays without jokers; {c} is not in its deck")
            else:
                times = "once" if most == 1 else f"{most} times"
                self.error(
                    i, key, f"event {i} ({what}): {c} is placed {k} times; {deck_words(self.cfg)} hold it {times}"
                )
            return False
        self.named[c] = k
        return True

    def _begin(self):
        """The hand is dealt (as written, or unseen when the record leaves the deal out): the betting round opens."""
        n = self.n
        if self.known is None:
            self.known = [[] for _ in range(n)]
            self.hidden = [HAND] * n
            self.used = HAND * n
        self.rnd = Round(n, range(n), (self.dealer + 1) % n)
        self.phase = DRAW

    def _cards_nulls(self, i, ev, key):
        """A list of cards, null where a card was not seen; None (with an error) if anything is wrong."""
        v = ev.get(key)
        if v is None:
            return []
        if v.__class__ is not list:
            self.error(i, key, f"event {i} ({ev.get('action')}): '{key}' must be a list of cards, not {describe(v)}")
            return None
        out = []
        for t in v:
            if t is None:
                out.append(None)
                continue
            c = CARD.get(t) if t.__class__ is str else None
            if c is None:
                self.card_words(i, ev, key, t)
                return None
            out.append(c)
        return out

    def _plain_cards(self, v):
        return v.__class__ is list and all(c.__class__ is str and c in CARD for c in v)

    # ------------------------------------------------------------------ the deal and the draw

    def _plain_deal(self, hands):
        """The deal's hands as card texts when they are plainly right (the common event), else None: then the
        field readers say what is wrong."""
        if hands.__class__ is not list or len(hands) != self.n:
            return None
        out = []
        try:
            for h in hands:
                if h is None:
                    out.append(None)
                elif h.__class__ is list:
                    out.append([CARD[c] for c in h])
                else:
                    return None
        except (KeyError, TypeError):
            return None
        return out

    def _deal(self, i, ev):
        s = ev.get("seat")
        dealt = self._plain_deal(ev.get("hands")) if s.__class__ is int and 0 <= s < self.n else None
        if dealt is None:
            if not self.syntax(i, ev, "deal"):
                return
            dealt = [None if h is None else [CARD[c] for c in h] for h in ev["hands"]]
        if self.phase != PRE:
            when = (
                f"the hand was dealt at event {self.deal_at}" if self.deal_at is not None else "the hand is under way"
            )
            self.error(i, "action", f"event {i} (deal): a second deal; {when}")
            return
        d = ev["seat"]
        if d != self.dealer:
            self.error(i, "seat", f"event {i} (deal): {self._who(self.dealer)} deals this hand, not {self._who(d)}")
            return
        for s, h in enumerate(dealt):
            if h is not None and len(h) != HAND:
                self.error(i, "hands", f"event {i} (deal): {self._who(s)} gets {len(h)} cards, not {HAND}")
                return
        named = self.named
        for h in dealt:
            if h is None:
                continue
            for c in h:
                if c in named or c == JOKER:
                    if not self._place(i, "hands", c, "deal"):
                        return
                else:
                    named[c] = 1  # (the first copy of a plain card: there is always one)
        self.dealt = dealt
        self.known = [[] if h is None else list(h) for h in dealt]
        self.hidden = [HAND if h is None else 0 for h in dealt]
        self.used = HAND * self.n
        self.deal_at = i
        self._begin()

    def _draw(self, i, ev):
        s = ev.get("seat")
        if s.__class__ is not int or not 0 <= s < self.n:
            self.syntax(i, ev, "draw")
            return
        discard, got = ev.get("discard"), ev.get("cards")
        try:
            if not (discard is None or discard.__class__ is list) or not (got is None or got.__class__ is list):
                raise TypeError
            discard = [] if discard is None else [None if c is None else CARD[c] for c in discard]
            got = [] if got is None else [None if c is None else CARD[c] for c in got]
        except (KeyError, TypeError):  # (not plainly right: the field readers say what is wrong)
            discard = self._cards_nulls(i, ev, "discard")
            got = self._cards_nulls(i, ev, "cards")
            if discard is None or got is None:
                return
        who = self._who(s)
        if self.phase == PRE:
            self._begin()
        elif self.phase != DRAW:
            when = f"the first bet (event {self.bet_at})" if self.bet_at is not None else "the showdown began"
            self.error(i, "action", f"event {i} (draw): {who} draws after {when}")
            return
        if s in self.drew:
            self.error(i, "seat", f"event {i} (draw): {who} drew at event {self.drew[s][0]}; a player draws once")
            return
        if len(discard) != len(got):
            self.error(
                i,
                "cards",
                f"event {i} (draw): {who} discards {len(discard)} and gets {len(got)}; as many cards come back as were discarded",
            )
            return
        known, hidden = self.known[s], self.hidden[s]
        if not hidden and None not in got and self._plain_draw(i, s, known, discard, got):
            return
        known = list(known)
        for c in discard:
            if c is not None and c in known:
                known.remove(c)
            elif hidden:
                hidden -= 1
                if c is not None and not self._place(i, "discard", c, "draw"):
                    return
            elif c is None:
                self.error(
                    i,
                    "discard",
                    f"event {i} (draw): the record names {who}'s hand, so it names the cards {who} discards",
                )
                return
            else:
                self.error(i, "discard", f"event {i} (draw): {who} holds {' '.join(self.known[s])}, not {c}")
                return
        for c in got:
            if c is None:
                hidden += 1
            elif not self._place(i, "cards", c, "draw"):
                return
            else:
                known.append(c)
        self.used += len(got)
        if self.used > self.cfg.size:
            self.error(
                i, "cards", f"event {i} (draw): {self.used} cards off the pack; {deck_words(self.cfg)} are all there is"
            )
            return
        self.known[s], self.hidden[s] = known, hidden
        self.drew[s] = (i, discard, got)

    def _plain_draw(self, i, s, known, discard, got):
        """The common draw: a hand the record names throws cards it holds for cards with a copy left. True once
        done; False (nothing done) for any other, which the careful path then reads."""
        left = list(known)
        try:
            for c in discard:
                left.remove(c)
        except ValueError:
            return False
        named, copies = self.named, self.cfg.copies
        if any(c == JOKER or named.get(c, 0) >= copies for c in got):
            return False
        if self.used + len(got) > self.cfg.size:
            return False
        for c in got:
            named[c] = named.get(c, 0) + 1
        self.used += len(got)
        self.known[s] = left + got
        self.drew[s] = (i, discard, got)
        return True

    # ------------------------------------------------------------------ the betting

    def _betting(self, i, s, a):
        """Whether the betting takes this event (else an error or a violation, and False)."""
        ph = self.phase
        if ph == PRE:
            self._begin()
        if not self.rnd.live[s]:
            self.error(i, "seat", f"event {i} ({a}): {self._who(s)} folded at event {self.folded_at[s]}")
            return False
        if ph >= SHOW:
            self.violate(
                i, s, "poker.out-of-turn", f"{self._who(s)} {a}s after the betting has ended; it moves nothing"
            )
            return False
        if self.phase == DRAW:
            self.phase = BET
            self.bet_at = i
        if not self.rnd.due(s):
            self.violate(
                i, s, "poker.out-of-turn", f"{self._who(s)} acts out of turn: it was {self._who(self.rnd.turn)}'s"
            )
        return True

    def _after(self, i):
        rnd = self.rnd
        if rnd.k == 1:
            self.phase = DONE
            self.end_event = i
        elif len(rnd.acted) >= rnd.k and rnd.settled():
            self.phase = SHOW

    def _plain_bet(self, ev):
        s, amount = ev.get("seat"), ev.get("amount", 0)
        return s.__class__ is int and 0 <= s < self.n and amount.__class__ is int and 0 <= amount <= MAX_CENTS

    def _call(self, i, ev):
        if not self._plain_bet(ev) and not self.syntax(i, ev, "call"):
            return
        s, amount = ev["seat"], ev.get("amount")
        if not self._betting(i, s, "call"):
            return
        rnd = self.rnd
        self._charge_call(i, s, amount, rnd.owes(s), "call")

    def _charge_call(self, i, s, amount, right, what):
        if amount is not None and amount != right:
            self.violate(i, s, "poker.wrong-call", f"{self._who(s)}'s {what} is charged {right}, not {amount}")
        if right:
            self.stake_in(s, right, "call", i)
        self.rnd.call(s, right)
        self._after(i)

    def _raise(self, i, ev):
        if not self._plain_bet(ev) and not self.syntax(i, ev, "raise"):
            return
        s, amount = ev["seat"], ev.get("amount")
        if amount is None:
            self.error(i, "amount", f"event {i} (raise) needs 'amount': the money put in")
            return
        if not self._betting(i, s, "raise"):
            return
        rnd = self.rnd
        owes = rnd.owes(s)
        if amount <= owes:
            # A raise adding nothing is a call (one that does not reach the call, a call of the wrong amount).
            self._charge_call(i, s, amount, owes, "raise, which does not reach the call,")
            return
        cfg = self.cfg
        added = amount - owes
        if added < cfg.min_raise:
            self.violate(
                i,
                s,
                "poker.raise-under-min",
                f"{self._who(s)} raises by {added}, under the least raise of {cfg.min_raise}: the least that could be put "
                f"in was {owes + cfg.min_raise}; it stands",
            )
        elif cfg.max_raise is not None and added > cfg.max_raise:
            self.violate(
                i,
                s,
                "poker.raise-over-max",
                f"{self._who(s)} raises by {added}, over the most raise of {cfg.max_raise}: the most that could be put "
                f"in was {owes + cfg.max_raise}; it stands",
            )
        self.stake_in(s, amount, "raise", i)
        rnd.bet(s, amount, rnd.put[s] + amount)
        self._after(i)

    def _fold(self, i, ev):
        if not self._plain_bet(ev) and not self.syntax(i, ev, "fold"):
            return
        s = ev["seat"]
        if ev.get("amount"):
            self.error(i, "amount", f"event {i} (fold): a fold puts nothing in; its amount is 0 or left out")
            return
        ph = self.phase
        if ph >= SHOW:
            who = self._who(s)
            if not self.rnd.live[s]:
                self.error(i, "seat", f"event {i} (fold): {who} folded at event {self.folded_at[s]}")
                return
            if s in self.shown:
                self.error(i, "seat", f"event {i} (fold): {who} showed the hand at event {self.shown[s][3]}")
                return
            if ph == DONE:
                self.error(i, "seat", f"event {i} (fold): {who} is the last one in; the pot is {who}'s")
                return
        elif not self._betting(i, s, "fold"):
            return
        self.folded_at[s] = i
        self.rnd.fold(s)
        if self.rnd.count() == 1:
            self.phase = DONE
            self.end_event = i
        elif ph < SHOW:
            self._after(i)

    # ------------------------------------------------------------------ the showdown

    def _show(self, i, ev):
        s, cards = ev.get("seat"), ev.get("cards")
        if not (s.__class__ is int and 0 <= s < self.n and self._plain_cards(cards)) and not self.syntax(i, ev, "show"):
            return
        cards = [CARD[c] for c in cards]
        who = self._who(s)
        if self.phase == PRE:
            self._begin()
        rnd = self.rnd
        aside = not rnd.live[s] or self.phase == DONE
        if s in self.shown or s in self.aside:
            at = self.shown[s][3] if s in self.shown else self.aside[s][0]
            self.error(i, "seat", f"event {i} (show): {who} showed at event {at}")
            return
        if len(cards) != HAND:
            self.error(i, "cards", f"event {i} (show): a hand is {HAND} cards, not {len(cards)}")
            return
        if JOKER in cards and not self.cfg.joker_copies:
            self.error(i, "cards", f"event {i} (show): this table plays without jokers; JK is not in its deck")
            return
        if aside:
            self._show_aside(i, s, cards)
            return
        if self.phase < SHOW:
            due = [x for x in rnd.seats_in() if rnd.owes(x)]
            if due:
                x = due[0]
                self.error(
                    i,
                    "action",
                    f"event {i} (show): {self._who(x)} still owes a call of {rnd.owes(x)}; cards are shown when the "
                    "betting has ended",
                )
                return
            self.phase = SHOW
        foul = self._foul(s, cards)
        if foul:
            self.violate(i, s, "poker.foul-hand", foul + "; the hand loses")
        rules = self.cfg.ranking
        key = rank(cards, rules)
        self.shown[s] = (key, hand_words(cards, rules, key), bool(foul), i, cards)

    def _show_aside(self, i, s, cards):
        """A show that moves nothing: by a player who folded, or by the last one in, who takes the pot without
        showing (poker.md gives him the right not to show, and forbids nothing). Shown for interest: it is no claim
        on the pot, so it is not judged foul; only a hand no deck could hold (more copies of a card than the deck
        has) is a bad record."""
        for c in set(cards):
            k, most = cards.count(c), self._copies(c)
            if k > most:
                times = "once" if most == 1 else f"{most} times"
                self.error(
                    i, "cards", f"event {i} (show): {c} is shown {k} times; {deck_words(self.cfg)} hold it {times}"
                )
                return
        rules = self.cfg.ranking
        why = "after folding" if not self.rnd.live[s] else "though everyone else folded"
        self.aside[s] = (i, cards, hand_words(cards, rules, rank(cards, rules)), why)

    def _foul(self, s, cards):
        """Why the hand s shows is foul, or "" (and the copies it claims are placed)."""
        left = list(cards)
        missing = []
        for c in self.known[s]:
            if c in left:
                left.remove(c)
            else:
                missing.append(c)
        who = self._who(s)
        if missing:
            return f"{who} shows {' '.join(cards)} without {' '.join(missing)}, which the record gave {who}"
        claimed = {}
        for c in left:
            k = claimed.get(c, 0) + 1
            if self.named.get(c, 0) + k > self._copies(c):
                return f"{who} shows {c}, and every copy of it is elsewhere"
            claimed[c] = k
        for c, k in claimed.items():
            self.named[c] = self.named.get(c, 0) + k
        return ""

    # ------------------------------------------------------------------ the end of the hand

    def rule(self, events, record=None):
        self.run(events)
        if self.errors:
            raise core.BadRecord(self.errors)
        return self.ruling(self.finish())


Poker.HANDLERS = {
    "deal": Poker._deal,
    "draw": Poker._draw,
    "call": Poker._call,
    "raise": Poker._raise,
    "fold": Poker._fold,
    "show": Poker._show,
}
Poker.FIELDS = {
    "deal": (("seat", Poker.f_seat), ("hands", Poker.f_hands)),
    "draw": (("seat", Poker.f_seat), ("discard", Poker._cards_nulls), ("cards", Poker._cards_nulls)),
    "call": (("seat", Poker.f_seat), ("amount", Poker.f_amount)),
    "raise": (("seat", Poker.f_seat), ("amount", Poker.f_amount)),
    "fold": (("seat", Poker.f_seat), ("amount", Poker.f_amount)),
    "show": (("seat", Poker.f_seat), ("cards", Poker.f_cards)),
}
Table = Poker
