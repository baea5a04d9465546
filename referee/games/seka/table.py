"""Seka's table: one hand, on the core (core.Table) and the shared betting round (betting.Round); the open
variant's exchanges are in exchange.py, the end of the hand and its ruling in settle.py, what may come next
and the replay's words in words.py.

Phases: PRE (before the deal: a svara hand's buy-ins), EXCHANGE (open variant, before anyone passed), LAST
(open variant, the last round after the first pass), BET (the trade), SHOW (after the call), DONE (one left).

Money: the antes go into the pot (`pot`, with pot_in); bets and buy-ins are stakes (`staked`, ledger kind
"other"). The winner takes pot + staked; a svara (a tie at the showdown) leaves it all in the pot (pot_out)
and names the tied seats in the facts' carry (`carry["svara"]`), so the session's next record is their
svara hand ("svara": [seats], pot_in = the pot, no antes).

House rule: keys the referee does not know (on the record or an event) are ignored.
House rule: the deal must be by the record's dealer; a second deal is a bad record.
House rule: when every hand shown after a call is foul, the pot stays for an ordinary next hand (no svara).
House rule: a call followed by no show at all leaves the hand incomplete: the pot carries.
House rule: after a svara the deal passes to the left as after any hand.
House rule: a buy-in in a hand that is no svara moves nothing (seka.buy-in-without-svara), and a player dealt
into a svara hand without buying in plays and is charged the buy-in (seka.no-buy-in): an edit of an earlier
hand may make or unmake a svara under hands already written, and they must still be ruled.
House rule: out of turn during the exchanges, the turns of the players skipped are taken as passes; in the last
round, a player skipped by an action out of turn keeps his last-round turn (the one who jumped the queue is blamed).
After the call a fold concedes the hand (issue 29); a show by the last one in after the others folded, with or
without a call, moves nothing.
"""

from ... import core
from ...betting import BettingTable, Round
from ...record import MAX_CENTS
from ...ruling import INCOMPLETE
from .exchange import Exchanges
from .rules import ACTIONS, BET, CARD, DECK_TEXT, DONE, EXCHANGE, GAME, LAST, OPEN_MAX, PRE, SHOW, buy_in_price
from .settle import Settling
from .values import hand_value
from .words import Words


class Seka(Exchanges, Settling, Words, BettingTable, core.Table):
    GAME = GAME
    CARD = CARD
    DECK_WORDS = "Seka's 36-card deck (Six to Ace)"
    ACTIONS = ACTIONS

    def __init__(self, n, names, dealer, pot_in, cfg, claimed=None):
        core.Table.__init__(self, n, names, dealer, pot_in, cfg, claimed)
        self.staked = 0
        self.open = False
        self.svara = None  # the tied seats, in a svara hand
        self.playing = [True] * n
        self.phase = PRE
        self.hands = None  # each seat's hand now (a list of texts) or None (not known)
        self.middle = None
        self.looked = [False] * n
        self.rnd = None
        self.ex_turn = None  # whose exchange turn (EXCHANGE)
        self.last_left = None  # the seats still owed a last-round turn, in order (LAST)
        self.folded_at = {}
        self.call_event = None
        self.shown = {}  # seat -> (value, words, foul, event)
        self.conceded = None  # the seat that gave the hand up after the call
        self.aside = None  # (event, cards, words): the last one in showed anyway, which moves nothing
        self.blind_bets = [0] * n
        self.end_event = None
        self.deal_at = None
        self.result = (INCOMPLETE, None, None, "stops")

    # ------------------------------------------------------------------ the record's own fields

    def setup(self, record):
        n = self.n
        self.open = record.get("variant") == "open"
        if self.open and n > OPEN_MAX:
            self.error(None, "players", f"{n} players at the table; open Seka takes 2 to {OPEN_MAX}")
        sv = record.get("svara")
        if sv is not None:
            if (
                sv.__class__ is not list
                or len(sv) < 2
                or any(s.__class__ is not int or not 0 <= s < n for s in sv)
                or len(set(sv)) != len(sv)
            ):
                self.error(
                    None,
                    "svara",
                    f"'svara' must list the seats (0 to {n - 1}) tied in the last hand, two or more, not {sv!r}",
                )
                return
            self.svara = sorted(sv)
            self.playing = [s in sv for s in range(n)]
        elif self.cfg.ante:
            for s in range(n):
                self.pay(s, self.cfg.ante, "ante", None, "ante")

    # ------------------------------------------------------------------ helpers

    def _who(self, s):
        return self.names[s]

    def _seated(self, i, s, a):
        """s may act in the hand (plays it, has not folded); else an error, False."""
        if not self.playing[s]:
            self.error(i, "seat", f"event {i} ({a}): {self._who(s)} does not play this svara hand")
            return False
        if s in self.folded_at:
            self.error(i, "seat", f"event {i} ({a}): {self._who(s)} folded at event {self.folded_at[s]}")
            return False
        return True

    def _order_from(self, s):
        """The seats playing, in turn from s's left (s itself last)."""
        n = self.n
        return [(s + k) % n for k in range(1, n + 1) if self.playing[(s + k) % n]]

    def _start_betting(self):
        self.phase = BET
        seats = [s for s in range(self.n) if self.playing[s] and s not in self.folded_at]
        self.rnd = Round(self.n, seats, (self.dealer + 1) % self.n)
        self.last_left = None

    # ------------------------------------------------------------------ before the deal

    def _buy_in(self, i, ev):
        if not self.syntax(i, ev, "buy_in"):
            return
        s, amount = ev["seat"], ev.get("amount")
        if self.svara is None:
            # House rule: a buy-in where the chain has no svara (an earlier hand was edited) moves nothing.
            self.violate(i, s, "seka.buy-in-without-svara", f"{self._who(s)} buys in, but this hand is no svara")
            return
        if self.phase != PRE:
            self.error(i, "action", f"event {i} (buy_in): {self._who(s)} buys in after the deal")
            return
        if self.playing[s]:
            self.error(i, "seat", f"event {i} (buy_in): {self._who(s)} already plays this svara hand")
            return
        price = buy_in_price(self.cfg, self.pot_in)
        if price is None:
            self.error(i, "action", f"event {i} (buy_in): at this table only the tied players play a svara")
            return
        if amount is None:
            self.error(i, "amount", f"event {i} (buy_in) needs 'amount': {price}")
            return
        if amount != price:
            self.violate(i, s, "seka.wrong-buy-in", f"{self._who(s)} buys into the svara with {price}, not {amount}")
        self.playing[s] = True
        self.stake_in(s, price, "buys into the svara", i)

    def _plain_cards(self, v):
        """Whether v is a list of plain card texts of the deck ("TH"): then the field readers are skipped."""
        return v.__class__ is list and all(c.__class__ is str and c in DECK_TEXT for c in v)

    def _plain_deal(self, ev):
        s, hands, middle = ev.get("seat"), ev.get("hands"), ev.get("middle")
        return (
            s.__class__ is int
            and 0 <= s < self.n
            and hands.__class__ is list
            and len(hands) == self.n
            and all(h is None or self._plain_cards(h) for h in hands)
            and (middle is None or self._plain_cards(middle))
        )

    def _deal(self, i, ev):
        if not self._plain_deal(ev) and not self.syntax(i, ev, "deal"):
            return
        if self.phase != PRE:
            self.error(i, "action", f"event {i} (deal): a second deal; the hand was dealt at event {self.deal_at}")
            return
        d = ev["seat"]
        if d != self.dealer:
            self.error(i, "seat", f"event {i} (deal): {self._who(self.dealer)} deals this hand, not {self._who(d)}")
            return
        hands = [None if h is None else [CARD[c] for c in h] for h in ev["hands"]]
        seen = set()
        for s, h in enumerate(hands):
            if h is None:
                continue
            if not self.playing[s]:
                # House rule: a player dealt into a svara hand without buying in (the chain made this hand a
                # svara after it was written) plays it, and is charged the buy-in (nothing if none is allowed).
                price = buy_in_price(self.cfg, self.pot_in) or 0
                self.violate(i, s, "seka.no-buy-in", f"{self._who(s)} is dealt into the svara without buying in")
                self.playing[s] = True
                self.stake_in(s, price, "buys into the svara", i)
            if len(h) != 3:
                self.error(i, "hands", f"event {i} (deal): {self._who(s)} gets {len(h)} cards, not 3")
                return
            for c in h:
                if c in seen:
                    self.error(i, "hands", f"event {i} (deal): {c} is dealt twice")
                    return
                seen.add(c)
        middle = ev.get("middle")
        if self.open:
            if middle is None or len(middle) != 3:
                self.error(i, "middle", f"event {i} (deal): open Seka deals three cards face up in the middle")
                return
            middle = [CARD[c] for c in middle]
            for c in middle:
                if c in seen:
                    self.error(i, "middle", f"event {i} (deal): {c} is dealt twice")
                    return
                seen.add(c)
        elif middle is not None:
            self.error(i, "middle", f"event {i} (deal): only the open variant deals cards to the middle")
            return
        self.hands, self.middle, self.deal_at = hands, middle, i
        if self.open:
            self.phase = EXCHANGE
            self.ex_turn = self._order_from(self.dealer)[0]
        else:
            self._start_betting()

    # ------------------------------------------------------------------ the trade

    def _betting(self, i, s, a):
        """The betting may take this event (else an error): False if not."""
        ph = self.phase
        if ph == LAST:
            self._start_betting()  # the last-round turns the record leaves out are passes
        elif ph == EXCHANGE:
            self.error(i, "action", f"event {i} ({a}): a bet before anyone passed; the exchanges come first")
            return False
        elif ph != BET:
            what = "before the deal" if ph == PRE else "after the betting ended"
            self.error(i, "action", f"event {i} ({a}): no {a} {what}")
            return False
        if not self._seated(i, s, a):
            return False
        if not self.rnd.due(s):
            self.violate(
                i, s, "seka.out-of-turn", f"{self._who(s)} acts out of turn: it was {self._who(self.rnd.turn)}'s"
            )
        return True

    def _blind(self, i, s, ev):
        """Whether this bet is blind, once the blind rules are applied (a blind bet that may not be one counts
        as an open bet of its amount)."""
        if not ev.get("blind"):
            return False
        if not self.cfg.blind:
            self.violate(i, s, "seka.blind-not-allowed", f"{self._who(s)} bets blind; this table plays no blind bets")
            return False
        if self.looked[s]:
            self.violate(
                i, s, "seka.blind-after-look", f"{self._who(s)} bets blind after looking; it counts as an open bet"
            )
            return False
        return True

    def _plain_bet(self, ev):
        """Whether a bet's fields are plainly right (the common event): then the field readers are skipped."""
        s, amount, blind = ev.get("seat"), ev.get("amount", 0), ev.get("blind")
        return (
            s.__class__ is int
            and 0 <= s < self.n
            and amount.__class__ is int
            and 0 <= amount <= MAX_CENTS
            and (blind is None or blind is True or blind is False)
        )

    def _raise(self, i, ev):
        s, amount, blind = ev.get("seat"), ev.get("amount"), ev.get("blind")
        rnd = self.rnd
        if (
            self.phase == BET
            and rnd.turn == s
            and s.__class__ is int
            and amount.__class__ is int
            and 0 <= amount <= MAX_CENTS
            and (blind is None or blind is False)
        ):
            blind = False  # the common bet: open, in turn, by a player in, its fields plainly right
        else:
            if not self._plain_bet(ev) and not self.syntax(i, ev, "raise"):
                return
            if amount is None:
                self.error(i, "amount", f"event {i} (raise) needs 'amount': the money bet")
                return
            if not self._betting(i, s, "raise"):
                return
            blind = self._blind(i, s, ev)
            rnd = self.rnd
        stake = 2 * amount if blind else amount
        least = rnd.least(self.cfg.min_raise)
        if rnd.judge_raise(stake, self.cfg.min_raise) == "under":
            how = f"{amount} blind (a stake of {stake})" if blind else str(amount)
            need = f"{least} ({(least + 1) // 2} blind)" if blind else str(least)
            self.violate(
                i, s, "seka.under-stake", f"{self._who(s)} bets {how}, under the least stake of {need}; it stands"
            )
        if blind:
            self.blind_bets[s] += 1
        else:
            self.looked[s] = True
        self.stake_in(s, amount, "blind bet" if blind else "bet", i)
        rnd.bet(s, amount, stake)

    def _call(self, i, ev):
        if not self._plain_bet(ev) and not self.syntax(i, ev, "call"):
            return
        s, amount = ev["seat"], ev.get("amount")
        if amount is None:
            self.error(i, "amount", f"event {i} (call) needs 'amount': the money paid")
            return
        if not self._betting(i, s, "call"):
            return
        blind = self._blind(i, s, ev)
        rnd = self.rnd
        right = (rnd.stake + 1) // 2 if blind else rnd.stake
        if amount != right:
            self.violate(i, s, "seka.wrong-call", f"{self._who(s)}'s call is charged {right}, not {amount}")
        if not blind:
            self.looked[s] = True
        else:
            self.blind_bets[s] += 1
        self.stake_in(s, right, "blind call" if blind else "call", i)
        if rnd.count() > 2:
            self.violate(
                i,
                s,
                "seka.call-too-early",
                f"{self._who(s)} calls with {rnd.count()} still in; {self._who(s)} stays in and the betting goes on",
            )
            rnd.call(s, right)
            return
        rnd.call(s, right)
        self.phase = SHOW
        self.call_event = i

    def _fold(self, i, ev):
        if not self._plain_bet(ev) and not self.syntax(i, ev, "fold"):
            return
        s = ev["seat"]
        if ev.get("amount"):
            self.error(i, "amount", f"event {i} (fold): a fold puts nothing in; its amount is 0 or left out")
            return
        if self.phase == SHOW:
            # After the call a fold concedes: turns go as in poker, where a fold after the betting gives the hand
            # up; seka.md: "a player still in who does not show loses". Not after showing, though.
            if not self._seated(i, s, "fold"):
                return
            if not self.rnd.live[s]:
                self.error(i, "seat", f"event {i} (fold): {self._who(s)} is not in the showdown")
                return
            if s in self.shown:
                self.error(i, "seat", f"event {i} (fold): {self._who(s)} showed the hand at event {self.shown[s][3]}")
                return
            self.conceded = s
        elif not self._betting(i, s, "fold"):
            return
        self.folded_at[s] = i
        self.rnd.fold(s)
        if self.rnd.count() == 1:
            self.phase = DONE
            self.end_event = i

    # ------------------------------------------------------------------ the showdown

    def _show(self, i, ev):
        s = ev.get("seat")
        if not (s.__class__ is int and 0 <= s < self.n and self._plain_cards(ev.get("cards"))) and not self.syntax(
            i, ev, "show"
        ):
            return
        s, cards = ev["seat"], [CARD[c] for c in ev["cards"]]
        who = self._who(s)
        aside = self.phase == DONE and self.rnd.live[s]  # the last one in, after the others folded
        if self.phase == DONE and not aside and not self._seated(i, s, "show"):
            return
        if self.phase != SHOW and not aside:
            self.error(i, "action", f"event {i} (show): cards are shown only after a call")
            return
        if not self.rnd.live[s]:
            self.error(i, "seat", f"event {i} (show): {who} is not in the showdown")
            return
        if s in self.shown or self.aside is not None:
            at = self.shown[s][3] if s in self.shown else self.aside[0]
            self.error(i, "seat", f"event {i} (show): {who} showed at event {at}")
            return
        if len(cards) != 3 or len(set(cards)) != 3:
            self.error(i, "cards", f"event {i} (show): a hand is three different cards")
            return
        if aside:
            # The pot is his without showing; a show anyway (with or without a call) moves nothing.
            self.aside = (i, cards, hand_value(cards, self.cfg.wild, self.cfg.low_trips)[1])
            return
        hand = self.hands[s]
        if hand is not None:
            foul = set(cards) != set(hand)
            why = f"{who} shows {' '.join(cards)} but holds {' '.join(hand)}"
        else:
            elsewhere = [c for c in cards if self._held_by_other(c, s)]
            foul = bool(elsewhere)
            why = f"{who} shows {' '.join(elsewhere)}, which the record puts elsewhere"
        if foul:
            self.violate(i, s, "seka.foul-hand", why + "; the hand loses")
        v, words = hand_value(cards, self.cfg.wild, self.cfg.low_trips)
        self.shown[s] = (v, words, foul, i, cards)

    def _held_by_other(self, c, s):
        if self.middle is not None and c in self.middle:
            return True
        for x, h in enumerate(self.hands):
            if x != s and h is not None and c in h:
                return True
        return any(x != s and c in shown[4] for x, shown in self.shown.items())


Seka.HANDLERS = {
    "buy_in": Seka._buy_in,
    "deal": Seka._deal,
    "exchange": Seka._exchange,
    "pass": Seka._pass,
    "raise": Seka._raise,
    "call": Seka._call,
    "fold": Seka._fold,
    "show": Seka._show,
}
Seka.FIELDS = {
    "buy_in": (("seat", Seka.f_seat), ("amount", Seka.f_amount)),
    "deal": (("seat", Seka.f_seat), ("hands", Seka.f_hands), ("middle", Seka.f_cards_opt)),
    "exchange": (("seat", Seka.f_seat), ("give", Seka.f_cards), ("take", Seka.f_cards)),
    "pass": (("seat", Seka.f_seat),),
    "raise": (("seat", Seka.f_seat), ("amount", Seka.f_amount), ("blind", Seka.f_flag_opt)),
    "call": (("seat", Seka.f_seat), ("amount", Seka.f_amount), ("blind", Seka.f_flag_opt)),
    "fold": (("seat", Seka.f_seat), ("amount", Seka.f_amount)),
    "show": (("seat", Seka.f_seat), ("cards", Seka.f_cards)),
}
Table = Seka
