"""API permissions: the same rule as the pages (archive.permissions).

Querysets are always limited to the user's families, so a stranger's lookup is a 404 and a
list never shows another family's rows; writing needs an owner or editor (403 for a viewer).
"""
from django.http import Http404
from rest_framework.exceptions import PermissionDenied

from archive.models import Membership
from archive.permissions import EDIT_ROLES


def member_family_ids(user):
    """A subquery of the ids of the families the user belongs to."""
    return Membership.objects.filter(user=user).values("family_id")


def role_in(user, family_id):
    if not getattr(user, "is_authenticated", False):
        return None
    return Membership.objects.filter(user=user, family_id=family_id).values_list("role", flat=True).first()


def require_member(user, family_id):
    role = role_in(user, family_id)
    if role is None:
        raise Http404
    return role


def require_editor(user, family_id):
    role = require_member(user, family_id)
    if role not in EDIT_ROLES:
        raise PermissionDenied("Only the family's owners and editors may change its archive; you are a viewer.")
    return role


def require_owner(user, family_id):
    role = require_member(user, family_id)
    if role != Membership.Role.OWNER:
        raise PermissionDenied("Only the family's owners may manage its members.")
    return role
