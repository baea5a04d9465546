"""Fixtures for the pages: a session with two logged hands and a dispute, and a client per role."""

import pytest

from archive.table import services


@pytest.fixture
def dispute(hands, owner):
    return services.dispute_open(hand=hands[0], title="Mary says she won the last trick", text="She did not.", by=owner)


@pytest.fixture
def client_as(client, family, owner, editor, viewer, stranger):
    """client_as("viewer") -> a test client logged in as that user."""
    users = {"owner": owner, "editor": editor, "viewer": viewer, "stranger": stranger}

    def login(role):
        client.force_login(users[role])
        return client

    return login
