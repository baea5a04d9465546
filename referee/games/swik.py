"""Swik: the 3-card pot game with a blind hand and wraps (rule book: swik.md).

One `Swik` object replays one record, event by event, through one dispatch table
(action -> method). Each method reads its event's fields (typed: seats as ints, cards as
their text, "TH", "10H" read as "TH"), checks what makes the record impossible (-> errors, raised together as
one BadRecord at the end) and what breaks a rule (-> violations with a penalty), and
moves the money. `replay()` never snapshots; `steps()` replays again and snapshots.

`replay()` first tries `_plain`, a one-pass shortcut for the common plain hand that gives up at
anything unusual (it is checked against Swik, ruling for ruling, by the tests); Swik rules on the rest,
handing a hand back to `_plain` at its good deal when the only mistakes came before it.

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
from .. import facts as _facts
from ..cards import CARDS, DECK_32, RANK_PLURALS, SUIT_NAME
from ..ledger import ledger_kind
from ..record import (
    BadRecord, Choice, Count, Flag, Money, Ranks, describe, error, read_claimed, read_header, read_house_rules,
)
from ..ruling import COMPLETE, INCOMPLETE, VOID, discrepancies

GAME = "swik"
DECK = DECK_32
DECK_SET = frozenset(DECK)
# In the replay a card is its text ("TH"), not a Card: a record's strings are the cards as they come, so
# the common record needs no conversion. Only a text not in DECK_TEXT (e.g. "10H") goes through CARD.
DECK_TEXT = frozenset(c.text for c in DECK)
CARD = {t: c.text for t, c in CARDS.items() if c in DECK_SET}  # any spelling -> the text ("10H" -> "TH")
ORDER = {c.text: c.order for c in DECK}  # text -> strength within a suit; a card's suit is c[1], its rank c[0]
NAME = {c.text: c.name for c in DECK}  # text -> "the Ten of hearts"
SUIT_ORDER = {c.text: (c.text[1], c.order) for c in DECK}  # text -> (suit, ORDER), for _plain

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

# Where a card of the current deal is: a seat number (that seat holds it and may play it) or one of these.
BLIND, TURNED, GONE, PLAYED = -1, -2, -3, -4
# Phases of the current deal.
PRE, DEALT, DECL, AFTER, PLAY, DONE = range(6)
# How a hand ended.
TRICKS, TRIPS, LONE, NOBODY = 1, 2, 3, 4

# AFTER_DEALER[n][d]: the seats in turn from the dealer's left, the dealer last.
AFTER_DEALER = [[tuple((d + k) % n for k in range(1, n + 1)) for d in range(n)] for n in range(10)]
BEFORE_DEALER = [[seats[:-1] for seats in row] for row in AFTER_DEALER]  # (the same, without the dealer)
REVOKES = ("swik.revoke", "swik.wrapped-lead")  # a lead of the wrapped card counts as a revoke
TOOK = ("", " took one trick", " took two tricks", " took three tricks")  # (by the number of tricks)
# Ledger reasons written on both paths (Swik._settle and _plain).
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

# House rules already read, by a hashable key of the record's own values -> Config: a family plays with
# the same house rules hand after hand, so most records need not have them checked again.
_CONFIGS: dict = {}
_ANTES: dict = {}  # (n, dealer, ante, dealer ante) -> (ledger, net) of the antes alone, copied for each hand
_COPY = dict.copy
# Tables already found good (a family's table, hand after hand), by their players' names -> that table's
# words for who took the tricks, by the tricks' winners (w1 * 100 + w2 * 10 + w3): a table ends its hands
# the same few ways again and again.
_TABLES: dict = {}


def _antes(n, d, ante, dante):
    """(ledger, net) of a hand's antes alone, from the record's dealer and everyone else: to be copied, never
    handed out (a ruling gets fresh lists and entries: list(map(_COPY, ledger)), net[:])."""
    key = (n, d, ante, dante)
    antes = _ANTES.get(key)
    if antes is None:
        ledger = [{"seat": s, "amount": -ante, "reason": "ante", "event": None} for s in range(n)]
        ledger[d] = {"seat": d, "amount": -dante, "reason": "dealer ante", "event": None}
        net = [-ante] * n
        net[d] = -dante
        antes = (ledger, net)
        if len(_ANTES) < 4096:  # (bounded: a server sees many tables)
            _ANTES[key] = antes
    return antes


def _rules_key(given):
    """A hashable key for a house_rules object whose values are plain (numbers, text, flags, lists of text),
    or None. The value's class is part of the key: true == 1 to a dict, but not to the rules."""
    key = []
    for name, v in given.items():
        c = v.__class__
        if c is list:
            v = tuple(v)
            for x in v:
                if x.__class__ is not str:
                    return None
        elif c is not int and c is not str and c is not bool:
            return None
        key.append((name, c, v))
    return tuple(key)


class Swik:
    __slots__ = (
        "n", "names", "errors", "violations", "ledger", "net", "pot", "pot_in", "claimed", "cfg", "events",
        "designated", "cut_ok", "pending", "good", "void", "deal_seat", "deal_event", "frozen", "broken", "lax",
        "void_at", "where", "dealt", "blind", "turned", "trump", "known", "evid",
        "wrap_seen", "wrapped", "declared", "ndecl", "decl_disorder", "blind_taker",
        "last_decl", "phase", "done", "isin", "ins", "part", "parts", "leader", "order", "cur",
        "disorder", "inexact", "voids", "tricks", "trick_events", "won", "first_after", "shown",
        "trips_win", "played_any", "falls", "revokes", "lone", "ntricks", "last_event", "abandoned",
    )

    def __init__(self, n, names, dealer, pot_in, cfg, claimed=None):
        self.n = n
        self.names = names
        self.errors = []
        self.violations = []
        self.claimed = claimed
        self.cfg = cfg
        d = self.designated = dealer
        self.pot_in = pot_in
        # The antes are due once a hand, from the record's dealer and everyone else.
        ante, dante = cfg.ante, cfg.dealer_ante
        ledger, net = _antes(n, d, ante, dante)
        self.ledger = list(map(_COPY, ledger))
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
        self.lax = False  # frozen or broken
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
        self.last_event = None
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

    # ------------------------------------------------------------------ helpers

    def _e(self, i, field, message):
        self.errors.append({"event": i, "field": field, "message": message})

    def _v(self, i, seat, rule, message, penalty=0):
        self.violations.append({"event": i, "seat": seat, "rule": rule, "message": message, "penalty": penalty})

    def _charge(self, seat, amount, reason, i):
        """A payment into the pot played for (fee, no-cut, misdeal)."""
        self.ledger.append({"seat": seat, "amount": -amount, "reason": reason, "event": i})
        self.net[seat] -= amount
        self.pot += amount

    def _fall(self, seat, amount, reason, i):
        """A fall: paid into the NEXT pot. A player falls at most once; the larger cause stands."""
        falls = self.falls
        if falls is None:
            falls = self.falls = {}
        e = falls.get(seat)
        if e is None:
            e = falls[seat] = {"seat": seat, "amount": -amount, "reason": reason, "event": i}
            self.ledger.append(e)
            self.net[seat] -= amount
        elif amount > -e["amount"]:
            self.net[seat] -= amount + e["amount"]
            e["amount"] = -amount
            e["reason"] = reason
            e["event"] = i

    # ------------------------------------------------------------------ the event loop

    def run(self, events, i=0, dealt=False):
        """Replay the events from i. A run of plays or declarations is taken in one call (RUNS): same rules, less
        overhead. dealt=True: stop after the first good deal that is not reported as a misdeal at once, and
        return the index after it (len(events) if there is none)."""
        handlers = RUNS
        self.events = events
        m = len(events)
        while i < m:
            ev = events[i]
            if ev.__class__ is dict:
                try:
                    h = handlers[ev["action"]]
                except (KeyError, TypeError):  # no action, not a Swik action, an unhashable one (a list)
                    self._bad_action(i, ev, ev.get("action"))
                    i += 1
                    continue
                if self.lax:
                    self._syntax(i, ev, ev["action"])
                    i += 1
                else:
                    r = h(self, i, ev)
                    i = i + 1 if r is None else r
                    if dealt and self.good:
                        ev = events[i] if i < m else None
                        if ev.__class__ is not dict or ev.get("action") != "misdeal":
                            return i
                continue
            else:
                self._e(i, "*", f"event {i} must be an object such as {{\"action\": \"play\", ...}}, not {describe(ev)}")
            i += 1
        self.last_event = m - 1 if m else None
        return m

    def step(self, i, ev):
        """One event, as run() does it (for steps())."""
        self.run_one(i, ev)
        self.last_event = i

    def run_one(self, i, ev):
        if ev.__class__ is not dict:
            self._e(i, "*", f"event {i} must be an object, not {describe(ev)}")
            return
        a = ev.get("action")
        h = HANDLERS.get(a) if a.__class__ is str else None
        if h is None:
            self._bad_action(i, ev, a)
        elif self.lax:
            self._syntax(i, ev, a)
        else:
            h(self, i, ev)

    def _bad_action(self, i, ev, a):
        if "action" not in ev:
            self._e(i, "action", f"event {i} has no 'action'; Swik actions are {', '.join(ACTIONS)}")
        else:
            self._e(i, "action", f"event {i}: {describe(a)} is not a Swik action; Swik actions are {', '.join(ACTIONS)}")

    # ------------------------------------------------------------------ field checks (the words of errors)

    def _syntax(self, i, ev, a):
        """Check an event's fields only; errors for anything that is not the right type. Returns True if fine."""
        before = len(self.errors)
        for key, kind in SCHEMA[a]:
            kind(self, i, ev, key)
        return len(self.errors) == before

    def _f_seat(self, i, ev, key):
        v = ev.get(key)
        n = self.n
        if v.__class__ is int and 0 <= v < n:
            return v
        a = ev.get("action")
        if key not in ev:
            self._e(i, key, f"event {i} ({a}) needs '{key}': a seat number, 0 to {n - 1}")
        elif v.__class__ is int:
            names = ", ".join(f"{k} {nm}" for k, nm in enumerate(self.names))
            self._e(i, key, f"event {i} ({a}): seat {v} is not at this table; seats are 0 to {n - 1} ({names})")
        else:
            self._e(i, key, f"event {i} ({a}): '{key}' must be a seat number (0 to {n - 1}), not {describe(v)}")
        return None

    def _card_words(self, i, ev, key, v):
        a = ev.get("action")
        c = CARDS.get(v) if v.__class__ is str else None
        if c is not None:
            self._e(i, key, f"event {i} ({a}): {c.text} is not in the Swik deck, which has only Seven to Ace")
        elif v.__class__ is str:
            hint = " (cards are upper-case)" if CARDS.get(v.upper()) is not None else ""
            self._e(i, key, f"event {i} ({a}): {v!r} is not a card{hint}; write rank then suit, e.g. 'TH' or '10H'")
        else:
            self._e(i, key, f"event {i} ({a}): '{key}' must be a card such as 'TH', not {describe(v)}")

    def _f_card_opt(self, i, ev, key):
        v = ev.get(key)
        if v is None:
            return None
        c = CARD.get(v) if v.__class__ is str else None
        if c is None:
            self._card_words(i, ev, key, v)
        return c

    def _f_card(self, i, ev, key):
        v = ev.get(key)
        if v is None:
            self._e(i, key, f"event {i} ({ev.get('action')}) needs '{key}': a card such as 'TH'")
            return None
        return self._f_card_opt(i, ev, key)

    def _f_cards(self, i, ev, key, v, null=True):
        """A list of Cards, or None (with errors) if anything is wrong."""
        if v is None and null:
            return None
        if v.__class__ is not list:
            self._e(i, key, f"event {i} ({ev.get('action')}): '{key}' must be a list of cards"
                    f"{' or null' if null else ''}, not {describe(v)}")
            return None
        out = []
        for t in v:
            c = CARD.get(t) if t.__class__ is str else None
            if c is None:
                self._card_words(i, ev, key, t)
                return None
            out.append(c)
        return out

    def _f_hands(self, i, ev, key):
        v = ev.get(key)
        n = self.n
        if v.__class__ is not list or len(v) != n:
            what = describe(v) if v.__class__ is not list else f"{len(v)} hands"
            self._e(i, key, f"event {i} (deal): 'hands' must list {n} hands, one per seat (a list of cards, or null "
                            f"if unknown), not {what}")
            return None
        out = []
        for k, hand in enumerate(v):
            if hand is None:
                out.append(None)
                continue
            if hand.__class__ is not list:
                self._e(i, key, f"event {i} (deal): {self.names[k]}'s hand (seat {k}) must be a list of cards or null, "
                                f"not {describe(hand)}")
                return None
            cs = self._f_cards(i, ev, key, hand)
            if cs is None:
                return None
            out.append(cs)
        return out

    def _f_blind(self, i, ev, key):
        return self._f_cards(i, ev, key, ev.get(key))

    def _f_trips_cards(self, i, ev, key):
        cs = self._f_cards(i, ev, key, ev.get(key), null=False)
        if cs is None:
            return None
        if len(cs) != 3 or len(set(cs)) != 3:
            self._e(i, key, f"event {i} (trips): three of a kind shows three different cards, not "
                            f"{' '.join(cs) or 'none'}")
            return None
        return cs

    def _f_choice(self, i, ev, key):
        v = ev.get(key)
        if v.__class__ is str and v in CHOICES:
            return v
        self._e(i, key, f"event {i} (declare): 'choice' must be \"in\", \"out\" or \"blind\", not {describe(v)}")
        return None

    def _f_bool(self, i, ev, key):
        v = ev.get(key)
        if v is True or v is False:
            return v
        self._e(i, key, f"event {i} ({ev.get('action')}): '{key}' must be true or false, not {describe(v)}")
        return None

    def _f_text(self, i, ev, key):
        v = ev.get(key)
        if v is None or v.__class__ is str:
            return v
        self._e(i, key, f"event {i} ({ev.get('action')}): '{key}' must be text, not {describe(v)}")
        return None

    def _f_deal(self, i, ev, key):
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
                    self._e(i, field, f"event {i} (deal): {c} is dealt {where}; "
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
            self._syntax(i, ev, "cut")
            return
        if self.good:
            self._e(i, "action", f"event {i}: a new cut after a good deal (event {self.deal_event}) with no misdeal "
                                 f"between; a hand is cut once before the deal that stands")
            return
        if self.pending is not None:
            self._no_bottom(i)
        n = self.n
        d = self.designated
        if s != (d - 1) % n:
            self._v(i, s, "swik.cut-by-wrong-player",
                    f"{self.names[s]} cut, but the cut belongs to {self.names[(d - 1) % n]}, on the right of the "
                    f"dealer {self.names[d]}; the cut counts")
        if c is not None and (c[0] == "A" or c[0] == "7"):
            # Whoever cut, the deal moves from the designated dealer.
            if c[0] == "A":
                new, why = (d + 1) % n, "Ace cut"
            else:
                new, why = (d - 1) % n, "Seven cut"
            self._charge(new, self.cfg.fee, f"becomes dealer ({why})", i)
            self.designated = new
            self.pending = (i, c)
            self.cut_ok = False  # the new dealer starts over with a cut of his own
        else:
            self.cut_ok = True  # (a second plain cut before the deal is harmless)

    def _no_bottom(self, i):
        ci, c = self.pending
        self.pending = None
        self._v(i, self.designated, "swik.bottom",
                f"after the {NAME[c][4:]} was cut (event {ci}) nobody looked at the bottom card; "
                f"the deal moves no further")

    def _bottom(self, i, ev):
        s = ev.get("seat")
        v = ev.get("card")
        c = None
        if not (s.__class__ is int and 0 <= s < self.n) or (
                v is not None and (c := CARD.get(v) if v.__class__ is str else None) is None):
            self._syntax(i, ev, "bottom")
            return
        p = self.pending
        if p is None:
            self._v(i, s, "swik.bottom",
                    f"{self.names[s]} looked at the bottom card with no Ace or Seven cut before it; it moves nothing")
            return
        ci, cut = p
        if c == cut:
            self._e(i, "card", f"event {i}: the bottom card cannot be {c}, the card just cut (event {ci}); "
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
            self._charge(new, self.cfg.fee, "becomes dealer (Ace at the bottom)", i)
        elif c[0] == "7":
            new = self.designated = (self.designated - 1) % n
            self._charge(new, self.cfg.fee, "becomes dealer (Seven at the bottom)", i)

    # ------------------------------------------------------------------ the deal

    def _deal(self, i, ev):
        s = ev.get("seat")
        cards = None
        if s.__class__ is int and 0 <= s < self.n:
            cards = _deal_cards(ev, self.n)
            if cards is None:
                cards = self._deal_cards_slowly(ev)
        if cards is None:
            self._syntax(i, ev, "deal")
            self.broken = self.lax = True  # what follows cannot be judged against this deal
            return
        where, dealt, blind, turned, short = cards
        if self.good or self.phase != PRE:
            self._e(i, "action", f"event {i}: a new deal after a good deal (event {self.deal_event}) with no misdeal "
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
            self._v(i, s, "swik.no-cut", f"{names[s]} dealt without having the cards cut; the deal is void",
                    self.cfg.no_cut_pen)
            self._charge(s, self.cfg.no_cut_pen, "dealt without a cut", i)
            void = ("no-cut", f"{names[s]} dealt without a cut", i)
        elif s != self.designated:
            names = self.names
            words = f"{names[s]} dealt, but it was {names[self.designated]}'s deal"
            self._v(i, s, "swik.misdeal", "misdeal: " + words, self.cfg.misdeal_pen)
            self._charge(s, self.cfg.misdeal_pen, "misdeal", i)
            void = ("misdeal", words, i)
        elif short:
            names = self.names
            bad = [f"{names[k]} got {len(h)} card{'' if len(h) == 1 else 's'}"
                   for k, h in enumerate(dealt) if h is not None and len(h) != 3]
            if blind is not None and len(blind) != 3:
                bad.append(f"the blind got {len(blind)} card{'' if len(blind) == 1 else 's'}")
            words = "; ".join(bad)
            self._v(i, s, "swik.misdeal", "misdeal: " + words, self.cfg.misdeal_pen)
            self._charge(s, self.cfg.misdeal_pen, "misdeal", i)
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
            self._syntax(i, ev, "misdeal")
            return
        if self.deal_seat is None:
            self._e(i, "action", f"event {i}: a misdeal reported with no deal before it")
            return
        if self.played_any:
            # House rule: a misdeal is reported before play; once cards are played on a deal, the deal
            # stands or is void by what the cards show.
            self._e(i, "action", f"event {i}: a misdeal reported after play began; report it before the first card "
                                 f"is played, or leave it out")
            return
        if s != self.deal_seat:
            # House rule: a misdeal report names the seat that dealt (who pays); another seat is a bad record.
            self._e(i, "seat", f"event {i}: the misdeal report names {self.names[s]} (seat {s}), but "
                               f"{self.names[self.deal_seat]} (seat {self.deal_seat}) dealt; name the seat that dealt")
            return
        if not self.good:
            # The deal was already found wrong: the same misdeal, charged once. House rule: this holds for a
            # report at any time before the re-deal (not only right after), and after an uncut deal too.
            return
        words = f"reported by the table: {reason}" if reason else "reported by the table"
        self._v(i, s, "swik.misdeal", "misdeal " + words, self.cfg.misdeal_pen)
        self._charge(s, self.cfg.misdeal_pen, "misdeal", i)
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
        self._syntax(i, ev, a)

    def _not_dealt(self, i, ev, a):
        if self.void is not None:
            self._played_on(i, ev, a)
        elif self._syntax(i, ev, a):
            self._e(i, "action", f"event {i}: {a} before any deal; the record needs a deal first")

    # ------------------------------------------------------------------ the wrap

    def _wrap(self, i, ev):
        s = ev.get("seat")
        take = ev.get("take")
        v = ev.get("discard")
        discard = None
        if not (s.__class__ is int and 0 <= s < self.n) or not (take is True or take is False) or (
                v is not None and (discard := CARD.get(v) if v.__class__ is str else None) is None):
            self._syntax(i, ev, "wrap")
            return
        ph = self.phase
        if ph != DEALT or self.wrap_seen:
            if ph == PRE:
                return self._not_dealt(i, ev, "wrap")
            if self.wrap_seen:
                self._e(i, "action", f"event {i}: a second wrap; the dealer decides once")
            else:
                self._e(i, "action", f"event {i}: a wrap after the declarations began; the dealer wraps before anyone "
                                     f"declares")
            return
        d = self.deal_seat
        if s != d:
            self._e(i, "seat", f"event {i}: {self.names[s]} wraps, but {self.names[d]} dealt; only the dealer wraps")
            return
        if not take:
            # House rule: a dealer who does not wrap discards nothing; a discard here is a bad record.
            if discard is not None:
                self._e(i, "discard", f"event {i}: a dealer who does not wrap discards nothing; leave out 'discard'")
                return
            self.wrap_seen = True
            return
        turned = self.turned
        if discard == turned:
            self._e(i, "discard", f"event {i}: the dealer wraps on {turned} and must keep it; he discards one of "
                                  f"his own three cards")
            return
        where = self.where
        dealt = self.dealt[d]
        # House rule: the discard may be null (nobody saw it); he then surely holds only the turned card.
        if discard is not None:
            o = where.get(discard)
            if o != d and (o is not None or dealt is not None):
                self._e(i, "discard", f"event {i}: {self.names[d]} discards {discard}, a card he was never given"
                                      f"{self._where_words(o)}")
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

    def _where_words(self, o):
        if o is None:
            return ""
        if o >= 0:
            return f" (it was dealt to {self.names[o]})"
        return {BLIND: " (it is in the blind)", TURNED: " (it is the turned card)",
                GONE: " (it was thrown away)", PLAYED: " (it was already played)"}[o]

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
            self._syntax(i, ev, "declare")
            return
        ph = self.phase
        if ph != DECL:
            if ph == DEALT:
                self.phase = DECL  # (a record with no wrap event is read as no wrap)
            elif ph == PRE:
                return self._not_dealt(i, ev, "declare")
        d = self.deal_seat
        if s == d and self.wrapped:
            self._v(i, s, "swik.wrapped-dealer-declares",
                    f"{self.names[s]} wrapped and is in; his declaration \"{choice}\" is ignored")
            return
        declared = self.declared
        if declared[s] is not None:
            self._e(i, "seat", f"event {i}: {self.names[s]} declares twice (first \"{declared[s]}\"); "
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
                self._v(i, s, "swik.blind-taken",
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
            self._v(i, s, "swik.declare-order", f"{self.names[s]} declared before {self.names[expected]}, "
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
            self.parts = [lone, d] if lone < d else [d, lone]
            self.leader = lone
            self.part = part
            self.order = [lone, d]  # the lone player leads
        else:
            # The first player in from the dealer's seat on leads; the others follow in seat order.
            self.part = isin
            self.parts = ins
            k = _lead_index(ins, d)
            self.leader = ins[k]
            self.order = ins[k:] + ins[:k] if k else ins
        self.cur = []
        self.disorder = False
        self.inexact = False
        self.voids = None

    def _order_from(self, w):
        parts = self.parts
        k = parts.index(w)
        return parts[k:] + parts[:k] if k else parts

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
            self._syntax(i, ev, "trips")
            return
        ph = self.phase
        if ph == PRE:
            return self._not_dealt(i, ev, "trips")
        if ph == DEALT or ph == DECL:
            self._e(i, "action", f"event {i}: three of a kind shown before every declaration is made; "
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
            self._e(i, "seat", f"event {i}: {self.names[s]} shows three of a kind twice")
            return
        if self.first_after is None:
            self.first_after = i
        self.played_any = True
        why = self._trips_false(s, cs)
        if why:
            P = self.pot
            names = self.names
            self._v(i, s, "swik.false-trips",
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
                return f"{c} is not in the hand that counts{self._where_words(o)}"
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
            self._v(at, s, "swik.unclaimed-trips",
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

    def _plays(self, i, ev):
        """Play events from i on, while they last; returns the index after them.

        The common play (in turn, a card the player holds, in the middle of the hand) is taken here
        with the state in locals; anything else goes to _play, which checks everything.
        """
        events = self.events
        m = len(events)
        while True:
            ph = self.phase
            if ph == AFTER:
                # The first play after the declarations: three of a kind first (_begin_play), once the
                # play itself is readable (if not, _play says why and the hand goes no further).
                s = ev.get("seat")
                c = ev.get("card")
                if (s.__class__ is int and 0 <= s < self.n and c.__class__ is str and c in DECK_TEXT
                        and self._begin_play(i)):
                    ph = PLAY
            if ph == PLAY and not self.disorder:
                where = self.where
                known = self.known
                voids = self.voids
                cur = self.cur
                order = self.order
                k = len(cur)
                need = len(order)
                while True:
                    try:
                        s = ev["seat"]
                        c = ev["card"]
                        o = where.get(c)
                    except (KeyError, TypeError):  # (TypeError: an unhashable card)
                        break
                    if order[k] != s or s.__class__ is not int:
                        break
                    if o != s and (o is not None or known[s] is not None or c not in DECK_TEXT):
                        break  # not a card he holds (or "10H"): _play says what it is
                    where[c] = PLAYED
                    if voids is not None and s in voids:
                        self._late_evidence(s, c)
                    cur.append((s, c, i))
                    i += 1
                    k += 1
                    if k == need:
                        self._judge(cur, True)  # (a new trick: the state is read again below)
                        if i == m:
                            return i
                        ev = events[i]
                        if ev.__class__ is not dict or ev.get("action") != "play":
                            return i
                        break
                    if i == m:
                        return i
                    ev = events[i]
                    if ev.__class__ is not dict or ev.get("action") != "play":
                        return i
                if k == need:
                    continue  # a trick was judged: take the next one with its own state
            self._play(i, ev)
            i += 1
            if i == m or self.lax:
                return i
            ev = events[i]
            if ev.__class__ is not dict or ev.get("action") != "play":
                return i

    def _play(self, i, ev):
        """One play, checked in full."""
        s = ev.get("seat")
        c = ev.get("card")
        c = CARD.get(c) if c.__class__ is str else None
        if c is None or s.__class__ is not int or not 0 <= s < self.n:
            return self._syntax(i, ev, "play")
        if self.phase != PLAY and not self._may_play(i, ev, s):
            return
        cur = self.cur
        if (self.disorder or self.order[len(cur)] != s) and not self._odd_turn(i, s, c):
            return
        where = self.where
        o = where.get(c)
        if o != s and (o is not None or self.known[s] is not None):
            return self._never_held(i, s, c, o)
        where[c] = PLAYED
        if self.voids is not None and s in self.voids:
            self._late_evidence(s, c)
        cur.append((s, c, i))
        if len(cur) == len(self.order):
            self._judge(cur, True)

    def _may_play(self, i, ev, s):
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
            self._e(i, "action", f"event {i}: a card played before every declaration is made")
        return False

    def _odd_turn(self, i, s, c):
        """A play that is not the next in turn: out, twice, or out of turn (a violation)."""
        if not self.part[s]:
            self._e(i, "seat", f"event {i}: {self.names[s]} is out and cannot play")
            return False
        cur = self.cur
        if any(p[0] == s for p in cur):
            self._e(i, "seat", f"event {i}: {self.names[s]} plays {c}, but already played to trick "
                               f"{self.ntricks + 1}")
            return False
        self.disorder = True
        done = {p[0] for p in cur}
        expected = next(x for x in self.order if x not in done)
        if expected != s:
            self._v(i, s, "swik.out-of-turn",
                    f"{self.names[s]} played {c} out of turn ({self.names[expected]} was to play); "
                    f"the cards are judged in proper order")
        return True

    def _never_held(self, i, s, c, o):
        names = self.names
        if o == PLAYED:
            msg = f"event {i}: {names[s]} plays {c}, which was already played"
        elif o is None:
            hand = self.known[s] or []
            msg = (f"event {i}: {names[s]} plays {c}, a card he was never given (his hand: "
                   f"{' '.join(hand)})")
        else:
            msg = f"event {i}: {names[s]} plays {c}, a card he was never given{self._where_words(o)}"
        self._e(i, "card", msg)

    def _ignored_play(self, i, s):
        """A play after the hand was decided without tricks, or after the three tricks."""
        if self.done == TRICKS:
            self._e(i, "action", f"event {i}: a card played after all three tricks")
        elif self.isin is not None and not self.isin[s]:
            self._e(i, "seat", f"event {i}: {self.names[s]} is out and cannot play")
        # House rule: cards played after three of a kind, a lone player's pot or nobody in are ignored.

    def _trick(self, i, ev):
        w = ev.get("winner")
        if not (w.__class__ is int and 0 <= w < self.n):
            self._syntax(i, ev, "trick")
            return
        ph = self.phase
        if ph != PLAY:
            if ph == AFTER:
                if not self._begin_play(i):
                    return
            elif ph == DONE:
                if self.done == TRICKS:
                    self._e(i, "action", f"event {i}: a fourth trick; Swik has three")
                return
            elif ph == PRE:
                return self._not_dealt(i, ev, "trick")
            else:
                self._e(i, "action", f"event {i}: a trick before every declaration is made")
                return
        if not self.part[w]:
            self._e(i, "winner", f"event {i}: {self.names[w]} was out and cannot win a trick")
            return
        if self.cur:
            self._e(i, "action", f"event {i}: a trick given by its winner while trick {self.ntricks + 1} is half "
                                 f"played; give all its cards or only its winner")
            return
        self.tricks.append({"leader": self.leader, "plays": None, "winner": w, "points": 0})
        self.trick_events.append(i)
        self.won[w] += 1
        # Which cards went is unknown now: the known hands no longer tell what is still held.
        self.inexact = True
        self._next_trick(w)

    def _next_trick(self, w):
        self.leader = w
        self.order = self._order_from(w)
        self.cur = []
        self.disorder = False
        n = self.ntricks = self.ntricks + 1
        if n == 3:
            self.phase = DONE
            self.done = TRICKS

    def _judge(self, cur, complete):
        """Judge a trick in proper order (the card led is the leader's): revokes, the wrapped lead, the winner."""
        order = self.order
        leader = order[0]
        if self.disorder:
            pos = {x: k for k, x in enumerate(order)}
            plays = sorted(cur, key=lambda p: pos[p[0]])
            if plays[0][0] != leader:
                return  # an unfinished trick whose leader has not played: nothing to judge
        else:
            plays = cur
        lead = plays[0][1]
        L = lead[1]
        T = self.trump
        if lead == self.turned and self.ntricks == 0 and self.wrapped and leader == self.deal_seat:
            self._revoke(plays[0][2], leader, "swik.wrapped-lead",
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
                self._not_followed(s, c, e, L)
        if not complete:
            return
        self.tricks.append({"leader": leader, "plays": out, "winner": win, "points": 0})
        self.trick_events.append(cur[-1][2])
        self.won[win] += 1
        self.leader = win
        parts = self.parts
        k = parts.index(win)
        self.order = parts[k:] + parts[:k] if k else parts
        self.cur = []
        self.disorder = False
        k = self.ntricks = self.ntricks + 1
        if k == 3:
            self.phase = DONE
            self.done = TRICKS

    def _not_followed(self, s, c, e, L):
        """Seat s played c to a lead of suit L: a revoke if he held L, or held trump and played none."""
        hand = None if self.inexact else self.evid[s]
        if hand is not None:
            T = self.trump
            where = self.where
            trump = None  # his first trump still held
            for x in hand:  # (every card of a known hand is in `where`)
                if where[x] == s:
                    if x[1] == L:
                        return self._revoke(e, s, "swik.revoke", f"{self.names[s]} played {c} to a {SUIT_NAME[L]} "
                                                                 f"lead while holding {x}")
                    if x[1] == T and trump is None:
                        trump = x
            if trump is not None and c[1] != T:
                return self._revoke(e, s, "swik.revoke", f"{self.names[s]} played {c} to a {SUIT_NAME[L]} lead with "
                                                         f"no {SUIT_NAME[L]}, but held the trump {trump}")
            if self.known[s] is not None:
                return  # his whole hand is known: nothing more to learn later
        # Unknown hand: a card of that suit (or a trump) he plays later shows he held it now.
        # House rule: after a trick given only by its winner, known hands no longer tell what is still
        # held, so only later plays are evidence.
        voids = self.voids
        if voids is None:
            voids = self.voids = {}
        voids.setdefault(s, []).append((L, c[1] != self.trump, e, c))

    def _late_evidence(self, s, c):
        """Seat s plays c: does it show he held a card he should have played to an earlier trick?"""
        v = self.voids[s]
        for k, (L, need_trump, e, played) in enumerate(v):
            if c[1] == L:
                why = (f"{self.names[s]} played {played} to a {SUIT_NAME[L]} lead, but held {c} "
                       f"(he played it later)")
            elif need_trump and c[1] == self.trump:
                why = (f"{self.names[s]} played {played} to a {SUIT_NAME[L]} lead with no {SUIT_NAME[L]}, "
                       f"but held the trump {c} (he played it later)")
            else:
                continue
            del v[k]
            self._revoke(e, s, "swik.revoke", why)
            return

    def _revoke(self, e, s, rule, words):
        P = self.pot
        if self.cfg.abandon:
            msg = f"{words}; the hand stops; {self.names[s]} falls and pays {P}"
        else:
            msg = f"{words}; {self.names[s]} falls and pays {P}"
            self._fall(s, P, "revoke: falls", e)
        self._v(e, s, rule, msg, P)
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
                ci, cut = self.pending
                return d, [{"action": "bottom", "seat": d, "cards": [c for c in DECK_TEXT if c != cut]}]
            if not self.cut_ok:
                cutter = (d - 1) % n
                return cutter, [{"action": "cut", "seat": cutter, "cards": None}]
            return d, [{"action": "deal", "seat": d}]
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
            options.insert(0, {"action": "play", "seat": s, "cards": self._playable(s)})
            if not cur:
                options.append({"action": "trick", "winners": list(self.parts)})
            return s, options
        return None, []

    def _playable(self, s):
        """The cards seat s may play now without a revoke; None when his hand is not known (any unseen card)."""
        where = self.where
        hand = None if self.inexact else self.known[s]
        if hand is None:
            return [c for c in DECK_TEXT if where.get(c) in (None, s)] if not self.inexact else None
        held = [c for c in hand if where[c] == s]
        cur = self.cur
        if not cur or self.disorder and not any(p[0] == self.order[0] for p in cur):
            if self.ntricks == 0 and self.wrapped and s == self.deal_seat and len(held) > 1:
                held = [c for c in held if c != self.turned]
            return sorted(held, key=_card_sort)
        lead = next(p[1] for p in cur if p[0] == self.order[0]) if self.disorder else cur[0][1]
        follow = [c for c in held if c[1] == lead[1]] or [c for c in held if c[1] == self.trump] or held
        return sorted(follow, key=_card_sort)

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
                self._judge(self.cur, False)  # a revoke in the unfinished trick still counts
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
        ledger = self.ledger
        net = self.net
        done = self.done
        if done == TRICKS:
            share = P // 3
            d = self.deal_seat
            blind_side = d if self.lone is not None else -1  # the blind's shares stay in the pot
            tev = self.trick_events
            k = 0
            for t in self.tricks:
                w = t["winner"]
                if w != blind_side:
                    ledger.append({"seat": w, "amount": share, "reason": WINS_TRICK, "event": tev[k]})
                    net[w] += share
                k += 1
            last = tev[-1]
            odd = P - 3 * share
            if odd and self.cfg.odd_dealer:
                ledger.append({"seat": d, "amount": odd, "reason": ODD_CENTS, "event": last})
                net[d] += odd
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
            ledger.append({"seat": w, "amount": P, "reason": TRIPS_TAKES, "event": e})
            net[w] += P
            for s in self.ins:
                if s != w:
                    self._fall(s, P, TRIPS_FALLS, e)
        elif done == LONE:
            s = self.lone
            ledger.append({"seat": s, "amount": P, "reason": LONE_TAKES,
                           "event": self.last_decl})
            net[s] += P

    # ------------------------------------------------------------------ the ruling

    def ruling(self, status):
        net = self.net
        pot_in = self.pot_in
        pot_out = pot_in - sum(net)
        doc = {
            "format": "ruling/1",
            "game": GAME,
            "status": status,
            "violations": self.violations,
            "ledger": self.ledger,
            "net": net,
            "pot_in": pot_in,
            "pot_out": pot_out,
            "score": None,
            "tricks": self.tricks,
            "summary": self._summary(status, pot_out),
        }
        if self.claimed is not None:
            doc["discrepancies"] = discrepancies(self.claimed, net, pot_out)
        return doc

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


HANDLERS = {  # one event each
    "cut": Swik._cut,
    "bottom": Swik._bottom,
    "deal": Swik._deal,
    "misdeal": Swik._misdeal,
    "wrap": Swik._wrap,
    "declare": Swik._declare,
    "trips": Swik._trips,
    "play": Swik._play,
    "trick": Swik._trick,
}
RUNS = dict(HANDLERS, play=Swik._plays, declare=Swik._declares)  # what run() uses

# Each action's fields and how to read them (the slow path, with the words of the errors).
SCHEMA = {
    "cut": (("seat", Swik._f_seat), ("card", Swik._f_card_opt)),
    "bottom": (("seat", Swik._f_seat), ("card", Swik._f_card_opt)),
    "deal": (("seat", Swik._f_seat), ("hands", Swik._f_hands), ("blind", Swik._f_blind), ("turned", Swik._f_card),
             ("hands", Swik._f_deal)),
    "misdeal": (("seat", Swik._f_seat), ("reason", Swik._f_text)),
    "wrap": (("seat", Swik._f_seat), ("take", Swik._f_bool), ("discard", Swik._f_card_opt)),
    "declare": (("seat", Swik._f_seat), ("choice", Swik._f_choice)),
    "trips": (("seat", Swik._f_seat), ("cards", Swik._f_trips_cards)),
    "play": (("seat", Swik._f_seat), ("card", Swik._f_card)),
    "trick": (("winner", Swik._f_seat),),
}


# ---------------------------------------------------------------------- entry points

def _game(h):
    """A Swik for a header read by read()."""
    rules = h.rules
    return Swik(h.n, h.players, h.dealer, h.pot_in, DEFAULT_CONFIG if rules is DEFAULTS else Config(rules), h.claimed)


def _header(record):
    """(n, players, dealer, pot_in, config, words: the table's, see _TABLES) of a record whose own fields are
    all plainly right (the common record), or None: then read() reads it again with care and says what is
    wrong. Accepts nothing read() would not (tests/referee/test_header.py)."""
    try:
        players = record["players"]
        dealer = record["dealer"]
        if (record["format"] != "handrec/1" or players.__class__ is not list or dealer.__class__ is not int
                or record["events"].__class__ is not list):
            return None
    except KeyError:
        return None
    get = record.get
    if get("variant") is not None or "claimed" in record and record["claimed"] is not None:
        return None
    pot_in = get("pot_in", 0)
    if pot_in is None:
        pot_in = 0
    elif pot_in.__class__ is not int or pot_in < 0:
        return None
    given = get("house_rules")
    if given is None or given.__class__ is dict and not given:
        cfg = DEFAULT_CONFIG
    elif given.__class__ is dict:
        key = _rules_key(given)
        cfg = _CONFIGS.get(key) if key is not None else None
        if cfg is None:
            cfg = _config(given, key)
            if cfg is None:
                return None
    else:
        return None
    n = len(players)
    if not (cfg.min_players <= n <= cfg.max_players and 0 <= dealer < n):
        return None
    try:
        key = tuple(players)
        words = _TABLES.get(key)
    except TypeError:  # an unhashable "name"
        return None
    if words is None:
        for p in players:
            if p.__class__ is not str or not p or p.isspace():
                return None
        words = {}
        if len(_TABLES) < 1024:  # (bounded: a server sees many tables)
            _TABLES[key] = words
    return n, players, dealer, pot_in, cfg, words


def _config(given, key):
    """The Config for house rules not met before, or None if they are wrong (read() then says how)."""
    errors = []
    rules = read_house_rules(given, HOUSE_RULES, DEFAULTS, errors, GAME)
    if errors or rules["min_players"] > rules["max_players"]:
        return None
    cfg = Config(rules)
    if key is not None and len(_CONFIGS) < 4096:  # (bounded: a server sees many families)
        _CONFIGS[key] = cfg
    return cfg


# ---------------------------------------------------------------------- the plain hand

def _plain(record, h=None, resume=None):
    """The ruling of a plain hand in one pass, or None: then Swik replays the record in full.

    Most records are plain: cuts and bottom looks, one good deal of plain cards, a wrap or none,
    declarations in turn, then three tricks played card by card in turn, or given by their winners,
    or three of a kind shown, or nobody in, or one player in who takes the pot; with no rule broken,
    possibly stopping early. For such a hand the ruling is antes, fees, shares and falls, and working
    it out in one pass with the state in locals, without Swik's dispatch per event and its state on
    an object, is what keeps replay() within about twice the cost of reading the record's JSON.

    It is a shortcut, not a second referee: it gives up (None) at the first thing off the plain path,
    before anything would need judging: an error, a violation, a misdeal, a card written another way
    ("10H"), a blind hand played alone, three of a kind held and not shown. Its money and words are
    Swik's (the method each step follows is named beside it). tests/referee/test_plain.py replays
    thousands of generated, damaged and cut-short hands both ways and checks that the rulings are
    the same, to the word, and tests/referee/conftest.py does so for every other referee test.

    resume=(g, i): go on from event i, just after the good deal that Swik `g` reached having found a
    mistake before it (a misdeal, a deal without a cut, ...; see _replay), with its money and violations;
    `g` itself is left as it was, so that it can go on if this gives up.
    """
    if h is None:
        h = _header(record)
        if h is None:
            return None
    n, names, d, pot_in, cfg, words = h
    events = record["events"]
    m = len(events)
    violations = None
    if resume is None:
        ante = cfg.ante
        dante = cfg.dealer_ante
        fee = cfg.fee
        antes = _ANTES.get((n, d, ante, dante))  # (as Swik.__init__)
        if antes is None:
            antes = _antes(n, d, ante, dante)
        ledger = list(map(_COPY, antes[0]))
        net = antes[1][:]
        pot = pot_in + dante + ante * (n - 1)

        # Cuts and bottom looks (_cut, _bottom): an Ace or Seven cut moves the deal and needs a look at
        # the bottom card, which may move it once more; then the new dealer's cards are cut again.
        i = 0
        cut_ok = False
        pending = None  # the Ace or Seven just cut
        while True:
            try:
                ev = events[i]
                a = ev["action"]
                if a == "deal":
                    break
                s = ev["seat"]
                c = ev["card"]
            except IndexError:  # the record stops before the deal (an Ace or Seven cut still owes a bottom look)
                if pending is not None:
                    return None
                return _plain_doc(ledger, net, pot_in, [], STOPS, INCOMPLETE, violations)
            except (KeyError, TypeError):  # (TypeError: the event is no object)
                return None
            if c is not None and (c.__class__ is not str or c not in DECK_TEXT):
                return None
            if a == "cut":
                if pending is not None or s is not (d - 1) % n:
                    return None
                r = c[0] if c is not None else None
                if r == "A" or r == "7":
                    if r == "A":
                        d, why = (d + 1) % n, "becomes dealer (Ace cut)"
                    else:
                        d, why = (d - 1) % n, "becomes dealer (Seven cut)"
                    pending = c
                    cut_ok = False
                else:
                    cut_ok = True
                    i += 1
                    continue
            elif a == "bottom":
                if pending is None or s.__class__ is not int or not 0 <= s < n or c == pending:
                    return None
                pending = None
                r = c[0] if c is not None else None
                if r == "A":
                    d, why = (d + 1) % n, "becomes dealer (Ace at the bottom)"
                elif r == "7":
                    d, why = (d - 1) % n, "becomes dealer (Seven at the bottom)"
                else:
                    i += 1
                    continue
            else:
                return None
            ledger.append({"seat": d, "amount": -fee, "reason": why, "event": i})
            net[d] -= fee
            pot += fee
            i += 1

        # The deal (_deal): by the dealer, after a cut, every hand and the blind three cards.
        if not cut_ok or pending is not None or ev.get("seat") is not d:
            return None
        cards = _deal_cards(ev, n)
        if cards is None:
            return None
        where, dealt, blind, turned, _ = cards
        T = turned[1]
        # known[s]: the hand seat s plays, when known; evid[s]: cards he surely holds until he plays them
        # (as Swik._deal has them). The dealt hands themselves until a wrap or the blind changes one.
        known = evid = dealt
        i += 1
    else:
        # Going on from a good deal that Swik reached, having found a mistake before it (see _replay):
        # its money so far, its violations, and the deal.
        g, i = resume
        violations = sorted(g.violations, key=_by_event)
        ledger = g.ledger[:]
        net = g.net[:]
        pot = g.pot
        d = g.deal_seat
        where = dict(g.where)
        dealt = g.dealt
        blind = g.blind
        turned = g.turned
        T = turned[1]
        known = evid = dealt

    # The wrap (_wrap): the dealer takes the turned card and discards one of his own.
    wrapped = False
    if i < m:
        ev = events[i]
        if ev.__class__ is dict and ev.get("action") == "wrap":
            s = ev.get("seat")
            take = ev.get("take")
            c = ev.get("discard")
            if s != d or s.__class__ is not int:
                return None
            if take is True:
                own = dealt[d]
                if c is not None:
                    if c.__class__ is not str or c not in DECK_TEXT or c == turned:
                        return None
                    o = where.get(c)
                    if o != d and (o is not None or own is not None):
                        return None
                    where[c] = GONE
                where[turned] = d
                wrapped = True
                if own is not None and c is not None:
                    known = evid = dealt[:]
                    known[d] = [x for x in own if x != c] + [turned]
                else:
                    known = dealt[:]
                    evid = dealt[:]
                    evid[d] = [turned]
                    known[d] = None
            elif take is not False or c is not None:
                return None
            i += 1

    # The declarations (_declare), in turn from the dealer's left; a dealer who wrapped is in.
    # (Seats are compared with `is`: JSON's small numbers are Python's shared ones, and anything else,
    # true for 1 say, only sends the record the long way.)
    ins = [d] if wrapped else []  # who is in, a dealer who wrapped first
    blind_taker = None
    for s in BEFORE_DEALER[n][d] if wrapped else AFTER_DEALER[n][d]:
        try:
            ev = events[i]
            if ev["action"] != "declare" or ev["seat"] is not s:
                return None
            choice = ev["choice"]
        except IndexError:  # the record stops before every declaration is made
            return _plain_doc(ledger, net, pot_in, [], STOPS, INCOMPLETE, violations)
        except (KeyError, TypeError):
            return None
        i += 1
        if choice == "in":
            ins.append(s)
        elif choice == "blind":
            if blind_taker is not None:
                return None
            blind_taker = s
            ins.append(s)
            _give_blind(where, dealt[s], blind, s)  # (_take_blind)
            if known is dealt:
                known = evid = dealt[:]
            known[s] = blind
            if evid is not known:
                evid[s] = blind
        elif choice != "out":
            return None
    last_decl = i - 1
    ins.sort()  # (in seat order, as _declarations_done has them)

    # How the hand is decided (_declarations_done, _settle, _summary).
    tricks = []
    if not ins or len(ins) == 1:
        if i != m:
            return None
        if not ins:
            summary = _nobody_words(pot_in - sum(net))
        else:
            lone = ins[0]
            if cfg.lone_blind and lone != d and lone != blind_taker:
                return None  # he plays alone against the blind
            ledger.append({"seat": lone, "amount": pot, "reason": LONE_TAKES,
                           "event": last_decl})
            net[lone] += pot
            summary = _lone_words(names[lone], pot)
        return _plain_doc(ledger, net, pot_in, tricks, summary, COMPLETE, violations)

    old_hand = wrapped and not cfg.trips_after_wrap  # (_counting_hand: the dealer's hand as dealt counts)
    if i < m and events[i].__class__ is dict and events[i].get("action") == "trips":
        # Three of a kind shown after the declarations, and nothing after (_trips, _resolve_trips):
        # the best one shown takes the pot, and everyone else who was in falls.
        best = None  # (order, seat, event, rank)
        shown = []
        for i in range(i, m):
            ev = events[i]
            if ev.__class__ is not dict or ev.get("action") != "trips":
                return None
            s = ev.get("seat")
            cs = ev.get("cards")
            if s.__class__ is not int or s not in ins or s in shown or cs.__class__ is not list or len(cs) != 3:
                return None
            hand = dealt[s] if old_hand and s == d else known[s]
            a, b, c = cs
            if (hand is None or a.__class__ is not str or b.__class__ is not str or c.__class__ is not str
                    or a not in DECK_TEXT or a == b or a == c or b == c or a[0] != b[0] or a[0] != c[0]
                    or a not in hand or b not in hand or c not in hand):
                return None  # not plainly his three of a kind
            shown.append(s)
            if best is None or ORDER[a] > best[0]:
                best = (ORDER[a], s, i, a[0])
        for s in ins:  # an unclaimed three of a kind that beats it is a violation
            hand = dealt[s] if old_hand and s == d else known[s]
            if s not in shown and hand is not None and len(hand) == 3:
                a, b, c = hand
                if a[0] == b[0] == c[0] and ORDER[a] > best[0]:
                    return None
        o, w, e, rank = best
        ledger.append({"seat": w, "amount": pot, "reason": TRIPS_TAKES, "event": e})
        net[w] += pot
        fell = []
        for s in ins:
            if s != w:
                ledger.append({"seat": s, "amount": -pot, "reason": TRIPS_FALLS, "event": e})
                net[s] -= pot
                fell.append((s, pot))
        summary = _trips_words(names[w], "shows", rank, pot)
        return _plain_doc(ledger, net, pot_in, tricks, f"{summary}; {_falls_words(names, fell)}.", COMPLETE, violations)

    # Three of a kind not shown decides first (_resolve_trips): any such hand goes the long way.
    # (Every hand known here is three cards. A dealer who wrapped is in; when his hand as dealt is the one
    # that counts, his hand after the wrap is looked at too, which only sends more hands the long way.)
    for s in ins:
        hand = known[s]
        if hand is not None:
            a, b, c = hand
            if a[0] == b[0] == c[0]:
                return None
    if old_hand and dealt[d] is not None:
        a, b, c = dealt[d]
        if a[0] == b[0] == c[0]:
            return None

    # Three tricks (_plays, _judge, _not_followed, _late_evidence): each card in turn, held by who
    # plays it; a card off the suit led from a player who (as far as is known) had that suit, or had
    # a trump and played none, is a revoke; and the long way says so.
    k = _lead_index(ins, d)
    p = len(ins)
    ring = ins + ins  # (each trick's order is a slice of it)
    won = [0] * n
    voids = None  # seat -> [(suit led, whether a trump was owed)] for hands not wholly known
    if i == m:  # the record stops before the play
        return _plain_doc(ledger, net, pot_in, tricks, STOPS, INCOMPLETE, violations)
    summary_only = m - i == 3 and events[i].__class__ is dict and events[i].get("action") == "trick"
    # Each trick ends at its last play, or its trick event: `step` events after the one before.
    e = i - 1
    step = 1 if summary_only else p
    if summary_only:
        # A summary record: only each trick's winner (_trick), who must have been in.
        leader = ins[k]
        for i in range(i, m):
            ev = events[i]
            if ev.__class__ is not dict or ev.get("action") != "trick":
                return None
            w = ev.get("winner")
            if w.__class__ is not int or w not in ins:
                return None
            tricks.append({"leader": leader, "plays": None, "winner": w, "points": 0})
            won[w] += 1
            leader = w
        i = m
    for t in range(0 if summary_only else 3):
        out = []
        L = None
        for s in ring[k:k + p]:
            try:
                ev = events[i]
                if ev["action"] != "play" or ev["seat"] is not s:
                    return None
                c = ev["card"]
                o = where.get(c)
            except IndexError:  # the record stops in this trick (or before it)
                return _plain_doc(ledger, net, pot_in, tricks, STOPS, INCOMPLETE, violations)
            except (KeyError, TypeError):
                return None
            i += 1
            if o is not s and (o is not None or known[s] is not None or c not in DECK_TEXT):
                return None
            where[c] = PLAYED
            cs, o = SUIT_ORDER[c]
            if voids is not None and s in voids:
                for v in voids[s]:
                    if cs == v[0] or v[1] and cs == T:
                        return None
            if L is None:
                if t == 0 and wrapped and c == turned and s == d:
                    return None  # the wrapped card led to the first trick
                L = bsuit = cs
                best = o
                win = s
            else:
                if cs == bsuit:
                    if o > best:
                        best, win = o, s
                elif cs == T:
                    best, win, bsuit = o, s, T
                if cs != L:
                    hand = evid[s]
                    if hand is not None:
                        trump = False
                        for y in hand:
                            if where[y] == s:
                                if y[1] == L:
                                    return None
                                if y[1] == T:
                                    trump = True
                        if trump and cs != T:
                            return None
                    if known[s] is None:
                        if voids is None:
                            voids = {}
                        voids.setdefault(s, []).append((L, cs != T))
            out.append([s, c])
        tricks.append({"leader": ring[k], "plays": out, "winner": win, "points": 0})
        won[win] += 1
        k = ins.index(win)
    if i != m:
        return None

    # The pot split in three, and the falls into the next pot (_settle, _summary).
    share = pot // 3
    code = 0  # the winners, one digit each
    for t in tricks:
        e += step
        w = t["winner"]
        ledger.append({"seat": w, "amount": share, "reason": WINS_TRICK, "event": e})
        net[w] += share
        code = code * 10 + w
    last = e
    odd = pot - 3 * share
    if odd and cfg.odd_dealer:
        ledger.append({"seat": d, "amount": odd, "reason": ODD_CENTS, "event": last})
        net[d] += odd
    fell = None
    wd = d if wrapped else -1
    for s in ins:
        k = won[s]
        if s is wd:
            f = _trick_fall(k, True, turned, cfg, pot)
            if f is None:
                continue
            amount, reason = f
        elif k:
            continue
        else:
            amount, reason = pot, NO_TRICK
        ledger.append({"seat": s, "amount": -amount, "reason": reason, "event": last})
        net[s] -= amount
        if fell is None:
            fell = [(s, amount)]
        else:
            fell.append((s, amount))
    text = words.get(code)
    if text is None:
        text = words[code] = _tricks_words(names, ins, won, -1)  # (the same for every hand they win so)
    if fell is not None:
        text = f"{text}; {_falls_words(names, fell)}."
    else:
        text += "."
    return _plain_doc(ledger, net, pot_in, tricks, text, COMPLETE, violations)


def _plain_doc(ledger, net, pot_in, tricks, summary, status, violations):
    return {
        "format": "ruling/1",
        "game": GAME,
        "status": status,
        "violations": [] if violations is None else violations,
        "ledger": ledger,
        "net": net,
        "pot_in": pot_in,
        "pot_out": pot_in - sum(net),
        "score": None,
        "tricks": tricks,
        "summary": summary,
    }


def read(record):
    """The checked header, or BadRecord with every problem of the record's own fields (and its events')."""
    errors = []
    h = read_header(record, GAME, HOUSE_RULES, DEFAULTS, errors)
    rules = h.rules
    lo, hi = rules["min_players"], rules["max_players"]
    if lo > hi:
        errors.append(error(None, "house_rules", f"min_players {lo} is more than max_players {hi}"))
    elif h.n is not None and not lo <= h.n <= hi:
        errors.append(error(None, "players", f"{h.n} players at the table; Swik here takes {lo} to {hi} "
                                             f"(house rules min_players and max_players)"))
    if h.claimed:
        # House rule: Swik is played for a pot, so a claim of points (`score`) is a bad record.
        read_claimed(h.claimed, h.n, ("net", "pot_out"), errors)
    if errors:
        if h.events is not None and h.n is not None and h.n <= 9:
            # Still name the events' own mistakes (their fields only).
            if h.dealer is None:
                h.dealer = 0
            g = _game(h)
            g.broken = g.lax = True
            g.run(h.events)
            errors.extend(g.errors)
        raise BadRecord(errors)
    given = record.get("house_rules")
    if given and len(_CONFIGS) < 4096:  # (bounded: a server sees many families)
        key = _rules_key(given)
        if key is not None:
            _CONFIGS[key] = DEFAULT_CONFIG if h.rules is DEFAULTS else Config(h.rules)
    return h


def replay(record):
    h = _header(record)  # (read once for both ways)
    if h is not None:
        doc = _plain(record, h)
        if doc is not None:
            doc["facts"] = facts(record, doc)
            return doc
    doc = _replay(record, h)
    doc["facts"] = facts(record, doc)
    return doc


def _rank(card):
    """'TH' -> 'T', '10H' -> 'T'; None for no card."""
    text = CARD.get(card) if card.__class__ is str else None
    return None if text is None else text[0]


def facts(record, ruling):
    """The ruling's facts (referee/facts.py) for a good record and its ruling."""
    events = record["events"]
    n = len(record["players"])
    status = ruling["status"]
    complete = status == COMPLETE
    ledger = ruling["ledger"]
    kinds = [ledger_kind(e) for e in ledger]
    money, built = _facts.seat_money(ledger, kinds, n)
    pot = ruling["pot_in"] + built
    dealer = record["dealer"]
    last_deal = None
    for i, e in enumerate(events):
        if e["action"] == "deal":
            dealer, last_deal = e["seat"], i
    next_dealer = dealer if status == VOID else (dealer + 1) % n
    tricks = ruling["tricks"]
    won = [0] * n
    for t in tricks:
        won[t["winner"]] += 1
    misdeals = [0] * n
    unclaimed_trips = False
    for v in ruling["violations"]:
        rule = v["rule"]
        if rule == "swik.misdeal" and v["seat"] is not None:
            misdeals[v["seat"]] += 1
        elif rule == "swik.unclaimed-trips":
            unclaimed_trips = True
    # Who was in, who wrapped, who took the blind, who showed three of a kind, at the deal that counts.
    turned, wrapper, declared, blind_taker, trips = None, None, {}, None, False
    if last_deal is not None and status != VOID:
        turned = events[last_deal]["turned"]
        for e in events[last_deal + 1:]:
            a, s = e["action"], e.get("seat")
            if a == "wrap" and e["take"] is True and wrapper is None:
                wrapper = s
            elif a == "declare" and s != wrapper and s not in declared:
                if e["choice"] == "blind" and blind_taker is None:
                    blind_taker = s
                declared[s] = e["choice"]
            elif a == "trips":
                ranks = {_rank(c) for c in e["cards"] or ()}
                if len(e["cards"] or ()) == 3 and len(ranks) == 1 and None not in ranks:
                    trips = True
        told = True
    else:
        told = False
    any_trips = trips or unclaimed_trips
    seats, own = [], []
    for s in range(n):
        m = money[s]
        if not told:
            played = None
        elif s == wrapper:
            played = 1
        elif s in declared:
            played = 0 if declared[s] == "out" else 1
        else:
            played = None
        seats.append({"in": played, "won": 1 if m["net"] > 0 else 0, "net": m["net"], "paid_in": m["paid_in"],
                      "took": m["took"], "penalties": m["penalties"], "misdeals": misdeals[s],
                      "tricks": won[s] if complete else None})
        g = {"fell": None, "double_fall": None, "wrapped_rank": None, "wrap_made": None, "took_blind": None,
             "blind_made": None, "trips_win": None}
        if m["fell"]:
            g["fell"] = 1
            g["double_fall"] = 1 if m["fell"] > pot else 0
        if told:
            if played is not None:
                g["took_blind"] = 1 if s == blind_taker else 0
            if complete:
                if g["fell"] is None:
                    g["fell"], g["double_fall"] = 0, 0
                g["trips_win"] = 1 if (any_trips and not tricks and m["took"] > 0) else 0
            if s == wrapper:
                g["wrapped_rank"] = _rank(turned)
                if complete:
                    g["wrap_made"] = 1 - g["fell"]
            if s == blind_taker and complete:
                g["blind_made"] = 1 - g["fell"]
        own.append(g)
    shares = any(k == "share" for k in kinds)
    fell = any(k == "fall" for k in kinds)
    return _facts.document(
        dealer=dealer, next_dealer=next_dealer, pot_out=ruling["pot_out"], pot=pot,
        may_stop=complete and shares and not fell, kinds=kinds, seats=seats,
        game={"turned": turned, "seats": own},
    )


def _replay(record, h=(), shortcut=True):
    """The ruling, the long way: every event through Swik. `h`: the record's _header, when already read.

    With `shortcut`, a hand whose mistakes all came before its good deal (a misdeal, a cut by the wrong
    player, a deal without a cut, ...) is ruled from there by the plain-hand ruling, when the rest of it
    is plain (tests/referee/conftest.py checks each such ruling against shortcut=False)."""
    if h == ():
        h = _header(record)
    g = _game(read(record)) if h is None else Swik(*h[:5])
    events = record["events"]
    if shortcut and h is not None:
        i = g.run(events, dealt=True)
        if g.violations and g.good and not g.errors and not g.lax and g.falls is None:
            doc = _plain(record, h, (g, i))
            if doc is not None:
                return doc
        g.run(events, i)
    else:
        g.run(events)
    if g.errors:
        raise BadRecord(g.errors)
    if g.revokes is not None and g.cfg.abandon:
        # revoke "abandon": the hand stops at the first revoke. A revoke can come to light only later
        # (a card of the suit the player plays afterwards), so replay again up to it.
        e, s = min(g.revokes)
        v = next(x for x in g.violations if x["event"] == e and x["seat"] == s
                 and x["rule"] in REVOKES)
        same = [x for x in g.violations if x["event"] == e and x["rule"] not in REVOKES]
        g = Swik(g.n, g.names, record["dealer"], g.pot_in, g.cfg, g.claimed)
        g.run(events[:e])
        g.last_event = e
        g.violations.extend(same)  # what else happened at the revoke's own event still stands
        return g.ruling(g.finish(abandon=v))
    return g.ruling(g.finish())


def steps(record):
    """The state after each event (for a replay page), then the ruling. BadRecord first if the record is bad."""
    final = replay(record)
    h = read(record)
    events = h.events
    stop = len(events)
    abandon = None
    if h.rules["revoke"] == "abandon":
        rv = [v for v in final["violations"] if v["rule"] in ("swik.revoke", "swik.wrapped-lead")]
        if rv:
            abandon = rv[0]
            stop = abandon["event"]
    g = _game(h)
    for i, ev in enumerate(events):
        before = len(g.violations)
        ntricks = len(g.tricks)
        if i < stop:
            g.step(i, ev)
            text = _describe(g, i, ev, before, ntricks)
        elif i == stop:
            g.violations.extend(v for v in final["violations"] if v["event"] == stop)
            text = f"{g.names[abandon['seat']]} revoked: the hand stops here"
        else:
            text = "does not count: the hand stopped at the revoke"
        yield _snapshot(g, i, ev, text)
    yield {"index": None, "event": None, "final": True, "ruling": final, "text": final["summary"]}


def legal(record):
    """Who acts next after the record's events and what they may do (BadRecord for a bad record)."""
    ruling = replay(record)
    h = read(record)
    g = _game(h)
    g.run(h.events)
    turn, options = g.legal()
    last = len(h.events) - 1
    state = _snapshot(g, last if last >= 0 else None, h.events[last] if last >= 0 else None, ruling["summary"])
    return {"format": "legal/1", "game": GAME, "turn": turn, "options": options,
            "done": not options, "status": ruling["status"], "table": state}


def _snapshot(g, i, ev, text):
    n = g.n
    hands = [None] * n
    if g.good:
        where = g.where
        held = {}
        for c, o in where.items():
            if o >= 0:
                held.setdefault(o, []).append(c)
        for s in range(n):
            if s in held or g.known[s] is not None:
                hands[s] = sorted(held.get(s, ()), key=_card_sort)
    return {
        "index": i,
        "final": False,
        "event": ev,
        "dealer": g.designated,
        "dealt_by": g.deal_seat,
        "trump": g.trump if g.good else None,
        "hands": hands,
        "trick": [[s, c] for s, c, e in (g.cur or [])],
        "tricks": [dict(t) for t in g.tricks],
        "tricks_won": g.won[:],
        "in": _in_words(g),
        "pot": g.pot,
        "net": g.net[:],
        "violations": [dict(v) for v in g.violations],
        "text": text,
    }


def _card_sort(c):
    return ("SHDC".index(c[1]), -ORDER[c])


def _in_words(g):
    if not g.good or g.declared is None:
        return [None] * g.n
    out = []
    for s in range(g.n):
        if g.wrapped and s == g.deal_seat:
            out.append("in (wrapped)")
        else:
            out.append(g.declared[s])
    return out


def _describe(g, i, ev, before, ntricks):
    """A short line for people: what this event did."""
    names = g.names
    if not isinstance(ev, dict):
        return "?"
    a = ev.get("action")
    s = ev.get("seat")
    who = names[s] if s.__class__ is int and 0 <= s < g.n else "?"
    if g.frozen and g.void_at is not None and i >= g.void_at:
        text = f"{a}: does not count (the deal was void)"
    elif a == "cut":
        c = CARD.get(ev.get("card")) if ev.get("card").__class__ is str else None
        text = f"{who} cuts" + (f" {NAME[c]}" if c is not None else "")
    elif a == "bottom":
        text = f"{who} looks at the bottom card" + (f": {ev['card']}" if ev.get("card") else "")
    elif a == "deal":
        text = f"{who} deals; {ev.get('turned')} is turned"
        if g.good and g.deal_event == i:
            text += f": {SUIT_NAME[g.trump]}s are trump"
    elif a == "misdeal":
        text = f"misdeal reported ({ev.get('reason') or 'no reason given'})"
    elif a == "wrap":
        if ev.get("take"):
            text = f"{who} wraps on {g.turned if g.good else '?'}"
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
        text = f"{names[w]} wins a trick" if w.__class__ is int and 0 <= w < g.n else "a trick"
    else:
        text = str(a)
    if len(g.tricks) > ntricks and g.tricks[-1]["plays"] is not None:
        text += f"; {names[g.tricks[-1]['winner']]} wins the trick"
    for v in g.violations[before:]:
        text += f" [{v['rule']}: {v['message']}]"
    return text
