"""The cut, the bottom card, the deal, a misdeal and the wrap: Swik's table before the declarations."""

from ...record import describe
from ...tricks import BLIND, GONE, TURNED
from .rules import (
    CARD,
    CHOICES,
    DEALT,
    PRE,
    _deal_cards,
    card_name,
)
from .said import _, ngettext


class Dealing:
    """Mixin of Swik's table (its state is the table's slots)."""

    __slots__ = ()

    # ------------------------------------------------------------------ field checks of Swik's own

    def f_choice(self, i, ev, key):
        v = ev.get(key)
        if v.__class__ is str and v in CHOICES:
            return v
        self.error(
            i,
            key,
            _('event {i} (declare): \'choice\' must be "in", "out" or "blind", not {what}').format(
                i=i, what=describe(v)
            ),
        )
        return None

    def f_trips_cards(self, i, ev, key):
        cs = self.card_list(i, ev, key, ev.get(key), null=False)
        if cs is None:
            return None
        if len(cs) != 3 or len(set(cs)) != 3:
            self.error(
                i,
                key,
                _("event {i} (trips): three of a kind shows three different cards, not {cards}").format(
                    i=i, cards=" ".join(cs)
                )
                if cs
                else _("event {i} (trips): three of a kind shows three different cards, not none").format(i=i),
            )
            return None
        return cs

    def f_deal_cards(self, i, ev, key):
        """The deal's cards together: no card in two places within one deal."""
        hands = ev.get("hands")
        blind = ev.get("blind")
        seen = {}
        places = []
        if hands.__class__ is list:
            for k, hand in enumerate(hands):
                if hand.__class__ is list:
                    who = (
                        _("{who} (seat {seat})").format(who=self.names[k], seat=k)
                        if k < self.n
                        else _("hand {k}").format(k=k)
                    )
                    places.append(("hands", hand, who))
        if blind.__class__ is list:
            places.append(("blind", blind, _("the blind")))
        places.append(("turned", [ev.get("turned")], _("the turned card")))
        for field, texts, who in places:
            for t in texts:
                c = CARD.get(t) if t.__class__ is str else None
                if c is None:
                    continue
                other = seen.get(c)
                if other is not None:
                    if other == who:
                        words = _(
                            "event {i} (deal): {card} is dealt twice to {who}; the deck has one {card}: correct the card"
                        )
                    else:
                        words = _(
                            "event {i} (deal): {card} is dealt to both {other} and {who}; the deck has one {card}: "
                            "correct the card"
                        )
                    self.error(i, field, words.format(i=i, card=c, who=who, other=other))
                else:
                    seen[c] = who

    # ------------------------------------------------------------------ the cut and the bottom card

    def _cut(self, i, ev):
        s = ev.get("seat")
        v = ev.get("card")
        c = None
        if not (s.__class__ is int and 0 <= s < self.n) or (
            v is not None and (c := CARD.get(v) if v.__class__ is str else None) is None
        ):
            self.syntax(i, ev, "cut")
            return
        if self.good:
            self.error(
                i,
                "action",
                _(
                    "event {i}: a new cut after a good deal (event {deal}) with no misdeal between; a hand is cut "
                    "once before the deal that stands"
                ).format(i=i, deal=self.deal_event),
            )
            return
        if self.pending is not None:
            self._no_bottom(i)
        n = self.n
        d = self.designated
        if s != (d - 1) % n:
            self.violate(
                i,
                s,
                "swik.cut-by-wrong-player",
                _(
                    "{who} cut, but the cut belongs to {cutter}, on the right of the dealer {dealer}; the cut counts"
                ).format(who=self.names[s], cutter=self.names[(d - 1) % n], dealer=self.names[d]),
            )
        if c is not None and (c[0] == "A" or c[0] == "7"):
            # Whoever cut, the deal moves from the designated dealer.
            if c[0] == "A":
                new, why = (d + 1) % n, "Ace cut"
            else:
                new, why = (d - 1) % n, "Seven cut"
            self.pay(new, self.cfg.fee, f"becomes dealer ({why})", i, "fee")
            self.designated = new
            self.pending = (i, c)
            self.cut_ok = False  # the new dealer starts over with a cut of his own
        else:
            self.cut_ok = True  # (a second plain cut before the deal is harmless)

    def _no_bottom(self, i):
        ci, c = self.pending
        self.pending = None
        self.violate(
            i,
            self.designated,
            "swik.bottom",
            _("after {card} was cut (event {cut}) nobody looked at the bottom card; the deal moves no further").format(
                card=card_name(c), cut=ci
            ),
        )

    def _bottom(self, i, ev):
        s = ev.get("seat")
        v = ev.get("card")
        c = None
        if not (s.__class__ is int and 0 <= s < self.n) or (
            v is not None and (c := CARD.get(v) if v.__class__ is str else None) is None
        ):
            self.syntax(i, ev, "bottom")
            return
        p = self.pending
        if p is None:
            self.violate(
                i,
                s,
                "swik.bottom",
                _("{who} looked at the bottom card with no Ace or Seven cut before it; it moves nothing").format(
                    who=self.names[s]
                ),
            )
            return
        ci, cut = p
        if c == cut:
            self.error(
                i,
                "card",
                _(
                    "event {i}: the bottom card cannot be {card}, the card just cut (event {cut}); correct one of the two"
                ).format(i=i, card=c, cut=ci),
            )
            return
        self.pending = None
        # House rule: the bottom card may be recorded under any seat (the old dealer, the new one):
        # it is the deck's bottom card that moves the deal, not who turned it up.
        if c is None:
            return  # not recorded: it moves nothing
        n = self.n
        if c[0] == "A":
            new = self.designated = (self.designated + 1) % n
            self.pay(new, self.cfg.fee, "becomes dealer (Ace at the bottom)", i, "fee")
        elif c[0] == "7":
            new = self.designated = (self.designated - 1) % n
            self.pay(new, self.cfg.fee, "becomes dealer (Seven at the bottom)", i, "fee")

    # ------------------------------------------------------------------ the deal

    def _deal(self, i, ev):
        s = ev.get("seat")
        cards = None
        if s.__class__ is int and 0 <= s < self.n:
            cards = _deal_cards(ev, self.n)
            if cards is None:
                cards = self._deal_cards_slowly(ev)
        if cards is None:
            self.syntax(i, ev, "deal")
            self.broken = self.lax = True  # what follows cannot be judged against this deal
            return
        where, dealt, blind, turned, short = cards
        if self.good or self.phase != PRE:
            self.error(
                i,
                "action",
                _("event {i}: a new deal after a good deal (event {deal}) with no misdeal between").format(
                    i=i, deal=self.deal_event
                ),
            )
            self.broken = self.lax = True
            return
        if self.pending is not None:
            self._no_bottom(i)
        void = None
        if not self.cut_ok:
            # House rule: an uncut deal is charged as swik.no-cut only, whoever dealt and whatever else is
            # wrong with it (short hands, the wrong seat): it should never have happened at all.
            names = self.names
            self.violate(
                i,
                s,
                "swik.no-cut",
                _("{who} dealt without having the cards cut; the deal is void").format(who=names[s]),
                self.cfg.no_cut_pen,
            )
            self.pay(s, self.cfg.no_cut_pen, "dealt without a cut", i, "penalty")
            void = ("no-cut", _("{who} dealt without a cut").format(who=names[s]), i)
        elif s != self.designated:
            names = self.names
            words = _("{who} dealt, but it was {dealer}'s deal").format(who=names[s], dealer=names[self.designated])
            self.violate(i, s, "swik.misdeal", _("misdeal: {words}").format(words=words), self.cfg.misdeal_pen)
            self.pay(s, self.cfg.misdeal_pen, "misdeal", i, "penalty")
            void = ("misdeal", words, i)
        elif short:
            names = self.names
            bad = [
                ngettext("{who} got {n} card", "{who} got {n} cards", len(h)).format(who=names[k], n=len(h))
                for k, h in enumerate(dealt)
                if h is not None and len(h) != 3
            ]
            if blind is not None and len(blind) != 3:
                bad.append(
                    ngettext("the blind got {n} card", "the blind got {n} cards", len(blind)).format(n=len(blind))
                )
            words = "; ".join(bad)
            self.violate(i, s, "swik.misdeal", _("misdeal: {words}").format(words=words), self.cfg.misdeal_pen)
            self.pay(s, self.cfg.misdeal_pen, "misdeal", i, "penalty")
            void = ("misdeal", words, i)
        self.cut_ok = False  # every deal needs a new cut
        self.deal_seat = s
        self.deal_event = i
        if void is not None:
            self.void = void
            return
        # A good deal.
        if self.void is not None:  # the void deal before it was dealt again
            if self.redealt is None:
                self.redealt = []
            self.redealt.append(self.void[:2])
        self.void = None
        self.good = True
        self.phase = DEALT
        self.where = where
        self.dealt = dealt
        self.blind = blind
        self.turned = turned
        self.trump = turned[1]
        # known[s]: the hand seat s plays, when known. evid[s]: cards he surely holds until he plays them
        # (the same lists, but for a dealer who wrapped with an unknown discard).
        self.known = self.evid = dealt[:]
        self.wrap_seen = False
        self.wrapped = False
        self.blind_taker = None
        self.declared = [None] * self.n
        self.ndecl = 0
        self.decl_disorder = False
        self.last_decl = None
        self.first_after = None
        self.shown = None
        self.trips_win = None

    def _deal_cards_slowly(self, ev):
        """As _deal_cards, card by card: also reads "10H"; None if the deal is not readable (_syntax says why)."""
        n = self.n
        hands = ev.get("hands")
        blind = ev.get("blind")
        turned = ev.get("turned")
        turned = CARD.get(turned) if turned.__class__ is str else None
        if turned is None or hands.__class__ is not list or len(hands) != n:
            return None
        where = {}
        dealt = []
        short = False
        get = CARD.get
        k = 0
        for hand in hands:
            if hand is None:
                dealt.append(None)
                k += 1
                continue
            if hand.__class__ is not list:
                return None
            cs = []
            for t in hand:
                c = get(t) if t.__class__ is str else None
                if c is None or c in where:
                    return None
                where[c] = k
                cs.append(c)
            if len(cs) != 3:
                short = True
            dealt.append(cs)
            k += 1
        if blind is not None:
            if blind.__class__ is not list:
                return None
            bl = []
            for t in blind:
                c = get(t) if t.__class__ is str else None
                if c is None or c in where:
                    return None
                where[c] = BLIND
                bl.append(c)
            blind = bl
            if len(bl) != 3:
                short = True
        if turned in where:
            return None
        where[turned] = TURNED
        return where, dealt, blind, turned, short

    def _misdeal(self, i, ev):
        s = ev.get("seat")
        reason = ev.get("reason")
        if not (s.__class__ is int and 0 <= s < self.n) or not (reason is None or reason.__class__ is str):
            self.syntax(i, ev, "misdeal")
            return
        if self.deal_seat is None:
            self.error(i, "action", _("event {i}: a misdeal reported with no deal before it").format(i=i))
            return
        if self.played_any:
            # House rule: a misdeal is reported before play; once cards are played on a deal, the deal
            # stands or is void by what the cards show.
            self.error(
                i,
                "action",
                _(
                    "event {i}: a misdeal reported after play began; report it before the first card is played, "
                    "or leave it out"
                ).format(i=i),
            )
            return
        if s != self.deal_seat:
            # House rule: a misdeal report names the seat that dealt (who pays); another seat is a bad record.
            self.error(
                i,
                "seat",
                _(
                    "event {i}: the misdeal report names {who} (seat {seat}), but {dealer} (seat {dealer_seat}) "
                    "dealt; name the seat that dealt"
                ).format(i=i, who=self.names[s], seat=s, dealer=self.names[self.deal_seat], dealer_seat=self.deal_seat),
            )
            return
        if not self.good:
            # The deal was already found wrong: the same misdeal, charged once. House rule: this holds for a
            # report at any time before the re-deal (not only right after), and after an uncut deal too.
            return
        words = _("reported by the table: {reason}").format(reason=reason) if reason else _("reported by the table")
        self.violate(i, s, "swik.misdeal", _("misdeal {words}").format(words=words), self.cfg.misdeal_pen)
        self.pay(s, self.cfg.misdeal_pen, "misdeal", i, "penalty")
        self.good = False
        self.phase = PRE
        self.void = ("misdeal", words, i)
        self.isin = None
        self.wrapped = False
        self.blind_taker = None
        self.declared = None

    def _played_on(self, i, ev, a):
        """A game action on a void deal: the deal is void from there and nothing after it counts."""
        self.frozen = self.lax = True
        self.void_at = i
        self.syntax(i, ev, a)

    def _not_dealt(self, i, ev, a):
        if self.void is not None:
            self._played_on(i, ev, a)
        elif self.syntax(i, ev, a):
            self.error(
                i,
                "action",
                _("event {i}: {action} before any deal; the record needs a deal first").format(i=i, action=a),
            )

    # ------------------------------------------------------------------ the wrap

    def _wrap(self, i, ev):
        s = ev.get("seat")
        take = ev.get("take")
        v = ev.get("discard")
        discard = None
        if (
            not (s.__class__ is int and 0 <= s < self.n)
            or not (take is True or take is False)
            or (v is not None and (discard := CARD.get(v) if v.__class__ is str else None) is None)
        ):
            self.syntax(i, ev, "wrap")
            return
        ph = self.phase
        if ph != DEALT or self.wrap_seen:
            if ph == PRE:
                return self._not_dealt(i, ev, "wrap")
            if self.wrap_seen:
                self.error(i, "action", _("event {i}: a second wrap; the dealer decides once").format(i=i))
            else:
                self.error(
                    i,
                    "action",
                    _("event {i}: a wrap after the declarations began; the dealer wraps before anyone declares").format(
                        i=i
                    ),
                )
            return
        d = self.deal_seat
        if s != d:
            self.error(
                i,
                "seat",
                _("event {i}: {who} wraps, but {dealer} dealt; only the dealer wraps").format(
                    i=i, who=self.names[s], dealer=self.names[d]
                ),
            )
            return
        if not take:
            # House rule: a dealer who does not wrap discards nothing; a discard here is a bad record.
            if discard is not None:
                self.error(
                    i,
                    "discard",
                    _("event {i}: a dealer who does not wrap discards nothing; leave out 'discard'").format(i=i),
                )
                return
            self.wrap_seen = True
            return
        turned = self.turned
        if discard == turned:
            self.error(
                i,
                "discard",
                _(
                    "event {i}: the dealer wraps on {card} and must keep it and discard one of the three cards dealt"
                ).format(i=i, card=turned),
            )
            return
        where = self.where
        dealt = self.dealt[d]
        # House rule: the discard may be null (nobody saw it); he then surely holds only the turned card.
        if discard is not None:
            o = where.get(discard)
            if o != d and (o is not None or dealt is not None):
                self.error(
                    i,
                    "discard",
                    _("event {i}: {who} discards {card}, a card never given to {who}{where}").format(
                        i=i, who=self.names[d], card=discard, where=self.where_words(o)
                    ),
                )
                return
            where[discard] = GONE
        self.wrap_seen = True
        self.wrapped = True
        where[turned] = d
        if dealt is not None and discard is not None:
            self.known[d] = [c for c in dealt if c != discard] + [turned]
        else:
            # The discard is unknown: of his cards only the turned one is surely in his hand.
            evid = self.evid = self.evid[:]
            evid[d] = [turned]
            self.known[d] = None
