"""Sedma's table of one deal: the plays (tricks with continuation) and passes here; with its mixins for the deal and
the paper way (deal.py), the draws from the stock (stock.py), what may come next (legal.py), and the ruling with
its score and facts (score.py).

A trick is played in rounds: one card from each seat, the leader first. Its winner is the last card of the led
rank or the last Seven (the card led when none matched). Where a trick may be continued (2p always, 4p with
continue_trick) and the leader's side is not winning it, the leader decides: he plays on (a card of the led rank
or a Seven; anything else is sedma.losing-continuation and stays in the trick) or passes (`pass` in 2p,
`end_trick` in 4p); the next play by another seat, or a draw, ends the trick as if he had passed.

House rule: keys the referee does not know are ignored (a deal's `note` too).
House rule: a play while draws are owed is sedma.out-of-turn; the owed draws may still follow (each then a
sedma.draw-out-of-turn, being during a trick), so every card is still played.
House rule: a seat playing twice to one round of a trick, or with no card left, is a bad record.
House rule: events after a misdeal (a void deal) are read for their fields only and change nothing.
"""

from ... import core
from ...record import describe
from ...tricks import GONE, PLAYED, RING, TrickTable
from .deal import DONE, PLAY, PRE, STOCK, Dealing
from .legal import Legal
from .rules import (
    ACTIONS,
    CARD,
    DECK_TEXT,
    EVENTS,
    GAME,
    LAST,
    VARIANT_OF,
    WORTH,
    card_sort,
    deck_for,
    hand_size,
    sides_for,
)
from .said import _
from .score import Scoring
from .stock import Drawing

MATCHES = {r: tuple(r + x for x in "SHDC") + ("7S", "7H", "7D", "7C") for r in "789TJQKA"}  # what continues a trick
TAKES = {r: frozenset(cs) for r, cs in MATCHES.items()}  # the cards that take a trick led with rank r
COUNTS = frozenset(c for c in DECK_TEXT if c[0] in WORTH)  # the cards that count (Aces and Tens)
ZEROS = [[0] * n for n in range(8)]
ORDERS = [tuple(RING[n][(w - 1) % n] for w in range(n)) for n in range(8)]  # [n][w]: the seats in turn from w
_KINDS: dict = {}  # (Config, n, deal number) -> what a table of that kind reads once (bounded)
_DRAWS: dict = {}  # (n, hand size) -> {(winner, stock left, *held): the order of the draws} (each bounded)


def _kind(cfg, n, number):
    """(variant, hand size, the pack, whether tricks may be continued, each seat's side in a trick, the draw
    orders met so far)."""
    v = VARIANT_OF.get(n, "4p")
    side = list(range(n))  # (4p: the partnership of this deal)
    if v == "4p":
        for k, pair in enumerate(sides_for(v, number, cfg.rotate)):
            for x in pair:
                side[x] = k
    H = hand_size(cfg, v)
    draws = _DRAWS.setdefault((n, H), {})
    return v, H, deck_for(cfg, v), v == "2p" or v == "4p" and cfg.continue_trick, side, draws


class Sedma(Scoring, Dealing, Drawing, Legal, TrickTable, core.Table):
    GAME = GAME
    CARD = CARD
    TEXTS = DECK_TEXT

    @property
    def DECK_WORDS(self):  # noqa: N802  (the core's name for the deck in words)
        return _("the Sedma pack (Seven to Ace)")

    ACTIONS = ACTIONS
    OUT_OF_TURN = "sedma.out-of-turn"

    __slots__ = (
        "variant",
        "hsize",
        "deck",
        "number",
        "phase",
        "void",
        "deal_event",
        "where",
        "known",
        "held",
        "unseen",
        "stock",
        "stock_pos",
        "stock_left",
        "has_stock",
        "leader",
        "plays",
        "rnd",
        "rnd_order",
        "last_e",
        "rank",
        "pending",
        "tricks",
        "trick_event",
        "won",
        "to_draw",
        "quiet",
        "soloist",
        "can_continue",
        "disorder",
        "side",
        "paper",
        "orders",
        "draws",
        "best",
        "own",
        "lapsed",
    )

    def __init__(self, n, names, dealer, pot_in, cfg, claimed=None, number=1):
        core.Table.__init__(self, n, names, dealer, pot_in, cfg, claimed)
        self.number = number  # the deal's number in its game (1 for a lone deal): the 4p partnerships
        key = (cfg, n, number)
        kind = _KINDS.get(key)
        if kind is None:
            kind = _kind(cfg, n, number)
            if len(_KINDS) < 4096:
                _KINDS[key] = kind
        self.variant, self.hsize, self.deck, self.can_continue, self.side, self.draws = kind
        self.orders = ORDERS[n]
        self.phase = PRE
        self.void = False
        self.deal_event = None
        self.where = {}
        self.known = [None] * n
        self.held = [0] * n
        self.unseen = [0] * n  # cards held whose identity the record does not tell
        self.stock = None
        self.stock_pos = 0
        self.stock_left = 0
        self.has_stock = False
        self.leader = None
        self.plays = []  # the trick's finished rounds, in proper order: (seat, card, event)
        self.rnd = []  # the round in play, as played
        self.rnd_order = ()
        self.last_e = None  # the event of the last card played to the trick
        self.rank = None
        self.pending = False  # the leader decides whether to continue
        self.tricks = []
        self.trick_event = None  # the event of the last trick's last card
        self.won = [0] * n
        self.own = [0] * n  # the points each seat took in tricks (the last trick's 10 included)
        self.best = None  # the winner so far of a trick waiting for its leader's decision
        self.to_draw = []  # the seats still to draw after the last trick, in order
        self.quiet = False  # right after a trick that ended by itself (a pass then changes nothing)
        # 2p: (its last event, its leader, the trick_event before it) of a trick that just ended by itself, its
        # leader holding nothing that could win it; his play next keeps it open (a losing continuation).
        self.lapsed = None
        self.soloist = None
        self.paper = None  # the points per side given on paper (the "points" action)

    def setup(self, record):
        """The record's own `deal` (optional): the deal's number in its game (1-based), which sets the 4p
        partnerships. House rule: a lone deal may say which deal of the game it is; without it, it is deal 1."""
        d = record.get("deal", 1)
        if d is None or d == 1:
            return
        if not (d.__class__ is int and 1 <= d <= 24):
            return self.error(
                None,
                "deal",
                _("'deal' must be the deal's number in its game (1 to 24), not {what}").format(what=describe(d)),
            )
        self.number = d
        self.variant, self.hsize, self.deck, self.can_continue, self.side, self.draws = _kind(self.cfg, self.n, d)

    def error(self, i, field, message):
        """The record is bad here; later events only get their fields checked (one mistake, one error)."""
        core.Table.error(self, i, field, message)
        self.lax = True

    # ------------------------------------------------------------------ tricks

    def _new_trick(self, leader):
        self.leader = leader
        self.plays = []
        self.rnd = []
        self.rnd_order = self.orders[leader]
        self.rank = None
        self.pending = False
        self.disorder = False

    def _play(self, i, ev):
        s = ev.get("seat")
        c = ev.get("card")
        if not (s.__class__ is int and 0 <= s < self.n and c.__class__ is str and c in DECK_TEXT):
            if not self.syntax(i, ev, "play"):
                return
            c = CARD[c]
        names = self.names
        if self.phase == PRE:
            return self.error(i, "action", _("event {i}: a card played before the deal").format(i=i))
        if self.phase == DONE:
            return self.error(i, "action", self._after_all(i, s, c))
        if c not in self.deck:
            return self.error(
                i, "card", _("event {i}: {card} is out of the pack in the 3-player game").format(i=i, card=c)
            )
        if self.held[s] == 0:
            return self.error(
                i, "seat", _("event {i}: {who} plays {card} but holds no card").format(i=i, who=names[s], card=c)
            )
        o = self.where.get(c)
        if o != s and (o is not None or self.unseen[s] == 0):
            return self.never_held(i, s, c, o)
        lapsed = self.lapsed
        if lapsed is not None and lapsed[0] == i - 1 and lapsed[1] == s:
            self._reopen()
            self._continue(i, s, c, o)
            return
        if self.pending:
            if s == self.leader:
                self._continue(i, s, c, o)
                return
            self._end_trick()
            if self.phase == DONE:
                return self.error(i, "action", self._after_all(i, s, c))
        rnd = self.rnd
        for p in rnd:
            if p[0] == s:
                return self.error(
                    i,
                    "seat",
                    _("event {i}: {who} plays {card}, but already played {other} to this round of the trick").format(
                        i=i, who=names[s], card=c, other=p[1]
                    ),
                )
        if self.to_draw:
            self.disorder = True
            self.violate(
                i,
                s,
                "sedma.out-of-turn",
                _("{who} played {card} before the drawing was done ({other} was to draw)").format(
                    who=names[s], card=c, other=names[self.to_draw[0]]
                ),
            )
        else:
            expected = self.rnd_order[len(rnd)] if not rnd else self._next_in_round()
            if expected != s:
                self.disorder = True
                self.violate(
                    i,
                    s,
                    "sedma.out-of-turn",
                    _(
                        "{who} played {card} out of turn ({other} was to play); the cards are taken in proper order"
                    ).format(who=names[s], card=c, other=names[expected]),
                )
        self._take(i, s, c, o)
        rnd.append([s, c])
        self.last_e = i
        if len(rnd) == self.n:
            self._close_round()

    def _run(self, i, ev):
        """Plays and draws from i on, while they last; answers the index after them. The common events are taken
        here with the state in locals, a round (or a run of draws) at a time: plays in turn of cards the players
        hold (no draw owed, no decision pending), draws in turn of the stock's next card (no trick under way).
        Anything else goes to `_play` or `_draw`, which check everything. (`ev["seat"] is not s`: seats are small
        ints, one object each; true for 1, say, goes to the full check.)"""
        events = self.events
        m = len(events)
        where = self.where  # (the same objects for the whole deal)
        held = self.held
        while True:
            if self.phase == PLAY and not (self.pending or self.lax or self.disorder):
                start = i
                td = self.to_draw
                if not td:
                    rnd = self.rnd
                    k = len(rnd)
                    for s in self.rnd_order[k:] if k else self.rnd_order:  # the seats still to play, in turn
                        try:
                            if ev["seat"] is not s or ev["action"] != "play":
                                break
                            c = ev["card"]
                            o = where.get(c)
                        except (KeyError, TypeError):  # (TypeError: not an object, or an unhashable card)
                            break
                        if o is not s:
                            if o is not None or not self.unseen[s] or c not in self.deck:
                                break
                            self.unseen[s] -= 1
                        where[c] = PLAYED
                        held[s] -= 1
                        rnd.append([s, c])
                        i += 1
                        if i == m:
                            break
                        ev = events[i]
                    if i != start:
                        self.quiet = False
                        self.last_e = i - 1
                        if len(rnd) == self.n:
                            self._close_round()
                        if i == m:
                            return i
                        continue  # (a new trick, a decision, or draws: the state is read again)
                elif self.stock is not None and not self.rnd and not self.plays:
                    stock = self.stock
                    pos = self.stock_pos
                    for s in td:
                        try:
                            if ev["seat"] is not s or ev["action"] != "draw":
                                break
                            c = ev["card"]
                        except (KeyError, TypeError):
                            break
                        x = stock[pos]
                        if c is not None and c != x:
                            break
                        pos += 1
                        held[s] += 1
                        where[x] = s
                        i += 1
                        if i == m:
                            break
                        ev = events[i]
                    if i != start:
                        del td[: i - start]
                        self.stock_pos = pos
                        self.stock_left -= i - start
                        self.quiet = False
                        if i == m:
                            return i
                        continue
            if ev.__class__ is not dict:
                return i
            a = ev.get("action")
            if a == "play":
                self._play(i, ev)
            elif a == "draw":
                self._draw(i, ev)
            else:
                return i
            i += 1
            if i == m or self.lax:
                return i
            ev = events[i]

    def _next_in_round(self):
        done = {p[0] for p in self.rnd}
        for x in self.rnd_order:
            if x not in done:
                return x
        return None

    def _take(self, i, s, c, o):
        """Seat s plays card c (where it was: o)."""
        if o != s:
            self.unseen[s] -= 1
        self.where[c] = PLAYED
        self.held[s] -= 1
        self.quiet = False

    def _continue(self, i, s, c, o):
        """The leader plays on: a card of the led rank or a Seven, else a losing continuation (it stays)."""
        R = self.rank
        if c[0] != R and c[0] != "7":
            self.violate(
                i,
                s,
                "sedma.losing-continuation",
                _(
                    "{who} continued the trick with {card}, which is neither {rank} (the rank led) nor a Seven; the card stays in the trick"
                ).format(who=self.names[s], card=c, rank=rank_words(R)),
            )
        self.pending = False
        self._take(i, s, c, o)
        self.rnd = [[s, c]]
        self.last_e = i

    def _close_round(self, ended=False):
        """The trick's bookkeeping, in one call a round: a round is complete (a card from each seat; `ended`: its
        leader did not continue the trick). Its winner so far; then either the leader may continue (pending), or
        the trick is done: its points, the next trick and who draws."""
        L = self.leader
        plays = self.plays
        if not ended:
            rnd = self.rnd
            if self.disorder:
                pos = {x: k for k, x in enumerate(self.rnd_order)}
                rnd = sorted(rnd, key=lambda p: pos[p[0]])
                self.disorder = False
            if plays:
                plays += rnd
            else:
                plays = self.plays = rnd
            self.rnd = []
        R = self.rank
        if R is None:
            R = self.rank = plays[0][1][0]
        # The winner: the last card of the rank led or the last Seven (the leader's when none matched).
        w = L
        pts = 0
        takes = TAKES[R]
        for s, c in plays:
            if c in takes:
                w = s
            if c in COUNTS:
                pts += 10
        held = self.held
        if not ended and self.can_continue and self.side[w] != self.side[L] and held[L]:
            if self.unseen[L]:
                self.best = w
                self.pending = True
                return
            get = self.where.get
            for c in MATCHES[R]:
                if get(c) == L:
                    self.best = w
                    self.pending = True  # the leader decides whether to continue
                    return
            # (he holds no card of the led rank and no Seven: nothing to continue with)
            if self.variant == "2p":
                # House rule (issue 29): sedma.md (2p) has the leader continue or pass; a play by him next keeps
                # the trick open (_reopen), as a pass by him or any play by the other would have ended it.
                self.lapsed = (self.last_e, L, self.trick_event)
        left = self.stock_left
        last = not left and held == ZEROS[self.n]
        if last:
            pts += LAST
        self.tricks.append({"leader": L, "plays": plays, "winner": w, "points": pts})
        self.trick_event = self.last_e
        self.won[w] += 1
        self.own[w] += pts
        self.pending = False
        self.quiet = not ended
        if last:
            self.phase = DONE
            return
        self.leader = w
        self.plays = []
        self.rnd_order = self.orders[w]
        self.rank = None
        if left:
            key = (w, left, *held)
            draws = self.draws
            seq = draws.get(key)
            if seq is None:
                seq = self._draws(w)
                if len(draws) < 4096:
                    draws[key] = seq
            self.to_draw = seq[:]

    def _reopen(self):
        """The trick that ended by itself (self.lapsed) is open again: its leader plays on after all."""
        _last, L, before = self.lapsed
        self.lapsed = None
        t = self.tricks.pop()
        w = t["winner"]
        self.won[w] -= 1
        self.own[w] -= t["points"]
        self.trick_event = before
        self.leader = L
        self.plays = t["plays"]
        self.rnd_order = self.orders[L]
        self.rank = t["plays"][0][1][0]
        self.best = w
        self.to_draw = []
        self.quiet = False

    def _end_trick(self):
        """The leader did not continue the trick (he passed, or another seat played or drew)."""
        self._close_round(True)

    def winner(self):
        """The winner so far of a trick waiting for its leader's decision."""
        return self.best

    def _pass(self, i, ev):
        a = ev.get("action")
        if not self.syntax(i, ev, a):
            return
        s = ev["seat"]
        names = self.names
        if self.phase == PRE:
            return self.error(i, "action", _("event {i}: a {action} before the deal").format(i=i, action=a))
        if a == "pass" and self.variant != "2p":
            return self.error(
                i, "action", _("event {i}: 'pass' belongs to the 2-player game; here use end_trick").format(i=i)
            )
        if a == "end_trick" and not (self.variant == "4p" and self.cfg.continue_trick):
            return self.error(
                i, "action", _("event {i}: 'end_trick' belongs to the 4-player game with continue_trick").format(i=i)
            )
        if self.pending:
            if s == self.leader:
                return self._end_trick()
            return self.violate(
                i,
                s,
                "sedma.out-of-turn",
                _("{who} ended the trick, but it was {other}'s to continue or not; nothing changes").format(
                    who=names[s], other=names[self.leader]
                ),
            )
        if self.quiet:
            return  # right after a trick that ended by itself: nothing changes
        self.error(
            i,
            "action",
            _("event {i}: {who} says {action}, but no trick waits for its leader to decide").format(
                i=i, who=names[s], action=a
            ),
        )

    def where_words(self, o):
        if o == STOCK:
            return _(" (it is in the stock)")
        if o == GONE:
            return ""
        return TrickTable.where_words(self, o)

    def _after_all(self, i, s, c):
        return _("event {i}: {who} plays {card} after every card was played").format(i=i, who=self.names[s], card=c)

    def never_held(self, i, s, c, o):
        if o == PLAYED:
            return self.error(
                i,
                "card",
                _("event {i}: {who} plays {card}, which was already played{why}").format(
                    i=i, who=self.names[s], card=c, why=self.seventh(c)
                ),
            )
        if o is None:
            hand = sorted((x for x, k in self.where.items() if k == s), key=card_sort)
            return self.error(
                i,
                "card",
                _("event {i}: {who} plays {card}, a card never given to {who} (who holds {hand})").format(
                    i=i, who=self.names[s], card=c, hand=" ".join(hand) or _("nothing known")
                ),
            )
        return self.error(
            i,
            "card",
            _("event {i}: {who} plays {card}, a card never given to {who}{where}").format(
                i=i, who=self.names[s], card=c, where=self.where_words(o)
            ),
        )


def rank_words(r):
    """A rank as Sedma's German-suited pack names it, with its article: "a Queen" (in Czech "svršek")."""
    return {
        "7": _("a Seven"),
        "8": _("a Eight"),  # (the English as it always read)
        "9": _("a Nine"),
        "T": _("a Ten"),
        "J": _("a Jack"),
        "Q": _("a Queen"),
        "K": _("a King"),
        "A": _("a Ace"),
    }[r]


Sedma.HANDLERS = {
    "deal": Sedma._deal,
    "play": Sedma._run,
    "draw": Sedma._run,
    "pass": Sedma._pass,
    "end_trick": Sedma._pass,
    "points": Sedma._points,
}
_READERS = {
    ("seat", False): Sedma.f_seat,
    ("card", True): Sedma.f_card_opt,
    ("card", False): Sedma.f_card,
    ("cards", True): Sedma.f_cards_opt,
    ("hands", False): Sedma.f_hands,
    ("seat", True): Sedma.f_soloist,
    ("numbers", False): Sedma.f_points,
}
Sedma.STEP_HANDLERS = {"play": Sedma._play, "draw": Sedma._draw}
Sedma.FIELDS = {
    a: tuple((name, _READERS[kind, null]) for name, kind, null in fields) for a, (_, fields) in EVENTS.items()
}
Table = Sedma
