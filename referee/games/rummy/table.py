"""The rummy table of one hand: its turns (whose turn, when one ends), going out and the stock running dry; with
its mixins for the deal and the paper way (`deal.py`), each action of a turn: draws, takes from the row, melds,
lay-offs, discards (`actions.py`), what may come next (`legal.py`), and the ruling, its score and words
(`score.py`).

A turn belongs to `cur`; it has begun once he acted. A discard ends it and passes the turn to his left. Whatever
a turn leaves undone is judged when it ends (at his discard, or when the next seat acts): a take whose chosen
card is not on the table goes back to the row and costs him the cards of it he did not meld or lay off.

House rule: a deal with every hand null is the paper way, and only a `points` event may follow it. A hand left null,
or a draw left null from a stock not recorded, holds cards the record does not name; a play of a card nobody has
placed names one of them (issue 29). The score counts the cards left in each hand: where they stay unknown, the
seat's score is null (unknown), not a guess.
House rule: a card named twice in one meld or lay-off is a bad record (a pack has one of each card).
House rule: the unused-take penalty is in points, in the score's `penalties`; a violation's `penalty` is money
and stays 0 (rummy is played for points).
House rule: a second discard that leaves its player with no card still takes him out (the hand ends as soon as a
player has no cards left).
House rule: a turn closed by the next seat acting (rummy.no-discard) counts toward a dry round, but only a
discard ends the hand on it.
"""

from ... import core
from .actions import Actions
from .deal import Dealing
from .legal import Legal
from .rules import (
    ACTIONS,
    CARD,
    DECK_TEXT,
    DONE,
    EVENTS,
    GAME,
    MELD,
    MELDS,
    PAPER,
    PLAY,
    PRE,
    ROW,
    WORTH,
    points_of,
)
from .said import _, ngettext
from .score import Scoring


class Rummy(Legal, Scoring, Dealing, Actions, core.Table):
    GAME = GAME
    CARD = CARD

    @property
    def DECK_WORDS(self):  # noqa: N802  (the core's name for the deck in words)
        return _("the rummy pack (Six to Ace)")

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
        "unseen",
    )

    def __init__(self, n, names, dealer, pot_in, cfg, claimed=None):
        core.Table.__init__(self, n, names, dealer, pot_in, cfg, claimed)
        self.phase = PRE
        self.void = False
        self.where = {}
        self.hands = [set() for _unused in range(n)]
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
        self.unseen = [0] * n  # cards each seat holds that the record does not name (a null hand, a null draw)

    def error(self, i, field, message):
        """The record is bad here; later events only get their fields checked (one mistake, one error)."""
        core.Table.error(self, i, field, message)
        self.lax = True

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
            return self.error(i, "action", _("event {i}: a {action} before the deal").format(i=i, action=a))
        if self.phase == DONE:
            return self.error(i, "action", after_words(a).format(i=i, who=names[s]))
        if self.phase == PAPER:
            return self.error(
                i,
                "action",
                _("event {i}: this hand is written the paper way (no cards dealt): give its points").format(i=i),
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
                _(
                    "{who} did not discard before {other} played on; the turn of {who} ends with the cards in hand"
                ).format(who=names[c], other=names[s]),
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
            _("{who} played out of turn ({other} was next); play goes on from {who}").format(
                who=names[s], other=names[expected]
            ),
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
            self.violate(
                i,
                s,
                "rummy.no-draw",
                _("{who} did not begin the turn by drawing from the stock").format(who=self.names[s]),
            )

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
                    (
                        ngettext(
                            "{who} took {card} from the row but did not use it; {cards} go back to the row; it costs "
                            "{who} {n} points",
                            "{who} took {card} from the row but did not use it; {cards} go back to the row; it costs "
                            "{who} {n} points",
                            pts,
                        )
                        if home
                        else ngettext(
                            "{who} took {card} from the row but did not use it; it costs {who} {n} points",
                            "{who} took {card} from the row but did not use it; it costs {who} {n} points",
                            pts,
                        )
                    ).format(who=self.names[s], card=chosen, cards=" ".join(home), n=pts),
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


def after_words(a):
    """The words for an action after the hand ended (its {i} and {who} to come)."""
    return {
        "draw": _("event {i}: {who} draws after the hand ended"),
        "take": _("event {i}: {who} takes after the hand ended"),
        "meld": _("event {i}: {who} melds after the hand ended"),
        "layoff": _("event {i}: {who} layoffs after the hand ended"),
        "discard": _("event {i}: {who} discards after the hand ended"),
    }[a]  # (a turn's actions only: HANDLERS_OF)


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
    a: tuple((name, _READERS[kind, null]) for name, kind, null in fields) for a, (_sentence, fields) in EVENTS.items()
}
Table = Rummy
