"""Each family's version, and the rendered fragments cached under it (issue 33).

A version is a short random token kept in the cache. Every service that changes what a family's pages show
calls `family_changed(family_id, nights=...)`, and so do the admin's saves and deletes (archive/admin.py) and the
family's, players' and members' rows (archive/people/versions.py): the tokens are replaced at once and again
when the transaction commits. A fragment is cached under a key naming the version it was read under, so the
next read after a change finds no fragment and renders afresh; the old ones are never read again and expire.

Three tokens a family, so a change replaces what it changed and no more:
- the family's (`tk:fam:<id>:v`), replaced by every change: the family page;
- the family-wide one (`tk:fam:<id>:w`), replaced by all but a night's own changes and the statistics jobs (its
  name, money, time zone, people, members; an import, a merge): every page, and the members' cached roles;
- each night's (`tk:fam:<id>:n:<night>`), replaced by the changes of that night (a hand logged, edited,
  deleted or restored, a dispute on one of its hands): a night's hand table, its hands' ruling panels and what
  its next hand starts from are cached under the family-wide token and the night's together.
- the statistics' (`tk:fam:<id>:s`), replaced by the statistics jobs and a new night: the statistics panels are
  cached under the family-wide token and this one, and show the statistics as the last job left them.
So a hand logged in one night leaves the other nights' pages, the statistics panels (until its job has run) and
every member's role cached, and the statistics job it queues leaves every night's pages cached.

Why this is safe across processes: a reader takes the version *before* it reads the database. A reader that
took the old version may store a fragment under it, but nobody reads that version again once the commit's
replacement is in; a reader that took the new version read the database after the commit. A random token (not
a counter) means an emptied or evicted cache starts a fresh version, never an old one again.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable

from django.core.cache import cache
from django.db import transaction
from django.utils import translation

# A fragment lives a day at most: the version makes it stale long before, this only returns the memory.
FRAGMENT_TTL = 24 * 60 * 60


def version_key(family_id) -> str:
    return f"tk:fam:{family_id}:v"


def wide_key(family_id) -> str:
    return f"tk:fam:{family_id}:w"


def night_key(family_id, night_id) -> str:
    return f"tk:fam:{family_id}:n:{night_id}"


def statistics_key(family_id) -> str:
    return f"tk:fam:{family_id}:s"


def _new_token() -> str:
    return uuid.uuid4().hex[:16]


def _tokens(*keys) -> list[str]:
    """The current tokens of these keys (each made, and kept with no expiry, on first read): one read of the
    cache when they all exist."""
    got = cache.get_many(keys)
    out = []
    for key in keys:
        token = got.get(key)
        if token is None:
            cache.add(key, _new_token(), timeout=None)
            token = cache.get(key) or "none"
        out.append(token)
    return out


def family_version(family_id) -> str:
    """The family's version: replaced by every change of what its pages show (the family page, the statistics)."""
    return _tokens(version_key(family_id))[0]


def family_versions(family_id) -> tuple[str, str]:
    """(the family's version, the family-wide version), read together: the family page's body and its members."""
    family, wide = _tokens(version_key(family_id), wide_key(family_id))
    return family, wide


def wide_version(family_id) -> str:
    """The version of what every page of the family shows: its name, money, time zone, people and members.
    Replaced by every change but a night's own (a hand logged, edited, deleted or restored, a dispute) and a
    statistics job's, so those leave the members' roles and the other nights' pages cached."""
    return _tokens(wide_key(family_id))[0]


def night_version(family_id, night_id) -> str:
    """The version of one night's pages (its hand table, its hands' pages, what its next hand starts from): the
    family-wide version and the night's own together."""
    return night_versions(family_id, night_id)[1]


def night_versions(family_id, night_id) -> tuple[str, str]:
    """(the family-wide version, the night's version), read together."""
    wide, own = _tokens(wide_key(family_id), night_key(family_id, night_id))
    return wide, f"{wide}.{own}"


def statistics_version(family_id) -> str:
    """The version of the statistics panels: the family-wide version and the statistics' own together, the
    latter replaced by the statistics jobs (and a new night, which the panels list), not by the changes of hands
    themselves: the panels show the statistics as the last job left them."""
    return ".".join(_tokens(wide_key(family_id), statistics_key(family_id)))


def bump(family_id, nights=None, statistics=False) -> None:
    """New tokens: the family's, the nights' given (nights=None: the family-wide one, so every page) and, with
    statistics, the statistics'."""
    keys = [version_key(family_id)]
    keys += [wide_key(family_id)] if nights is None else [night_key(family_id, n) for n in nights]
    keys += [statistics_key(family_id)] if statistics else []
    cache.set_many({key: _new_token() for key in keys}, timeout=None)


def family_changed(*family_ids, nights=None, statistics=False) -> None:
    """A service changed these families' data: new versions now (this process's next read, a test's), and
    again once the transaction commits (what every other process reads after the commit).

    nights=None: anything of the family (its people, money, settings; an import, a merge). nights=[ids]: only
    those nights of the (one) family changed, and the family page's lists and totals with them. nights=(): only
    those lists and totals. statistics: the statistics panels too (a statistics job; a new night)."""
    ids = sorted({int(f) for f in family_ids if f is not None})
    nights = None if nights is None else sorted({int(n) for n in nights})
    if nights and len(ids) > 1:
        raise ValueError("nights belong to one family")
    for fid in ids:
        bump(fid, nights, statistics)
        transaction.on_commit(lambda fid=fid: bump(fid, nights, statistics), robust=True)


def fragment(family_id, name: str, parts, render: Callable[[], object], *, version: str | None = None):
    """The fragment `name` of this family for `parts` (whatever else it depends on: a night's id, the viewer's
    right to edit, the filters), rendered by `render()` when the cache has none for the family's version.
    Pass `version` when it was read before the view's own reads (it must be)."""
    if version is None:
        version = family_version(family_id)
    # the reader's language too: a fragment holds words (the family's money is in its version: a saved family)
    language = translation.get_language() or "en"
    key = "tk:frag:" + ":".join([str(family_id), version, language, name, *(str(p) for p in parts)])
    value = cache.get(key)
    if value is None:
        value = render()
        cache.set(key, value, FRAGMENT_TTL)
    return value
