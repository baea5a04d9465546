"""Each family's version, and the rendered fragments cached under it (issue 33).

A family's version is a short random token kept in the cache (`tk:fam:<id>:v`). Every service that changes
what a family's pages show calls `family_changed(family_id)`, and so do the admin's saves and deletes
(archive/admin.py) and the family's, players' and members' rows (archive/people/versions.py): the token is
replaced at once and again when the transaction commits. A fragment (a night's hand table, a hand's ruling
panel, the statistics panels, the API's answer to what the next hand starts from) is cached
under a key naming the version it was read under, so the next read after any change finds no fragment and
renders afresh; the old ones are never read again and expire.

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


def family_version(family_id) -> str:
    """The family's current version (made, and kept with no expiry, on first read)."""
    key = version_key(family_id)
    version = cache.get(key)
    if version is None:
        cache.add(key, uuid.uuid4().hex[:16], timeout=None)
        version = cache.get(key) or "none"
    return version


def bump(family_id) -> None:
    cache.set(version_key(family_id), uuid.uuid4().hex[:16], timeout=None)


def family_changed(*family_ids) -> None:
    """A service changed these families' data: a new version now (this process's next read, a test's), and
    another once the transaction commits (what every other process reads after the commit)."""
    ids = sorted({int(f) for f in family_ids if f is not None})
    for fid in ids:
        bump(fid)
        transaction.on_commit(lambda fid=fid: bump(fid), robust=True)


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
