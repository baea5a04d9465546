"""The referee's catalogue: every game with what the site builds its forms, pages and API docs from.

    games() -> [{"name", "title", "variants", "variant_words", "deck", "seats": {"min", "max"}, "settles",
                 "trick_game", "house_rules": [...], "events": [...]}]

`variants` are the codes a record writes; `variant_words` names each variant a session may have for the
players ([{"value", "words"}], value null for the game without a variant; the first is the default; empty
for a game without variants). Where house rules narrow the table, `seats` adds "house_rules": {"min", "max"},
the names of the two rules.

`settles` is how money or points move: "pot" (a pot carried from hand to hand), "stakes" (each
hand's pot paid out) or "points" (a running score). Each house rule is
{"name", "label", "kind", "default", "sentence"} plus, by kind, "min"/"max" (count), "choices"
(choice: [{"value", "sentence"}]) or "ranks" (ranks). Each event is
{"action", "sentence", "fields": [{"name", "kind", "null"}]}; a choice field adds "choices".
"""

from .cards import rank_name
from .language import _
from .record import Choice, Count, Flag, Money, Ranks


def _said(words):
    """A game's words in the language spoken (looked up as given: the game's own catalogue holds them)."""
    return _(words) if words.__class__ is str and words else words


def rule_entry(name, kind, default, label, sentence):
    """One house rule of the catalogue, its words in the language spoken."""
    out = {"name": name, "label": _said(label), "default": default}
    if kind is Money:
        out["kind"] = "money"
    elif kind is Flag:
        out["kind"] = "flag"
    elif isinstance(kind, Count):
        out.update(kind="count", min=kind.lo, max=kind.hi)
    elif isinstance(kind, Choice):
        out.update(kind="choice", choices=[{"value": v, "sentence": _said(sentence[v])} for v in kind.values])
        sentence = sentence[default]
    elif isinstance(kind, Ranks):
        out.update(kind="ranks", ranks=[{"value": r, "name": rank_name(r)} for r in kind.ranks])
    out["sentence"] = _said(sentence)
    return out


def entry(mod):
    """The catalogue entry of one game module."""
    rules = [rule_entry(*r) for r in mod.RULES]
    lo, hi = mod.SEATS
    events = []
    for action, (sentence, fields) in mod.EVENTS.items():
        fs = []
        for name, kind, null in fields:
            f = {"name": name, "kind": kind, "null": null}
            if kind == "choice":
                f["choices"] = list(mod.CHOICE_FIELDS[name])
            fs.append(f)
        events.append({"action": action, "sentence": _said(sentence), "fields": fs})
    words = getattr(mod, "VARIANT_WORDS", {})
    seats = {"min": lo, "max": hi}
    seat_rules = getattr(mod, "SEAT_RULES", None)
    if seat_rules:
        seats["house_rules"] = dict(zip(("min", "max"), seat_rules))
    return {
        "name": mod.GAME,
        "title": _said(mod.TITLE),
        "variants": list(mod.VARIANTS),
        "variant_words": [{"value": v, "words": _said(words.get(v, v))} for v in mod.VARIANT_LIST]
        if mod.VARIANTS
        else [],
        "deck": len(mod.DECK),
        "seats": seats,
        "settles": mod.SETTLES,
        "trick_game": mod.TRICK_GAME,
        "house_rules": rules,
        "events": events,
    }
