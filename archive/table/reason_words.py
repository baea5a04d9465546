"""A ledger entry's reason, and a revision's why, in the reader's language.

The referee writes each money movement's reason in English with a stable opening ("wins a trick", "dealer ante",
"falls (no trick)"): `referee.ledger_kind` sorts entries by it and the stored ledger keeps it, in every language.
A page says it in the reader's language from these words; a reason not known here is shown as the referee wrote it.
"""

import re

from django.utils.translation import pgettext, pgettext_lazy

# The referee's reason -> its words (the context is written out at each one: makemessages reads only literals).
EXACT = {
    "ante": pgettext_lazy("a reason money moved", "ante"),
    "dealer ante": pgettext_lazy("a reason money moved", "dealer ante"),
    "dealt without a cut": pgettext_lazy("a reason money moved", "dealt without a cut"),
    "misdeal": pgettext_lazy("a reason money moved", "misdeal"),
    "wins a trick": pgettext_lazy("a reason money moved", "wins a trick"),
    "odd cents (the dealer takes them)": pgettext_lazy("a reason money moved", "odd cents (the dealer takes them)"),
    "three of a kind: takes the pot": pgettext_lazy("a reason money moved", "three of a kind: takes the pot"),
    "falls (three of a kind)": pgettext_lazy("a reason money moved", "falls (three of a kind)"),
    "takes the pot (the only player in)": pgettext_lazy("a reason money moved", "takes the pot (the only player in)"),
    "falls (no trick)": pgettext_lazy("a reason money moved", "falls (no trick)"),
    "revoke: falls": pgettext_lazy("a reason money moved", "revoke: falls"),
    "revoke: falls, the hand is abandoned": pgettext_lazy(
        "a reason money moved", "revoke: falls, the hand is abandoned"
    ),
    "takes the pot": pgettext_lazy("a reason money moved", "takes the pot"),
    "takes a share of the split pot": pgettext_lazy("a reason money moved", "takes a share of the split pot"),
    "takes the pot (everyone else folded)": pgettext_lazy(
        "a reason money moved", "takes the pot (everyone else folded)"
    ),
    "bet": pgettext_lazy("a reason money moved", "bet"),
    "blind bet": pgettext_lazy("a reason money moved", "blind bet"),
    "call": pgettext_lazy("a reason money moved", "call"),
    "blind call": pgettext_lazy("a reason money moved", "blind call"),
    "raise": pgettext_lazy("a reason money moved", "raise"),
    "buys into the svara": pgettext_lazy("a reason money moved", "buys into the svara"),
    "becomes dealer (Ace cut)": pgettext_lazy("a reason money moved", "becomes dealer (Ace cut)"),
    "becomes dealer (Seven cut)": pgettext_lazy("a reason money moved", "becomes dealer (Seven cut)"),
    "becomes dealer (Ace at the bottom)": pgettext_lazy("a reason money moved", "becomes dealer (Ace at the bottom)"),
    "becomes dealer (Seven at the bottom)": pgettext_lazy(
        "a reason money moved", "becomes dealer (Seven at the bottom)"
    ),
}

_WRAPPED_TWICE = re.compile(r"falls twice \(wrapped on (\S+), no trick\)")
_WRAPPED = re.compile(r"falls \(wrapped on (\S+), no trick\)")
_WRAPPED_SHORT = re.compile(r"falls \(wrapped on (\S+), won (\d+) of the (\d+) tricks needed\)")
_CROWNS_TO = re.compile(r"crowns to (.+)")
_CROWNS_FROM = re.compile(r"crowns from (.+)")


def said(reason) -> str:
    """The reason in the reader's language (the referee's English for one not known here)."""
    if not isinstance(reason, str):
        return "" if reason is None else str(reason)
    if reason in EXACT:
        return str(EXACT[reason])
    if m := _WRAPPED_TWICE.fullmatch(reason):
        return pgettext("a reason money moved", "falls twice (wrapped on %(card)s, no trick)") % {"card": m[1]}
    if m := _WRAPPED.fullmatch(reason):
        return pgettext("a reason money moved", "falls (wrapped on %(card)s, no trick)") % {"card": m[1]}
    if m := _WRAPPED_SHORT.fullmatch(reason):
        return pgettext(
            "a reason money moved", "falls (wrapped on %(card)s, won %(won)s of the %(need)s tricks needed)"
        ) % {
            "card": m[1],
            "won": m[2],
            "need": m[3],
        }
    if m := _CROWNS_TO.fullmatch(reason):
        return pgettext("a reason money moved", "crowns to %(who)s") % {"who": m[1]}
    if m := _CROWNS_FROM.fullmatch(reason):
        return pgettext("a reason money moved", "crowns from %(who)s") % {"who": m[1]}
    return reason


# Why a revision was made, as the archive writes it when one change re-rules others ("re-ruled after hand 3 was
# edited: …", "dispute “…”: version 2 chosen: …"): said in the reader's language; what a person typed stays as typed.
_RERULED = re.compile(r"re-ruled after hand (\d+) was (edited|deleted|restored): (.*)", re.S)
_DISPUTE = re.compile(r"dispute “(.*?)”: (.*)", re.S)
_CHOSEN = re.compile(r"(?:as logged|version (\d+)) chosen(?:: (.*))?", re.S)
_IMPORTED_FROM = re.compile(r"imported from (.+)", re.S)


def why_said(why) -> str:
    """A revision's why in the reader's language where the archive wrote it; a person's own words as typed."""
    if not isinstance(why, str):
        return "" if why is None else str(why)
    if m := _RERULED.fullmatch(why):
        said = {"number": m[1], "why": why_said(m[3])}
        if m[2] == "edited":
            return pgettext("why a hand changed", "re-ruled after hand %(number)s was edited: %(why)s") % said
        if m[2] == "deleted":
            return pgettext("why a hand changed", "re-ruled after hand %(number)s was deleted: %(why)s") % said
        return pgettext("why a hand changed", "re-ruled after hand %(number)s was restored: %(why)s") % said
    if m := _DISPUTE.fullmatch(why):
        return pgettext("why a hand changed", "dispute “%(title)s”: %(why)s") % {"title": m[1], "why": why_said(m[2])}
    if m := _CHOSEN.fullmatch(why):
        if m[1] is None:
            chosen = pgettext("why a hand changed", "as logged chosen")
        else:
            chosen = pgettext("why a hand changed", "version %(n)s chosen") % {"n": m[1]}
        return chosen if m[2] is None else f"{chosen}: {m[2]}"
    if m := _IMPORTED_FROM.fullmatch(why):
        return pgettext("why a hand changed", "imported from %(name)s") % {"name": m[1]}
    if why == "imported":
        return pgettext("why a hand changed", "imported")
    if why == "restored":
        return pgettext("why a hand changed", "restored")
    return why
