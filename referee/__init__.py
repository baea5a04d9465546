"""The referee: replays a hand record and rules on it. Pure Python, no Django.

    replay(record: dict) -> dict        the ruling (ruling/1)
    steps(record: dict) -> iterator     the state after each event, for a replay page
    BadRecord                           raised for a record that cannot describe a real hand;
                                        .errors is [{"event", "field", "message"}]
    loads(text) -> dict                 JSON text to a record (BadRecord, field "*", if it is not JSON)
    games() -> list                     the catalogue of games, variants, house rules and events
    legal(record) -> dict               who acts next in a record and what they may do
    ledger_kind(entry) -> str           "ante", "fee", "penalty", "share", "fall" or "other"
    next_hand(before, record) -> dict   next/1: a hand logged at its place in a night (`before`, its set-up),
                                        ruled, and the next hand's set-up (referee/chain.py: the dealer
                                        moved on, the pot carried, what else carries): the phone with no
                                        network sets up the next hand from it
    answer(ask, text) -> (int, str)     "replay", "legal", "next" ({"before", "record"}) or "games" answered
                                        as the API sends it: (200, the document's JSON) or (400, error/1's
                                        JSON); the browser's offline referee calls the same function
    record_of(value) -> dict            JSON text or a dict to a record dict (BadRecord if not an object)

Each takes `language=` ("en", "cs" or "ru"; referee/language.py): the words of the ruling, the replay and
the errors are in it; rule ids, fields and money are the same in every language.

The referee never raises anything but BadRecord, whatever it is given.
"""

import functools

from . import catalogue, chain, core
from .answers import OK, dumps, error_document, record_of, refusal
from .games import MODULES, PLANNED, _loaded, game_module
from .language import _, current, speaking
from .ledger import ledger_kind
from .record import BadRecord, check_text, describe, error, loads, text_errors

__all__ = [
    "replay",
    "steps",
    "legal",
    "next_hand",
    "games",
    "answer",
    "BadRecord",
    "loads",
    "record_of",
    "error_document",
    "refusal",
    "ledger_kind",
    "text_errors",
]


def games(language=None):
    """The catalogue: every game the referee rules on (referee/catalogue.py). Built once a language: every page
    asks for it (a session's game in words), so the list and its entries are shared; copy before changing one."""
    return _games(language or "en")


@functools.cache
def _games(language):
    with speaking(language):
        return [catalogue.entry(game_module(name)) for name in MODULES]


def _module(record):
    if record.__class__ is not dict:
        raise BadRecord(
            [
                error(
                    None,
                    "*",
                    _("a hand record is a JSON object with format, game, players and events, not {what}").format(
                        what=describe(record)
                    ),
                )
            ]
        )
    game = record.get("game")
    mod = game_module(game) if game.__class__ is str else None
    if mod is None:
        knows = ", ".join(MODULES)
        if game in PLANNED:
            msg = _("the referee cannot rule on {game} yet; it knows {games}").format(game=game, games=knows)
        elif "game" not in record:
            msg = _("the record has no 'game'; say which game was played, e.g. \"swik\"")
        else:
            msg = _("{what} is not a game the referee knows; it knows {games}").format(what=describe(game), games=knows)
        raise BadRecord([error(None, "game", msg)])
    return mod


def _internal(e):
    """The words of a referee bug (never a crash for the caller)."""
    return _("internal referee error ({kind}: {why}); please report this record").format(kind=type(e).__name__, why=e)


def _speaking_for(record, language):
    """The context to rule `record` in: `language` (None: the one spoken now), the record's game's catalogue
    asked first."""
    game = record.get("game") if record.__class__ is dict else None
    return speaking(language if language is not None else current(), game=game)


def replay(record, language=None):
    """The ruling (a ruling/1 dict) for a hand record (a dict); BadRecord if the record is bad."""
    if language is None and current() == "en":
        return _replay(record)
    with _speaking_for(record, language):
        return _replay(record)


def _replay(record):
    try:
        mod = _loaded[record["game"]]  # (the common case, quickly)
    except (KeyError, TypeError, IndexError):  # (TypeError: not a dict, or an unhashable game)
        mod = _module(record)
    check_text(record)
    try:
        return core.replay(record, mod)
    except BadRecord:
        raise
    except Exception as e:  # a referee bug must still not become a crash for the caller
        raise BadRecord([error(None, "*", _internal(e))]) from e


def legal(record, language=None):
    """Who acts next after the record's events and what they may do: {"format": "legal/1", "turn", "options",
    "done", "status", "table"}; BadRecord first if the record is bad."""
    if language is None and current() == "en":
        return _legal(record)
    with _speaking_for(record, language):
        return _legal(record)


def _legal(record):
    mod = _module(record)
    check_text(record)
    try:
        return core.legal(record, mod)
    except BadRecord:
        raise
    except Exception as e:
        raise BadRecord([error(None, "*", _internal(e))]) from e


def steps(record, language=None):
    """The state after each event, as dicts (see the game module); BadRecord first if the record is bad.
    Each state is worked out speaking `language`; between states the caller's language is untouched."""
    language = language if language is not None else current()
    with _speaking_for(record, language):
        mod = _module(record)
        check_text(record)
        states = core.steps(record, mod)
    while True:
        with _speaking_for(record, language):
            try:
                state = next(states)
            except StopIteration:
                return
            except BadRecord:
                raise
            except Exception as e:
                raise BadRecord([error(None, "*", _internal(e))]) from e
        yield state


def next_hand(before, record, language=None):
    """next/1: {"format": "next/1", "record", "ruling", "next"}: `record` logged at the place `before` in its
    night (the set-up it started from: referee/chain.py), filled as the archive fills it, ruled, and the set-up
    of the hand after it. BadRecord if the set-up or the record is bad."""
    with _speaking_for(before if before.__class__ is dict else record, language):
        try:
            return chain.next_hand(before, record, _replay)
        except BadRecord:
            raise
        except Exception as e:
            raise BadRecord([error(None, "*", _internal(e))]) from e


def _next(question):
    """next_hand for the question {"before": set-up, "record": the hand}, as the page sends it."""
    if question.__class__ is not dict or not {"before", "record"} <= question.keys():
        raise BadRecord(
            [error(None, "*", _("ask 'next' with a JSON object holding 'before' (the hand's set-up) and 'record'"))]
        )
    return next_hand(question["before"], question["record"])


def answer(ask, text=None, language=None):
    """(status, JSON text) of one question, as the API answers it: "replay" (ruling/1) or "legal" (legal/1)
    of a record given as JSON text, "next" (next/1) of {"before": a hand's set-up, "record": the hand}, or
    "games" (the catalogue). A bad record is (400, error/1's text); never an exception. The API's endpoints
    and the browser's offline referee both call this one function."""
    if ask == "games":
        return OK, dumps(games(language))
    rule = {"replay": replay, "legal": legal, "next": _next}.get(ask)
    if rule is None:
        with speaking(language):
            return refusal(
                [
                    error(
                        None,
                        "*",
                        _("the referee answers replay, legal, next or games, not {ask}").format(ask=repr(ask)),
                    )
                ]
            )
    try:
        with speaking(language):
            return OK, dumps(rule(record_of(text)))
    except BadRecord as exc:
        return refusal(exc.errors)
