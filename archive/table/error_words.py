"""The referee's errors in a player's words, for the pages that show them. The referee names places as a
program does ("event 1 (deal): AH is dealt to both Dad (seat 0) and Uncle Joe (seat 1)"); a player reads
"The deal: A♥ is dealt to both Dad and Uncle Joe". The event is named from the record (the cut, the deal,
the third card played, Mary's declaration), a seat by its player, a card as the tables draw it. The stored
errors (and the API's) keep the referee's own words."""

import re

from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

from archive.common.filters import words_text

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
# The referee's place words in each language it speaks (referee/locale): "event 1 (deal)", "událost 1 (deal)",
# "событие 1 (deal)"; "(seat 0)", "(místo 0)", "(место 0)".
_EVENT = re.compile(r"\b(?:event|událost|событие) (\d+)(?: \(([a-z_]+)\))?")
_SEAT_AFTER_NAME = re.compile(r" \((?:seat|místo|место) \d+\)")
_SEAT = re.compile(r"\b(?:seat|místo|место) (\d+)\b")


def _action_words(action) -> str:
    """An event's action as a player names it: "the deal", "the cut" (the reader's language)."""
    words = {
        "cut": pgettext("an event of a hand", "the cut"),
        "deal": pgettext("an event of a hand", "the deal"),
        "misdeal": pgettext("an event of a hand", "the misdeal"),
        "wrap": pgettext("an event of a hand", "the wrap"),
        "declare": pgettext("an event of a hand", "the declaration"),
        "trick": pgettext("an event of a hand", "the trick"),
        "play": pgettext("an event of a hand", "the card played"),
        "raise": pgettext("an event of a hand", "the bet"),
        "call": pgettext("an event of a hand", "the call"),
        "fold": pgettext("an event of a hand", "the fold"),
        "show": pgettext("an event of a hand", "the show"),
        "points": pgettext("an event of a hand", "the points"),
    }
    if action in words:
        return words[action]
    return _("the {action}").format(action=str(action).replace("_", " "))


# "seat 4 is not at this table; seats are 0 to 3 (0 Dad, 1 Uncle Joe, …)": a place the table does not have.
_NO_SEAT = re.compile(r"\b(?:dealer )?seat (\d+) is not at this table; seats are 0 to (\d+)(?: \(([^)]*)\))?")
_NUMBERED = re.compile(r"\b\d+ ")


def _ordinal(n):
    return ORDINALS[n - 1] if 0 < n <= len(ORDINALS) else f"{n}th"


def _card_played(k) -> str:
    """ "the third card played"; in Czech and Russian by its number ("3. zahraná karta", "3-я сыгранная карта")."""
    ordinal = _ordinal(k) if (get_language() or "en").startswith("en") else str(k)
    return _("the {ordinal} card played").format(ordinal=ordinal)


def event_words(record, i) -> str:
    """Event i of the record as a player names it: "the deal", "the third card played", "Mary's declaration"."""
    events = record.get("events") if isinstance(record, dict) else None
    if not isinstance(events, list) or not isinstance(i, int) or not 0 <= i < len(events):
        return _("step {n} of the record").format(n=i + 1)
    ev = events[i] if isinstance(events[i], dict) else {}
    action = ev.get("action")
    if action == "play":
        k = sum(1 for e in events[: i + 1] if isinstance(e, dict) and e.get("action") == "play")
        return _card_played(k)
    players = record.get("players") if isinstance(record.get("players"), list) else []
    seat = ev.get("seat")
    who = players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else None
    named = {
        "declare": _("{who}'s declaration"),
        "raise": _("{who}'s bet"),
        "call": _("{who}'s call"),
        "fold": _("{who}'s fold"),
        "show": _("{who}'s show"),
    }
    if action in named and who:
        return named[action].format(who=who)
    return _action_words(action) if isinstance(action, str) else _("that step of the hand")


def _event(record, i, action):
    """The event of "event i (action)": from the record, or where there is none (an import's line, a record
    not read) by its action as the referee named it: "the deal"."""
    events = record.get("events") if isinstance(record, dict) else None
    if action and not (isinstance(events, list) and 0 <= i < len(events)):
        return _action_words(action)
    return event_words(record, i)


def _no_seat(m):
    """A seat the table does not have, in words: "it names a 5th player, but this table has 4 (Dad, …)"."""
    k, top, names = int(m.group(1)), int(m.group(2)), m.group(3)
    who = f" ({_NUMBERED.sub('', names)})" if names else ""
    return _("it names player {k}, but this table has only {n} players{who}").format(k=k + 1, n=top + 1, who=who)


def say(message, record=None) -> str:
    """One referee message in a player's words (see the module's docstring)."""
    text = str(message)
    text = _EVENT.sub(lambda m: _event(record, int(m.group(1)), m.group(2)), text)
    text = _SEAT_AFTER_NAME.sub("", text)
    text = _NO_SEAT.sub(_no_seat, text)
    players = record.get("players") if isinstance(record, dict) and isinstance(record.get("players"), list) else []

    def seat(m):
        s = int(m.group(1))
        return str(players[s]) if s < len(players) else m.group(0)  # a seat not at the table: as written

    text = _SEAT.sub(seat, text)
    text = words_text(text)
    return text[:1].upper() + text[1:]


def said(err) -> str:
    """An error of a record not at hand (an import's line) in a player's words, after its line: "line 3: The
    deal: A♥ is dealt to both Dad and Uncle Joe"."""
    if not isinstance(err, dict):
        return str(err)
    place = [_("line {n}").format(n=err["line"])] if err.get("line") is not None else []
    field = err.get("field")
    if field and field != "*" and err.get("event") is None:
        place.append(str(field))  # a part of the line's JSON ("archive"): where in the file to look
    return (", ".join(place) + ": " if place else "") + say(err.get("message", ""))


def say_all(errors, record=None) -> list:
    """The errors for a page: each message in a player's words, the place said in them (no "event 3")."""
    out = []
    for e in errors or ():
        if isinstance(e, dict):
            out.append(dict(e, message=say(e.get("message", ""), record), event=None, field=None))
        else:
            out.append(e)
    return out
