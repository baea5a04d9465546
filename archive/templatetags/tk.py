"""The {% load tk %} library: the filters live in archive.common.filters (cards, money, the referee's words);
the one that says a referee's error in a player's words is the table's (archive.table.error_words)."""

from archive.common.filters import register
from archive.table import error_words


@register.filter
def error_said(err):
    """An import's refused line in a player's words: "line 3: The deal: A♥ is dealt to both Dad and Uncle Joe"."""
    return error_words.said(err)
