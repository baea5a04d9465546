"""The referee's errors in a player's words, for the pages that show them. The referee names places as a
program does ("event 1 (deal): AH is dealt to both Dad (seat 0) and Uncle Joe (seat 1)"); a player reads
"The deal: A♥ is dealt to both Dad and Uncle Joe". The event is named from the record (the cut, the deal,
the third card played, Mary's declaration), a seat by its player, a card as the tables draw it. The stored
errors (and the API's) keep the referee's own words."""

import re

from archive.common.filters import words_text

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
_EVENT = re.compile(r"\bevent (\d+)(?: \(([a-z_]+)\))?")
_SEAT_AFTER_NAME = re.compile(r" \(seat \d+\)")
_SEAT = re.compile(r"\bseat (\d+)\b")
# "seat 4 is not at this table; seats are 0 to 3 (0 Dad, 1 Uncle Joe, …)": a place the table does not have.
_NO_SEAT = re.compile(r"\b(?:dealer )?seat (\d+) is not at this table; seats are 0 to (\d+)(?: \(([^)]*)\))?")
_NUMBERED = re.compile(r"\b\d+ ")


def _ordinal(n):
    return ORDINALS[n - 1] if 0 < n <= len(ORDINALS) else f"{n}th"


def event_words(record, i) -> str:
    """Event i of the record as a player names it: "the deal", "the third card played", "Mary's declaration"."""
    events = record.get("events") if isinstance(record, dict) else None
    if not isinstance(events, list) or not isinstance(i, int) or not 0 <= i < len(events):
        return f"step {i + 1} of the record"
    ev = events[i] if isinstance(events[i], dict) else {}
    action = ev.get("action")
    if action == "play":
        k = sum(1 for e in events[: i + 1] if isinstance(e, dict) and e.get("action") == "play")
        return f"the {_ordinal(k)} card played"
    players = record.get("players") if isinstance(record.get("players"), list) else []
    seat = ev.get("seat")
    who = players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else None
    named = {"declare": "declaration", "raise": "bet", "call": "call", "fold": "fold", "show": "show"}
    if action in named and who:
        return f"{who}'s {named[action]}"
    if action in named:
        return f"the {named[action]}"
    return f"the {str(action).replace('_', ' ')}" if isinstance(action, str) else "that step of the hand"


def _event(record, i, action):
    """The event of "event i (action)": from the record, or where there is none (an import's line, a record
    not read) by its action as the referee named it: "the deal"."""
    events = record.get("events") if isinstance(record, dict) else None
    if action and not (isinstance(events, list) and 0 <= i < len(events)):
        return f"the {action.replace('_', ' ')}"
    return event_words(record, i)


def _no_seat(m):
    """A seat the table does not have, in words: "it names a 5th player, but this table has 4 (Dad, …)"."""
    k, top, names = int(m.group(1)), int(m.group(2)), m.group(3)
    who = f" ({_NUMBERED.sub('', names)})" if names else ""
    return f"it names player {k + 1}, but this table has only {top + 1} players{who}"


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
    place = [f"line {err['line']}"] if err.get("line") is not None else []
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
