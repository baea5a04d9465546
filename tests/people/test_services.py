"""The people's writes: players' names, members and the owner a family keeps."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from archive.people import access
from archive.people import services as people_services

pytestmark = pytest.mark.django_db


def test_player_names_must_be_unique_among_live_players(family, editor):
    people_services.player_create(family=family, name="Katie", by=editor)
    with pytest.raises(ValidationError, match="already has a player called Katie"):
        people_services.player_create(family=family, name="Katie", by=editor)


def test_only_owners_manage_members_and_the_last_owner_stays(family, owner, editor, viewer, stranger):
    with pytest.raises(PermissionDenied):
        people_services.member_add(family=family, user=stranger, role="viewer", by=editor)
    m = people_services.member_add(family=family, user=stranger, role="viewer", by=owner)
    assert access.role_of(stranger, family) == "viewer"
    people_services.member_remove(membership=m, by=owner)
    assert access.role_of(stranger, family) is None
    with pytest.raises(ValidationError, match="only owner"):
        people_services.member_remove(membership=family.memberships.get(user=owner), by=owner)
