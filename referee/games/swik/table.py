"""Swik's table of one hand: its state, play and the tricks' hooks, what may come next, the settlement and
the ruling with its facts."""

from ... import core
from ...ruling import COMPLETE, INCOMPLETE, VOID
from ...tricks import DONE, PLAY, RING, TrickTable
from .deal import Dealing
from .declare import Declaring
from .rules import (
    _COPY,
    ACTIONS,
    AFTER,
    CARD,
    DEALT,
    DECK_TEXT,
    DECL,
    EVENTS,
    GAME,
    LONE,
    LONE_TAKES,
    ODD_CENTS,
    PRE,
    REVOKES,
    STRENGTH,
    TRICKS,
    TRIPS,
    TRIPS_FALLS,
    TRIPS_TAKES,
    WINS_TRICK,
    _antes,
    _by_event,
    _card_sort,
    _falls_words,
    _lone_words,
    _nobody_words,
    _trick_fall,
    _tricks_words,
    _trips_words,
    stops_words,
)
from .said import _
from .words import Words

_PLAYED = {"in": 1, "blind": 1, "out": 0}  # a declaration -> 1 if the seat played the hand (None: not declared)
_NO_BLIND = {0: 0, 1: 0}  # played or not -> took the blind: 0 (None stays None), the blind's taker set after


class Swik(Dealing, Declaring, Words, TrickTable, core.Table):
    GAME = GAME
    CARD = CARD
    TEXTS = DECK_TEXT
    ACTIONS = ACTIONS
    # Rules broken by what a player did not do, found when a phase ends (or the record does), not by the event
    # they are reported at: the conformance suite does not count them against the event legal() allowed.
    STATE_RULES = ("swik.unclaimed-trips", "swik.bottom")
    OUT_OF_TURN = "swik.out-of-turn"
    REVOKE = "swik.revoke"
    NTRICKS = 3

    __slots__ = (
        "designated",
        "cut_ok",
        "pending",
        "good",
        "void",
        "deal_seat",
        "deal_event",
        "frozen",
        "broken",
        "void_at",
        "where",
        "dealt",
        "blind",
        "turned",
        "trump",
        "known",
        "evid",
        "wrap_seen",
        "wrapped",
        "declared",
        "ndecl",
        "decl_disorder",
        "blind_taker",
        "last_decl",
        "phase",
        "done",
        "isin",
        "ins",
        "part",
        "parts",
        "leader",
        "order",
        "cur",
        "disorder",
        "inexact",
        "voids",
        "tricks",
        "trick_events",
        "won",
        "first_after",
        "shown",
        "trips_win",
        "played_any",
        "falls",
        "revokes",
        "lone",
        "ntricks",
        "abandoned",
        "redealt",
    )

    def __init__(self, n, names, dealer, pot_in, cfg, claimed=None):
        core.Table.__init__(self, n, names, dealer, pot_in, cfg, claimed)
        d = self.designated = dealer
        # The antes are due once a hand, from the record's dealer and everyone else.
        ante, dante = cfg.ante, cfg.dealer_ante
        ledger, kinds, net = _antes(n, d, ante, dante)
        self.ledger = list(map(_COPY, ledger))
        self.kinds = kinds[:]
        self.net = net[:]
        self.pot = pot_in + dante + ante * (n - 1)
        self.cut_ok = False
        self.pending = None  # (cut event, cut card) after an Ace or Seven cut, until the bottom look
        self.good = False  # a good deal stands (not void)
        self.void = None  # (kind, words, event) of the last void deal, until a good deal
        self.redealt = None  # [(kind, words)] of the void deals dealt again before the good deal
        self.deal_seat = None
        self.deal_event = None
        self.frozen = False  # a void deal was played on: nothing after counts
        self.broken = False  # a deal was unreadable: later events only get their fields checked
        self.void_at = None
        self.phase = PRE
        self.done = 0
        self.falls = None
        self.revokes = None
        self.played_any = False
        self.tricks = []
        self.trick_events = []
        self.won = [0] * n
        self.lone = None
        self.ntricks = 0
        self.isin = None
        self.cur = None
        self.wrapped = False
        self.blind_taker = None
        self.declared = None
        self.abandoned = None
        self.where = None
        self.known = None
        self.disorder = False
        self.voids = None
        self.inexact = False
        self.decl_disorder = False

    @property
    def DECK_WORDS(self):  # noqa: N802  (core.Table's name; a property so that it is said in the language spoken)
        return _("the Swik deck, which has only Seven to Ace")

    def _fall(self, seat, amount, reason, i):
        """A fall: paid into the NEXT pot. A player falls at most once; the larger cause stands."""
        falls = self.falls
        if falls is None:
            falls = self.falls = {}
        e = falls.get(seat)
        if e is None:
            falls[seat] = self.pay_next(seat, amount, reason, i)
        elif amount > -e["amount"]:
            self.net[seat] -= amount + e["amount"]
            e["amount"] = -amount
            e["reason"] = reason
            e["event"] = i

    # ------------------------------------------------------------------ play

    def _begin_play(self, i):
        """The first play or trick event after the declarations: three of a kind first."""
        if self.first_after is None:
            self.first_after = i
        self.played_any = True
        if self._resolve_trips(self.first_after):
            return False
        self.phase = PLAY
        return True

    def may_play(self, i, ev, s):
        ph = self.phase
        if ph == AFTER:
            if self._begin_play(i):
                return True
            self._ignored_play(i, s)
        elif ph == DONE:
            self._ignored_play(i, s)
        elif ph == PRE:
            self._not_dealt(i, ev, "play")
        else:
            self.error(i, "action", _("event {i}: a card played before every declaration is made").format(i=i))
        return False

    def _ignored_play(self, i, s):
        """A play after the hand was decided without tricks, or after the three tricks."""
        if self.done == TRICKS:
            self.error(i, "action", _("event {i}: a card played after all three tricks").format(i=i))
        elif self.isin is not None and not self.isin[s]:
            self.error(i, "seat", _("event {i}: {who} is out and cannot play").format(i=i, who=self.names[s]))
        # House rule: cards played after three of a kind, a lone player's pot or nobody in are ignored.

    def before_play(self, i, ev):
        """A play or a trick right after the declarations: three of a kind first."""
        return self.phase == AFTER and self._begin_play(i)

    def may_trick(self, i, ev):
        """A trick given by its winner while the phase is not PLAY: may it count?"""
        ph = self.phase
        if ph == AFTER:
            return self._begin_play(i)
        if ph == DONE:
            if self.done == TRICKS:
                self.error(i, "action", _("event {i}: a fourth trick; Swik has three").format(i=i))
        elif ph == PRE:
            self._not_dealt(i, ev, "trick")
        else:
            self.error(i, "action", _("event {i}: a trick before every declaration is made").format(i=i))
        return False

    def tricks_over(self):
        self.done = TRICKS

    def judge(self, cur, complete):
        """Judge a trick in proper order (the card led is the leader's): revokes, the wrapped lead, the winner."""
        plays = self.in_proper_order(cur) if self.disorder else cur
        if plays is None:
            return  # an unfinished trick whose leader has not played: nothing to judge
        leader = self.order[0]
        lead = plays[0][1]
        L = lead[1]
        T = self.trump
        if self.wrapped and lead == self.turned and self.ntricks == 0 and leader == self.deal_seat:
            self.revoke(
                plays[0][2],
                leader,
                "swik.wrapped-lead",
                _("{who} led {card}, the card of the wrap, to the first trick").format(
                    who=self.names[leader], card=lead
                ),
            )
        strength = STRENGTH[T][L]
        best = strength[lead]
        win = leader
        out = []
        for s, c, e in plays:  # (the lead first: it follows itself and does not beat itself)
            out.append([s, c])
            v = strength[c]
            if v > best:
                best, win = v, s
            if c[1] != L:
                self.follow(s, c, e, L)
        if complete:
            self.trick_done(leader, out, win, cur[-1][2])

    def may_lead(self, s, held):
        """A dealer who wrapped may not lead the card he wrapped on to the first trick."""
        if self.ntricks == 0 and self.wrapped and s == self.deal_seat and len(held) > 1:
            return [c for c in held if c != self.turned]
        return held

    def revoke(self, e, s, rule, words):
        P = self.pot
        abandon = self.cfg.abandon
        if self.falls and s in self.falls:
            # A player falls at most once a hand: the revoke costs him nothing more.
            if abandon:
                msg = _("{words}; the hand stops; {who} has already fallen in this hand and pays nothing more")
            else:
                msg = _("{words}; {who} has already fallen in this hand and pays nothing more")
            msg = msg.format(words=words, who=self.names[s])
            P = 0
        else:
            if abandon:
                msg = _("{words}; the hand stops; {who} falls and pays {amount}")
            else:
                msg = _("{words}; {who} falls and pays {amount}")
            msg = msg.format(words=words, who=self.names[s], amount=P)
            if not abandon:
                self._fall(s, P, "revoke: falls", e)
        self.violate(e, s, rule, msg, P)
        if self.revokes is None:
            self.revokes = []
        self.revokes.append((e, s))

    # ------------------------------------------------------------------ what may come next

    def legal(self):
        """What may legally come next, as (turn, options): each option an action that gives no violation,
        with the seat that may take it and, for a card, the cards allowed (None: any card not yet seen)."""
        if self.frozen or self.revokes is not None and self.cfg.abandon:
            return None, []
        n = self.n
        ph = self.phase
        if ph == PRE:
            d = self.designated
            if self.pending is not None:
                # House rule: the bottom card may be recorded under any seat; the dealer looks at it.
                ci, cut = self.pending
                cards = sorted((c for c in DECK_TEXT if c != cut), key=_card_sort)
                return d, [{"action": "bottom", "seat": s, "cards": cards} for s in RING[n][(d - 1) % n]]
            cutter = (d - 1) % n
            if not self.cut_ok:
                return cutter, [{"action": "cut", "seat": cutter, "cards": None}]
            # (a second plain cut before the deal is harmless)
            return d, [{"action": "deal", "seat": d}, {"action": "cut", "seat": cutter, "cards": None}]
        d = self.deal_seat
        if ph == DEALT or ph == DECL:
            options = []
            if ph == DEALT and not self.wrap_seen:
                mine = self.dealt[d]
                options.append(
                    {"action": "wrap", "seat": d, "take": [True, False], "cards": None if mine is None else list(mine)}
                )
            order = [(d + k) % n for k in range(1, n + 1)]
            if self.wrapped:
                order.pop()
            nxt = next((x for x in order if self.declared[x] is None), None)
            if nxt is not None:
                choices = ["in", "out"] if self.blind_taker is not None else ["in", "out", "blind"]
                options.append({"action": "declare", "seat": nxt, "choices": choices})
            return (options[0]["seat"] if options else None), options
        if ph == AFTER or ph == PLAY:
            options = []
            if ph == AFTER:
                shown = {x[1] for x in self.shown or ()}
                for s in self.ins:
                    hand = self._counting_hand(s)
                    if (
                        s in shown
                        or hand is not None
                        and not (len(hand) == 3 and hand[0][0] == hand[1][0] == hand[2][0])
                    ):
                        continue
                    options.append({"action": "trips", "seat": s, "cards": None if hand is None else list(hand)})
            cur = self.cur
            if self.disorder:
                done = {p[0] for p in cur}
                s = next(x for x in self.order if x not in done)
            else:
                s = self.order[len(cur)]
            options.insert(0, {"action": "play", "seat": s, "cards": self.playable(s, _card_sort)})
            if not cur:
                options.append({"action": "trick", "winners": list(self.parts)})
            return s, options
        return None, []

    # ------------------------------------------------------------------ the end of the hand

    def finish(self, abandon=None):
        """Settle the hand and return its status; `abandon` is the revoke that stops it (second pass)."""
        last = self.last_event
        status = INCOMPLETE
        if abandon is not None:
            self.violations.append(abandon)
            self.abandoned = abandon["seat"]
            self._fall(abandon["seat"], self.pot, "revoke: falls, the hand is abandoned", abandon["event"])
            status = COMPLETE
        elif self.frozen:
            status = VOID
        else:
            if self.pending is not None and last is not None:
                self._no_bottom(last)
            ph = self.phase
            if ph == AFTER:
                # Unclaimed three of a kind at the last declaration (or the first event after them).
                self._resolve_trips(self.first_after if self.first_after is not None else self.last_decl)
                ph = self.phase
            elif ph == PLAY and self.cur:
                self.judge(self.cur, False)  # a revoke in the unfinished trick still counts
            if ph == DONE:
                status = COMPLETE
                self._settle()
            elif ph == PRE and self.void is not None:
                status = VOID
        v = self.violations
        if len(v) > 1:
            v.sort(key=_by_event)
        return status

    def _settle(self):
        P = self.pot
        done = self.done
        take = self.take
        if done == TRICKS:
            share = P // 3
            d = self.deal_seat
            blind_side = d if self.lone is not None else -1  # the blind's shares stay in the pot
            tev = self.trick_events
            k = 0
            for t in self.tricks:
                w = t["winner"]
                if w != blind_side:
                    take(w, share, WINS_TRICK, tev[k])
                k += 1
            last = tev[-1]
            odd = P - 3 * share
            if odd and self.cfg.odd_dealer:
                take(d, odd, ODD_CENTS, last)
            won = self.won
            wd = d if self.wrapped else -1
            # House rule: a fall from a pot of nothing (house rules with no antes) is still listed, at 0.
            for s in self.ins:
                t = won[s]
                if t == 0 or s == wd:
                    f = _trick_fall(t, s == wd, self.turned, self.cfg, P)
                    if f is not None:
                        self._fall(s, f[0], f[1], last)
        elif done == TRIPS:
            w, e, rank, unclaimed = self.trips_win
            take(w, P, TRIPS_TAKES, e)
            for s in self.ins:
                if s != w:
                    self._fall(s, P, TRIPS_FALLS, e)
        elif done == LONE:
            take(self.lone, P, LONE_TAKES, self.last_decl)

    # ------------------------------------------------------------------ the ruling

    def rule(self, events, record=None):
        """Replay the events and answer the ruling (BadRecord if the record is bad)."""
        self.run(events)
        if self.errors:
            raise core.BadRecord(self.errors)
        if self.cfg.abandon and self.phase == PLAY and self.cur:
            # A revoke in the trick the record stops in ends the hand too (swik.md, Revokes).
            self.judge(self.cur, False)
        if self.revokes is not None and self.cfg.abandon:
            # revoke "abandon": the hand stops at the first revoke. A revoke can come to light only later
            # (a card of the suit the player plays afterwards), so replay again up to it.
            e, s = min(self.revokes)
            v = next(x for x in self.violations if x["event"] == e and x["seat"] == s and x["rule"] in REVOKES)
            same = [x for x in self.violations if x["event"] == e and x["rule"] not in REVOKES]
            g = Swik(self.n, self.names, self.dealer, self.pot_in, self.cfg, self.claimed)
            g.run(events[:e])
            g.last_event = e
            g.violations.extend(same)  # what else happened at the revoke's own event still stands
            return g.ruling(g.finish(abandon=v), events)
        return self.ruling(self.finish(), events)

    def ruling(self, status, events):
        n = self.n
        complete = status == COMPLETE
        dealer = self.deal_seat
        if dealer is None or self.lax:  # (a deal read only for its fields still dealt: the last deal counts)
            dealer = next((ev["seat"] for ev in reversed(events) if ev["action"] == "deal"), self.dealer)
        falls = self.falls
        played = misdeals = None
        for v in self.violations:
            if v["rule"] == "swik.misdeal":
                if misdeals is None:
                    misdeals = [0] * n
                misdeals[v["seat"]] += 1
        # Swik's own facts, a list a seat each (None: the record does not tell).
        told = self.good and self.declared is not None and status != VOID
        if told and complete:
            fell = [0] * n
            double = [0] * n
            trips = [0] * n
            if self.done == TRIPS:
                trips[self.trips_win[0]] = 1
        else:
            fell = [None] * n
            double = [None] * n
            trips = fell[:]
        if falls:
            pot = self.pot
            for s, e in falls.items():
                fell[s] = 1
                double[s] = 1 if -e["amount"] > pot else 0
        rank = [None] * n
        made = [None] * n
        blind_made = [None] * n
        if told:
            # (by lookups mapped over the seats: no comprehension frame in the ruling of every hand)
            played = list(map(_PLAYED.get, self.declared))
            if self.wrapped:  # a dealer who wrapped is in, and did not declare
                d = self.deal_seat
                played[d] = 1
                rank[d] = self.turned[0]
                if complete:
                    made[d] = 1 - fell[d]
            blind = list(map(_NO_BLIND.get, played))
            b = self.blind_taker
            if b is not None:
                blind[b] = 1
                if complete:
                    blind_made[b] = 1 - fell[b]
        else:
            blind = [None] * n
        pot_out = self.pot_in - sum(self.net)
        return self.document(
            status,
            self._summary(status, pot_out),
            tricks=self.tricks,
            dealer=dealer,
            next_dealer=dealer if status == VOID else (dealer + 1) % n,
            may_stop=complete and not falls and "share" in self.kinds,
            played=played,
            tricks_won=self.won if complete else None,
            misdeals=misdeals,
            game_facts={
                "turned": self.turned if self.good else None,
                "seats": {
                    "fell": fell,
                    "double_fall": double,
                    "wrapped_rank": rank,
                    "wrap_made": made,
                    "took_blind": blind,
                    "blind_made": blind_made,
                    "trips_win": trips,
                },
            },
        )

    def _summary(self, status, pot_out):
        text = self._outcome(status, pot_out)
        if self.redealt and self.good:
            return _redealt_words(self.redealt) + text
        return text

    def _outcome(self, status, pot_out):
        names = self.names
        falls = self.falls
        if status == COMPLETE and self.done == TRICKS and self.abandoned is None:
            won = self.won
            lone = self.lone
            blind = self.deal_seat if lone is not None else -1
            text = _tricks_words(names, self.parts, won, blind)
            if lone is not None:
                text = _("{who} played alone against the blind: {tricks}").format(
                    who=names[lone], tricks=text or _("nobody took a trick")
                )
            if falls:
                text += "; " + self._falls_words(falls)
            return text + "."
        if status == VOID:
            kind, words, _e = self.void if self.void is not None else ("", "", None)
            cut_again = kind == "no-cut"
            if self.frozen:
                if cut_again:
                    text = _(
                        "The deal was void ({words}) and should have been cut and dealt again, but the hand was "
                        "played on with those cards; nothing after the deal counts. The penalties stand and the pot "
                        "of {pot} carries to the next hand."
                    )
                else:
                    text = _(
                        "The deal was void ({words}) and should have been dealt again after a new cut, but the hand "
                        "was played on with those cards; nothing after the deal counts. The penalties stand and the "
                        "pot of {pot} carries to the next hand."
                    )
            elif cut_again:
                text = _(
                    "The deal is void ({words}) and was not cut and dealt again in this hand; the penalties stand "
                    "and the pot of {pot} carries to the next hand."
                )
            else:
                text = _(
                    "The deal is void ({words}) and was not dealt again after a new cut in this hand; the penalties "
                    "stand and the pot of {pot} carries to the next hand."
                )
            return text.format(words=words, pot=pot_out)
        if status == INCOMPLETE:
            if falls:
                return _(
                    "The record stops before the hand ends; the antes and penalties stand and the pot carries; {falls}."
                ).format(falls=self._falls_words(falls))
            return stops_words()
        if self.abandoned is not None:
            s = self.abandoned
            return _(
                "{who} revoked; the hand stops, the pot is not split, and {who} pays {amount}; "
                "the pot of {pot} carries to the next hand."
            ).format(who=names[s], amount=self.pot, pot=pot_out)
        done = self.done
        if done == TRIPS:
            w, e, rank, unclaimed = self.trips_win
            text = _trips_words(names[w], not unclaimed, rank, self.pot)
            if falls:
                others = {s: f for s, f in falls.items() if s != w}
                if others:
                    text += "; " + self._falls_words(others)
            return text + "."
        if done == LONE:
            return _lone_words(names[self.lone], self.pot)
        return _nobody_words(pot_out)

    def _falls_words(self, falls):
        if len(falls) == 1:  # (the common case: one player fell)
            for s, e in falls.items():
                return _falls_words(self.names, ((s, -e["amount"]),))
        return _falls_words(self.names, [(s, -falls[s]["amount"]) for s in sorted(falls)])

    @staticmethod
    def ending_rules(cfg):
        """The rules whose breach ends the hand under these house rules (revoke "abandon")."""
        return REVOKES if cfg.abandon else ()


Swik.HANDLERS = {  # one event each; a run of plays or declarations is taken by one call
    "cut": Swik._cut,
    "bottom": Swik._bottom,
    "deal": Swik._deal,
    "misdeal": Swik._misdeal,
    "wrap": Swik._wrap,
    "declare": Swik._declares,
    "trips": Swik._trips,
    "play": Swik.plays,
    "trick": Swik.trick,
}
Swik.STEP_HANDLERS = {"declare": Swik._declare, "play": Swik.play_one}
# Each action's fields and how to read them (the words of the errors), from EVENTS; the deal's cards and the
# cards shown for three of a kind are also checked together.
_READERS = {
    ("seat", False): Swik.f_seat,
    ("card", True): Swik.f_card_opt,
    ("card", False): Swik.f_card,
    ("cards", True): Swik.f_cards_opt,
    ("cards", False): Swik.f_cards,
    ("hands", False): Swik.f_hands,
    ("flag", False): Swik.f_flag,
    ("choice", False): Swik.f_choice,
    ("text", True): Swik.f_text,
}
Swik.FIELDS = {
    a: tuple((name, _READERS[kind, null]) for name, kind, null in fields) for a, (_sentence, fields) in EVENTS.items()
}
Swik.FIELDS["deal"] += (("hands", Swik.f_deal_cards),)
Swik.FIELDS["trips"] = (("seat", Swik.f_seat), ("cards", Swik.f_trips_cards))
Table = Swik


def _redealt_words(redealt):
    """What happened before the deal that counted ("Dad dealt without a cut; the cards were cut and dealt again.")."""
    out = []
    for kind, words in redealt:
        if kind == "no-cut":
            out.append(_("{words}; the cards were cut and dealt again. ").format(words=words))
        else:
            out.append(_("Misdeal ({words}); the cards were cut and dealt again. ").format(words=words))
    return "".join(out)
