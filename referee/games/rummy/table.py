"""The rummy table of one hand: the deal, draws, takes from the row, melds, lay-offs, discards, going out, the
stock running dry, and what may come next. The ruling, its score and words are in `score.py`.

A turn belongs to `cur`; it has begun once he acted. A discard ends it and passes the turn to his left. Whatever
a turn leaves undone is judged when it ends (at his discard, or when the next seat acts): a take whose chosen
card is not on the table goes back to the row and costs him the cards of it he did not meld or lay off.

House rule: every hand must be shown (the score counts the cards left in each): a deal with some hands null is a
bad record; a deal with every hand null is the paper way, and only a `points` event may follow it.
House rule: a card named twice in one meld or lay-off is a bad record (a pack has one of each card).
House rule: the unused-take penalty is in points, in the score's `penalties`; a violation's `penalty` is money
and stays 0 (rummy is played for points).
House rule: a second discard that leaves its player with no card still takes him out (the hand ends as soon as a
player has no cards left).
House rule: a turn closed by the next seat acting (rummy.no-discard) counts toward a dry round, but only a
discard ends the hand on it.
"""

from ... import core
from ...record import describe
from .legal import Legal
from .rules import (
    ACTIONS,
    CARD,
    DECK_TEXT,
    DONE,
    EVENTS,
    GAME,
    HAND,
    MELD,
    MELDS,
    PAPER,
    PLAY,
    PRE,
    ROW,
    STOCK,
    WORTH,
    meld_kind,
    points_of,
)
from .score import Scoring

PLACE = {STOCK: "in the stock", ROW: "in the row", MELD: "on the table in a meld"}


class Rummy(Legal, Scoring, core.Table):
    GAME = GAME
    CARD = CARD
    DECK_WORDS = "the rummy pack (Six to Ace)"
    ACTIONS = ACTIONS

    __slots__ = (
        "phase",
        "void",
        "where",
        "hands",
        "stock",
        "stock_pos",
        "stock_left",
        "row",
        "melds",
        "melded",
        "lost",
        "cur",
        "begun",
        "drew",
        "takes",
        "row0",
        "laid",
        "dry_turn",
        "dry",
        "last_disc",
        "out",
        "end_event",
        "paper",
        "paper_out",
        "deal_event",
        "offs",
        "laid_by",
    )

    def __init__(self, n, names, dealer, pot_in, cfg, claimed=None):
        core.Table.__init__(self, n, names, dealer, pot_in, cfg, claimed)
        self.phase = PRE
        self.void = False
        self.where = {}
        self.hands = [set() for _ in range(n)]
        self.stock = None
        self.stock_pos = 0
        self.stock_left = 0
        self.row = []
        self.melds = []  # [owner, kind, cards in order]
        self.melded = [0] * n  # points melded and laid off
        self.lost = [0] * n  # points lost to unused takes
        self.cur = (dealer + 1) % n
        self.begun = False
        self.drew = False
        self.takes = []  # this turn's takes: (the chosen card, every card taken)
        self.row0 = None  # the row before this turn's first take
        self.laid = False  # a meld or lay-off this turn
        self.dry_turn = False  # this turn began with the stock empty
        self.dry = 0  # turns in a row begun with the stock empty, with no meld or lay-off
        self.last_disc = None  # who discarded last, while the next turn has not begun
        self.out = None
        self.end_event = None
        self.paper = None
        self.paper_out = None
        self.deal_event = None
        self.offs = []  # lay-offs: (seat, meld number, cards)
        self.laid_by = {}  # a card of the row -> the seat that discarded it (for the replay page)

    def error(self, i, field, message):
        """The record is bad here; later events only get their fields checked (one mistake, one error)."""
        core.Table.error(self, i, field, message)
        self.lax = True

    # ------------------------------------------------------------------ the deal

    def _deal(self, i, ev):
        plain = self._plain_deal(ev)
        if not plain and not self.syntax(i, ev, "deal"):
            return
        names = self.names
        s = ev["seat"]
        if self.phase != PRE:
            return self.error(i, "action", f"event {i}: a second deal; a record holds one hand")
        if s != self.dealer:
            return self.error(
                i, "seat", f"event {i}: {names[s]} deals, but the record's dealer is {names[self.dealer]}"
            )
        stock = ev.get("stock")
        if plain:  # (every card written as the pack writes it: the lists are only read)
            hands = ev["hands"]
        else:
            hands = [None if h is None else [CARD[c] for c in h] for h in ev["hands"]]
            stock = None if stock is None else [CARD[c] for c in stock]
        self.deal_event = i
        if all(h is None for h in hands):
            self.phase = PAPER
            return
        if any(h is None for h in hands):
            k = hands.index(None)
            return self.error(
                i,
                "hands",
                f"event {i}: {names[k]}'s hand is null; rummy is scored from the cards left in each hand, so show "
                f"every hand (or none, to give the hand's points on paper)",
            )
        where = self.where
        total = 0
        for k, h in enumerate(hands):
            where.update(dict.fromkeys(h, k))
            total += len(h)
        if stock is not None:
            where.update(dict.fromkeys(stock, STOCK))
            total += len(stock)
        if len(where) != total:  # a card twice: find it, in order, for the words
            where.clear()
            for key, place, cs in [("hands", k, h) for k, h in enumerate(hands)] + [("stock", STOCK, stock or [])]:
                for c in cs:
                    if c in where:
                        return self.error(i, key, f"event {i}: {c} is dealt twice")
                    where[c] = place
        bad = [f"{names[k]} was dealt {len(h)} cards, not {HAND}" for k, h in enumerate(hands) if len(h) != HAND]
        left = len(DECK_TEXT) - HAND * self.n
        if stock is not None and len(stock) != left:
            bad.append(f"the stock holds {len(stock)} cards, not {left}")
        if bad:
            self.violate(i, s, "rummy.misdeal", f"Misdeal: {'; '.join(bad)}; the hand is void and dealt again")
            self.void = True
            self.lax = True
            return
        for k, h in enumerate(hands):
            self.hands[k] = set(h)
        self.stock = stock
        self.stock_left = left
        self.phase = PLAY

    def _plain_deal(self, ev):
        """A deal whose fields are plainly right (cards as "TH", each hand a list or null): no need to read them."""
        s = ev.get("seat")
        hands = ev.get("hands")
        stock = ev.get("stock")
        if not (s.__class__ is int and 0 <= s < self.n and hands.__class__ is list and len(hands) == self.n):
            return False
        try:
            for h in hands:
                if h is not None and (h.__class__ is not list or not DECK_TEXT.issuperset(h)):
                    return False
            if stock is not None and (stock.__class__ is not list or not DECK_TEXT.issuperset(stock)):
                return False
        except TypeError:  # (an unhashable "card")
            return False
        return True

    def _points(self, i, ev):
        """The paper way: each player's points for the hand and who went out."""
        if not self.syntax(i, ev, "points"):
            return
        pts = ev["points"]
        if self.phase != PAPER:
            return self.error(
                i,
                "action",
                f"event {i}: points on paper belong after a deal with every hand null"
                + (", and once" if self.phase == DONE else "; this hand is written card by card"),
            )
        if len(pts) != self.n or any(abs(p) > 1000 for p in pts):
            return self.error(
                i, "points", f"event {i}: 'points' must give each of the {self.n} players his points, not {pts}"
            )
        self.paper = list(pts)
        self.paper_out = ev.get("out")
        self.phase = DONE
        self.end_event = i

    def f_points(self, i, ev, key):
        v = ev.get(key)
        if v.__class__ is list and all(x.__class__ is int for x in v):
            return v
        self.error(
            i, key, f"event {i} (points): '{key}' must list each player's points, e.g. [45, -12], not {describe(v)}"
        )
        return None

    def f_number(self, i, ev, key):
        v = ev.get(key)
        if v.__class__ is int and v >= 0:
            return v
        self.error(
            i, key, f"event {i} ({ev.get('action')}): '{key}' must be a meld's number (0 or more), not {describe(v)}"
        )
        return None

    def f_out(self, i, ev, key):
        v = ev.get(key)
        if v is None or v.__class__ is int and 0 <= v < self.n:
            return v
        self.error(i, key, f"event {i} (points): '{key}' must be the seat that went out, or null, not {describe(v)}")
        return None

    # ------------------------------------------------------------------ turns

    def _act(self, i, ev):
        """Every action of a turn: its fields, the hand's phase, whose turn it is, then the action itself."""
        a = ev["action"]
        s = ev.get("seat")
        if not (s.__class__ is int and 0 <= s < self.n and PLAIN[a](ev)):  # (the common event needs no reading)
            if not self.syntax(i, ev, a):
                return
            s = ev["seat"]
        names = self.names
        if self.phase == PRE:
            return self.error(i, "action", f"event {i}: a {a} before the deal")
        if self.phase == DONE:
            return self.error(i, "action", f"event {i}: {names[s]} {a}s after the hand ended")
        if self.phase == PAPER:
            return self.error(
                i, "action", f"event {i}: this hand is written the paper way (no cards dealt): give its points"
            )
        if s == self.cur:
            if not self.begun:
                self._begin(i, s, a)
        elif self.begun:
            c = self.cur
            self.violate(
                i,
                c,
                "rummy.no-discard",
                f"{names[c]} did not discard before {names[s]} played on; his turn ends with his cards in hand",
            )
            self._close_turn(i)
            if s != (c + 1) % self.n:
                self._out_of_turn(i, s, (c + 1) % self.n)
            self.cur = s
            self._begin(i, s, a)
        elif a == "discard" and s == self.last_disc:
            return self._second_discard(i, s, CARD[ev["card"]])
        else:
            self._out_of_turn(i, s, self.cur)
            self.cur = s
            self._begin(i, s, a)
        HANDLERS_OF[a](self, i, s, ev)

    def _turns(self, i, ev):
        """Turn events from i on, while they last; answers the index after them. The common events of a turn in
        turn (a draw of the recorded stock's top card, a take from the row, a good meld or lay-off of cards he
        holds, a discard after a plain turn) are taken here with the state in locals; anything else goes to
        `_act`, which checks everything (and gives the same result for these)."""
        events = self.events
        m = len(events)
        hands = self.hands
        where = self.where
        stock = self.stock
        n = self.n
        table = MELDS[self.cfg.wrap]
        while True:
            done = False
            if self.phase == PLAY and not self.lax:
                a = ev.get("action")  # (a str: the core's loop or the end of this one checked it)
                s = ev.get("seat")
                if s == self.cur and s.__class__ is int:
                    if not self.begun:
                        if a == "draw" and stock is not None and self.stock_left:
                            c = ev.get("card")
                            top = stock[self.stock_pos]
                            if c is None or c == top:
                                self.begun = self.drew = True
                                if self.takes:
                                    self.takes = []
                                self.laid = self.dry_turn = False
                                self.last_disc = None
                                self.stock_pos += 1
                                self.stock_left -= 1
                                hands[s].add(top)
                                where[top] = s
                                done = True
                    elif a == "discard":
                        c = ev.get("card")
                        hand = hands[s]
                        takes = self.takes
                        if (
                            not self.dry_turn
                            and c.__class__ is str
                            and c in hand
                            and len(hand) > 1
                            and (not takes or all(where[t] == MELD for t, _ in takes))
                        ):
                            if takes:
                                self.takes = []
                            hand.remove(c)
                            self.row.append(c)
                            self.laid_by[c] = s
                            where[c] = ROW
                            self.begun = False
                            self.dry = 0
                            self.cur = (s + 1) % n
                            self.last_disc = s
                            done = True
                    elif a == "meld" or a == "layoff":
                        cs = ev.get("cards")
                        hand = hands[s]
                        if cs.__class__ is list and cs and len(cs) < len(hand) and all(c.__class__ is str for c in cs):
                            fs = frozenset(cs)
                            if len(fs) == len(cs) and fs <= hand:
                                if a == "meld":
                                    got = table.get(fs)
                                    if got is not None:
                                        self.melds.append([s, got[0], got[1][:]])
                                        done = True
                                else:
                                    k = ev.get("meld")
                                    if k.__class__ is int and 0 <= k < len(self.melds):
                                        meld = self.melds[k]
                                        got = table.get(fs.union(meld[2]))
                                        if got is not None and len(got[1]) == len(meld[2]) + len(cs):
                                            meld[1], meld[2] = got[0], got[1][:]
                                            self.offs.append((s, k, list(cs)))
                                            done = True
                                if done:
                                    hand -= fs
                                    pts = 0
                                    for c in cs:
                                        where[c] = MELD
                                        pts += WORTH[c]
                                    self.melded[s] += pts
                                    self.laid = True
                    elif a == "take":
                        c = ev.get("card")
                        if c.__class__ is str and where.get(c) == ROW:
                            self._take(i, s, ev)
                            done = True
            if not done:
                if self.lax:  # (the record went wrong: later events only get their fields checked)
                    self.syntax(i, ev, ev["action"])
                else:
                    self._act(i, ev)
            i += 1
            if i == m:
                return i
            ev = events[i]
            if ev.__class__ is not dict:
                return i
            a = ev.get("action")
            if a.__class__ is not str or a not in HANDLERS_OF:  # (not a turn's event: the core's loop takes it)
                return i

    def _out_of_turn(self, i, s, expected):
        names = self.names
        self.violate(
            i,
            s,
            "rummy.out-of-turn",
            f"{names[s]} played out of turn ({names[expected]} was next); play goes on from {names[s]}",
        )

    def _begin(self, i, s, a):
        self.begun = True
        self.drew = False
        self.takes = []
        self.row0 = None
        self.laid = False
        self.dry_turn = self.stock_left == 0
        self.last_disc = None
        if a != "draw" and self.stock_left:
            self.violate(i, s, "rummy.no-draw", f"{self.names[s]} did not begin his turn by drawing from the stock")

    def _close_turn(self, i, discard=None):
        """The turn of `cur` ends at event i: his unused takes go back to the row; the dry round is counted."""
        s = self.cur
        where = self.where
        if self.takes:
            back = []
            for chosen, cards in self.takes:
                if where[chosen] == MELD:
                    continue
                lost = [c for c in cards if where[c] != MELD]
                home = [c for c in cards if where[c] == s and c != discard]
                pts = points_of(lost)
                self.lost[s] += pts
                self.violate(
                    i,
                    s,
                    "rummy.unused-take",
                    f"{self.names[s]} took {chosen} from the row but did not use it; "
                    + (f"{' '.join(home)} go back to the row; " if home else "")
                    + f"it costs him {pts} points",
                )
                back += home
            if back:
                hand = self.hands[s]
                for c in back:
                    hand.discard(c)
                    where[c] = ROW
                self.row = [c for c in self.row0 if where[c] == ROW]
            self.takes = []
        if self.dry_turn:
            self.dry = 0 if self.laid else self.dry + 1
        else:
            self.dry = 0
        self.begun = False

    def _end(self, i, out):
        self.phase = DONE
        self.out = out
        self.end_event = i

    # ------------------------------------------------------------------ the actions

    def _draw(self, i, s, ev):
        names = self.names
        c = ev.get("card")
        if c is not None:
            c = CARD[c]
        if self.stock_left == 0:
            return self.error(i, "action", f"event {i}: {names[s]} draws, but the stock is empty")
        stock = self.stock
        if stock is not None:
            top = stock[self.stock_pos]
            if c is not None and c != top:
                return self.error(i, "card", f"event {i}: {names[s]} draws {c}, but the top of the stock is {top}")
            c = top
        elif c is None:
            return self.error(i, "card", f"event {i}: the stock was not recorded, so the draw must name its card")
        elif c in self.where:
            return self.error(i, "card", f"event {i}: {names[s]} draws {c}, but it is {self.place(c)}")
        if self.drew:
            self.violate(i, s, "rummy.second-draw", f"{names[s]} drew a second time this turn; he keeps {c}")
        self.drew = True
        self.stock_pos += 1
        self.stock_left -= 1
        self.hands[s].add(c)
        self.where[c] = s

    def _take(self, i, s, ev):
        c = CARD[ev["card"]]
        if self.where.get(c) != ROW:
            row = " ".join(self.row) or "nothing"
            return self.error(
                i, "card", f"event {i}: {self.names[s]} takes {c}, which is not in the row (the row holds {row})"
            )
        row = self.row
        if not self.takes:
            self.row0 = row[:]
        k = row.index(c)
        cards = row[k:]
        del row[k:]
        hand = self.hands[s]
        for x in cards:
            self.where[x] = s
            hand.add(x)
        self.takes.append((c, cards))

    def _cards(self, i, s, ev):
        """The event's cards, each held by s once; None (with an error) otherwise."""
        cards = [CARD[c] for c in ev["cards"]]
        if len(set(cards)) != len(cards):
            self.error(i, "cards", f"event {i}: a card is named twice in {' '.join(cards)}")
            return None
        hand = self.hands[s]
        for c in cards:
            if c not in hand:
                self.error(i, "cards", f"event {i}: {self.names[s]} lays {c}, but it is {self.place(c)}")
                return None
        if not cards:
            self.error(i, "cards", f"event {i}: '{ev['action']}' names no card")
            return None
        return cards

    def _meld(self, i, s, ev):
        cards = self._cards(i, s, ev)
        if cards is None:
            return
        got = meld_kind(cards, self.cfg.wrap)
        if got is None:
            return self.violate(
                i, s, "rummy.bad-meld", f"{self.names[s]} laid {' '.join(cards)}, which is no set or run; taken back"
            )
        self.melds.append([s, got[0], got[1]])
        self._lay(i, s, cards)

    def _layoff(self, i, s, ev):
        k = ev["meld"]
        m = len(self.melds)
        if k >= m:
            return self.error(
                i,
                "meld",
                f"event {i}: a lay-off on meld {k}, but "
                + (f"only {m} meld(s) are on the table (0 to {m - 1})" if m else "no meld is on the table"),
            )
        cards = self._cards(i, s, ev)
        if cards is None:
            return
        meld = self.melds[k]
        got = meld_kind(meld[2] + cards, self.cfg.wrap)
        if got is None:
            return self.violate(
                i,
                s,
                "rummy.bad-meld",
                f"{self.names[s]} laid {' '.join(cards)} off on meld {k} ({' '.join(meld[2])}), which then is no set "
                f"or run; taken back",
            )
        meld[1], meld[2] = got
        self.offs.append((s, k, cards))
        self._lay(i, s, cards)

    def _lay(self, i, s, cards):
        hand = self.hands[s]
        where = self.where
        for c in cards:
            hand.discard(c)
            where[c] = MELD
        self.melded[s] += points_of(cards)
        self.laid = True
        if not hand:
            self._close_turn(i)
            self._end(i, s)

    def _discard(self, i, s, ev):
        c = CARD[ev["card"]]
        hand = self.hands[s]
        if c not in hand:
            return self.error(i, "card", f"event {i}: {self.names[s]} discards {c}, but it is {self.place(c)}")
        self._close_turn(i, c)
        hand.discard(c)
        self.row.append(c)
        self.laid_by[c] = s
        self.where[c] = ROW
        if not hand:
            return self._end(i, s)
        if self.cfg.dry_round_ends and self.dry >= self.n:
            return self._end(i, None)
        self.cur = (s + 1) % self.n
        self.last_disc = s

    def _second_discard(self, i, s, c):
        hand = self.hands[s]
        if c not in hand:
            return self.error(i, "card", f"event {i}: {self.names[s]} discards {c}, but it is {self.place(c)}")
        self.violate(
            i, s, "rummy.second-discard", f"{self.names[s]} discarded a second time ({c}); it stays in the row"
        )
        hand.discard(c)
        self.row.append(c)
        self.laid_by[c] = s
        self.where[c] = ROW
        if not hand:
            self._end(i, s)

    def place(self, c):
        o = self.where.get(c)
        if o is None:
            return "in the stock" if self.stock is None else "not dealt"
        if o >= 0:
            return f"in {self.names[o]}'s hand"
        return PLACE[o]


def _plain_card(ev):
    c = ev.get("card")
    return c.__class__ is str and c in DECK_TEXT


def _plain_draw(ev):
    c = ev.get("card")
    return c is None or c.__class__ is str and c in DECK_TEXT


def _plain_cards(ev):
    cs = ev.get("cards")
    if cs.__class__ is not list:
        return False
    for c in cs:
        if c.__class__ is not str or c not in DECK_TEXT:
            return False
    return True


def _plain_layoff(ev):
    k = ev.get("meld")
    return k.__class__ is int and k >= 0 and _plain_cards(ev)


# action -> whether its fields are plainly right (cards written as the pack writes them): no need to read them
PLAIN = {
    "draw": _plain_draw,
    "take": _plain_card,
    "discard": _plain_card,
    "meld": _plain_cards,
    "layoff": _plain_layoff,
}
HANDLERS_OF = {
    "draw": Rummy._draw,
    "take": Rummy._take,
    "meld": Rummy._meld,
    "layoff": Rummy._layoff,
    "discard": Rummy._discard,
}
Rummy.HANDLERS = {"deal": Rummy._deal, "points": Rummy._points, **dict.fromkeys(HANDLERS_OF, Rummy._turns)}
Rummy.STEP_HANDLERS = dict.fromkeys(HANDLERS_OF, Rummy._act)
_READERS = {
    ("seat", False): Rummy.f_seat,
    ("seat", True): Rummy.f_out,
    ("card", True): Rummy.f_card_opt,
    ("card", False): Rummy.f_card,
    ("cards", True): Rummy.f_cards_opt,
    ("cards", False): Rummy.f_cards,
    ("hands", False): Rummy.f_hands,
    ("number", False): Rummy.f_number,
    ("numbers", False): Rummy.f_points,
}
Rummy.FIELDS = {
    a: tuple((name, _READERS[kind, null]) for name, kind, null in fields) for a, (_, fields) in EVENTS.items()
}
Table = Rummy
