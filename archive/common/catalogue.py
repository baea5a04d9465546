"""Reads of the referee's catalogue for the pages and the API: which games exist, their house rules,
how they settle, and whether a session's header (game, variant, house rules, seats) is one the referee
can rule on. The archive never keeps its own copy of a game's rules: everything here asks referee."""

from django.utils import translation
from django.utils.translation import gettext as _

import referee

# Every amount of money that enters through a form or the API is bounded here: $1,000 in cents.
MONEY_MAX = 100_000


def catalogue() -> list[dict]:
    """The referee's catalogue in the reader's language (the games' titles, variants and house rules in words)."""
    return referee.games(translation.get_language())


def game_entry(name) -> dict | None:
    """The catalogue entry of one game, or None for a game the referee does not know."""
    return next((g for g in catalogue() if g["name"] == name), None)


def game_choices() -> list[tuple[str, str]]:
    return [(g["name"], g["title"]) for g in catalogue()]


def settles_of(name) -> str | None:
    """ "pot", "stakes" or "points" (how the game moves money or score), None for an unknown game."""
    entry = game_entry(name)
    return entry["settles"] if entry else None


def variant_values(entry) -> list[str]:
    """A game's variants as the values a session stores (the catalogue may give names or dicts)."""
    out = []
    for v in entry.get("variants") or []:
        out.append(v.get("name") if isinstance(v, dict) else str(v))
    return out


def default_variant(entry) -> str | None:
    """The variant a session of this game has when the form or the API names none: the catalogue's first."""
    words = entry.get("variant_words") or []
    return words[0]["value"] if words else None


def table_size(entry, house_rules=None) -> tuple[int, int]:
    """The fewest and most players of a session of this game under these house rules (the rules that narrow
    the table, where the catalogue names them, at their book's value unless the session changes them)."""
    lo, hi = entry["seats"]["min"], entry["seats"]["max"]
    names = entry["seats"].get("house_rules") or {}
    values = defaults_of(entry) | (house_rules or {})
    lo = values.get(names.get("min"), lo)
    hi = values.get(names.get("max"), hi)
    return lo, hi


def defaults_of(entry) -> dict:
    return {r["name"]: r["default"] for r in entry["house_rules"]}


def only_changes(entry, rules: dict) -> dict:
    """The rules that differ from the game's book (a record's house_rules holds only those)."""
    defaults = defaults_of(entry)
    return {k: v for k, v in rules.items() if k not in defaults or defaults[k] != v}


def _kind_problem(rule, value):
    kind = rule["kind"]
    name = rule["label"]
    if kind == "money":
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MONEY_MAX:
            return _("%(name)s is a whole number of cents from 0 to %(max)s.") % {"name": name, "max": MONEY_MAX}
    elif kind == "flag":
        if not isinstance(value, bool):
            return _("%(name)s is true or false.") % {"name": name}
    elif kind == "count":
        if isinstance(value, bool) or not isinstance(value, int) or not rule["min"] <= value <= rule["max"]:
            return _("%(name)s is a whole number from %(min)s to %(max)s.") % {
                "name": name,
                "min": rule["min"],
                "max": rule["max"],
            }
    elif kind == "choice":
        values = [c["value"] for c in rule["choices"]]
        if value not in values:
            return _("%(name)s is one of %(values)s.") % {"name": name, "values": ", ".join(f"“{v}”" for v in values)}
    elif kind == "ranks":
        values = [r["value"] for r in rule["ranks"]]
        if not isinstance(value, list) or any(v not in values for v in value) or len(set(value)) != len(value):
            return _("%(name)s is a list of ranks among %(values)s.") % {"name": name, "values": " ".join(values)}
    return None


def header_problems(*, game, variant=None, house_rules=None, seats=None) -> list[str]:
    """Why a session with this header would have every hand refused, in words for the form or the API;
    [] when the referee accepts it. The catalogue names the rules and their kinds; the referee, asked about
    a hand with no events yet, has the last word (e.g. fewer players than the house rules allow)."""
    entry = game_entry(game)
    if entry is None:
        known = ", ".join(g["title"] for g in catalogue())
        return [_("“%(game)s” is not a game the referee knows; it knows %(known)s.") % {"game": game, "known": known}]
    problems = []
    variants = variant_values(entry)
    if variant and variant not in variants:
        said = {"game": entry["title"], "variant": variant, "variants": ", ".join(variants)}
        problems.append(
            (
                _("%(game)s has no variant “%(variant)s”; its variants are %(variants)s.")
                if variants
                else _("%(game)s has no variant “%(variant)s”; it has no variants.")
            )
            % said
        )
    rules = house_rules or {}
    if not isinstance(rules, dict):
        return problems + [_('The house rules are an object of the rules that differ, e.g. {"ante": 5}.')]
    by_name = {r["name"]: r for r in entry["house_rules"]}
    for name, value in rules.items():
        rule = by_name.get(name)
        if rule is None:
            problems.append(
                _("%(game)s has no house rule “%(rule)s”; its house rules are %(rules)s.")
                % {"game": entry["title"], "rule": name, "rules": ", ".join(sorted(by_name))}
            )
            continue
        problem = _kind_problem(rule, value)
        if problem:
            problems.append(problem)
    if problems:
        return problems
    record = {
        "format": "handrec/1",
        "game": game,
        "variant": variant or None,
        "players": [f"seat {i + 1}" for i in range(seats if seats else entry["seats"]["min"])],
        "dealer": 0,
        "pot_in": 0,
        "house_rules": rules,
        "events": [],
    }
    try:
        referee.replay(record, language=translation.get_language())  # its words in the reader's language
    except referee.BadRecord as exc:
        problems += [
            e["message"][:1].upper() + e["message"][1:] + "." for e in exc.errors if seats or e["field"] != "players"
        ]
    return problems


def rules_changed(game, house_rules) -> list[dict]:
    """A session's house rules that differ from the book, each with its catalogue entry (label, kind) for words."""
    entry = game_entry(game)
    by_name = {r["name"]: r for r in entry["house_rules"]} if entry else {}
    out = []
    for name, value in (house_rules or {}).items():
        rule = by_name.get(name) or {"name": name, "label": name.replace("_", " "), "kind": "other"}
        out.append({"rule": rule, "value": value})
    return out
