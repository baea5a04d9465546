"""The audit log of changes that are not hands: one row per change, written by the service that makes
it, in the same transaction (a refused or rolled-back change leaves no row)."""

import re

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from archive.common import money
from archive.common.filters import role_words
from archive.people.models import AuditEntry, Family


def record(*, family: Family, by, action: str, summary: str, before=None, after=None) -> AuditEntry:
    return AuditEntry.objects.create(
        family=family, by=by, action=action, summary=summary[:300], before=before, after=after
    )


def log_of(family: Family):
    """The family's audit log, newest first (owners read it)."""
    return AuditEntry.objects.filter(family=family).select_related("by").order_by("-at", "-id")


# The names a summary holds that its data does not (an older entry's, or a change that stored only its ids).
_SAID = {
    "member.join": re.compile(r"^(?P<user>.*) accepted an invitation as (?P<role>\w+)$"),
    "member.invite": re.compile(r"^invitation as (?P<role>\w+) made$"),
    "member.uninvite": re.compile(r"^invitation as (?P<role>\w+) revoked$"),
    "player.merge": re.compile(r"^(?P<merged>.*) merged into (?P<kept>.*)$", re.S),
    "player.unmerge": re.compile(r"^merge of (?P<merged>.*) into (?P<kept>.*) undone$", re.S),
    "session.create": re.compile(r"^session (?P<key>.*) opened$", re.S),
    "dispute.settle": re.compile(
        r"^dispute “(?P<title>.*)” on hand (?P<number>\d+): (?:(?P<as_logged>as logged)|version (?P<n>\d+)) chosen"
        r"(?:: (?P<why>.*))?$",
        re.S,
    ),
}
_SENTENCES = {
    "member.join": lambda w: _("%(user)s accepted an invitation as %(role)s") % {**w, "role": role_words(w["role"])},
    "member.invite": lambda w: _("invitation as %(role)s made") % {"role": role_words(w["role"])},
    "member.uninvite": lambda w: _("invitation as %(role)s revoked") % {"role": role_words(w["role"])},
    "player.merge": lambda w: _("%(merged)s merged into %(kept)s") % w,
    "player.unmerge": lambda w: _("merge of %(merged)s into %(kept)s undone") % w,
    "session.create": lambda w: _("session %(key)s opened") % w,
    "dispute.settle": lambda w: _dispute_settled(w),
}


def _dispute_settled(words):
    if words["as_logged"]:
        version = pgettext("a dispute's version", "as logged")
    else:
        version = pgettext("a dispute's version", "version %(n)s") % {"n": words["n"]}
    sentence = _("dispute “%(title)s” on hand %(number)s: %(version)s chosen") % {**words, "version": version}
    return f"{sentence}: {words['why']}" if words["why"] else sentence


def _pot_or(name):
    return name if name else _("the pot")


def said(entry: AuditEntry) -> str:
    """The change in the reader's language, made from the entry's data when it is read; the stored summary
    (English) where the words cannot be made again."""
    before, after = entry.before or {}, entry.after or {}
    try:
        if entry.action == "family.create":
            return _("%(name)s created") % {"name": after["name"]}
        if entry.action == "family.currency":
            return _("money written as %(money)s") % {"money": money.UNITS[after["currency"]][1]}
        if entry.action == "member.add":
            return _("%(user)s added as %(role)s") % {"user": after["user"], "role": role_words(after["role"])}
        if entry.action == "member.role":
            return f"{after['user']}: {role_words(before['role'])} → {role_words(after['role'])}"
        if entry.action == "member.remove":
            return _("%(user)s (%(role)s) removed") % {"user": before["user"], "role": role_words(before["role"])}
        if entry.action == "player.create":
            return _("player %(name)s added") % {"name": after["name"]}
        if entry.action in ("settle.paid", "settle.unpaid"):
            payment = after if entry.action == "settle.paid" else before
            words = {
                "payer": _pot_or(payment["payer"]),
                "payee": _pot_or(payment["payee"]),
                "amount": money.text(payment["amount"]),
            }
            if entry.action == "settle.paid":
                return _("marked paid: %(payer)s → %(payee)s, %(amount)s") % words
            return _("marked not paid: %(payer)s → %(payee)s, %(amount)s") % words
    except (KeyError, TypeError):
        return entry.summary
    found = _SAID[entry.action].match(entry.summary) if entry.action in _SAID else None
    return _SENTENCES[entry.action](found.groupdict()) if found else entry.summary


def last_merge_of(player) -> AuditEntry | None:
    """The merge that folded `player` into another and is not undone yet."""
    return (
        AuditEntry.objects.filter(
            family_id=player.family_id, action="player.merge", undone_at__isnull=True, before__merged__id=player.pk
        )
        .order_by("-at", "-id")
        .first()
    )
