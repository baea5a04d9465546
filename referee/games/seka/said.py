"""Seka's words in the language the referee speaks, looked up in Seka's own catalogue (referee/locale/<lang>/
LC_MESSAGES/seka.po) only: the chained catalogues of every part (referee.language) would give another game's or the
core's translation of the same English ("{who} calls ({amount})" is a call in poker, a вскрытие in Seka; the core's
"Ace" is a card's name, capitalised). A sentence the catalogue lacks reads in English.

    _(message), ngettext(one, many, n)      as referee.language's, from seka.po
"""

import functools
import gettext

from ...language import DEFAULT, LOCALE, current


@functools.cache
def _own(language):
    return gettext.translation("seka", LOCALE, [language], fallback=True)


def _(message):
    language = current()
    return message if language == DEFAULT else _own(language).gettext(message)


def ngettext(one, many, n):
    language = current()
    if language == DEFAULT:
        return one if n == 1 else many
    return _own(language).ngettext(one, many, n)
