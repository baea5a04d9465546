import pytest
from rest_framework.test import APIClient

from archive import services


@pytest.fixture
def api(family, owner, editor, viewer, stranger):
    """api("viewer") -> an APIClient authenticated as that user (api(None): anonymous)."""
    users = {"owner": owner, "editor": editor, "viewer": viewer, "stranger": stranger}

    def make(role):
        c = APIClient()
        if role:
            c.force_authenticate(users[role])
        return c

    return make


@pytest.fixture
def dispute(hands, owner):
    return services.dispute_open(hand=hands[0], title="Was that a revoke?", text="Joe had a heart.", by=owner)
