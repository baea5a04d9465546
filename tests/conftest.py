"""Shared fixtures: a family with a user in each role, a stranger, and a Swik session of four.

owner, editor, viewer, stranger     users (password "pw")
family                              "The Test family": owner, editor and viewer are members
session                             Swik, seats Dad, Uncle Joe, Mary, Me; first dealer seat 0, pot 0
hands                               hand 1: the rule book's plain hand (Mary falls); hand 2: the forgotten cut
"""

import pytest
from django.core.cache import cache
from django.db import connection
from django.utils import translation
from rest_framework.test import APIClient

from archive.table import services
from tests import factories


@pytest.fixture(scope="session", autouse=True)
def _no_stray_database_sessions(django_db_setup, django_db_blocker):
    """On PostgreSQL, end the sessions a live-server thread or a killed worker left open, so the test
    database can be dropped at the end of the run (PostgreSQL refuses while anyone is connected)."""
    yield
    if connection.vendor == "postgresql":
        with django_db_blocker.unblock(), connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with an empty cache: a user or session cached by another test (whose rows were
    rolled back, their ids reused) must not answer for this one's."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def _english_first():
    """Each test starts in English: a request in Czech or Russian through the test client leaves its language
    active in the thread, and a later test's words must not depend on which test ran before it."""
    translation.activate("en")
    yield
    translation.deactivate()


@pytest.fixture
def owner(db):
    return factories.make_user("owner")


@pytest.fixture
def editor(db):
    return factories.make_user("editor")


@pytest.fixture
def viewer(db):
    return factories.make_user("viewer")


@pytest.fixture
def stranger(db):
    return factories.make_user("stranger")


@pytest.fixture
def family(owner, editor, viewer):
    return factories.make_family(owner, editors=[editor], viewers=[viewer])


@pytest.fixture
def session(family, owner):
    return factories.make_session(family, owner)


@pytest.fixture
def hands(session, owner):
    h1 = services.hand_add(session=session, record=factories.example_record("01-plain-hand"), by=owner)
    h2 = services.hand_add(session=session, record=factories.example_record("04-forgotten-cut"), by=owner)
    return [h1, h2]


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
