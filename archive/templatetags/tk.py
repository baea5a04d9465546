"""The {% load tk %} library: the filters live in archive.common.filters (cards, money, the referee's words);
the one that says a referee's error in a player's words is the table's (archive.table.error_words)."""

from django.utils.translation import pgettext

from archive.common.filters import register
from archive.table import error_words


@register.filter
def error_said(err):
    """An import's refused line in a player's words: "line 3: The deal: A♥ is dealt to both Dad and Uncle Joe"."""
    return error_words.said(err)


@register.filter
def and_names(items, attr=None):
    """Names joined by the reader's "and": "Dad and Uncle Joe", "táta a strýc Joe"; `attr` takes each item's
    attribute or key ("name") first."""
    names = []
    for item in items or ():
        if attr:
            item = item.get(attr) if isinstance(item, dict) else getattr(item, attr, item)
        names.append(str(item))
    and_ = pgettext("joining names", "and")  # (not inside an f-string: makemessages would not find it)
    return f" {and_} ".join(names)
