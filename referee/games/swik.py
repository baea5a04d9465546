"""Swik: the 3-card pot game with a blind hand and wraps (rule book: swik.md), on the core.

`Swik` is the table of one hand (core.Table, with the trick machinery of tricks.TrickTable): one
handler an action (HANDLERS) reads its event's fields (typed: seats as ints, cards as their text,
"10H" read as "TH"), checks what makes the record impossible (-> errors, raised together as one
BadRecord at the end) and what breaks a rule (-> violations with a penalty), and moves the money.
A run of plays or of declarations is taken by one call (same rules, less overhead).

Money: the pot PLAYED FOR (`pot`) is pot_in plus antes, dealer-change fees and no-cut and
misdeal penalties. Falls go to the next pot, never into the one being split. pot_out is
worked out from the ledger (pot_in - sum(net)), so money is conserved by construction.

Where the rule book is silent, the choice made is marked "House rule:" below. Two apply to the
whole record:

House rule: keys the referee does not know (on the record or an event) are ignored, and so is any
event's `note`; they cannot change a ruling.
House rule: cards nobody saw may be null (a hand, the blind, a cut or bottom card, a wrap's discard),
but the turned card may not: it lies face up and names trump, so a deal without it is a bad record.
"""
from .. import core
from ..cards import CARDS, DECK_32, RANK_PLURALS, SUIT_NAME
from ..record import Choice, Count, Flag, Money, Ranks, describe
from ..ruling import COMPLETE, INCOMPLETE, VOID
from ..tricks import BLIND, DONE, GONE, PLAY, PLAYED, RING, TURNED, TrickTable

GAME = "swik"
DECK = DECK_32
DECK_SET = frozenset(DECK)
# In the replay a card is its text ("TH"), not a Card: a record's strings are the cards as they come, so
# the common record needs no conversion. Only a text not in DECK_TEXT (e.g. "10H") goes through CARD.
DECK_TEXT = frozenset(c.text for c in DECK)
CARD = {t: c.text for t, c in CARDS.items() if c in DECK_SET}  # any spelling -> the text ("10H" -> "TH")
ORDER = {c.text: c.order for c in DECK}  # text -> strength within a suit; a card's suit is c[1], its rank c[0]
NAME = {c.text: c.name for c in DECK}  # text -> "the Ten of hearts"

TITLE = "Swik"
VARIANTS = ()
SEATS = (2, 9)  # the most a table can be; house rules min_players and max_players narrow it
SETTLES = "pot"  # a pot carried from hand to hand (see referee/catalogue.py)
TRICK_GAME = True  # a trick game: the hand-entry page may log tricks card by card or by their winners

# Each house rule: (name, kind, default, label, sentence): the one source that forms, the API, the
# docs and the referee all read.
RULES = (
    ("ante", Money, 3, "Ante", "Every player but the dealer pays this into the pot each hand."),
    ("dealer_ante", Money, 6, "Dealer's ante", "The dealer pays this into the pot instead of the ante."),
    ("dealer_change_fee", Money, 3, "Fee for a new dealer",
     "After an Ace or Seven cut moves the deal, each player it moves to pays this into the pot."),
    ("no_cut_penalty", Money, 3, "Penalty for dealing without a cut",
     "A dealer who deals without having the cards cut pays this into the pot."),
    ("misdeal_penalty", Money, 3, "Misdeal penalty", "The seat that dealt pays this for each misdeal."),
    ("high_wraps", Ranks("789TJQKA"), ["K", "A"], "High wraps",
     "Wrapping on a turned card of these ranks obliges the dealer to win more tricks."),
    ("high_wrap_tricks", Count(1, 3), 2, "Tricks needed after a high wrap",
     "The tricks a dealer must win after wrapping on a high card."),
    ("double_fall", Flag, True, "Double fall",
     "A dealer who wrapped on a high card and won no trick pays twice the pot."),
    # House rule: the deck allows at most 9 (9 x 3 + blind 3 + turned 1 = 31 of 32 cards);
    # 2 is the least that can still cut (the cutter is the other player).
    ("min_players", Count(2, 9), 3, "Fewest players", "The fewest players the table plays with."),
    ("max_players", Count(2, 9), 7, "Most players", "The most players the table plays with."),
    ("odd_cents", Choice("carry", "dealer"), "carry", "Odd cents",
     {"carry": "The cents left over when the pot is split in three stay in the pot for the next hand.",
      "dealer": "The dealer takes the cents left over when the pot is split in three."}),
    ("lone_player", Choice("takes_pot", "plays_blind"), "takes_pot", "One player in",
     {"takes_pot": "When only one player stays in, he takes the pot without playing.",
      "plays_blind": "When only one player stays in, he plays against the blind hand."}),
    ("revoke", Choice("abandon", "fall"), "abandon", "A revoke",
     {"abandon": "A revoke ends the hand: the pot is not split and the offender pays the pot.",
      "fall": "A revoke costs the offender a fall, and the hand is played out."}),
    ("trips_after_wrap", Flag, True, "Three of a kind after a wrap",
     "A wrapped dealer's three of a kind counts in the hand he holds after the wrap."),
)
HOUSE_RULES = {name: kind for name, kind, *_ in RULES}
DEFAULTS = {name: default for name, _, default, *_ in RULES}

# Each action: (sentence, its fields as (name, kind, may be null)), in table order; kinds: seat, card,
# cards (a list of cards), hands (a list per seat), flag, choice, text. The one description that the
# catalogue gives the hand-entry page.
EVENTS = {
    "cut": ("The player to the dealer's right cuts; the card is the one exposed (null: not seen).",
            (("seat", "seat", False), ("card", "card", True))),
    "bottom": ("After an Ace or Seven cut, the dealer looks at the bottom card.",
               (("seat", "seat", False), ("card", "card", True))),
    "deal": ("Three cards to each player and the blind; the next card is turned for trump.",
             (("seat", "seat", False), ("hands", "hands", False), ("blind", "cards", True),
              ("turned", "card", False))),
    "misdeal": ("Somebody reports a misdeal; the deal is void and dealt again.",
                (("seat", "seat", False), ("reason", "text", True))),
    "wrap": ("The dealer takes the turned card (and discards one), or not.",
             (("seat", "seat", False), ("take", "flag", False), ("discard", "card", True))),
    "declare": ("Each player from the dealer's left says in, out or blind.",
                (("seat", "seat", False), ("choice", "choice", False))),
    "trips": ("A player in shows three of a kind and takes the pot.",
              (("seat", "seat", False), ("cards", "cards", False))),
    "play": ("A player plays a card to the trick.", (("seat", "seat", False), ("card", "card", False))),
    "trick": ("A trick given only by who won it.", (("winner", "seat", False),)),
}
CHOICE_FIELDS = {"choice": ("in", "out", "blind")}

ACTIONS = ("cut", "bottom", "deal", "misdeal", "wrap", "declare", "trips", "play", "trick")
CHOICES = ("in", "out", "blind")

# Phases of the current deal.
PRE, DEALT, DECL, AFTER = range(4)  # (then tricks.PLAY and tricks.DONE)
# How a hand ended.
TRICKS, TRIPS, LONE, NOBODY = 1, 2, 3, 4

# AFTER_DEALER[n][d]: the seats in turn from the dealer's left, the dealer last.
REVOKES = ("swik.revoke", "swik.wrapped-lead")  # a lead of the wrapped card counts as a revoke
TOOK = ("", " took one trick", " took two tricks", " took three tricks")  # (by the number of tricks)
# Ledger reasons.
WINS_TRICK = "wins a trick"
ODD_CENTS = "odd cents (the dealer takes them)"
TRIPS_TAKES = "three of a kind: takes the pot"
TRIPS_FALLS = "falls (three of a kind)"
LONE_TAKES = "takes the pot (the only player in)"
NO_TRICK = "falls (no trick)"
STOPS = "The record stops before the hand ends; the antes and penalties stand and the pot carries."


def _and(words):
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


class Config:
    """The house rules as the replay reads them (built once for the defaults)."""

    __slots__ = ("ante", "dealer_ante", "fee", "no_cut_pen", "misdeal_pen", "high_wraps", "hw_tricks", "double_fall",
                 "odd_dealer", "lone_blind", "abandon", "trips_after_wrap", "min_players", "max_players")

    def __init__(self, rules):
        self.ante = rules["ante"]
        self.dealer_ante = rules["dealer_ante"]
        self.fee = rules["dealer_change_fee"]
        self.no_cut_pen = rules["no_cut_penalty"]
        self.misdeal_pen = rules["misdeal_penalty"]
        self.high_wraps = tuple(rules["high_wraps"])
        self.hw_tricks = rules["high_wrap_tricks"]
        self.double_fall = rules["double_fall"]
        self.odd_dealer = rules["odd_cents"] == "dealer"
        self.lone_blind = rules["lone_player"] == "plays_blind"
        self.abandon = rules["revoke"] == "abandon"
        self.trips_after_wrap = rules["trips_after_wrap"]
        self.min_players = rules["min_players"]
        self.max_players = rules["max_players"]


DEFAULT_CONFIG = Config(DEFAULTS)

CONFIGS: dict = {}  # house rules already read, by core.rules_key -> Config (a family's rules, hand after hand)
VARIANT_LIST = (None,)
CLAIMS = ("net", "pot_out")  # House rule: Swik is played for a pot, so a claim of points (`score`) is a bad record.
_ANTES: dict = {}  # (n, dealer, ante, dealer ante) -> (ledger, kinds, net) of the antes alone, copied for each hand
_COPY = dict.copy
_NO_FACTS = {"fell": None, "double_fall": None, "wrapped_rank": None, "wrap_made": None, "took_blind": None,
             "blind_made": None, "trips_win": None}


def _antes(n, d, ante, dante):
    """(ledger, kinds, net) of a hand's antes alone, from the record's dealer and everyone else: to be copied,
    never handed out."""
    key = (n, d, ante, dante)
    antes = _ANTES.get(key)
    if antes is None:
        ledger = [{"seat": s, "amount": -ante, "reason": "ante", "event": None} for s in range(n)]
        ledger[d] = {"seat": d, "amount": -dante, "reason": "dealer ante", "event": None}
        net = [-ante] * n
        net[d] = -dante
        antes = (ledger, ["ante"] * n, net)
        if len(_ANTES) < 4096:  # (bounded: a server sees many tables)
            _ANTES[key] = antes
    return antes


def rules_errors(rules, n):
    """What is wrong with house rules that are each right alone, for a table of n (None: not known)."""
    lo, hi = rules["min_players"], rules["max_players"]
    if lo > hi:
        return [{"event": None, "field": "house_rules", "message": f"min_players {lo} is more than max_players {hi}"}]
    if n is not None and not lo <= n <= hi:
        return [{"event": None, "field": "players", "message": f"{n} players at the table; Swik here takes {lo} to "
                                                               f"{hi} (house rules min_players and max_players)"}]
    return []


class Swik(TrickTable, core.Table):
    GAME = GAME
    CARD = CARD
    TEXTS = DECK_TEXT
    DECK_WORDS = "the Swik deck, which has only Seven to Ace"
    ACTIONS = ACTIONS
    # Rules broken by what a player did not do, found when a phase ends (or the record does), not by the event
    # they are reported at: the conformance suite does not count them against the event legal() allowed.
    STATE_RULES = ("swik.unclaimed-trips", "swik.bottom")
    OUT_OF_TURN = "swik.out-of-turn"
    REVOKE = "swik.revoke"
    NTRICKS = 3

    __slots__ = (
        "designated", "cut_ok", "pending", "good", "void", "deal_seat", "deal_event", "frozen", "broken",
        "void_at", "where", "dealt", "blind", "turned", "trump", "known", "evid",
        "wrap_seen", "wrapped", "declared", "ndecl", "decl_disorder", "blind_taker",
        "last_decl", "phase", "done", "isin", "ins", "part", "parts", "leader", "order", "cur",
        "disorder", "inexact", "voids", "tricks", "trick_events", "won", "first_after", "shown",
        "trips_win", "played_any", "falls", "revokes", "lone", "ntricks", "abandoned",
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

    # ------------------------------------------------------------------ field checks of Swik's own

    def f_choice(self, i, ev, key):
        v = ev.get(key)
        if v.__class__ is str and v in CHOICES:
            return v
        self.error(i, key, f"event {i} (declare): 'choice' must be \"in\", \"out\" or \"blind\", not {describe(v)}")
        return None

    def f_trips_cards(self, i, ev, key):
        cs = self.card_list(i, ev, key, ev.get(key), null=False)
        if cs is None:
            return None
        if len(cs) != 3 or len(set(cs)) != 3:
            self.error(i, key, f"event {i} (trips): three of a kind shows three different cards, not "
                               f"{' '.join(cs) or 'none'}")
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
                    places.append(("hands", hand, f"{self.names[k]} (seat {k})" if k < self.n else f"hand {k}"))
        if blind.__class__ is list:
            places.append(("blind", blind, "the blind"))
        places.append(("turned", [ev.get("turned")], "the turned card"))
        for field, texts, who in places:
            for t in texts:
                c = CARD.get(t) if t.__class__ is str else None
                if c is None:
                    continue
                other = seen.get(c)
                if other is not None:
                    where = "twice to " + who if other == who else f"to both {other} and {who}"
                    self.error(i, field, f"event {i} (deal): {c} is dealt {where}; "
                                      f"the deck has one {c}: correct the card")
                else:
                    seen[c] = who

    # ------------------------------------------------------------------ the cut and the bottom card

    def _cut(self, i, ev):
        s = ev.get("seat")
        v = ev.get("card")
        c = None
        if not (s.__class__ is int and 0 <= s < self.n) or (
                v is not None and (c := CARD.get(v) if v.__class__ is str else None) is None):
            self.syntax(i, ev, "cut")
            return
        if self.good:
            self.error(i, "action", f"event {i}: a new cut after a good deal (event {self.deal_event}) with no misdeal "
                                 f"between; a hand is cut once before the deal that stands")
            return
        if self.pending is not None:
            self._no_bottom(i)
        n = self.n
        d = self.designated
        if s != (d - 1) % n:
            self.violate(i, s, "swik.cut-by-wrong-player",
                    f"{self.names[s]} cut, but the cut belongs to {self.names[(d - 1) % n]}, on the right of the "
                    f"dealer {self.names[d]}; the cut counts")
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
        self.violate(i, self.designated, "swik.bottom",
                f"after the {NAME[c][4:]} was cut (event {ci}) nobody looked at the bottom card; "
                f"the deal moves no further")

    def _bottom(self, i, ev):
        s = ev.get("seat")
        v = ev.get("card")
        c = None
        if not (s.__class__ is int and 0 <= s < self.n) or (
                v is not None and (c := CARD.get(v) if v.__class__ is str else None) is None):
            self.syntax(i, ev, "bottom")
            return
        p = self.pending
        if p is None:
            self.violate(i, s, "swik.bottom",
                    f"{self.names[s]} looked at the bottom card with no Ace or Seven cut before it; it moves nothing")
            return
        ci, cut = p
        if c == cut:
            self.error(i, "card", f"event {i}: the bottom card cannot be {c}, the card just cut (event {ci}); "
                               f"correct one of the two")
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
            self.error(i, "action", f"event {i}: a new deal after a good deal (event {self.deal_event}) with no misdeal "
                                 f"between")
            self.broken = self.lax = True
            return
        if self.pending is not None:
            self._no_bottom(i)
        void = None
        if not self.cut_ok:
            # House rule: an uncut deal is charged as swik.no-cut only, whoever dealt and whatever else is
            # wrong with it (short hands, the wrong seat): it should never have happened at all.
            names = self.names
            self.violate(i, s, "swik.no-cut", f"{names[s]} dealt without having the cards cut; the deal is void",
                    self.cfg.no_cut_pen)
            self.pay(s, self.cfg.no_cut_pen, "dealt without a cut", i, "penalty")
            void = ("no-cut", f"{names[s]} dealt without a cut", i)
        elif s != self.designated:
            names = self.names
            words = f"{names[s]} dealt, but it was {names[self.designated]}'s deal"
            self.violate(i, s, "swik.misdeal", "misdeal: " + words, self.cfg.misdeal_pen)
            self.pay(s, self.cfg.misdeal_pen, "misdeal", i, "penalty")
            void = ("misdeal", words, i)
        elif short:
            names = self.names
            bad = [f"{names[k]} got {len(h)} card{'' if len(h) == 1 else 's'}"
                   for k, h in enumerate(dealt) if h is not None and len(h) != 3]
            if blind is not None and len(blind) != 3:
                bad.append(f"the blind got {len(blind)} card{'' if len(blind) == 1 else 's'}")
            words = "; ".join(bad)
            self.violate(i, s, "swik.misdeal", "misdeal: " + words, self.cfg.misdeal_pen)
            self.pay(s, self.cfg.misdeal_pen, "misdeal", i, "penalty")
            void = ("misdeal", words, i)
        self.cut_ok = False  # every deal needs a new cut
        self.deal_seat = s
        self.deal_event = i
        if void is not None:
            self.void = void
            return
        # A good deal.
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
            self.error(i, "action", f"event {i}: a misdeal reported with no deal before it")
            return
        if self.played_any:
            # House rule: a misdeal is reported before play; once cards are played on a deal, the deal
            # stands or is void by what the cards show.
            self.error(i, "action", f"event {i}: a misdeal reported after play began; report it before the first card "
                                 f"is played, or leave it out")
            return
        if s != self.deal_seat:
            # House rule: a misdeal report names the seat that dealt (who pays); another seat is a bad record.
            self.error(i, "seat", f"event {i}: the misdeal report names {self.names[s]} (seat {s}), but "
                               f"{self.names[self.deal_seat]} (seat {self.deal_seat}) dealt; name the seat that dealt")
            return
        if not self.good:
            # The deal was already found wrong: the same misdeal, charged once. House rule: this holds for a
            # report at any time before the re-deal (not only right after), and after an uncut deal too.
            return
        words = f"reported by the table: {reason}" if reason else "reported by the table"
        self.violate(i, s, "swik.misdeal", "misdeal " + words, self.cfg.misdeal_pen)
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
            self.error(i, "action", f"event {i}: {a} before any deal; the record needs a deal first")

    # ------------------------------------------------------------------ the wrap

    def _wrap(self, i, ev):
        s = ev.get("seat")
        take = ev.get("take")
        v = ev.get("discard")
        discard = None
        if not (s.__class__ is int and 0 <= s < self.n) or not (take is True or take is False) or (
                v is not None and (discard := CARD.get(v) if v.__class__ is str else None) is None):
            self.syntax(i, ev, "wrap")
            return
        ph = self.phase
        if ph != DEALT or self.wrap_seen:
            if ph == PRE:
                return self._not_dealt(i, ev, "wrap")
            if self.wrap_seen:
                self.error(i, "action", f"event {i}: a second wrap; the dealer decides once")
            else:
                self.error(i, "action", f"event {i}: a wrap after the declarations began; the dealer wraps before anyone "
                                     f"declares")
            return
        d = self.deal_seat
        if s != d:
            self.error(i, "seat", f"event {i}: {self.names[s]} wraps, but {self.names[d]} dealt; only the dealer wraps")
            return
        if not take:
            # House rule: a dealer who does not wrap discards nothing; a discard here is a bad record.
            if discard is not None:
                self.error(i, "discard", f"event {i}: a dealer who does not wrap discards nothing; leave out 'discard'")
                return
            self.wrap_seen = True
            return
        turned = self.turned
        if discard == turned:
            self.error(i, "discard", f"event {i}: the dealer wraps on {turned} and must keep it; he discards one of "
                                  f"his own three cards")
            return
        where = self.where
        dealt = self.dealt[d]
        # House rule: the discard may be null (nobody saw it); he then surely holds only the turned card.
        if discard is not None:
            o = where.get(discard)
            if o != d and (o is not None or dealt is not None):
                self.error(i, "discard", f"event {i}: {self.names[d]} discards {discard}, a card he was never given"
                                      f"{self.where_words(o)}")
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

    # ------------------------------------------------------------------ declarations

    def _declares(self, i, ev):
        """Declarations from i on, while they last; returns the index after them. The plain ones ("in" or
        "out", in turn) are taken here with the state in locals; anything else goes to _declare."""
        events = self.events
        m = len(events)
        n = self.n
        while True:
            ph = self.phase
            if (ph == DECL or ph == DEALT) and not self.decl_disorder:
                declared = self.declared
                k = self.ndecl
                need = n - 1 if self.wrapped else n
                nxt = (self.deal_seat + 1 + k) % n  # whose turn it is
                last = None
                while True:
                    try:
                        s = ev["seat"]
                        choice = ev["choice"]
                    except KeyError:
                        break
                    if s != nxt or s.__class__ is not int or (choice != "in" and choice != "out"):
                        break
                    declared[s] = choice
                    last = i
                    k += 1
                    if k == need:
                        break
                    nxt = nxt + 1 if nxt + 1 < n else 0
                    i += 1
                    if i == m:
                        break
                    ev = events[i]
                    if ev.__class__ is not dict or ev.get("action") != "declare":
                        break
                if last is not None:
                    self.phase = DECL
                    self.ndecl = k
                    self.last_decl = last
                    if k == need:
                        self._declarations_done()
                    i = last + 1
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
            self.violate(i, s, "swik.wrapped-dealer-declares",
                    f"{self.names[s]} wrapped and is in; his declaration \"{choice}\" is ignored")
            return
        declared = self.declared
        if declared[s] is not None:
            self.error(i, "seat", f"event {i}: {self.names[s]} declares twice (first \"{declared[s]}\"); "
                               f"a player declares once")
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
                self.violate(i, s, "swik.blind-taken",
                        f"{names[s]} asked for the blind, but {names[self.blind_taker]} took it first; "
                        f"{names[s]} plays his own hand (counts as \"in\")")
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
            self.violate(i, s, "swik.declare-order", f"{self.names[s]} declared before {self.names[expected]}, "
                                                f"whose turn it was")

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
            self.begin_tricks(ins, isin, ins[_lead_index(ins, d)])

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
            self.error(i, "action", f"event {i}: three of a kind shown before every declaration is made; "
                                 f"a player shows it after the last declaration")
            return
        if ph == DONE or not self.isin[s]:
            return  # shown by a player who is out, or after the hand was decided: ignored
        # House rule: showing three of a kind twice, or three cards that are not three different cards of
        # the deck, cannot happen at a table: a bad record (field "seat" / "cards").
        shown = self.shown
        if shown is None:
            shown = self.shown = []
        elif any(x[1] == s for x in shown):
            self.error(i, "seat", f"event {i}: {self.names[s]} shows three of a kind twice")
            return
        if self.first_after is None:
            self.first_after = i
        self.played_any = True
        why = self._trips_false(s, cs)
        if why:
            P = self.pot
            names = self.names
            self.violate(i, s, "swik.false-trips",
                    f"{names[s]} showed {' '.join(cs)} as three of a kind, but {why}; "
                    f"{names[s]} falls and pays {P}", P)
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
            return "they are not of one rank"
        hand = self._counting_hand(s)
        where = self.where
        old_hand = s == self.deal_seat and self.wrapped and not self.cfg.trips_after_wrap
        for c in cs:
            o = where.get(c)
            if o == PLAYED:
                return f"{c} was already played"
            if hand is not None:
                if c not in hand:
                    return f"the hand that counts is {' '.join(hand)}"
            elif o is not None and o != s and not (o == GONE and old_hand):
                return f"{c} is not in the hand that counts{self.where_words(o)}"
            elif old_hand and c == self.turned:
                return f"{c} is the card he wrapped on, not one he was dealt"
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
            self.violate(at, s, "swik.unclaimed-trips",
                    f"{self.names[s]} held three {RANK_PLURALS[r]} and did not show them; the rule applies anyway: "
                    f"{self.names[s]} wins the hand")
        self._decide_trips(s, e, r, unclaimed)
        return True

    def _decide_trips(self, s, e, rank, unclaimed):
        self.trips_win = (s, e, rank, unclaimed)
        self.phase = DONE
        self.done = TRIPS
        self.cur = []

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
            self.error(i, "action", f"event {i}: a card played before every declaration is made")
        return False

    def _ignored_play(self, i, s):
        """A play after the hand was decided without tricks, or after the three tricks."""
        if self.done == TRICKS:
            self.error(i, "action", f"event {i}: a card played after all three tricks")
        elif self.isin is not None and not self.isin[s]:
            self.error(i, "seat", f"event {i}: {self.names[s]} is out and cannot play")
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
                self.error(i, "action", f"event {i}: a fourth trick; Swik has three")
        elif ph == PRE:
            self._not_dealt(i, ev, "trick")
        else:
            self.error(i, "action", f"event {i}: a trick before every declaration is made")
        return False

    def tricks_over(self):
        self.done = TRICKS

    def judge(self, cur, complete):
        """Judge a trick in proper order (the card led is the leader's): revokes, the wrapped lead, the winner."""
        plays = self.in_proper_order(cur)
        if plays is None:
            return  # an unfinished trick whose leader has not played: nothing to judge
        leader = self.order[0]
        lead = plays[0][1]
        L = lead[1]
        T = self.trump
        if lead == self.turned and self.ntricks == 0 and self.wrapped and leader == self.deal_seat:
            self.revoke(plays[0][2], leader, "swik.wrapped-lead",
                        f"{self.names[leader]} led {lead}, the card he wrapped on, to the first trick")
        best = ORDER[lead]
        bsuit = L
        win = leader
        out = []
        for s, c, e in plays:  # (the lead first: it follows itself and does not beat itself)
            out.append([s, c])
            cs = c[1]
            if cs == bsuit:
                o = ORDER[c]
                if o > best:
                    best, win = o, s
            elif cs == T:
                best, win, bsuit = ORDER[c], s, T
            if cs != L:
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
        stops = "; the hand stops" if self.cfg.abandon else ""
        if self.falls and s in self.falls:
            # A player falls at most once a hand: the revoke costs him nothing more.
            msg = f"{words}{stops}; {self.names[s]} has already fallen in this hand and pays nothing more"
            P = 0
        else:
            msg = f"{words}{stops}; {self.names[s]} falls and pays {P}"
            if not self.cfg.abandon:
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
                options.append({"action": "wrap", "seat": d, "take": [True, False],
                                "cards": None if mine is None else list(mine)})
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
                    if s in shown or hand is not None and not (
                            len(hand) == 3 and hand[0][0] == hand[1][0] == hand[2][0]):
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
        blind = [None] * n
        blind_made = [None] * n
        if told:
            d = self.deal_seat
            wrapper = d if self.wrapped else -1
            played = [1 if c == "in" or c == "blind" or s == wrapper else 0 if c == "out" else None
                      for s, c in enumerate(self.declared)]
            blind = [None if p is None else 0 for p in played]
            b = self.blind_taker
            if b is not None:
                blind[b] = 1
                if complete:
                    blind_made[b] = 1 - fell[b]
            if wrapper >= 0:
                rank[d] = self.turned[0]
                if complete:
                    made[d] = 1 - fell[d]
        pot_out = self.pot_in - sum(self.net)
        return self.document(
            status, self._summary(status, pot_out), tricks=self.tricks, dealer=dealer,
            next_dealer=dealer if status == VOID else (dealer + 1) % n,
            may_stop=complete and not falls and "share" in self.kinds,
            played=played, tricks_won=self.won if complete else None, misdeals=misdeals,
            game_facts={"turned": self.turned if self.good else None,
                        "seats": {"fell": fell, "double_fall": double, "wrapped_rank": rank, "wrap_made": made,
                                  "took_blind": blind, "blind_made": blind_made, "trips_win": trips}})

    def _summary(self, status, pot_out):
        names = self.names
        falls = self.falls
        if status == COMPLETE and self.done == TRICKS and self.abandoned is None:
            won = self.won
            lone = self.lone
            blind = self.deal_seat if lone is not None else -1
            text = _tricks_words(names, self.parts, won, blind)
            if lone is not None:
                text = f"{names[lone]} played alone against the blind: " + (text or "nobody took a trick")
            if falls:
                text += "; " + self._falls_words(falls)
            return text + "."
        if status == VOID:
            kind, words, e = self.void if self.void is not None else ("", "", None)
            if self.frozen:
                return (f"The deal (event {e}) was void ({words}) but was played on; nothing after it counts. "
                        f"The penalties stand and the pot of {pot_out} carries to the next hand.")
            return f"The deal is void ({words}); the penalties stand and the pot of {pot_out} carries to the next hand."
        if status == INCOMPLETE:
            if falls:
                return f"{STOPS[:-1]}; {self._falls_words(falls)}."
            return STOPS
        if self.abandoned is not None:
            s = self.abandoned
            return (f"{names[s]} revoked; the hand stops, the pot is not split, and {names[s]} pays {self.pot}; "
                    f"the pot of {pot_out} carries to the next hand.")
        done = self.done
        if done == TRIPS:
            w, e, rank, unclaimed = self.trips_win
            how = "shows" if not unclaimed else "holds (not shown; the rule applies anyway)"
            text = _trips_words(names[w], how, rank, self.pot)
            if falls:
                others = {s: f for s, f in falls.items() if s != w}
                if others:
                    text += "; " + self._falls_words(others)
            return text + "."
        if done == LONE:
            return _lone_words(names[self.lone], self.pot)
        return _nobody_words(pot_out)

    def _falls_words(self, falls):
        return _falls_words(self.names, [(s, -falls[s]["amount"]) for s in sorted(falls)])

    @staticmethod
    def ending_rules(cfg):
        """The rules whose breach ends the hand under these house rules (revoke "abandon")."""
        return REVOKES if cfg.abandon else ()

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
                return f"{self.names[v['seat']]} revoked: the hand stops here"
        return "does not count: the hand stopped at the revoke"

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
            text = f"{a}: does not count (the deal was void)"
        elif a == "cut":
            c = CARD.get(ev.get("card")) if ev.get("card").__class__ is str else None
            text = f"{who} cuts" + (f" {NAME[c]}" if c is not None else "")
        elif a == "bottom":
            text = f"{who} looks at the bottom card" + (f": {ev['card']}" if ev.get("card") else "")
        elif a == "deal":
            text = f"{who} deals; {ev.get('turned')} is turned"
            if self.good and self.deal_event == i:
                text += f": {SUIT_NAME[self.trump]}s are trump"
        elif a == "misdeal":
            text = f"misdeal reported ({ev.get('reason') or 'no reason given'})"
        elif a == "wrap":
            if ev.get("take"):
                text = f"{who} wraps on {self.turned if self.good else '?'}"
                if ev.get("discard"):
                    text += f", discarding {ev['discard']}"
            else:
                text = f"{who} does not wrap"
        elif a == "declare":
            text = f"{who} declares {ev.get('choice')}"
        elif a == "trips":
            text = f"{who} shows {' '.join(map(str, ev.get('cards') or []))}"
        elif a == "play":
            text = f"{who} plays {ev.get('card')}"
        elif a == "trick":
            w = ev.get("winner")
            text = f"{names[w]} wins a trick" if w.__class__ is int and 0 <= w < self.n else "a trick"
        else:
            text = str(a)
        if len(self.tricks) > ntricks and self.tricks[-1]["plays"] is not None:
            text += f"; {names[self.tricks[-1]['winner']]} wins the trick"
        for v in self.violations[before:]:
            text += f" [{v['rule']}: {v['message']}]"
        return text



def _give_blind(where, own, blind, s):
    """Seat s throws away what is left of his own hand (`own`, if known) and holds the blind."""
    if own is not None:
        for c in own:
            if where.get(c) == s:
                where[c] = GONE
    if blind is not None:
        for c in blind:
            where[c] = s


def _trick_fall(won, wrapped, turned, cfg, pot):
    """(amount, reason) a player who was in pays into the next pot for winning `won` tricks, or None.
    A dealer who wrapped (`wrapped`) needs one trick, or hw_tricks after a high wrap, which with
    double_fall costs him the pot twice if he wins none."""
    if wrapped:
        high = turned[0] in cfg.high_wraps
        need = cfg.hw_tricks if high else 1
        if won >= need:
            return None
        if won == 0 and high and cfg.double_fall:
            return 2 * pot, f"falls twice (wrapped on {turned}, no trick)"
        if won == 0:
            return pot, f"falls (wrapped on {turned}, no trick)"
        return pot, f"falls (wrapped on {turned}, won {won} of the {need} tricks needed)"
    if won == 0:
        return pot, NO_TRICK
    return None


def _tricks_words(names, seats, won, blind):
    """"Dad took one trick, Mary took two tricks": who of `seats` took tricks (the seat `blind` is the blind)."""
    text = ""
    for s in seats:
        k = won[s]
        if k:
            who = "the blind" if s == blind else names[s]
            text = f"{text}, {who}{TOOK[k]}" if text else who + TOOK[k]
    return text


def _trips_words(name, how, rank, pot):
    return f"{name} {how} three {RANK_PLURALS[rank]} and takes the pot of {pot}"


def _lone_words(name, pot):
    return f"Only {name} went in and takes the pot of {pot}."


def _nobody_words(pot_out):
    return f"Nobody went in; the pot of {pot_out} carries to the next hand."


def _lead_index(ins, d):
    """Where in `ins` (the seats in, in seat order) the first trick's leader is: the first of them from
    the dealer's seat on."""
    k = 0
    for s in ins:
        if s >= d:
            return k
        k += 1
    return 0


def _falls_words(names, fell):
    """Who fell and what each pays into the next pot, from (seat, amount) in seat order."""
    if len(fell) == 1:
        s, x = fell[0]
        return f"{names[s]} fell and pays {x} into the next pot"
    amounts = {x for s, x in fell}
    if len(amounts) == 1:
        return f"{_and([names[s] for s, x in fell])} fell and pay {amounts.pop()} each into the next pot"
    return _and([f"{names[s]} fell and pays {x}" for s, x in fell]) + " into the next pot"


def _deal_cards(ev, n):
    """(where, hands, blind, turned, False) for a good deal of plain cards ("TH", each once), three to each
    hand and to the blind (any of them may be null: unseen), read in bulk; or None for anything else (then
    _deal_cards_slowly reads it card by card, short hands and "10H" included)."""
    hands = ev.get("hands")
    blind = ev.get("blind")
    turned = ev.get("turned")
    if hands.__class__ is not list or len(hands) != n or turned.__class__ is not str:
        return None
    where = {turned: TURNED}
    k = 0
    try:
        for hand in hands:
            if hand.__class__ is list:
                a, b, c = hand  # (ValueError if not three)
                where[a] = where[b] = where[c] = k
            elif hand is not None:
                return None
            k += 1
        count = 3 * (n - hands.count(None)) + 1
        if blind is not None:
            if blind.__class__ is not list:
                return None
            a, b, c = blind
            where[a] = where[b] = where[c] = BLIND
            count += 3
    except (TypeError, ValueError):  # an unhashable "card" (a list, an object); not three cards
        return None
    # A card given twice leaves fewer keys than cards; "10H", "th" or 5 are not in DECK_TEXT.
    if len(where) != count or not DECK_TEXT.issuperset(where):
        return None
    return where, hands, blind, turned, False  # (the replay never changes a dealt hand)


def _by_event(v):
    e = v["event"]
    return -1 if e is None else e


def _card_sort(c):
    return ("SHDC".index(c[1]), -ORDER[c])


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
_READERS = {("seat", False): Swik.f_seat, ("card", True): Swik.f_card_opt, ("card", False): Swik.f_card,
            ("cards", True): Swik.f_cards_opt, ("cards", False): Swik.f_cards, ("hands", False): Swik.f_hands,
            ("flag", False): Swik.f_flag, ("choice", False): Swik.f_choice, ("text", True): Swik.f_text}
Swik.FIELDS = {a: tuple((name, _READERS[kind, null]) for name, kind, null in fields)
               for a, (_, fields) in EVENTS.items()}
Swik.FIELDS["deal"] += (("hands", Swik.f_deal_cards),)
Swik.FIELDS["trips"] = (("seat", Swik.f_seat), ("cards", Swik.f_trips_cards))
Table = Swik
