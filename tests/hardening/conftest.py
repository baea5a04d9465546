import pytest
from rest_framework.test import APIClient


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
def web(client):
    def as_user(user):
        client.force_login(user)
        return client

    return as_user
