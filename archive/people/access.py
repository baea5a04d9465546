"""Who may do what in a family's archive: the one place that says it (pages, API, services, statistics).

    viewer   reads everything of the family
    editor   also logs, edits, deletes and restores hands, opens and settles disputes, adds players,
             imports, starts a statistics recompute, marks settle-up transfers paid
    owner    also manages the members

A stranger (no membership) gets 404 for anything of a family from the pages and the API: never a
peek, not even that it exists. A member who may not make a change gets 403 (PermissionDenied), and
so does anyone a service is asked to act for without the role.

Two ways in: the pages and the API already know the user's role from looking the family up
(`family_for`, `require_member_of`) and check it with `require_edit(role)` / `require_owner(role)`;
the services and the API's id lookups check a user against a family with `require_role_of` /
`require_editor_of` / `require_owner_of`.
"""

from __future__ import annotations

from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.db.models import OuterRef, Subquery
from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from archive.common import money
from archive.common.filters import role_words
from archive.common.fragments import wide_version
from archive.people.models import Family, Membership

OWNER, EDITOR, VIEWER = Membership.Role.OWNER, Membership.Role.EDITOR, Membership.Role.VIEWER
EDIT_ROLES = (OWNER, EDITOR)
OWNER_ROLES = (OWNER,)

_NEEDS = {
    EDIT_ROLES: gettext_lazy("Only the family's owners and editors may change its archive"),
    OWNER_ROLES: gettext_lazy("Only the family's owners may manage its members"),
}
_YOU_ARE = {
    OWNER: gettext_lazy("you are an owner"),
    EDITOR: gettext_lazy("you are an editor"),
    VIEWER: gettext_lazy("you are a viewer"),
}
# What the services say a refused person wanted to do (require_role_of's `doing`), gathered here for the
# catalogues and translated when refused; a phrase not listed is said as given.
DOINGS = (
    gettext_noop("change this archive"),
    gettext_noop("add members"),
    gettext_noop("remove members"),
    gettext_noop("invite members"),
    gettext_noop("add players"),
    gettext_noop("merge players"),
    gettext_noop("undo merges"),
    gettext_noop("import history"),
    gettext_noop("recompute the statistics"),
    gettext_noop("mark settle-up transfers paid"),
    gettext_noop("unmark settle-up transfers"),
    gettext_noop("propose versions of a disputed hand"),
    gettext_noop("settle disputes"),
    gettext_noop("open disputes"),
    gettext_noop("reply to disputes"),
    gettext_noop("resolve disputes"),
    gettext_noop("start a session"),
    gettext_noop("log hands"),
    gettext_noop("edit hands"),
    gettext_noop("delete hands"),
    gettext_noop("restore hands"),
)


# ---------------------------------------------------------------- the rule


def can_edit(role) -> bool:
    return role in EDIT_ROLES


def require_edit(role):
    """403 unless the role may change the archive."""
    if role not in EDIT_ROLES:
        raise PermissionDenied(f"{_NEEDS[EDIT_ROLES]}; {_as(role)}.")


def require_owner(role):
    """403 unless the role may manage the members."""
    if role not in OWNER_ROLES:
        raise PermissionDenied(f"{_NEEDS[OWNER_ROLES]}; {_as(role)}.")


def _as(role):
    return _YOU_ARE[role] if role in _YOU_ARE else _("you are not a member")


# ---------------------------------------------------------------- looking the user up


def _family_id(family):
    return getattr(family, "pk", family)


def role_of(user, family) -> str | None:
    """The user's role in the family (a Family or its id): "owner", "editor", "viewer", or None."""
    if user is None or not getattr(user, "is_authenticated", False) or family is None:
        return None
    return Membership.objects.filter(user=user, family_id=_family_id(family)).values_list("role", flat=True).first()


def is_editor(user, family) -> bool:
    return role_of(user, family) in EDIT_ROLES


_FAMILY_FIELDS = ("id", "name", "slug", "timezone", "currency", "created_at")
# A membership read from the cache is checked against the family's version (archive/common/fragments.py), which
# every saved or deleted membership and every saved family replaces: a member removed, a role changed or a family
# renamed shows on the next request. The expiry bounds the one race left (a removal committed between a
# request's read and its write of the cache).
MEMBERSHIP_TTL = 5 * 60


def _membership_key(user_id, slug) -> str:
    return f"tk:member2:{user_id}:{slug}"  # (2: with the family's money)


def family_for(user, slug):
    """(family, role) for a member: from the cache (checked against the family's version), else in one query;
    Http404 for everyone else (anonymous users included). The request's amounts are written in the family's
    money from here on."""
    if not getattr(user, "is_authenticated", False):
        raise Http404("No such family.")
    key = _membership_key(user.pk, slug)
    hit = cache.get(key)
    if hit is not None:
        values, role, version = hit
        if version == wide_version(values[0]):  # (a night's changes leave the members as they were)
            family = Family.from_db("default", _FAMILY_FIELDS, values)
            money.activate(family.currency)
            return family, role
    row = (
        Membership.objects.filter(user=user, family__slug=slug)
        .select_related("family")
        .only("role", *(f"family__{f}" for f in _FAMILY_FIELDS))
        .first()
    )
    if row is None:
        raise Http404("No such family.")
    family = row.family
    values = tuple(getattr(family, f) for f in _FAMILY_FIELDS)
    cache.set(key, (values, row.role, wide_version(family.pk)), MEMBERSHIP_TTL)
    money.activate(family.currency)  # the page's amounts in the family's money
    return family, row.role


def _role_key(user_id, family_id, version) -> str:
    return f"tk:role:{user_id}:{family_id}:{version}"


def cached_role(user, family_id, version) -> str | None:
    """The user's role in the family (by its id), as role_of says, kept in the cache under the family-wide
    version (fragments.wide_version, read by the caller before its own reads): a member added, removed or given another role replaces the
    version, so the next request reads the role again. None for a stranger (cached too, as "")."""
    if not getattr(user, "is_authenticated", False):
        return None
    key = _role_key(user.pk, family_id, version)
    role = cache.get(key)
    if role is None:
        role = role_of(user, family_id) or ""
        cache.set(key, role, MEMBERSHIP_TTL)
    return role or None


def member_family_ids(user):
    """A subquery of the ids of the families the user belongs to (API querysets are limited to it)."""
    return Membership.objects.filter(user=user).values("family_id")


def role_subquery(user):
    """The user's role in each family of a Family queryset, as an annotation."""
    return Subquery(Membership.objects.filter(user=user, family=OuterRef("pk")).values("role")[:1])


def require_member_of(user, family) -> str:
    """The user's role; Http404 for a stranger."""
    role = role_of(user, family)
    if role is None:
        raise Http404("No such family.")
    return role


def require_editor_of(user, family) -> str:
    """The user's role; Http404 for a stranger, 403 for a viewer."""
    role = require_member_of(user, family)
    require_edit(role)
    return role


def require_owner_of(user, family) -> str:
    """The user's role; Http404 for a stranger, 403 for an editor or viewer."""
    role = require_member_of(user, family)
    require_owner(role)
    return role


def require_role_of(user, family, roles, *, doing: str) -> str:
    """What the services check: 403 for anyone, stranger included, who has none of `roles`
    (the pages and API have already answered a stranger 404 before a service is called)."""
    role = role_of(user, family)
    if role not in roles:
        raise PermissionDenied(
            _("%(user)s may not %(doing)s in %(family)s: that needs the role %(roles)s.")
            % {
                "user": user,
                "doing": _(doing),
                "family": family,
                "roles": _(" or ").join(str(role_words(r)) for r in roles),
            }
        )
    return role


def require_editor(by, family, doing="change this archive") -> str:
    """The services' check that `by` may edit the family's archive (owner or editor)."""
    return require_role_of(by, family, EDIT_ROLES, doing=doing)


def visible_family(user, family_id):
    """The API's family of a request: Http404 unless the user is a member of it."""
    family = Family.objects.filter(pk=family_id, memberships__user=user).first()
    if family is None:
        raise Http404
    return family
