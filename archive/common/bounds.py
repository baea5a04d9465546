"""Bounds of every number and name that enters the archive, checked where it enters.

The database holds 64-bit integers; Python's ints have no end. A number past these bounds is refused
with the field named and the bound said, so it never reaches a seat total, a sum or an INSERT (where it
was an OverflowError or an "integer out of range", a 500 for every later hand of the night).
"""

import datetime
import zoneinfo

from django.core.exceptions import ValidationError
from django.utils import timezone as dj_timezone
from django.utils.formats import number_format
from django.utils.translation import gettext as _

import referee
from archive.common import catalogue

# Cents: ten billion dollars. Sums of a lifetime of hands at this bound stay far inside 64 bits.
MONEY_MAX = 10**12
HAND_NUMBER_MAX = 2**31 - 1  # Hand.number is a PositiveIntegerField
SEAT_MAX = 32  # first_dealer and seats are small fields; no table seats more
PAGE_MAX = 100_000  # a page number past this is the last page anyone could reach
NAME_MAX = 80  # Player.name
TITLE_MAX = 200  # Dispute.title
TEXT_MAX = 10_000  # a why, a note, a message, a resolution: pages of words, never a megabyte (issue 28)
ID_MAX = 2**63 - 1


def money_error(value, what="an amount", most=MONEY_MAX):
    """None when value is a whole number of cents within the bound, else the words of the problem."""
    if isinstance(value, bool) or not isinstance(value, int):
        return _("%(what)s is a whole number of cents.") % {"what": what}
    if not 0 <= value <= most:
        return _("%(what)s must be from 0 to %(most)s cents; %(value)s is out of range.") % {
            "what": what,
            "most": _grouped(most),
            "value": _short(value),
        }
    return None


def _short(value):
    text = str(value)
    return text if len(text) <= 24 else _("a %(digits)d-digit number") % {"digits": len(text)}


def _grouped(number):
    """A bound written in the reader's locale: 1,000,000 in English, 1 000 000 in Czech."""
    return number_format(number, force_grouping=True)


EARLIEST_YEAR = 1900


def date_error(when, zone_name):
    """None when a night's date is from 1900 to tomorrow at the family's table (its time zone), else the words:
    a night dated 2999 headed the family's list (issue 28); tomorrow allows a table ahead of the server's clock."""
    if not isinstance(when, datetime.date):
        return None  # the field's own check names a missing or malformed date
    try:
        zone = zoneinfo.ZoneInfo(zone_name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, TypeError):
        zone = datetime.UTC
    if isinstance(when, datetime.datetime):
        day = when.astimezone(zone).date() if dj_timezone.is_aware(when) else when.date()
    else:
        day = when
    tomorrow = dj_timezone.now().astimezone(zone).date() + datetime.timedelta(days=1)
    if day.year < EARLIEST_YEAR:
        return _("The date %(day)s is before %(year)s; give the night's real date.") % {
            "day": day.isoformat(),
            "year": EARLIEST_YEAR,
        }
    if day > tomorrow:
        return _(
            "The date %(day)s is in the future; a night is dated at most tomorrow (%(tomorrow)s) at the table."
        ) % {"day": day.isoformat(), "tomorrow": tomorrow.isoformat()}
    return None


def zone_error(name):
    if not isinstance(name, str) or not name:
        return _("Give the table's time zone, e.g. America/Chicago.")
    try:
        zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return _("%(name)r is not a time zone; use an IANA name such as America/Chicago.") % {"name": _short(name)}
    return None


def house_rule_errors(game, rules) -> dict:
    """{"house_rules.NAME": words} for each rule the game's catalogue does not have or whose value is not
    one it takes (money bounded, counts within their range, flags true or false, choices and ranks listed)."""
    if rules in (None, {}):
        return {}
    if not isinstance(rules, dict):
        return {"house_rules": _('House rules are a JSON object of the rules that differ, e.g. {"ante": 5}.')}
    entry = catalogue.game_entry(game)
    if entry is None:
        return {"house_rules": _("The referee has no house rules for %(game)r; leave them out.") % {"game": game}}
    known = {r["name"]: r for r in entry["house_rules"]}
    errors = {}
    for name, value in rules.items():
        rule = known.get(name)
        field = f"house_rules.{name}"
        if rule is None:
            errors[field] = _("%(game)s has no house rule called %(name)r; its house rules are %(known)s.") % {
                "game": entry["title"],
                "name": _short(name),
                "known": ", ".join(sorted(known)),
            }
            continue
        kind, label = rule["kind"], rule.get("label") or name
        if kind == "money":  # a house rule's amount has the forms' bound, far below the storage bound
            problem = money_error(value, label, most=catalogue.MONEY_MAX)
        elif kind == "flag":
            problem = None if isinstance(value, bool) else _("%(rule)s is true or false.") % {"rule": label}
        elif kind == "count":
            lo, hi = rule.get("min", 0), rule.get("max", SEAT_MAX)
            ok = isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi
            problem = (
                None
                if ok
                else _("%(rule)s is a whole number from %(lo)s to %(hi)s.") % {"rule": label, "lo": lo, "hi": hi}
            )
        elif kind == "choice":
            values = [c["value"] for c in rule.get("choices") or ()]
            problem = (
                None
                if value in values
                else _("%(rule)s is one of %(values)s.") % {"rule": label, "values": ", ".join(values)}
            )
        elif kind == "ranks":
            values = [r["value"] for r in rule.get("ranks") or ()]
            ok = isinstance(value, list) and all(isinstance(v, str) and v in values for v in value)
            problem = (
                None
                if ok
                else _("%(rule)s is a list of ranks from %(values)s.") % {"rule": label, "values": ", ".join(values)}
            )
        else:
            problem = None
        if problem:
            errors[field] = problem
    return errors


def session_errors(*, game, timezone, house_rules, pot_in, first_dealer) -> dict:
    """What session_create refuses, by field: the form, the API and the import all come through it."""
    errors = {}
    problem = zone_error(timezone)
    if problem:
        errors["timezone"] = problem
    problem = money_error(pot_in, _("The pot before the first hand (pot_in)"))
    if problem:
        errors["pot_in"] = problem
    if isinstance(first_dealer, bool) or not isinstance(first_dealer, int):
        errors["first_dealer"] = _("The first dealer is a seat number.")
    errors.update(house_rule_errors(game, house_rules))
    return errors


def text_errors(**texts) -> dict:
    """{field: words} for each text past its bound. Each keyword is a field; its value is the text, or
    (text, most) for a bound other than TEXT_MAX. Every text a person types is checked where it enters."""
    errors = {}
    for field, value in texts.items():
        text, most = value if isinstance(value, tuple) else (value, TEXT_MAX)
        if isinstance(text, str) and len(text) > most:
            errors[field] = _("The %(field)s is at most %(most)s characters; this one has %(length)s. Shorten it.") % {
                "field": field.replace("_", " "),
                "most": _grouped(most),
                "length": _grouped(len(text)),
            }
    return errors


def check_texts(**texts):
    """django's ValidationError naming each text past its bound (see text_errors)."""
    errors = text_errors(**texts)
    if errors:
        raise ValidationError(errors)


IDEMPOTENCY_KEY_MAX = 64  # Hand.idempotency_key


def idempotency_key_error(key):
    """None for no key or a key of 1 to 64 printable ASCII characters (a UUID fits), else the words."""
    if key is None or key == "":
        return None
    if not isinstance(key, str) or not key.isascii() or not key.isprintable() or len(key) > IDEMPOTENCY_KEY_MAX:
        return _("An idempotency key is 1 to %(most)s printable ASCII characters, e.g. a UUID.") % {
            "most": IDEMPOTENCY_KEY_MAX
        }
    return None


def name_error(name):
    if len(name) > NAME_MAX:
        return _("A player's name is at most %(most)s characters; this one has %(length)s.") % {
            "most": NAME_MAX,
            "length": _grouped(len(name)),
        }
    return None


def _big_numbers(value, path):
    """(path, value) of every number in a JSON value that no amount, seat or count of a hand could be."""
    stack = [(value, path)]
    while stack:
        value, path = stack.pop()
        if isinstance(value, dict):
            stack.extend((v, f"{path}.{k}" if path else str(k)) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((v, f"{path}[{i}]") for i, v in enumerate(value))
        elif isinstance(value, int) and not isinstance(value, bool) and abs(value) > MONEY_MAX:
            yield path, value
        elif isinstance(value, float) and not abs(value) <= MONEY_MAX:
            yield path, value


def _event_of(path):
    if path.startswith("events["):
        try:
            return int(path[len("events[") : path.index("]")])
        except ValueError:
            return None
    return None


def check_record(record):
    """referee.BadRecord naming each field of a record whose number is past the bound (before the referee
    rules on it: a ruling built on such a number could not be stored)."""
    errors = [
        {
            "event": _event_of(path),
            "field": path,
            "message": _("%(field)s must be at most %(most)s (cents or a count); %(value)s is out of range.")
            % {"field": path, "most": _grouped(MONEY_MAX), "value": _short(value)},
        }
        for path, value in _big_numbers(record, "")
    ]
    if errors:
        raise referee.BadRecord(errors)


def check_ruling(ruling):
    """A ruling whose money passes the bound (a pot grown past it) is refused like a bad record."""
    pot = ruling.get("pot_out")
    if isinstance(pot, int) and abs(pot) > MONEY_MAX:
        raise referee.BadRecord(
            [
                {
                    "event": None,
                    "field": "pot_in",
                    "message": _(
                        "The pot would grow to %(pot)s cents, past the archive's bound of %(most)s: "
                        "check the amounts of this night's house rules."
                    )
                    % {"pot": _short(pot), "most": _grouped(MONEY_MAX)},
                }
            ]
        )
    for entry in ruling.get("ledger") or ():
        amount = entry.get("amount")
        if isinstance(amount, int) and abs(amount) > MONEY_MAX:
            raise referee.BadRecord(
                [
                    {
                        "event": entry.get("event"),
                        "field": "ledger",
                        "message": _("A payment of %(amount)s cents is past the archive's bound of %(most)s.")
                        % {"amount": _short(amount), "most": _grouped(MONEY_MAX)},
                    }
                ]
            )


def replay(record):
    """referee.replay within the archive's bounds: what it rules on and what it returns can be stored."""
    check_record(record)
    ruling = referee.replay(record)
    check_ruling(ruling)
    return ruling


def int_or_none(raw, *, lo=1, hi=ID_MAX):
    """A query or form value as an int in [lo, hi]; None when it is empty; ValueError when it is not one."""
    if raw in (None, ""):
        return None
    value = int(str(raw).strip())
    if not lo <= value <= hi:
        raise ValueError(raw)
    return value
