"""The {% load tk %} library: the filters live in archive.common.filters (cards, money, the referee's words);
the one that says a referee's error in a player's words is the table's (archive.table.error_words)."""

from django.utils.translation import pgettext, pgettext_lazy

from archive.common import money
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


# The smallest unit of each family's money, as a form beside a number of them says it ("¢", "hal.", "коп.").
MINOR_UNITS = {
    "usd": "¢",
    "czk": pgettext_lazy("the short name of a haléř", "hal."),
    "rub": pgettext_lazy("the short name of a kopeck", "kop."),
    "points": pgettext_lazy("the short name of points", "pts"),
}


@register.simple_tag
def minor_unit():
    """The family's smallest unit of money, short, in the reader's language: a money field counts in it."""
    return MINOR_UNITS.get(money.active(), "¢")
