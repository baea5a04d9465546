"""Who may see and change a family's archive, for the pages (the API applies the same rule in
archive/api/permissions.py).

Strangers get 404 for anything of a family (never a peek: not even that it exists);
viewers read; owners and editors write (403 for a viewer who tries).
"""
from django.core.exceptions import PermissionDenied

from archive.selectors_web import family_and_role
from archive.models import Membership

EDIT_ROLES = (Membership.Role.OWNER, Membership.Role.EDITOR)


def family_for(user, slug):
    """(family, role) for a member; Http404 for everyone else (anonymous users included)."""
    return family_and_role(user, slug)


def can_edit(role):
    return role in EDIT_ROLES


def require_edit(role):
    if not can_edit(role):
        raise PermissionDenied("Only the family's owners and editors may change its archive.")


def require_owner(role):
    if role != Membership.Role.OWNER:
        raise PermissionDenied("Only the family's owners may manage its members.")
