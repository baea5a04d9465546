"""Reading a hand record (handrec/1) into typed values, and the one exception for bad records.

Every problem goes into ONE `BadRecord` whose `.errors` is a list of
{"event": index or None, "field": key, "message": words naming the place and the fix}.
Readers collect problems in a list and carry on, so a record with three mistakes gets
three errors at once; the caller raises at the end.

The header (format, game, players, dealer, pot_in, house_rules, events, claimed) is read
here for every game. Each game reads its own events: the game module knows which fields
each action has and turns them into typed values (seats as ints, Cards) in one pass,
with the field readers below for the words of the errors.
"""

import json
from typing import Any, ClassVar

from .cards import CARDS, rank_of
from .language import _, ngettext


class BadRecord(Exception):
    """A record that cannot describe a real hand. `.errors`: [{"event", "field", "message"}]."""

    def __init__(self, errors):
        if isinstance(errors, dict):
            errors = [errors]
        self.errors = list(errors)
        first = self.errors[0]["message"] if self.errors else _("bad record")
        k = len(self.errors) - 1
        more = ngettext(" (and {n} more)", " (and {n} more)", k).format(n=k) if k > 0 else ""
        super().__init__(first + more)

    def document(self):
        """The error/1 document the command line and the API answer with."""
        return {"format": "error/1", "errors": self.errors}


def error(event, field, message):
    return {"event": event, "field": field, "message": message}


def loads(text):
    """JSON text -> record dict; BadRecord (event None, field "*") for anything that is not JSON."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as e:
            raise BadRecord(
                [
                    error(
                        None,
                        "*",
                        _("the file is not UTF-8 text ({reason} at byte {byte})").format(
                            reason=_why(e.reason), byte=e.start
                        ),
                    )
                ]
            )
    if not isinstance(text, str):
        raise BadRecord([error(None, "*", _("a record is JSON text"))])
    try:
        record = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        raise BadRecord(
            [
                error(
                    None,
                    "*",
                    _("the record is not valid JSON: {why} at line {line}, column {column}").format(
                        why=_why(e.msg), line=e.lineno, column=e.colno
                    ),
                )
            ]
        )
    except ValueError as e:  # NaN / Infinity
        raise BadRecord([error(None, "*", _("the record is not valid JSON: {why}").format(why=e))])
    except RecursionError:
        raise BadRecord([error(None, "*", _("the record is nested too deeply to be a hand record"))])
    check_text(record)
    return record


TEXT_ERRORS_MAX = 20  # a record full of bad text is told its first few places, not thousands


def _is_text(s):
    if s.isascii():
        return True
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _shown(s):
    """A string as it may be shown in an error (a lone surrogate as its \\u escape, never itself)."""
    return s.encode("utf-8", "backslashreplace").decode("utf-8")


def text_errors(value):
    """The errors of every string of a record (key or value) that is not Unicode text: JSON's \\u escapes
    can carry a lone surrogate (\\ud800) that no UTF-8 text can hold, and that nothing downstream could write
    (issue 28). Each error names its event and field; [] for a record whose text is all text."""
    errors = []
    stack = [(value, "", None)]
    while stack and len(errors) < TEXT_ERRORS_MAX:
        v, path, event = stack.pop()
        if v.__class__ is str:
            if not _is_text(v):
                errors.append(
                    error(event, path or "*", _("“{text}” holds a lone surrogate, not text").format(text=_shown(v)))
                )
        elif isinstance(v, dict):
            for k, x in v.items():
                key = _shown(k) if k.__class__ is str else str(k)
                where = f"{path}.{key}" if path else key
                if k.__class__ is str and not _is_text(k):
                    errors.append(
                        error(event, where, _("the key “{key}” holds a lone surrogate, not text").format(key=key))
                    )
                stack.append((x, where, event))
        elif isinstance(v, list):
            for i, x in enumerate(v):
                stack.append((x, f"{path}[{i}]", i if path == "events" or path.endswith(".events") else event))
    errors.sort(key=lambda e: (e["event"] is not None, e["event"] or 0, e["field"]))
    return errors


def check_text(value):
    """BadRecord naming each string of the record that is not text (see text_errors)."""
    errors = text_errors(value)
    if errors:
        raise BadRecord(errors)


def _no_constant(name):
    raise ValueError(_("{name} is not a number JSON allows").format(name=name))


def _why(reason):
    """The json and utf-8 decoders' reasons (English) in the language spoken (their English is the msgid); any other
    reason as it is."""
    words = {
        "Expecting value": _("Expecting value"),
        "Expecting property name enclosed in double quotes": _("Expecting property name enclosed in double quotes"),
        "Expecting ':' delimiter": _("Expecting ':' delimiter"),
        "Expecting ',' delimiter": _("Expecting ',' delimiter"),
        "Unterminated string starting at": _("Unterminated string starting at"),
        "Extra data": _("Extra data"),
        "Invalid \\escape": _("Invalid \\escape"),
        "Invalid \\uXXXX escape": _("Invalid \\uXXXX escape"),
        "Invalid control character at": _("Invalid control character at"),
        "Illegal trailing comma before end of object": _("Illegal trailing comma before end of object"),
        "Illegal trailing comma before end of array": _("Illegal trailing comma before end of array"),
        "invalid start byte": _("invalid start byte"),
        "invalid continuation byte": _("invalid continuation byte"),
        "unexpected end of data": _("unexpected end of data"),
    }
    return words.get(reason, reason)


def describe(value):
    """Short words for a value of the wrong type, for error messages."""
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value if len(value) <= 20 else value[:20] + "...")
    if isinstance(value, int) and not -(10**15) < value < 10**15:
        digits = len(str(abs(value)))
        return ngettext("a number of {n} digits", "a number of {n} digits", digits).format(n=digits)
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, list):
        return ngettext("a list of {n}", "a list of {n}", len(value)).format(n=len(value))
    if isinstance(value, dict):
        return _("an object")
    return type(value).__name__


def is_int(v):
    """An int that is not a bool (JSON true is not a seat)."""
    return v.__class__ is int


# ---------------------------------------------------------------- field readers (slow path, with words)


def read_seat(ev, i, key, n, names, errors):
    """A seat index from ev[key], or None with an error appended."""
    v = ev.get(key)
    if v.__class__ is int and n is not None and 0 <= v < n:
        return v
    if v.__class__ is int and n is None:
        return v if v >= 0 else None
    if key not in ev:
        errors.append(
            error(
                i,
                key,
                _("event {i} ({action}) needs '{key}': the seat number (0 to {top})").format(
                    i=i, action=ev.get("action"), key=key, top=_top(n)
                ),
            )
        )
    elif v.__class__ is int:
        errors.append(
            error(
                i,
                key,
                _("event {i}: seat {seat} is not at this table; seats are 0 to {top} ({names})").format(
                    i=i, seat=v, top=_top(n), names=_names(names)
                ),
            )
        )
    else:
        errors.append(
            error(
                i,
                key,
                _("event {i}: '{key}' must be a seat number (0 to {top}), not {what}").format(
                    i=i, key=key, top=_top(n), what=describe(v)
                ),
            )
        )
    return None


def _top(n):
    return "n-1" if n is None else n - 1


def _names(names):
    if not names:
        return _("no players")
    return ", ".join(f"{k} {nm}" for k, nm in enumerate(names))


def deck_said(words):
    """A game's words for its deck ("the Swik deck, ...") in the language spoken (the game's catalogue holds them)."""
    return _("the deck") if words == "the deck" else _(words)


def not_a_card(i, action, v):
    """The words for a text that is not a card ("th", "1H"), at event i (of `action`, when named)."""
    if CARDS.get(v.upper()) is not None:
        if action is None:
            msg = _("event {i}: {text} is not a card (cards are upper-case); write rank then suit, e.g. 'TH' or '10H'")
        else:
            msg = _(
                "event {i} ({action}): {text} is not a card (cards are upper-case); write rank then suit, "
                "e.g. 'TH' or '10H'"
            )
    elif action is None:
        msg = _("event {i}: {text} is not a card; write rank then suit, e.g. 'TH' or '10H'")
    else:
        msg = _("event {i} ({action}): {text} is not a card; write rank then suit, e.g. 'TH' or '10H'")
    return msg.format(i=i, action=action, text=repr(v))


def read_card(ev, i, key, deck, errors, *, null=True, deck_words="the deck"):
    """(ok, Card or None). A missing key or null reads as None when `null`; an error otherwise."""
    v = ev.get(key)
    if v is None:
        if null:
            return True, None
        errors.append(
            error(
                i,
                key,
                _("event {i} ({action}) needs '{key}': a card such as 'TH'").format(
                    i=i, action=ev.get("action"), key=key
                ),
            )
        )
        return False, None
    c = check_card(v, i, key, deck, errors, deck_words)
    return c is not None, c


def check_card(v, i, key, deck, errors, deck_words="the deck"):
    """A Card of `deck` for the text v, or None with an error appended."""
    c = CARDS.get(v) if v.__class__ is str else None
    if c is not None and c in deck:
        return c
    if c is not None:
        errors.append(
            error(i, key, _("event {i}: {card} is not in {deck}").format(i=i, card=c.text, deck=deck_said(deck_words)))
        )
    elif v.__class__ is str:
        errors.append(error(i, key, not_a_card(i, None, v)))
    else:
        errors.append(
            error(
                i,
                key,
                _("event {i}: '{key}' must be a card such as 'TH', not {what}").format(i=i, key=key, what=describe(v)),
            )
        )
    return None


def read_cards(v, i, key, deck, errors, deck_words="the deck"):
    """A list of Cards from a list of texts, or None with errors appended (bad items are skipped)."""
    if v.__class__ is not list:
        errors.append(
            error(
                i,
                key,
                _("event {i}: '{key}' must be a list of cards, not {what}").format(i=i, key=key, what=describe(v)),
            )
        )
        return None
    out = []
    ok = True
    for t in v:
        c = check_card(t, i, key, deck, errors, deck_words)
        if c is None:
            ok = False
        else:
            out.append(c)
    return out if ok else None


# ---------------------------------------------------------------- house rule kinds

# The most any amount of money may be, in cents (a billion dollars): every amount is bounded where it enters.
MAX_CENTS = 100_000_000_000


class Money:
    words: ClassVar[str] = f"a whole number of cents from 0 to {MAX_CENTS}"  # (ClassVar: read from the class itself)

    @staticmethod
    def read(v):
        return v if (v.__class__ is int and 0 <= v <= MAX_CENTS) else None


class Flag:
    words: ClassVar[str] = "true or false"  # (ClassVar: read from the class itself, also when compiled by mypyc)

    @staticmethod
    def read(v):
        return v if (v is True or v is False) else None


class Count:
    def __init__(self, lo, hi):
        self.lo, self.hi = lo, hi
        self.words = f"a whole number from {lo} to {hi}"

    def read(self, v):
        return v if (v.__class__ is int and self.lo <= v <= self.hi) else None


class Choice:
    def __init__(self, *values):
        self.values = values
        self.words = "one of " + ", ".join(f'"{x}"' for x in values)

    def read(self, v):
        return v if (v.__class__ is str and v in self.values) else None


class Ranks:
    def __init__(self, ranks):
        self.ranks = ranks
        self.words = 'a list of ranks such as ["K", "A"] (ranks ' + " ".join(ranks) + ")"

    def read(self, v):
        if v.__class__ is not list:
            return None
        out = []
        for r in v:
            r = rank_of(r)
            if r is None or r not in self.ranks:
                return None
            out.append(r)
        return out


def kind_words(kind):
    """What a house rule of `kind` must be, in words of the language spoken (a game's own kind: its `words`,
    from its own catalogue)."""
    if kind is Money:
        return _("a whole number of cents from 0 to {most}").format(most=MAX_CENTS)
    if kind is Flag:
        return _("true or false")
    # (a game's own kind, a subclass, says its own words: Seka's wild card is "a card of the deck such as ...")
    if type(kind) is Count:
        return _("a whole number from {lo} to {hi}").format(lo=kind.lo, hi=kind.hi)
    if type(kind) is Choice:
        return _("one of {values}").format(values=", ".join(f'"{x}"' for x in kind.values))
    if type(kind) is Ranks:
        return _('a list of ranks such as ["K", "A"] (ranks {ranks})').format(ranks=" ".join(kind.ranks))
    return _(kind.words)


# ---------------------------------------------------------------- the header


class Header:
    """The record's own fields, read and checked."""

    __slots__ = ("game", "variant", "players", "n", "dealer", "pot_in", "rules", "events", "claimed")
    # (Declared for mypyc, which compiles a copy of the referee for bench/referee.py --mypyc.)
    game: Any
    variant: Any
    players: Any
    n: Any
    dealer: Any
    pot_in: Any
    rules: Any
    events: Any
    claimed: Any


def read_header(record, game, rule_kinds, defaults, errors, *, variants=(None,)):
    """Read the fields every record has; problems go to `errors`. Returns a Header (fields may be None when bad).

    `rule_kinds`: house rule name -> kind (Money, Flag, Count, Choice, Ranks); `defaults`: name -> value.
    The caller checks what depends on the game (table size from the house rules, `claimed`).
    """
    h = Header()
    h.game = game
    fmt = record.get("format")
    if fmt != "handrec/1":
        errors.append(error(None, "format", _("'format' must be \"handrec/1\", not {what}").format(what=describe(fmt))))
    variant = record.get("variant")
    if not ((variant is None or variant.__class__ is str) and variant in variants):
        allowed = ", ".join("null" if x is None else f'"{x}"' for x in variants)
        errors.append(
            error(
                None,
                "variant",
                _("{game} has no variant {what}; use {allowed}").format(
                    game=game, what=describe(variant), allowed=allowed
                ),
            )
        )
    h.variant = variant

    players = record.get("players")
    named = players.__class__ is list and len(players) > 0
    if named:
        for p in players:
            if p.__class__ is not str or not p or p.isspace():
                named = False
                break
    if named:
        h.players = players
        h.n = len(players)
    else:
        h.players = None
        h.n = None
        if players.__class__ is not list:
            errors.append(
                error(
                    None,
                    "players",
                    _("'players' must be the list of names in turn order, not {what}").format(what=describe(players)),
                )
            )
        elif not players:
            errors.append(error(None, "players", _("'players' is empty; list the names in turn order")))
        else:
            bad = next(k for k, p in enumerate(players) if not (p.__class__ is str and p.strip()))
            errors.append(
                error(
                    None,
                    "players",
                    _("player {k} must be a name (non-empty text), not {what}").format(
                        k=bad, what=describe(players[bad])
                    ),
                )
            )

    dealer = record.get("dealer")
    n = h.n
    if dealer.__class__ is int and (n is None or 0 <= dealer < n):
        h.dealer = dealer
    else:
        h.dealer = None
        if dealer.__class__ is int:
            errors.append(
                error(
                    None,
                    "dealer",
                    _("dealer seat {seat} is not at this table; seats are 0 to {top}").format(seat=dealer, top=_top(n)),
                )
            )
        else:
            errors.append(
                error(
                    None,
                    "dealer",
                    _("'dealer' must be the dealer's seat number, not {what}").format(what=describe(dealer)),
                )
            )

    pot_in = record.get("pot_in", 0)
    if pot_in is None:
        pot_in = 0
    if pot_in.__class__ is int and 0 <= pot_in <= MAX_CENTS:
        h.pot_in = pot_in
    else:
        h.pot_in = 0
        errors.append(
            error(
                None,
                "pot_in",
                _("'pot_in' must be whole cents from 0 to {most}, not {what}").format(
                    most=MAX_CENTS, what=describe(pot_in)
                ),
            )
        )

    h.rules = read_house_rules(record.get("house_rules"), rule_kinds, defaults, errors, game)

    events = record.get("events")
    if events.__class__ is list:
        h.events = events
    else:
        h.events = None
        errors.append(
            error(None, "events", _("'events' must be a list of events, not {what}").format(what=describe(events)))
        )

    claimed = record.get("claimed")
    if claimed is None or claimed.__class__ is dict:
        h.claimed = claimed
    else:
        h.claimed = None
        errors.append(
            error(
                None,
                "claimed",
                _("'claimed' must be an object such as {{\"net\": [...]}}, not {what}").format(what=describe(claimed)),
            )
        )
    return h


def read_house_rules(given, rule_kinds, defaults, errors, game):
    """The game's defaults with the record's changes; unknown or ill-typed rules are errors."""
    if given is None or (given.__class__ is dict and not given):
        return defaults
    if given.__class__ is not dict:
        errors.append(
            error(
                None,
                "house_rules",
                _("'house_rules' must be an object such as {{\"ante\": 5}}, not {what}").format(what=describe(given)),
            )
        )
        return defaults
    rules = dict(defaults)
    for name, v in given.items():
        kind = rule_kinds.get(name) if name.__class__ is str else None
        if kind is None:
            known = ", ".join(sorted(rule_kinds))
            errors.append(
                error(
                    None,
                    "house_rules",
                    _("{game} has no house rule {what}; its house rules are {known}").format(
                        game=game, what=describe(name), known=known
                    ),
                )
            )
            continue
        x = kind.read(v)
        if x is None:
            errors.append(
                error(
                    None,
                    "house_rules",
                    _("house rule '{name}' must be {words}, not {what}").format(
                        name=name, words=kind_words(kind), what=describe(v)
                    ),
                )
            )
            continue
        rules[name] = x
    return rules


def read_claimed(claimed, n, allowed, errors):
    """Check `claimed`: net (a list of whole cents per seat) and pot_out; `allowed` names the keys the game takes."""
    if not claimed:
        return
    for key, v in claimed.items():
        if key not in allowed:
            errors.append(
                error(
                    None,
                    "claimed",
                    _("'claimed' has {what}; this game takes {keys}").format(
                        what=describe(key), keys=", ".join(allowed)
                    ),
                )
            )
        elif key == "net":
            if (
                v.__class__ is not list
                or (n is not None and len(v) != n)
                or not all(x.__class__ is int and -MAX_CENTS <= x <= MAX_CENTS for x in v)
            ):
                errors.append(
                    error(
                        None,
                        "claimed",
                        _("'claimed.net' must list whole cents for each of the {n} seats, not {what}").format(
                            n=n, what=describe(v)
                        ),
                    )
                )
        elif key == "pot_out":
            if not (v.__class__ is int and 0 <= v <= MAX_CENTS):
                errors.append(
                    error(
                        None,
                        "claimed",
                        _("'claimed.pot_out' must be whole cents from 0 to {most}, not {what}").format(
                            most=MAX_CENTS, what=describe(v)
                        ),
                    )
                )
