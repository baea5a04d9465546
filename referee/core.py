"""The core every game stands on.

A game module gives its name, variants, deck, seat range, house rules and event description
(see referee/catalogue.py), and a `Table` subclass: the table of one hand, which applies one
event at a time through its HANDLERS (action -> method), says what may come next (`legal()`),
and gives a snapshot and words for each event (`snapshot()`, `describe()`), its summary and
its facts. This module owns what is the same for every game:

- the table's bookkeeping: errors (the record is bad), violations (somebody broke a rule), the
  ledger, each entry with an explicit kind (ante, fee, penalty, share, fall, other), the pot;
- the event loop (`Table.run`), which dispatches each event to its handler; a handler may take
  a run of events of its kind and answer the index after them;
- typed reading of event fields from the game's event description, with the words of the
  errors (`Table.syntax`, the field readers `f_*`);
- the record's header, read once per kind of table and cached (`header`);
- the ruling document with its facts (`Table.document`), and the entry points `replay`,
  `steps` and `legal` for any game module.
"""

from operator import sub

from .cards import CARDS
from .language import _, ngettext
from .record import MAX_CENTS, BadRecord, deck_said, describe, not_a_card, read_claimed, read_header, read_house_rules
from .ruling import discrepancies

# Bounded caches (a server sees many tables and many families).
_CACHE_MAX = 4096


class Table:
    """One hand at the table. Subclasses set GAME, HANDLERS, FIELDS (action -> ((name, reader), ...)),
    CARD (any spelling of a card of the deck -> its text), DECK_WORDS and ACTIONS; STEP_HANDLERS where a handler
    of HANDLERS takes a run of events."""

    GAME = ""
    HANDLERS: dict = {}
    STEP_HANDLERS: dict = {}  # (the same, one event each: for steps())
    STATE_RULES: tuple = ()  # rules broken by what nobody did, reported where a phase ended

    @staticmethod
    def ending_rules(cfg):
        """The rules whose breach ends the hand under the house rules `cfg` (none unless the game says)."""
        return ()

    FIELDS: dict = {}
    CARD: dict = {}
    DECK_WORDS = "the deck"
    ACTIONS: tuple = ()

    __slots__ = (
        "n",
        "names",
        "dealer",
        "errors",
        "violations",
        "ledger",
        "kinds",
        "net",
        "took",
        "penalties",
        "pot",
        "pot_in",
        "claimed",
        "cfg",
        "events",
        "lax",
        "last_event",
    )

    def __init__(self, n, names, dealer, pot_in, cfg, claimed=None):
        self.n = n
        self.dealer = dealer  # the record's dealer, who starts the hand
        self.names = names
        self.errors = []
        self.violations = []
        self.ledger = []
        self.kinds = []
        self.net = [0] * n
        self.took = [0] * n  # what each seat took out of the pot
        self.penalties = None  # what each seat paid as penalties (a list once somebody did)
        self.pot = pot_in
        self.pot_in = pot_in
        self.claimed = claimed
        self.cfg = cfg
        self.lax = False  # the record went wrong: later events only get their fields checked
        self.last_event = None

    # ------------------------------------------------------------------ bookkeeping

    def error(self, i, field, message):
        """The record is bad here: it cannot describe a real hand."""
        self.errors.append({"event": i, "field": field, "message": message})

    def violate(self, i, seat, rule, message, penalty=0):
        """Somebody broke a rule: a violation with the penalty it cost."""
        self.violations.append({"event": i, "seat": seat, "rule": rule, "message": message, "penalty": penalty})

    def pay(self, seat, amount, reason, i, kind):
        """Seat pays `amount` into the pot played for (an ante, a fee, a penalty)."""
        self.ledger.append({"seat": seat, "amount": -amount, "reason": reason, "event": i})
        self.kinds.append(kind)
        self.net[seat] -= amount
        self.pot += amount
        if kind == "penalty":
            if self.penalties is None:
                self.penalties = [0] * self.n
            self.penalties[seat] += amount

    def take(self, seat, amount, reason, i, kind="share"):
        """Seat takes `amount` out of the pot."""
        self.ledger.append({"seat": seat, "amount": amount, "reason": reason, "event": i})
        self.kinds.append(kind)
        self.net[seat] += amount
        self.took[seat] += amount

    def pay_next(self, seat, amount, reason, i, kind="fall"):
        """Seat pays `amount` into the next hand's pot (not the one played for); answers the entry."""
        e = {"seat": seat, "amount": -amount, "reason": reason, "event": i}
        self.ledger.append(e)
        self.kinds.append(kind)
        self.net[seat] -= amount
        return e

    def setup(self, record):
        """Read what a game takes from the record beyond the core's header (its variant, its own fields) before the
        events; problems go to `error`. Called by the entry points; nothing here for a game that needs nothing."""

    # ------------------------------------------------------------------ the event loop

    def run(self, events, i=0):
        """Apply the events from i on; a handler that takes a run of events answers the index after them."""
        handlers = self.HANDLERS
        self.events = events
        m = len(events)
        while i < m:
            ev = events[i]
            if ev.__class__ is dict:
                try:
                    h = handlers[ev["action"]]
                except (KeyError, TypeError):  # no action, not this game's, an unhashable one (a list)
                    self.bad_action(i, ev)
                    i += 1
                    continue
                if self.lax:
                    self.syntax(i, ev, ev["action"])
                    i += 1
                else:
                    r = h(self, i, ev)
                    i = i + 1 if r is None else r
                continue
            self.error(
                i,
                "*",
                _('event {i} must be an object such as {{"action": "play", ...}}, not {what}').format(
                    i=i, what=describe(ev)
                ),
            )
            i += 1
        self.last_event = m - 1 if m else None
        return m

    def step(self, i, ev):
        """Apply one event (for steps(): one event at a time)."""
        if ev.__class__ is not dict:
            self.error(i, "*", _("event {i} must be an object, not {what}").format(i=i, what=describe(ev)))
            return
        a = ev.get("action")
        h = (self.STEP_HANDLERS.get(a) or self.HANDLERS.get(a)) if a.__class__ is str else None
        if h is None:
            self.bad_action(i, ev)
        elif self.lax:
            self.syntax(i, ev, a)
        else:
            h(self, i, ev)

    def may_deal(self, i, s, dealt, one="hand"):
        """A record holds one deal, by its own dealer: True if seat s may deal now (`dealt`: a deal came already),
        else the record is bad here (False)."""
        if dealt:
            if one == "deal":
                msg = _("event {i}: a second deal; a record holds one deal")
            elif one == "hand":
                msg = _("event {i}: a second deal; a record holds one hand")
            else:
                msg = _("event {i}: a second deal; a record holds one {one}")
            self.error(i, "action", msg.format(i=i, one=_(one)))
            return False
        if s != self.dealer:
            names = self.names
            self.error(
                i,
                "seat",
                _("event {i}: {who} deals, but the record's dealer is {dealer}").format(
                    i=i, who=names[s], dealer=names[self.dealer]
                ),
            )
            return False
        return True

    def bad_action(self, i, ev):
        actions = ", ".join(self.ACTIONS)
        title = self.GAME.capitalize()
        if "action" not in ev:
            self.error(
                i,
                "action",
                _("event {i} has no 'action'; {title} actions are {actions}").format(i=i, title=title, actions=actions),
            )
        else:
            self.error(
                i,
                "action",
                _("event {i}: {what} is not a {title} action; {title} actions are {actions}").format(
                    i=i, what=describe(ev["action"]), title=title, actions=actions
                ),
            )

    # ------------------------------------------------------------------ typed fields, with the words of errors

    def syntax(self, i, ev, a):
        """Check an event's fields only, from the game's description; True if they are all right."""
        before = len(self.errors)
        for key, reader in self.FIELDS[a]:
            reader(self, i, ev, key)
        return len(self.errors) == before

    def f_seat(self, i, ev, key):
        v = ev.get(key)
        n = self.n
        if v.__class__ is int and 0 <= v < n:
            return v
        a = ev.get("action")
        if key not in ev:
            self.error(
                i,
                key,
                _("event {i} ({action}) needs '{key}': a seat number, 0 to {top}").format(
                    i=i, action=a, key=key, top=n - 1
                ),
            )
        elif v.__class__ is int:
            names = ", ".join(f"{k} {nm}" for k, nm in enumerate(self.names))
            self.error(
                i,
                key,
                _("event {i} ({action}): seat {seat} is not at this table; seats are 0 to {top} ({names})").format(
                    i=i, action=a, seat=v, top=n - 1, names=names
                ),
            )
        else:
            self.error(
                i,
                key,
                _("event {i} ({action}): '{key}' must be a seat number (0 to {top}), not {what}").format(
                    i=i, action=a, key=key, top=n - 1, what=describe(v)
                ),
            )
        return None

    def card_words(self, i, ev, key, v):
        a = ev.get("action")
        c = CARDS.get(v) if v.__class__ is str else None
        if c is not None:
            self.error(
                i,
                key,
                _("event {i} ({action}): {card} is not in {deck}").format(
                    i=i, action=a, card=c.text, deck=deck_said(self.DECK_WORDS)
                ),
            )
        elif v.__class__ is str:
            self.error(i, key, not_a_card(i, a, v))
        else:
            self.error(
                i,
                key,
                _("event {i} ({action}): '{key}' must be a card such as 'TH', not {what}").format(
                    i=i, action=a, key=key, what=describe(v)
                ),
            )

    def f_card_opt(self, i, ev, key):
        v = ev.get(key)
        if v is None:
            return None
        c = self.CARD.get(v) if v.__class__ is str else None
        if c is None:
            self.card_words(i, ev, key, v)
        return c

    def f_card(self, i, ev, key):
        if ev.get(key) is None:
            self.error(
                i,
                key,
                _("event {i} ({action}) needs '{key}': a card such as 'TH'").format(
                    i=i, action=ev.get("action"), key=key
                ),
            )
            return None
        return self.f_card_opt(i, ev, key)

    def card_list(self, i, ev, key, v, null=True):
        """A list of card texts, or None (with errors) if anything is wrong."""
        if v is None and null:
            return None
        if v.__class__ is not list:
            if null:
                msg = _("event {i} ({action}): '{key}' must be a list of cards or null, not {what}")
            else:
                msg = _("event {i} ({action}): '{key}' must be a list of cards, not {what}")
            self.error(i, key, msg.format(i=i, action=ev.get("action"), key=key, what=describe(v)))
            return None
        out = []
        for t in v:
            c = self.CARD.get(t) if t.__class__ is str else None
            if c is None:
                self.card_words(i, ev, key, t)
                return None
            out.append(c)
        return out

    def f_cards_opt(self, i, ev, key):
        return self.card_list(i, ev, key, ev.get(key))

    def f_cards(self, i, ev, key):
        return self.card_list(i, ev, key, ev.get(key), null=False)

    def f_hands(self, i, ev, key):
        v = ev.get(key)
        n = self.n
        a = ev.get("action")
        if v.__class__ is not list or len(v) != n:
            what = (
                describe(v) if v.__class__ is not list else ngettext("{n} hands", "{n} hands", len(v)).format(n=len(v))
            )
            self.error(
                i,
                key,
                _(
                    "event {i} ({action}): '{key}' must list {n} hands, one per seat (a list of cards, or "
                    "null if unknown), not {what}"
                ).format(i=i, action=a, key=key, n=n, what=what),
            )
            return None
        out = []
        for k, hand in enumerate(v):
            if hand is None:
                out.append(None)
                continue
            if hand.__class__ is not list:
                self.error(
                    i,
                    key,
                    _(
                        "event {i} ({action}): {who}'s hand (seat {seat}) must be a list of cards or null, not {what}"
                    ).format(i=i, action=a, who=self.names[k], seat=k, what=describe(hand)),
                )
                return None
            cs = self.card_list(i, ev, key, hand)
            if cs is None:
                return None
            out.append(cs)
        return out

    def f_flag(self, i, ev, key):
        v = ev.get(key)
        if v is True or v is False:
            return v
        self.error(
            i,
            key,
            _("event {i} ({action}): '{key}' must be true or false, not {what}").format(
                i=i, action=ev.get("action"), key=key, what=describe(v)
            ),
        )
        return None

    def f_text(self, i, ev, key):
        v = ev.get(key)
        if v is None or v.__class__ is str:
            return v
        self.error(
            i,
            key,
            _("event {i} ({action}): '{key}' must be text, not {what}").format(
                i=i, action=ev.get("action"), key=key, what=describe(v)
            ),
        )
        return None

    # ------------------------------------------------------------------ the ruling

    def document(
        self,
        status,
        summary,
        tricks=None,
        score=None,
        game_facts=None,
        carry=None,
        dealer=None,
        next_dealer=None,
        may_stop=False,
        played=None,
        tricks_won=None,
        misdeals=None,
    ):
        """The ruling (ruling/1) with its facts; pot_out is worked out from the ledger, so money is conserved."""
        net = self.net
        pot_in = self.pot_in
        pot_out = pot_in - sum(net)
        doc = {
            "format": "ruling/1",
            "game": self.GAME,
            "status": status,
            "violations": self.violations,
            "ledger": self.ledger,
            "net": net,
            "pot_in": pot_in,
            "pot_out": pot_out,
            "score": score,
            "tricks": tricks,
            "summary": summary,
        }
        if self.claimed is not None:
            doc["discrepancies"] = discrepancies(self.claimed, net, pot_out, score)
        n = self.n
        took = self.took
        penalties = self.penalties
        seats = {
            "in": [None] * n if played is None else played,
            "won": [1 if x > 0 else 0 for x in net],
            "net": net[:],
            "paid_in": list(map(sub, took, net)),  # (what it took less its net)
            "took": took,
            "penalties": [0] * n if penalties is None else penalties,
            "misdeals": [0] * n if misdeals is None else misdeals,
            "tricks": [None] * n if tricks_won is None else tricks_won,
        }
        c = {"pot": pot_out}
        if carry:
            c.update(carry)
        doc["facts"] = {
            "dealer": dealer,
            "next_dealer": next_dealer,
            "carry": c,
            "pot": self.pot,
            "may_stop": may_stop,
            "kinds": self.kinds,
            "seats": seats,
            "game": game_facts,
        }
        return doc


# ---------------------------------------------------------------------- the header, read once per kind of table


class Header:
    """What the core reads of a record's own fields for a game module `mod` (see `header`)."""

    __slots__ = ("n", "players", "dealer", "pot_in", "cfg", "claimed", "variant", "events")

    def __init__(self, n, players, dealer, pot_in, cfg, claimed, variant, events):
        self.n, self.players, self.dealer, self.pot_in = n, players, dealer, pot_in
        self.cfg, self.claimed, self.variant, self.events = cfg, claimed, variant, events


def rules_key(given):
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


_TABLES: dict = {}  # players' names already found good (a family's table, hand after hand)


def quick_header(record, mod):
    """The Header of a record whose own fields are all plainly right (the common record), or None: then
    `read` reads it with care and says what is wrong. Accepts nothing `read` would not."""
    try:
        players = record["players"]
        dealer = record["dealer"]
        events = record["events"]
        if (
            record["format"] != "handrec/1"
            or players.__class__ is not list
            or dealer.__class__ is not int
            or events.__class__ is not list
        ):
            return None
    except KeyError:
        return None
    get = record.get
    variant = get("variant")
    if (
        not (variant is None or variant.__class__ is str)
        or variant not in mod.VARIANT_LIST
        or "claimed" in record
        and record["claimed"] is not None
    ):
        return None
    pot_in = get("pot_in", 0)
    if pot_in is None:
        pot_in = 0
    elif pot_in.__class__ is not int or not 0 <= pot_in <= MAX_CENTS:
        return None
    given = get("house_rules")
    if given is None or given.__class__ is dict and not given:
        cfg = mod.DEFAULT_CONFIG
    elif given.__class__ is dict:
        key = rules_key(given)
        configs = mod.CONFIGS
        cfg = configs.get(key) if key is not None else None
        if cfg is None:
            errors = []
            rules = read_house_rules(given, mod.HOUSE_RULES, mod.DEFAULTS, errors, mod.GAME)
            if errors or mod.rules_errors(rules, None):
                return None
            cfg = mod.Config(rules)
            if key is not None and len(configs) < _CACHE_MAX:
                configs[key] = cfg
    else:
        return None
    n = len(players)
    if not (cfg.min_players <= n <= cfg.max_players and 0 <= dealer < n):
        return None
    try:
        key = tuple(players)
        known = key in _TABLES
    except TypeError:  # an unhashable "name"
        return None
    if not known:
        for p in players:
            if p.__class__ is not str or not p or p.isspace():
                return None
        if len(_TABLES) < _CACHE_MAX:
            _TABLES[key] = True
    return Header(n, players, dealer, pot_in, cfg, None, variant, events)


def read(record, mod):
    """The checked Header, or BadRecord with every problem of the record's own fields (and its events')."""
    errors = []
    h = read_header(record, mod.GAME, mod.HOUSE_RULES, mod.DEFAULTS, errors, variants=mod.VARIANT_LIST)
    errors.extend(mod.rules_errors(h.rules, h.n))
    if h.claimed:
        read_claimed(h.claimed, h.n, mod.CLAIMS, errors)
    if errors:
        if h.events is not None and h.n is not None and h.n <= mod.SEATS[1]:
            # Still name the events' own mistakes (their fields only).
            t = mod.Table(
                h.n, h.players or [_("seat {k}").format(k=k) for k in range(h.n)], h.dealer or 0, 0, mod.DEFAULT_CONFIG
            )
            t.lax = True
            t.run(h.events)
            errors.extend(t.errors)
        raise BadRecord(errors)
    given = record.get("house_rules")
    cfg = mod.DEFAULT_CONFIG if h.rules is mod.DEFAULTS else mod.Config(h.rules)
    if given and len(mod.CONFIGS) < _CACHE_MAX:
        key = rules_key(given)
        if key is not None:
            mod.CONFIGS[key] = cfg
    return Header(h.n, h.players, h.dealer, h.pot_in, cfg, h.claimed, h.variant, h.events)


# ---------------------------------------------------------------------- the entry points, for any game


def _table(h, mod, record):
    t = mod.Table(h.n, h.players, h.dealer, h.pot_in, h.cfg, h.claimed)
    t.setup(record)
    return t


def whole_game(record, mod):
    """True for the record of a whole game of many deals ({"deals": [...]}, no "events"), which a game module that
    has them rules itself (replay_game, steps_game, legal_game; Sedma)."""
    return "deals" in record and "events" not in record and hasattr(mod, "replay_game")


def replay(record, mod):
    """The ruling of a record for game module `mod`; BadRecord if the record is bad."""
    if "deals" in record and whole_game(record, mod):
        return mod.replay_game(record)
    h = quick_header(record, mod) or read(record, mod)
    t = mod.Table(h.n, h.players, h.dealer, h.pot_in, h.cfg, h.claimed)  # (as _table, one call less a hand)
    t.setup(record)
    return t.rule(h.events, record)


def steps(record, mod):
    """The state after each event (snapshots), then {"final": True, "ruling": ...}."""
    if whole_game(record, mod):
        yield from mod.steps_game(record)
        return
    h = quick_header(record, mod) or read(record, mod)  # (read once: the ruling and the walk share it)
    final = _table(h, mod, record).rule(h.events, record)
    t = _table(h, mod, record)
    stop = t.stop_at(final)
    events = h.events
    for i, ev in enumerate(events):
        before = len(t.violations)
        mark = t.mark()
        if stop is None or i < stop:
            t.step(i, ev)
            text = t.describe(i, ev, before, mark)
        else:
            text = t.stopped(i, final)
        yield t.snapshot(i, ev, text)
    yield {"index": None, "event": None, "final": True, "ruling": final, "text": final["summary"]}


def legal(record, mod):
    """Who acts next after the record's events and what they may do (legal/1)."""
    if whole_game(record, mod):
        return mod.legal_game(record)
    h = quick_header(record, mod) or read(record, mod)
    ruling = _table(h, mod, record).rule(h.events, record)
    t = _table(h, mod, record)
    events = h.events
    t.run(events)
    turn, options = t.legal() if t.stop_at(ruling) is None else (None, [])
    last = len(events) - 1
    state = t.snapshot(last if last >= 0 else None, events[last] if last >= 0 else None, ruling["summary"])
    return {
        "format": "legal/1",
        "game": mod.GAME,
        "turn": turn,
        "options": options,
        "done": not options,
        "status": ruling["status"],
        "table": state,
    }
