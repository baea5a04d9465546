"""A night is a chain of hands: each starts where the last one left off. One implementation of that rule,
used by the archive (its chain of pots, the next hand's defaults) and by the phone with no network (the
browser's copy of this package, asked through referee.answer("next", ...)), so the two cannot drift apart.

    set_up(game, players, *, ...) -> dict       the set-up of a hand: what its record starts from
    next_set_up(before, ruling) -> dict         the set-up of the hand after one set up as `before`
    fill(before, record) -> dict                the record as the referee must see it at that place
    next_hand(before, record) -> dict           next/1: the hand ruled at its place and the next one's set-up

A set-up is the record's header (format, game, variant, players, dealer, pot_in, house_rules, and what the
last hand carries besides the pot: a game module's CARRIES, e.g. Seka's svara, the tied seats who play it)
with the hand's place in the night: `number` (1 for the first) and `counted` (the hands before it that were
dealt, not void: Sedma's deal number in its game). The next hand: the dealer the ruling names
(facts.next_dealer: on after a hand, the same seat after a void one), the pot the hand left (pot_out), what
it carries (facts.carry), the same table and house rules, the next number.
"""

from .games import game_module
from .language import _
from .record import BadRecord, describe, error, is_int
from .ruling import VOID

FORMAT = "next/1"


def carried_keys(game) -> tuple:
    """The record keys a game's rulings carry to the next hand besides the pot (its module's CARRIES)."""
    mod = game_module(game) if isinstance(game, str) else None
    return tuple(getattr(mod, "CARRIES", ())) if mod is not None else ()


def carry_of(game, ruling) -> dict:
    """The carried keys (beyond the pot) a ruling hands to the next record: {key: value}."""
    keys = carried_keys(game)
    if not keys or not isinstance(ruling, dict):
        return {}
    carry = (ruling.get("facts") or {}).get("carry") or {}
    return {k: carry[k] for k in keys if carry.get(k) is not None}


def apply_carry(record: dict, game, carry: dict) -> dict:
    """The record with the carried keys set from `carry` and any stale one removed (in place; returned)."""
    for k in carried_keys(game):
        if k in carry:
            record[k] = carry[k]
        else:
            record.pop(k, None)
    return record


def record_carry(game, record) -> dict:
    """The carried keys a record holds (what it was filled with)."""
    return {k: record[k] for k in carried_keys(game) if isinstance(record, dict) and record.get(k) is not None}


def set_up(game, players, *, variant=None, house_rules=None, dealer=0, pot_in=0, carry=None, number=1, counted=0):
    """The set-up of a hand: its record's header and its place in the night (see the module's text)."""
    out = {
        "format": "handrec/1",
        "game": game,
        "variant": variant or None,
        "players": list(players),
        "dealer": dealer,
        "pot_in": pot_in,
        "house_rules": dict(house_rules or {}),
        "number": number,
        "counted": counted,
    }
    keys = carried_keys(game)
    out.update((k, v) for k, v in (carry or {}).items() if k in keys and v is not None)
    return out


def next_set_up(before, ruling) -> dict:
    """The set-up of the hand after the one set up as `before` (a set-up, or the hand's record with its place)
    and ruled `ruling`: the dealer moved on, the pot carried, what else it carries, the next number."""
    facts = ruling["facts"]
    game = before["game"]
    return set_up(
        game,
        before["players"],
        variant=before.get("variant"),
        house_rules=before.get("house_rules"),
        dealer=facts["next_dealer"],
        pot_in=ruling["pot_out"],
        carry=carry_of(game, ruling),
        number=before.get("number", 1) + 1,
        counted=before.get("counted", 0) + (ruling["status"] != VOID),
    )


def fill(before, record, *, carry=True) -> dict:
    """The record as the referee must see it at the place `before` in the night: the night's game, seats and
    (unless it names its own) house rules and variant, the pot the chain hands it, what the last hand carries
    (carry=False keeps the record's own), and the dealer unless the table named one. A new dict."""
    rec = dict(record)
    rec.setdefault("format", "handrec/1")
    game = rec["game"] = before.get("game")
    rec["variant"] = rec.get("variant") or (before.get("variant") or None)
    players = before.get("players")
    rec["players"] = list(players) if isinstance(players, list) else players  # the night's seats are who sat there
    if rec.get("house_rules") is None:
        rules = before.get("house_rules")
        rec["house_rules"] = dict(rules) if isinstance(rules, dict) else (rules or {})
    rec["pot_in"] = before.get("pot_in", 0)  # always from the chain: hand k starts with hand k-1's pot
    if carry:
        apply_carry(rec, game, record_carry(game, before))
    if rec.get("dealer") is None:
        rec["dealer"] = before.get("dealer", 0)
    rec.setdefault("events", [])
    return rec


def _place(before):
    """The errors of a set-up's place in the night (its number and count), as the page sends it."""
    errors = []
    for field, least in (("number", 1), ("counted", 0)):
        value = before.get(field, least)
        if not (is_int(value) and value >= least):
            errors.append(
                error(
                    None,
                    field,
                    _("'{field}' of the hand's set-up must be a whole number of at least {least}, not {what}").format(
                        field=field, least=least, what=describe(value)
                    ),
                )
            )
    return errors


def next_hand(before, record, rule) -> dict:
    """next/1 for the hand `record` logged at the place `before` (the set-up the page started it from): the
    record as ruled there (`fill`), its ruling (`rule(record)`: referee.replay), and the next hand's set-up.
    BadRecord if either is bad; a record of another game or table than the night's is refused, not re-seated."""
    if before.__class__ is not dict:
        what = describe(before)
        raise BadRecord(
            [
                error(
                    None,
                    "before",
                    _(
                        "the hand's set-up ('before') is a JSON object with game, players, dealer and pot_in, not {what}"
                    ).format(what=what),
                )
            ]
        )
    if record.__class__ is not dict:
        raise BadRecord([error(None, "*", _("A hand record must be a JSON object {...}."))])
    errors = _place(before)
    game, players = before.get("game"), before.get("players")
    if record.get("game") not in (None, game):
        other = describe(record["game"])
        errors.append(
            error(
                None, "game", _("this night plays {game}; the record is a {other} hand").format(game=game, other=other)
            )
        )
    given = record.get("players")
    # (the night's seats name who sat there, as the archive fills them: a list as long as theirs is re-seated)
    if given is not None and not (isinstance(given, list) and isinstance(players, list) and len(given) == len(players)):
        names = ", ".join(map(str, players)) if isinstance(players, list) else describe(players)
        errors.append(
            error(
                None,
                "players",
                _(
                    "the record's players are not the night's seats ({names}): leave out 'players' or name them as the night does"
                ).format(names=names),
            )
        )
    if errors:
        raise BadRecord(errors)
    rec = fill(before, record)
    ruling = rule(rec)  # a bad set-up is named here, in the fields the record took from it
    # The next hand is set up from the night's set-up, not the record: a record's own house rules or variant
    # are its own, as the archive's next hand takes the session's.
    return {"format": FORMAT, "record": rec, "ruling": ruling, "next": next_set_up(before, ruling)}
