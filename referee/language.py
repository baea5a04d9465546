"""The referee's words in the reader's language: English, Czech or Russian (issue 32).

The referee stays free of Django: its sentences go through the standard library's gettext, from the catalogues
it ships (referee/locale/<lang>/LC_MESSAGES/<part>.po, one for the core and one a game, compiled to .mo at
set-up by `manage.py catalogues`; `manage.py catalogues --update` gathers new sentences), with the language a
parameter of each call (`replay(record, language="cs")`). Rule ids, field names and the JSON documents never
change with the language; only the words do. A language without a catalogue, or a sentence without a
translation, reads in English.

    _(message)                      the sentence in the current language
    ngettext(one, many, n)          the plural form right for n (1 koruna, 2 koruny, 5 korun)
    speaking(language)              a context in which the referee speaks `language`
"""

from __future__ import annotations

import contextlib
import functools
import gettext
from contextvars import ContextVar
from pathlib import Path

LANGUAGES = ("en", "cs", "ru")
DEFAULT = "en"
LOCALE = Path(__file__).parent / "locale"

_current: ContextVar[str] = ContextVar("referee_language", default=DEFAULT)
_game: ContextVar[str | None] = ContextVar("referee_game", default=None)  # the game being ruled, if any


def normal(language) -> str:
    """ "cs-CZ", "cs_CZ", "CS" -> "cs"; anything the referee does not speak -> "en"."""
    if not isinstance(language, str):
        return DEFAULT
    code = language.replace("_", "-").split("-")[0].lower()
    return code if code in LANGUAGES else DEFAULT


@functools.cache
def catalogue(language: str, own: str | None = None, game: str | None = None) -> gettext.NullTranslations:
    """Every compiled catalogue of the language (one a part: referee.mo for the core, swik.mo, sedma.mo, ...),
    chained; a sentence none of them has reads in English. Asked in this order: the speaking part's own (`own`: a
    game's module says its sentences from its catalogue), the core's, the betting round's, the game being ruled,
    the other games'. One English sentence may be said differently in two parts ("{who} passes" is a fold in Seka,
    a pass in Sedma; poker's "Ace" inside "каре: тузы" is not the core's card name)."""
    found = gettext.NullTranslations()
    if language == DEFAULT:
        return found

    def first_asked_last(mo):  # chained below from the least to the most trusted
        return (mo.stem == own, mo.stem == "referee", mo.stem == "betting", mo.stem == game, mo.name)

    for mo in sorted((LOCALE / language / "LC_MESSAGES").glob("*.mo"), key=first_asked_last):
        with open(mo, "rb") as f:
            part = gettext.GNUTranslations(f)
        part.add_fallback(found)
        found = part
    return found


# Core modules with a catalogue of their own: the betting round that Seka and poker share.
OWN_CATALOGUE = {"betting.py": "betting"}


def domain_of(path) -> str:
    """The catalogue a referee source file's sentences go in: its game's (swik, sedma, seka, poker, rummy), the
    betting round's (betting) or the core's (referee)."""
    parts = Path(path).parts
    if "games" in parts:
        rest = parts[parts.index("games") + 1 :]
        if rest and rest[0] != "__init__.py":
            return Path(rest[0]).stem
    return OWN_CATALOGUE.get(parts[-1], "referee") if parts else "referee"


def current() -> str:
    return _current.get()


def own_words(part: str | None):
    """(_, ngettext) of a part of the referee: its sentences from its own catalogue first (a game's module:
    `_, ngettext = own_words("seka")` in the game's said.py)."""

    def gettext_(message: str) -> str:
        language = _current.get()
        return message if language == DEFAULT else catalogue(language, part, _game.get()).gettext(message)

    def ngettext_(one: str, many: str, n: int) -> str:
        language = _current.get()
        if language == DEFAULT:
            return one if n == 1 else many
        return catalogue(language, part, _game.get()).ngettext(one, many, n)

    return gettext_, ngettext_


_, ngettext = own_words("referee")  # the core's


@contextlib.contextmanager
def speaking(language, game=None):
    """Within the block, the referee's sentences are in `language` (None: English), and the catalogue of `game`
    (the record's, when one is ruled) comes first."""
    token = _current.set(normal(language) if language else DEFAULT)
    game_token = _game.set(game if isinstance(game, str) else None)
    try:
        yield
    finally:
        _game.reset(game_token)
        _current.reset(token)
