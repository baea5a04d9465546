import pytest


@pytest.fixture
def web(client):
    def as_user(user):
        client.force_login(user)
        return client

    return as_user
